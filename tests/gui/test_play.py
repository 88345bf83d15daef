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


from tests.support.gui import (button, classic_position, click, frames, game, hover, press, quick_config, scene_with,
                               start, territory_click, until, wheel)


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

NORTH_AMERICA = ["Alaska", "Northwest Territory", "Greenland", "Alberta", "Ontario", "Quebec",
                 "Western United States", "Eastern United States", "Central America"]


def turn_position():
    """The human (seat 0) holds North America, Alaska strong; a 1-army Kamchatka to conquer and a
    5-army Japan that one roll cannot take; a set of cards including Alaska's."""
    from risk.state import classic_board

    board = classic_board()
    holdings = {name: (0, 2) for name in NORTH_AMERICA}
    holdings.update({"Alaska": (0, 10), "Kamchatka": (1, 1), "Japan": (2, 5)})
    alaska = board.id("Alaska")
    alike = [t for t in range(len(board)) if board.cards[t] == board.cards[alaska]
             and board.names[t] not in holdings]
    state = classic_position(holdings, phase=Phase.TRADE, pool=6, hands=[[alaska] + alike[:2], [], []])
    return state, board


def test_a_scripted_turn_trade_deploy_attack_roll_occupy_fortify():
    state, board = turn_position()
    alaska, kamchatka, japan, alberta = (board.id(n) for n in ("Alaska", "Kamchatka", "Japan", "Alberta"))
    app = scene_with(state, [HumanAgent(), _angry(), _angry()])
    scene = game(app)

    # Cards: the dialog opens by itself at the start of the turn; the set pays 4 and +2 on Alaska.
    dialog = app.top
    assert type(dialog).__name__ == "CardDialog" and not dialog.forced()
    assert dialog.sets()[0][1] == [alaska]
    click(app, button(app, "Trade").rect.center)
    state = scene.state
    assert app.top is scene and state.phase == Phase.DEPLOY
    assert state.armies[alaska] == 10 + 2, "the +2 territory bonus lands on Alaska"
    assert state.pool == 6 + 4 and not state.hands[0]
    assert any(line.kind == "trade" for line in scene.session.log)

    # Deploy: +1, +5, undo the +5, then point at Alaska and press "Place all here".
    pool = state.pool
    territory_click(app, alaska)
    territory_click(app, alaska, shift=True)
    assert scene.state.armies[alaska] == 12 + 6 and scene.state.pool == pool - 6
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.state.pool == pool - 1
    hover(app, scene.view.centre(alaska))
    place_all = button(app, "Place all here")
    hover(app, place_all.rect.center)      # the pointer leaves the map: Alaska is still meant
    assert scene.focus is None
    click(app, place_all.rect.center)
    state = scene.state
    assert state.phase == Phase.ATTACK and state.armies[alaska] == 12 + pool

    # Attack: click the enemy; the window picks Alaska as the source and shows the odds; blitz.
    territory_click(app, kamchatka)
    assert (scene.source, scene.target) == (alaska, kamchatka)
    from risk.gui.hud import odds_lines
    assert "blitz wins" in odds_lines(scene)[0][0]
    click(app, button(app, "Blitz").rect.center)
    state = scene.state
    assert state.phase == Phase.OCCUPY and type(app.top).__name__ == "OccupyDialog"
    low = state.occupy_min
    press(app, pygame.K_HOME)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    state = scene.state
    assert state.owner[kamchatka] == 0 and state.armies[kamchatka] == low + 1 and state.phase == Phase.ATTACK

    # Roll once from Kamchatka (2+ armies) at Japan (5 armies: one roll cannot take it).
    territory_click(app, kamchatka)
    territory_click(app, japan)
    assert (scene.source, scene.target) == (kamchatka, japan)
    battles = sum(line.kind == "battle" for line in scene.session.log)
    press(app, pygame.K_r)
    assert sum(line.kind == "battle" for line in scene.session.log) == battles + 1
    assert scene.session.match.record.actions[-1][1].startswith("attack kamchatka japan")
    assert scene.anims.blocking(), "the dice are shown"
    press(app, pygame.K_SPACE)
    assert not scene.anims.blocking(), "any key skips the dice"
    assert scene.state.phase == Phase.ATTACK

    # End the attack; fortify, take it back, fortify again and end the turn.
    press(app, pygame.K_e)
    state = scene.state
    assert state.phase == Phase.FORTIFY
    before = list(state.armies)
    territory_click(app, alaska)
    territory_click(app, alberta)
    assert type(app.top).__name__ == "MoveDialog"
    press(app, pygame.K_HOME)                    # move 1
    press(app, pygame.K_RETURN)
    assert scene.session.pending and scene.state.armies == before
    assert scene.session.display_state().armies[alberta] == before[alberta] + 1
    press(app, pygame.K_u)
    assert not scene.session.pending
    territory_click(app, alaska)
    territory_click(app, alberta)
    press(app, pygame.K_RETURN)                  # all movable armies
    actions = len(scene.session.match.record.actions)
    press(app, pygame.K_RETURN)                  # end the turn: the move is made
    record = scene.session.match.record.actions
    assert record[actions] == (0, f"fortify alaska alberta {before[alaska] - 1}")
    assert scene.state.armies[alberta] == before[alberta] + before[alaska] - 1
    until(app, lambda: scene.session.is_human_turn() or scene.state.is_terminal())
    assert scene.state.turn == 4 and scene.state.player == 0  # a turn each for the two bots


def test_candidates_after_planning_a_fortify_move_are_still_the_humans():
    state, board = turn_position()
    state.phase = Phase.FORTIFY
    state.hands[0] = []
    alaska, alberta = board.id("Alaska"), board.id("Alberta")
    app = scene_with(state, [HumanAgent(), _angry(), _angry()])
    scene = game(app)
    before = scene.candidates()
    territory_click(app, alaska)
    territory_click(app, alberta)
    press(app, pygame.K_RETURN)
    assert scene.session.pending
    after = scene.candidates()
    assert after and all(scene.state.owner[t] == 0 for t in after), "not the next player's territories"
    assert after == before  # one move a turn: choosing again replaces the plan
    territory_click(app, board.id("Ontario"))
    assert scene.source == board.id("Ontario")


def test_blitz_until_n_left():
    holdings = {"Alaska": (0, 9), "Kamchatka": (1, 20)}
    state = classic_position(holdings, phase=Phase.ATTACK)
    board = state.board
    alaska, kamchatka = board.id("Alaska"), board.id("Kamchatka")
    app = scene_with(state, [HumanAgent(), _angry(), _angry()])
    scene = game(app)
    territory_click(app, kamchatka)
    assert (scene.source, scene.target, scene.stop_at) == (alaska, kamchatka, 3)
    click(app, button(app, "+").rect.center)
    press(app, pygame.K_PLUS)
    press(app, pygame.K_MINUS)
    wheel(app, scene.view.centre(alaska), 1)
    assert scene.stop_at == 5
    assert button(app, "Blitz until 5 left")
    from risk.gui.hud import odds_lines
    assert "Blitz until 5 left" in odds_lines(scene)[1][0]
    press(app, pygame.K_n)
    assert scene.session.match.record.actions[-1] == (0, "blitz alaska kamchatka 5")
    assert scene.state.armies[alaska] == 5 and scene.state.owner[kamchatka] == 1


def test_one_wheel_notch_counts_once():
    """pygame-ce reports a notch both as a press of button 4 or 5 and as a MOUSEWHEEL event."""
    holdings = {"Alaska": (0, 9), "Northwest Territory": (0, 2), "Kamchatka": (1, 20)}
    state = classic_position(holdings, phase=Phase.ATTACK)
    board = state.board
    alaska, kamchatka = board.id("Alaska"), board.id("Kamchatka")
    app = scene_with(state, [HumanAgent(), _angry(), _angry()])
    scene = game(app)
    # N of "blitz until N left".
    territory_click(app, kamchatka)
    wheel(app, scene.view.centre(alaska), 1)
    assert scene.stop_at == 4
    wheel(app, scene.view.centre(alaska), -1)
    assert scene.stop_at == 3
    # The log: three lines a notch.
    for k in range(80):
        scene._log_note(f"note {k}")
    frames(app)
    side = scene.rects["side"]
    wheel(app, (side.centerx, side.bottom - 40), 1)
    assert scene.log_scroll == 3
    # A slider: the fortify amount (the occupy dialog is the same slider).
    press(app, pygame.K_e)
    territory_click(app, alaska)
    territory_click(app, board.id("Northwest Territory"))
    dialog = app.top
    assert type(dialog).__name__ == "MoveDialog" and dialog.value == 8
    wheel(app, dialog.box().center, -1)
    assert dialog.value == 7


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
    """Seed 4 with three angry bots ends by conquest in 19 turns, well before any turn limit."""
    from risk.gui.scenes.gameover import GameOverScene

    app = start(quick_config(bots_only=True, bots=["angry"] * 3, seed=4))
    scene = game(app)
    assert scene.state.rules.max_turns >= 100
    until(app, lambda: app.find(GameOverScene) is not None, limit=5000)
    assert scene.state.is_terminal() and scene.state.end_reason == "conquest"
    assert scene.state.winner is not None and scene.state.count[scene.state.winner] == len(scene.state.board)
    notes = [line.text for line in scene.session.log if line.kind == "note"]
    assert not notes, f"a bot failed and a random move was played instead: {notes}"
    stats = scene.session.stats
    assert stats.turns[-1] == scene.state.turn and len(stats.territories[0]) == len(stats.turns)
    frames(app, 2)  # the game-over graphs draw
    assert any(line.kind == "end" for line in scene.session.log)


def test_speed_buttons_and_keys():
    app = start(quick_config(bots_only=True, bots=["angry"] * 3, speed="normal"))
    scene = game(app)
    for label, level in (("Slow", "slow"), ("Fast", "fast"), ("Max", "max"), ("Normal", "normal")):
        click(app, button(app, label).rect.center)
        assert app.speed == level and scene.speed() == level
        assert button(app, label).selected
    for key, level in ((pygame.K_1, "slow"), (pygame.K_3, "fast"), (pygame.K_4, "max"), (pygame.K_2, "normal")):
        press(app, key)
        assert app.speed == level


def test_skip_to_my_turn_plays_the_bots_at_full_speed_until_mine():
    app = start(quick_config(seed=6, speed="slow"))
    scene = game(app)
    assert scene.session.is_human_turn()
    skip = next(w for w in scene.widgets() if getattr(w, "label", "") == "Skip to my turn")
    assert not skip.enabled, "nothing to skip during your own turn"
    # Finish the turn: place all, stop attacking, end the turn without a move.
    mine = scene.state.territories_of(0)[0]
    hover(app, scene.view.centre(mine))
    press(app, pygame.K_a)
    press(app, pygame.K_e)
    press(app, pygame.K_RETURN)
    assert not scene.session.is_human_turn()
    turn = scene.state.turn
    frames(app, 3)
    assert scene.state.turn == turn, "at slow speed the bots take their time"
    click(app, button(app, "Skip to my turn").rect.center)
    assert scene.skip_to_mine or scene.session.is_human_turn()
    until(app, lambda: scene.session.is_human_turn(), limit=100)  # at slow speed: hundreds of frames
    assert scene.state.turn == turn + 2
    assert not scene.skip_to_mine and app.speed == "slow", "back to the chosen speed on your turn"


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


@pytest.mark.parametrize("option, content", [("--load", None), ("--load", "not a record\n"),
                                             ("--load", '{"format": "something else"}\n'),
                                             ("--map", None), ("--map", "{not json"), ("--map", "[continents]\n")])
def test_bad_load_or_map_is_one_line_on_stderr(option, content, tmp_path, capsys):
    from risk.cli import main

    path = tmp_path / "file.json"
    if content is not None:
        path.write_text(content)
    code = main(["play", option, str(path), "--speed", "max", "--quit-after-turns", "1"])
    err = capsys.readouterr().err
    assert code != 0
    assert len(err.strip().splitlines()) == 1 and err.startswith("risk: error:"), err
    assert "Traceback" not in err and str(path) in err


def test_one_bot_spec_fills_every_bot_seat():
    from risk.cli import build_parser
    from risk.commands.play import build_config

    def config(*argv):
        return build_config(build_parser().parse_args(["play", *argv]))

    watch = config("--bots-only", "--bots", "angry")
    assert watch.players == 4 and watch.bots == ["angry"] * 4
    play = config("--bots", "angry")
    assert play.players == 4 and play.bots == ["angry"] * 3
    assert config("--bots", "angry,random").players == 3
    assert config("--bots-only", "--bots", "angry,random").players == 2
    assert config("--players", "5", "--bots", "angry").bots == ["angry"] * 4


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
    # Issue 16: on a fresh install the focus starts on "New game", not on the greyed "Resume".
    assert app.top.choices()[app.top.index][1] == "new"
    press(app, pygame.K_DOWN)                     # the quick "New game" dialog sits under it
    assert app.top.choices()[app.top.index][1] == "quick"
    press(app, pygame.K_RETURN)
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


# -- the screen at every size -------------------------------------------------------------------

SIZES = [(800, 560), (1024, 700), (1280, 800)]


def attack_moment(size):
    """The busiest moment of the action bar: an attack chosen, the commander's six and a card
    trade on offer, a hint with its "Do it"."""
    from risk.actions import Blitz
    from risk.state import classic_board

    board = classic_board()
    infantry = [t for t in range(len(board)) if board.cards[t] == 0]
    state = classic_position({"Alaska": (0, 12), "Kamchatka": (1, 5)}, phase=Phase.ATTACK,
                             hands=[infantry[:3], [], []], rules=Rules(commanders=True, trade_anytime=True))
    app = scene_with(state, [HumanAgent(), _angry(), _angry()], size=size)
    scene = game(app)
    alaska, kamchatka = board.id("Alaska"), board.id("Kamchatka")
    territory_click(app, alaska)
    territory_click(app, kamchatka)
    scene.hint = {"version": scene.session.version, "bot": "angry", "action": Blitz(alaska, kamchatka),
                  "text": "blitz Kamchatka from Alaska", "job": None}
    hover(app, scene.view.centre(kamchatka))  # the box describing the territory under the pointer
    return app, scene


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_control_is_on_screen_and_nothing_overlaps(size):
    app, scene = attack_moment(size)
    six = "Blitz may use the six: off" if size[0] >= 1024 else "Six in blitz: off"
    assert_laid_out(app, scene, size, (six, "Trade cards", "Roll 3 dice", "Blitz",
                                       "Blitz until 3 left", "−", "+", "End attack", "Do it", "Hint"))
    bar_text = " ".join(lab.text for lab in scene.panels.labels if scene.rects["bottom"].contains(lab.rect))
    assert "blitz wins" in bar_text and "Blitz until 3 left" in bar_text


def commander_moment(size):
    """The commander's phase: the roll on the map, two long buttons, two lines of outcomes."""
    from risk.actions import Attack
    from risk.state import RandomSource, classic_board

    board = classic_board()
    alaska, kamchatka = board.id("Alaska"), board.id("Kamchatka")
    state = classic_position({"Alaska": (0, 12), "Kamchatka": (1, 5)}, phase=Phase.ATTACK,
                             rules=Rules(commanders=True))
    for seed in range(200):
        trial = state.copy(RandomSource(seed))
        trial.apply(Attack(alaska, kamchatka, 3))
        if trial.phase == Phase.COMMANDER:
            break
    state.rng = RandomSource(seed)
    app = scene_with(state, [HumanAgent(), _angry(), _angry()], size=size)
    scene = game(app)
    territory_click(app, alaska)
    territory_click(app, kamchatka)
    press(app, pygame.K_r)
    assert scene.state.phase == Phase.COMMANDER
    return app, scene


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_commander_phase_fits_at_every_size(size):
    app, scene = commander_moment(size)
    changed = scene.state.six_offer().changed
    labels = [w.label for w in scene.widgets()]
    six = next(label for label in labels if label.startswith(f"Turn the {changed} into a six"))
    keep = next(label for label in labels if label.startswith("Keep the roll"))
    assert_laid_out(app, scene, size, (six, keep, "Hint"))


def assert_laid_out(app, scene, size, wanted):
    """Every control ``wanted`` and the top bar's on screen, none squeezed or covered, every text
    inside its panel and clear of the others, the action bar's text complete."""
    from risk.gui.layout import overlapping

    screen = pygame.Rect((0, 0), size)
    assert app.screen.get_size() == size
    widgets = scene.widgets()
    labels = [w.label for w in widgets]
    for wanted_label in (*wanted, "Slow", "Normal", "Fast", "Max", "Menu", "Cards"):
        assert wanted_label in labels, f"{wanted_label!r} is missing at {size}: {labels}"
    assert any(label.startswith("Skip") for label in labels)
    for widget in widgets:
        assert screen.contains(widget.rect), f"{widget.label!r} is off screen at {size}"
        assert widget.rect.width >= theme_width(widget.label), f"{widget.label!r} is squeezed"
    assert not overlapping([w.rect for w in widgets]), "two buttons overlap"
    panels = scene.panels
    texts = [lab.rect for lab in panels.labels]
    assert not [(panels.labels[i].text, panels.labels[j].text) for i, j in overlapping(texts)]
    for lab in panels.labels:
        assert screen.contains(lab.rect), lab.text
        for widget in widgets:
            assert not lab.rect.colliderect(widget.rect), (lab.text, widget.label)
        inside = [name for name in ("top", "bottom", "side") if scene.rects[name].contains(lab.rect)]
        assert inside, f"{lab.text!r} strays out of its panel"
    assert panels.complete, "the guidance and the odds fit in the action bar"
    frames(app, 1)  # and it draws


def theme_width(label: str) -> int:
    from risk.gui import theme
    return theme.font(14, True).size(label)[0]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_map_names_do_not_overlap(size):
    from risk.gui.layout import overlapping

    app, scene = attack_moment(size)
    view = scene.view
    names = view.name_rects()
    assert len(names) == len(scene.state.board), "every territory is named"
    assert not overlapping(list(names.values()))
    r = view.badge_radius()
    for t, rect in names.items():
        assert view.map_rect.contains(rect)
        assert rect.collidelist(view.continent_label_rects()) < 0
        for other in range(len(scene.state.board)):
            x, y = view.centre(other)
            assert not rect.colliderect((x - r, y - r, 2 * r, 2 * r)), (t, other)


def test_the_top_bar_title_is_clear_of_its_buttons():
    app, scene = attack_moment((800, 560))
    title = next(lab for lab in scene.panels.labels if scene.rects["top"].contains(lab.rect))
    buttons = [w.rect for w in scene.widgets() if scene.rects["top"].contains(w.rect)]
    assert title.text.startswith("Turn 1") and all(title.rect.right < b.left for b in buttons)


def test_card_dialog_lists_every_set_the_best_first():
    from risk.cards import WILD
    from risk.state import classic_board

    board = classic_board()
    of = {k: [t for t in range(len(board)) if board.cards[t] == k] for k in (0, 1, 2)}
    hand = of[0][:2] + of[1][:2] + of[2][:1] + [WILD]  # 2 infantry, 2 cavalry, 1 artillery, 1 wild
    holdings = {board.names[t]: (0, 3) for t in (of[0][1], of[1][1], of[2][0])}
    state = classic_position(holdings, phase=Phase.TRADE, pool=3, hands=[hand, [], []])
    app = scene_with(state, [HumanAgent(), _angry(), _angry()], size=(800, 560))
    dialog = app.top
    assert type(dialog).__name__ == "CardDialog" and dialog.forced()
    sets = dialog.sets()
    assert len(sets) == 14
    assert dialog.shown_rows < 14, "at 800x560 the list scrolls"
    best = sets[0]
    assert WILD not in best[0] and best[1] != [None], "the best set keeps the wild and takes the +2"
    keys = [(WILD in cards, bonuses == [None]) for cards, bonuses in sets]
    assert keys == sorted(keys), "sets keeping the wild first, then those with the +2 bonus"
    box = dialog.box()

    def trade_buttons():
        return {w.intent.key[1]: w for w in dialog.widgets() if w.label == "Trade"}

    for step in range(14):  # round the list and back to the top with the keyboard
        assert dialog.row in dialog.visible(), f"the selection is hidden after {step} steps"
        assert box.contains(trade_buttons()[dialog.row].rect)
        press(app, pygame.K_DOWN)
    assert dialog.row == 0 and dialog.first == 0
    wheel(app, box.center, -3)  # the wheel scrolls the list; the selection follows into view
    assert dialog.first == 3 and dialog.row == 3 and 3 in trade_buttons()
    assert all(box.contains(w.rect) for w in dialog.widgets())
    last = len(sets) - 1
    press(app, pygame.K_UP)
    press(app, pygame.K_UP)
    press(app, pygame.K_UP)
    press(app, pygame.K_UP)
    assert dialog.row == last and last in trade_buttons()
    chosen = sets[last][0]
    press(app, pygame.K_RETURN)                  # Enter trades the selected set: the last one
    left = list(hand)
    for card in chosen:
        left.remove(card)
    assert sorted(game(app).state.hands[0]) == sorted(left)


def test_new_game_dialog_values_fit_between_their_arrows():
    from risk.gui.scenes.menu import NewGameDialog

    app = start(PlayConfig(menu=True, speed="max", size=(800, 560)))
    dialog = NewGameDialog(app)
    app.push(dialog)
    box = dialog.box()
    for index in range(len(dialog.options)):
        dialog.bot = index
        for (_, value, _), (left, field, right) in zip(dialog.rows(), dialog.row_rects(box)):
            width = theme_font_width(value)
            assert width <= field.width and left.right <= field.left and field.right <= right.left, value
            assert box.contains(left) and box.contains(right)
    frames(app, 1)


def theme_font_width(text: str) -> int:
    from risk.gui import theme
    return theme.font(16, True).size(text)[0]


def test_menu_title_is_not_drawn_over_a_continent_label():
    from risk.gui.scenes.menu import MenuScene, backdrop_view

    app = start(PlayConfig(menu=True, speed="max"))
    menu = app.top
    assert isinstance(menu, MenuScene)
    title, sub = menu.title_rects()
    labels = backdrop_view(app.screen).continent_label_rects()
    assert any(label.colliderect(title) or label.colliderect(sub) for label in labels), \
        "at 1280x800 a continent label lies under the title: the case this test is about"
    drawn = []
    original = pygame.Surface.blit

    class Recorder(pygame.Surface):
        def blit(self, source, dest, *args, **kwargs):
            drawn.append(pygame.Rect(dest if len(dest) == 4 else (dest, source.get_size())))
            return original(self, source, dest, *args, **kwargs)

    surface = Recorder(app.screen.get_size())
    menu.draw(surface)
    shown = [label for label in labels if label in drawn]
    assert shown, "the other continent labels are still drawn"
    assert not [label for label in shown if label.colliderect(title) or label.colliderect(sub)]


def test_a_lost_die_keeps_its_pips_readable():
    from risk.gui.animation import LOST, PIPS, draw_die

    surface = pygame.Surface((80, 80))
    surface.fill((0, 0, 0))
    rect = pygame.Rect(20, 20, 40, 40)
    draw_die(surface, rect, 6, (230, 159, 0), faded=True)
    d = rect.width // 4
    pips = {surface.get_at((rect.centerx + sx * d, rect.centery + sy * d))[:3] for sx, sy in PIPS[6]}
    assert len(pips) == 1 and pips != {LOST}, "every pip shows in the pip colour"
    diagonal = [surface.get_at((rect.x + k, rect.y + k))[:3] for k in range(6, rect.width - 6)]
    assert LOST not in diagonal, "no red line through the face"
    assert LOST in [surface.get_at((rect.x + k, rect.bottom + 1))[:3] for k in range(8, 30)], "a red rim"


def test_a_map_without_shapes_has_no_hole_where_three_cells_meet(tiny):
    from risk.gui.geometry import MapGeometry

    geometry = MapGeometry(tiny)
    land = {frozenset(b) for b in tiny.borders} - set(tiny.sea_routes)
    triangles = [(a, b, c) for a in range(len(tiny)) for b in range(a + 1, len(tiny)) for c in range(b + 1, len(tiny))
                 if {frozenset((a, b)), frozenset((b, c)), frozenset((a, c))} <= land]
    assert len(triangles) == 2
    for trio in triangles:
        x = sum(tiny.positions[t][0] for t in trio) / 3
        y = sum(tiny.positions[t][1] for t in trio) / 3
        assert geometry.territory_at(x, y) in trio


def test_an_arrow_across_the_map_edge_is_two_strokes_with_heads_inside_the_map():
    from risk.gui.animation import arrow_paths, draw_arrow

    app = start(quick_config(size=(800, 560)))
    scene = game(app)
    view, board = scene.view, scene.state.board
    alaska, kamchatka = board.id("Alaska"), board.id("Kamchatka")
    for source, target in ((alaska, kamchatka), (kamchatka, alaska)):
        strokes = arrow_paths(view, source, target)
        assert len(strokes) == 2
        for start_point, end_point, head in strokes:
            assert head > 0
            for x, y in (start_point, end_point):
                assert view.map_rect.collidepoint(x, y)
        x0, x1 = view.centre(source)[0], view.centre(target)[0]
        assert abs(strokes[0][0][0] - x0) < 20 and abs(strokes[-1][1][0] - x1) < 20, "from the source, to the target"
    assert len(arrow_paths(view, alaska, board.id("Alberta"))) == 1
    surface = pygame.Surface(app.screen.get_size())
    surface.fill((0, 0, 0))
    draw_arrow(surface, view, alaska, kamchatka, (0, 255, 0))
    outside = [surface.get_at((x, y))[:3] for x in range(view.map_rect.right, surface.get_width(), 3)
               for y in range(0, surface.get_height(), 3)]
    assert set(outside) == {(0, 0, 0)}, "nothing drawn under the side panel"
    head = strokes[0][1] if strokes[0][2] == 1.0 else strokes[1][1]
    near = [surface.get_at((int(head[0]) + dx, int(head[1]) + dy))[:3] for dx in range(-8, 9) for dy in range(-8, 9)
            if view.map_rect.collidepoint(int(head[0]) + dx, int(head[1]) + dy)]
    assert (0, 255, 0) in near, "the head at the target is drawn"


def test_odds_never_claim_a_certainty_that_is_not():
    from risk.gui.hud import odds_lines, percent

    assert percent(1.0) == "100%" and percent(0.0) == "0%"
    assert percent(0.99999) == ">99.9%" and percent(0.00001) == "<0.1%" and percent(0.5) == "50.0%"
    assert percent(0.996, 0) == ">99%" and percent(0.6, 0) == "60%"
    state = classic_position({"Alaska": (0, 40), "Kamchatka": (1, 1)}, phase=Phase.ATTACK)
    app = scene_with(state, [HumanAgent(), _angry(), _angry()])
    scene = game(app)
    territory_click(app, state.board.id("Kamchatka"))
    assert "blitz wins >99.9%" in odds_lines(scene)[0][0]


def test_the_window_says_the_reason_of_a_refusal_not_the_message():
    from risk.errors import IllegalActionError
    from risk.gui.scenes.game import _reason

    error = IllegalActionError.refusing(Deploy(0, 3), "deploy 3 'a': b", "you have 2 armies to deploy, so deploy 1 to 2")
    assert _reason(error) == "You have 2 armies to deploy, so deploy 1 to 2."
    assert _reason(IllegalActionError("no more fortify moves this turn")) == "No more fortify moves this turn."
