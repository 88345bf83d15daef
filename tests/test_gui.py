"""The window, headless: a scripted person plays through posted mouse and keyboard events.

SDL runs with the dummy video and audio drivers (see conftest.py). Games are seeded, bots are
``angry`` (the others may not exist yet), and nothing here depends on how fast the machine is:
waits are counted in frames with a generous cap.
"""

from __future__ import annotations


import pygame
import pytest

from risk.actions import Deploy
from risk.phase import Phase
from risk.rules import Rules

from risk.gui import intents as I
from risk.gui.app import PlayConfig
from risk.gui.scenes.game import GameScene
from risk.gui.session import GameSession, HumanAgent
from risk.state import GameState


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("MARKOV_RISK_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("MARKOV_RISK_AUTOSAVE", raising=False)
    yield tmp_path / "data"
    pygame.display.quit()


from tests_gui_support import button, click, frames, game, press, quick_config, start, territory_click, until


# -- the map ------------------------------------------------------------------------------------

def test_clicking_each_territory_centre_selects_it():
    app = start(quick_config())
    scene = game(app)
    for t in range(len(scene.state.board)):
        pos = scene.view.centre(t)
        event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        assert app.mapper.translate(event, scene) == [I.SelectTerritory(t, False)], scene.state.board.names[t]


def test_claiming_by_clicks_and_a_map_without_shapes(data_dir):
    from risk.board import load_map

    tiny = load_map(data_dir / "tiny.json")
    config = quick_config(players=3, board=tiny, rules=Rules(), speed="max")
    app = start(config)
    scene = game(app)
    assert scene.state.phase == Phase.CLAIM and scene.session.is_human_turn()
    for t in range(len(tiny)):
        assert scene.view.territory_at(scene.view.centre(t)) == t
    territory_click(app, 4)
    assert scene.state.owner[4] == 0
    # The bots claim too; the human claims again when it is their turn.
    until(app, lambda: scene.session.is_human_turn())
    free = [t for t in range(len(tiny)) if scene.state.owner[t] < 0]
    territory_click(app, free[0])
    assert scene.state.owner[free[0]] == 0


# -- a whole turn by mouse and keyboard ---------------------------------------------------------

def test_a_scripted_turn_deploy_attack_occupy_fortify():
    app = start(quick_config(seed=6))
    scene = game(app)
    state = scene.session.state
    assert scene.session.is_human_turn() and state.phase == Phase.DEPLOY
    pool = state.pool
    mine = state.territories_of(0)
    front = max((t for t in mine if any(state.owner[n] != 0 for n in state.board.neighbours[t])),
                key=lambda t: state.armies[t])
    before = state.armies[front]
    territory_click(app, front)                 # +1
    territory_click(app, front, shift=True)     # +5 (or what is left)
    state = scene.session.state
    placed = 1 + min(5, pool - 1)
    assert state.armies[front] == before + placed and state.pool == pool - placed
    press(app, pygame.K_z, pygame.KMOD_CTRL)     # undo the +5
    assert scene.session.state.pool == pool - 1
    assert len(scene.session.match.record.actions) == 1
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.view.centre(front), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    press(app, pygame.K_a)                       # all the rest on the territory under the pointer
    state = scene.session.state
    assert state.phase == Phase.ATTACK and state.armies[front] == before + pool
    assert [a for _, a in scene.session.match.record.actions][-1].startswith("deploy")

    # Attack: pick the weakest enemy neighbour, see the odds, blitz.
    enemy = min((n for n in state.board.neighbours[front] if state.owner[n] != 0), key=lambda n: state.armies[n])
    territory_click(app, front)
    territory_click(app, enemy)
    assert (scene.source, scene.target) == (front, enemy)
    from risk.gui.hud import odds_lines
    assert "blitz wins" in odds_lines(scene)[0][0]
    click(app, button(app, "Blitz").rect.center)
    state = scene.session.state
    assert state.phase == Phase.OCCUPY, "with this seed the blitz conquers and leaves a choice"
    if state.phase == Phase.OCCUPY:
        dialog = app.top
        assert type(dialog).__name__ == "OccupyDialog"
        press(app, pygame.K_HOME)
        press(app, pygame.K_RIGHT)
        low = state.occupy_min
        press(app, pygame.K_RETURN)
        assert scene.session.state.armies[enemy] == low + 1
    state = scene.session.state
    assert state.owner[enemy] == 0, "a big blitz against the weakest neighbour should win with this seed"
    assert any(a.startswith("blitz") for _, a in scene.session.match.record.actions)
    # One roll with the dice (skippable): R, then any key skips the dice.
    targets = [n for t in state.territories_of(0) if state.armies[t] >= 3
               for n in state.board.neighbours[t] if state.owner[n] != 0]
    if targets and state.phase == Phase.ATTACK:
        target = targets[0]
        territory_click(app, target)
        if scene.target == target:
            rolls = len(scene.session.log)
            press(app, pygame.K_r)
            assert len(scene.session.log) > rolls
            press(app, pygame.K_SPACE)  # skip the dice
            assert not scene.anims.blocking()
            frames(app, 2)
    # End the attack, then fortify and take it back, then fortify and end the turn.
    if scene.session.state.phase == Phase.OCCUPY:
        press(app, pygame.K_RETURN)
    press(app, pygame.K_e)
    state = scene.session.state
    assert state.phase == Phase.FORTIFY and scene.session.is_human_turn()
    source = max(state.territories_of(0), key=lambda t: (state.movable_armies(t) if state.fortify_targets(t) else 0))
    target = state.fortify_targets(source)[0]
    armies_before = list(state.armies)
    territory_click(app, source)
    territory_click(app, target)
    assert type(app.top).__name__ == "MoveDialog"
    press(app, pygame.K_HOME)                    # move 1
    press(app, pygame.K_RETURN)
    assert scene.session.pending and scene.session.state.armies == armies_before
    assert scene.session.display_state().armies[target] == armies_before[target] + 1
    press(app, pygame.K_u)                       # undo the planned move
    assert not scene.session.pending
    territory_click(app, source)
    territory_click(app, target)
    press(app, pygame.K_RETURN)                  # all movable armies
    actions_before = len(scene.session.match.record.actions)
    press(app, pygame.K_RETURN)                  # end turn: the move is made
    actions = scene.session.match.record.actions
    assert actions[actions_before] == (0, actions[actions_before][1])
    assert actions[actions_before][1].startswith("fortify")
    assert scene.session.state.player != 0 or scene.session.state.turn > 1
    # The bots play on until it is the human's turn again.
    until(app, lambda: scene.session.is_human_turn() or scene.state.is_terminal())
    assert scene.state.turn >= 4


def test_forced_card_trade_in_the_dialog():
    from risk.match import Match

    board_state = GameState.new(players=3, seed=3, rules=Rules(setup="deal", placement="auto"))
    owner, armies = board_state.owner, board_state.armies
    board = board_state.board
    mine = [t for t in range(len(board)) if owner[t] == 0]
    infantry = [t for t in range(len(board)) if board.cards[t] == 0]
    hand = infantry[:3] + [t for t in range(len(board)) if board.cards[t] == 1][:2]
    state = GameState.from_position(owner, armies, 3, player=0, phase=Phase.TRADE, pool=4,
                                    hands=[hand, [], []], seed=3)
    match = Match([HumanAgent(), _angry(), _angry()], state=state)
    app = start(quick_config())
    app.replace_all(GameScene(app, GameSession(match, 0)))
    frames(app, 2)
    dialog = app.top
    assert type(dialog).__name__ == "CardDialog" and dialog.forced()
    press(app, pygame.K_ESCAPE)                  # cannot leave: five cards must be traded
    assert app.top is dialog
    sets = dialog.sets()
    assert sets and all(len(cards) == 3 for cards, _ in sets)
    with_bonus = [i for i, (cards, bonuses) in enumerate(sets) if any(b is not None for b in bonuses)]
    click(app, button(app, "Trade").rect.center)
    traded = [e for e in scene_log(app) if e.kind == "trade"]
    assert traded, "the trade shows in the log"
    state = game(app).state
    assert len(state.hands[0]) == 2 and state.phase == Phase.DEPLOY
    assert state.pool == 4 + 4 + 0  # the first set of the game is worth 4
    assert mine  # the human holds territories to put the +2 on when a card matches
    del with_bonus


def scene_log(app):
    return game(app).session.log


def _angry():
    from ai import make_agent
    return make_agent("angry")


# -- bots, saving, the command line --------------------------------------------------------------

def test_bots_only_game_runs_to_the_end_at_max_speed():
    from risk.gui.scenes.gameover import GameOverScene

    app = start(quick_config(bots_only=True, bots=["angry"] * 3, rules=Rules(max_turns=30)))
    scene = game(app)
    until(app, lambda: app.find(GameOverScene) is not None, limit=5000)
    assert scene.state.is_terminal()
    stats = scene.session.stats
    assert stats.turns[-1] == scene.state.turn and len(stats.territories[0]) == len(stats.turns)
    frames(app, 2)  # the game-over graphs draw
    assert any(line.kind == "end" for line in scene.session.log)


def test_save_and_load_resume_the_same_game(data_folder):
    from risk.gui import saves

    app = start(quick_config(seed=8))
    scene = game(app)
    state = scene.state
    territory_click(app, state.territories_of(0)[0])
    press(app, pygame.K_s, pygame.KMOD_CTRL)
    saved = saves.list_saves()
    path = [p for p in saved if p.parent == saves.saves_dir()][0]
    fingerprint = scene.state.fingerprint()
    actions = list(scene.session.match.record.actions)
    # Play on a little, then load the save through the menu's load dialog.
    territory_click(app, state.territories_of(0)[0])
    press(app, pygame.K_l, pygame.KMOD_CTRL)
    dialog = app.top
    index = next(i for i, (_, key, _) in enumerate(dialog.choices()) if key == path)
    dialog.index = index
    press(app, pygame.K_RETURN)
    loaded = game(app)
    assert loaded is not scene
    assert loaded.state.fingerprint() == fingerprint
    assert loaded.session.match.record.actions == actions
    assert loaded.session.human == 0 and loaded.session.names[0] == "You"
    assert any(line.kind == "deploy" for line in loaded.session.log)


def test_closing_mid_game_autosaves_and_resumes(data_folder):
    from risk.gui import saves
    from risk.gui.session import load_session

    app = start(quick_config(seed=9, speed="slow"))
    scene = game(app)
    press(app, pygame.K_a)  # nothing under the pointer: nothing happens, no crash
    territory_click(app, scene.state.territories_of(0)[0])
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame()
    assert not app.running
    path = saves.autosave_path()
    assert path.is_file() and saves.unfinished(path)
    session = load_session(path)
    assert session.state.fingerprint() == scene.state.fingerprint()
    app2 = start(PlayConfig(load=path, speed="max"))
    assert game(app2).state.fingerprint() == scene.state.fingerprint()


def test_bot_answers_after_a_load_are_the_same(data_folder):
    """A save made while a bot thinks holds the bot's random source as it was before thinking."""
    from risk.gui import saves
    from risk.gui.session import load_session

    config = quick_config(bots_only=True, bots=["random"] * 3, seed=4, speed="normal")
    app = start(config)
    scene = game(app)
    assert scene.bot_job is not None and not scene.session.match.record.actions  # the bot is thinking
    scene.session.save(saves.autosave_path())
    until(app, lambda: len(scene.session.match.record.actions) >= 1 and scene.bot_job is None)
    first = scene.session.match.record.actions[0]
    again = load_session(saves.autosave_path())
    seat, agent, view, rng = again.bot_request()
    action = agent.act(view)
    assert (seat, action.text(again.board)) == first


def test_screenshot_option_writes_a_png_of_the_window(tmp_path):
    from risk.cli import main

    png = tmp_path / "shot.png"
    code = main(["play", "--bots-only", "--bots", "angry,angry,angry", "--speed", "max", "--seed", "2",
                 "--screenshot", str(png), "--quit-after-turns", "3"])
    assert code == 0
    image = pygame.image.load(str(png))
    assert image.get_size() == (1280, 800)


def test_play_command_line_errors(capsys):
    from risk.cli import main

    assert main(["play", "--bots", "nosuchbot"]) != 0
    assert "nosuchbot" in capsys.readouterr().err
    assert main(["play", "--players", "3", "--bots", "angry,angry,angry"]) != 0
    assert main(["play", "--seat", "5", "--players", "3"]) != 0


def test_hint_asks_the_best_bot(monkeypatch):
    import risk.gui.scenes.game as game_module

    monkeypatch.setattr(game_module, "best_bot", lambda: "angry")  # the stronger bots are slower
    app = start(quick_config(seed=12))
    scene = game(app)
    press(app, pygame.K_h)
    until(app, lambda: scene.hint is not None and scene.hint.get("action") is not None)
    action = scene.hint["action"]
    assert isinstance(action, Deploy) and scene.state.is_legal(action)
    actions = len(scene.session.match.record.actions)
    click(app, button(app, "Do it").rect.center)
    assert len(scene.session.match.record.actions) == actions + 1


def test_two_players_place_their_own_and_the_neutral_armies():
    app = start(quick_config(players=2, bots=["angry"], rules=Rules(), seed=3))
    scene = game(app)
    state = scene.state
    assert state.phase == Phase.PLACE and scene.session.is_human_turn()
    mine, neutral = state.territories_of(0), state.territories_of(state.neutral)
    territory_click(app, mine[0])
    territory_click(app, mine[0])
    assert scene.state.armies[mine[0]] == 3
    territory_click(app, neutral[0])
    assert (0, f"neutral {state.board.slugs[neutral[0]]}") in scene.session.match.record.actions


def test_the_window_resizes_and_the_map_scales():
    app = start(quick_config())
    scene = game(app)
    before = scene.view.scale
    pygame.display.set_mode((1000, 640), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 640), w=1000, h=640))
    until(app, lambda: scene.view.scale != before)
    assert scene.view.scale < before
    assert scene.rects["side"].right == 1000
    for t in range(len(scene.state.board)):
        assert scene.view.territory_at(scene.view.centre(t)) == t


def test_menu_new_game_pause_menu_and_back():
    from risk.gui.scenes.menu import MenuScene, NewGameDialog

    app = start(PlayConfig(menu=True, speed="max"))
    assert isinstance(app.top, MenuScene) and not app.top.can_resume
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)                   # New game
    dialog = app.top
    assert isinstance(dialog, NewGameDialog)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RIGHT)                    # bots: the first named bot (angry)
    assert dialog.options[dialog.bot] == "angry"
    press(app, pygame.K_RETURN)
    scene = game(app)
    assert scene is not None and scene.session.human == 0
    assert scene.session.match.specs == ["human", "angry", "angry", "angry"]
    click(app, (5, 300), button=3)                # right click: deselect, no menu
    assert app.top is scene
    press(app, pygame.K_ESCAPE)                   # the pause menu
    assert type(app.top).__name__ == "PauseMenu"
    click(app, button(app, "Main menu").rect.center)
    assert isinstance(app.top, MenuScene) and app.top.can_resume  # the game was autosaved
