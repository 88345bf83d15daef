"""Screenshots of the window playing the classic map, for docs/window.md and docs/window-screens.md.

Each moment plays a seeded game (the same pictures every run) to a chosen point; each picture is
the window's own surface. The docs build runs this script (docs/_ext/window_pictures.py); by
hand, headless or under Xvfb::

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python docs/window_shots.py FOLDER
    xvfb-run -a -s '-screen 0 1280x800x24' python docs/window_shots.py FOLDER 800x560 cards

The command line and the rules every moment keeps are in docs/window_camera.py.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the checkout's risk and ai, and tests.support

import pygame  # noqa: E402

from risk.gui.app import PlayConfig  # noqa: E402
from risk.phase import Phase  # noqa: E402
from risk.rules import Rules  # noqa: E402
from risk.state import classic_board  # noqa: E402
from tests.support.gui import (angry, button, classic_position, click, game, hover, open_new_game, press,  # noqa: E402
                               scene_with, start, territory_click, until)
from tests.support.isles import write_isles  # noqa: E402
from window_camera import DEFAULT_SIZE, SMALLEST_SIZE, Moments, main  # noqa: E402

DEALT = Rules(setup="deal", placement="auto")
TEST_DATA = ROOT / "tests" / "data"
#: The record the replay shows (a four-player game of 823 actions).
REPLAYED = TEST_DATA / "records" / "us-1993-4p.jsonl"
NORTH_AMERICA = ("Alaska", "Northwest Territory", "Greenland", "Alberta", "Ontario", "Quebec",
                 "Western United States", "Eastern United States", "Central America")

moments = Moments()


@moments("window-hotseat-handover", "window-waited", sizes=(DEFAULT_SIZE, SMALLEST_SIZE))
def hot_seat(camera):
    """Two people and a bot: the second hand-over screen, then the first "while you waited"."""
    from risk.gui.scenes.handover import HandOverScene, WaitedDialog

    config = PlayConfig.for_seats(["human", "angry", "human"], seed=5, rules=DEALT, board=classic_board(),
                                  speed="max", size=camera.size)
    app = start(config)
    scene = game(app)
    handovers = 0
    for _ in range(3000):
        top = app.top
        if isinstance(top, HandOverScene):
            handovers += 1
            if handovers == 2:
                camera.shoot(app, "window-hotseat-handover")
            click(app, button(app, "I am ready").rect.center)
        elif isinstance(top, WaitedDialog):
            camera.shoot(app, "window-waited")
            return
        elif scene.session.is_human_turn():
            mine = scene.state.territories_of(scene.session.human)[0]
            hover(app, scene.view.centre(mine))
            press(app, pygame.K_a)
            press(app, pygame.K_e)
            press(app, pygame.K_RETURN)
        else:
            app.frame()


@moments("window-attack")
def first_attack(camera):
    """The person's first attack of a dealt four-player game: every army on the territory with
    the best odds against a neighbour, then that neighbour chosen; the pointer on it."""
    config = PlayConfig.for_seats(["human", "angry", "angry", "angry"], seed=8, rules=DEALT,
                                  board=classic_board(), speed="max", size=camera.size)
    app = start(config)
    scene = game(app)
    until(app, lambda: scene.session.is_human_turn() and scene.state.phase == Phase.DEPLOY)
    state, me = scene.state, scene.session.human
    source, target = max(((mine, theirs) for mine in state.territories_of(me)
                          for theirs in state.board.neighbours[mine] if state.owner[theirs] != me),
                         key=lambda pair: (state.armies[pair[0]] - state.armies[pair[1]], -pair[0], -pair[1]))
    hover(app, scene.view.centre(source))
    press(app, pygame.K_a)  # every army there
    until(app, lambda: scene.state.phase == Phase.ATTACK)
    territory_click(app, source)
    territory_click(app, target)
    hover(app, scene.view.centre(target))
    camera.shoot(app, "window-attack")


@moments("window-attack-blitz-until")
def attack(camera):
    """Alaska (3) against Kamchatka (9), chosen by a double click: it never rolls; it says how."""
    from risk.gui.session import HumanAgent

    state = classic_position({"Alaska": (0, 3), "Kamchatka": (1, 9)}, phase=Phase.ATTACK)
    app = scene_with(state, [HumanAgent(), angry(), angry()], size=camera.size)
    board = state.board
    territory_click(app, board.id("Alaska"))
    territory_click(app, board.id("Kamchatka"))
    territory_click(app, board.id("Kamchatka"))
    hover(app, game(app).view.centre(board.id("Kamchatka")))
    camera.shoot(app, "window-attack-blitz-until")


@moments("window-commander")
def commander(camera):
    """North America yours under the commanders rule: Alaska (8) rolls three dice at Kamchatka
    (4), on the first seed whose roll the commander's six would change; the offer, untaken."""
    from risk.gui.session import HumanAgent
    from risk.state import RandomSource

    held = {name: (0, 2) for name in NORTH_AMERICA}
    held.update({"Alaska": (0, 8), "Kamchatka": (1, 4)})
    state = classic_position(held, phase=Phase.ATTACK, rules=Rules(commanders=True))
    alaska, kamchatka = state.board.id("Alaska"), state.board.id("Kamchatka")
    state.rng = RandomSource(next(seed for seed in range(200) if _offers_the_six(state, seed, alaska, kamchatka)))
    app = scene_with(state, [HumanAgent(), angry(), angry()], size=camera.size)
    scene = game(app)
    territory_click(app, alaska)
    territory_click(app, kamchatka)
    press(app, pygame.K_r)
    until(app, lambda: scene.state.phase == Phase.COMMANDER)
    camera.shoot(app, "window-commander")


def _offers_the_six(state, seed: int, source: int, target: int) -> bool:
    from risk.actions import Attack
    from risk.state import RandomSource

    trial = state.copy(RandomSource(seed))
    trial.apply(Attack(source, target, 3))
    return trial.phase == Phase.COMMANDER


@moments("window-cards")
def cards(camera):
    """Six cards at the start of a turn (two infantry, two cavalry, an artillery, a wild): the
    forced trade's dialog, fourteen sets, the best first."""
    from risk.cards import WILD
    from risk.gui.session import HumanAgent

    board = classic_board()
    of_kind = {kind: [t for t in range(len(board)) if board.cards[t] == kind] for kind in (0, 1, 2)}
    hand = of_kind[0][:2] + of_kind[1][:2] + of_kind[2][:1] + [WILD]
    held = {board.names[t]: (0, 3) for t in (of_kind[0][1], of_kind[1][1], of_kind[2][0])}
    state = classic_position(held, phase=Phase.TRADE, pool=3, hands=[hand, [], []])
    app = scene_with(state, [HumanAgent(), angry(), angry()], size=camera.size)
    camera.shoot(app, "window-cards")


@moments("window-lost")
def game_over(camera):
    """Two players: the bot holds all but Alaska and attacks it from Kamchatka; you lose."""
    from risk.gui.scenes.gameover import GameOverScene
    from risk.gui.session import HumanAgent

    state = classic_position({"Alaska": (0, 1), "Kamchatka": (1, 30)}, players=2, phase=Phase.ATTACK, player=1)
    app = scene_with(state, [HumanAgent(), angry()], players=2, bots=["angry"], size=camera.size)
    until(app, lambda: app.find(GameOverScene) is not None, limit=2000)
    camera.shoot(app, "window-lost")


@moments("window-won-stats")
def won_with_stats(camera):
    """A whole game in which the person's seat is played by a bot: the end shows its battles."""
    from ai import make_agent
    from risk.gui.scenes.game import GameScene
    from risk.gui.scenes.gameover import GameOverScene
    from risk.gui.session import GameSession
    from risk.match import Match

    app = start(PlayConfig(players=3, bots=["angry", "angry"], seed=5, board=classic_board(), rules=DEALT,
                           speed="max", size=camera.size))
    match = Match([make_agent("angry") for _ in range(3)], seed=5, rules=DEALT)
    session = GameSession(match, None, humans=[])
    app.replace_all(GameScene(app, session))
    scene = game(app)
    until(app, lambda: scene.state.is_terminal(), limit=6000)
    # Then look at it as the winner's person would.
    session.humans = [scene.state.winner]
    session.human = scene.state.winner
    session.names[scene.state.winner] = "You"
    until(app, lambda: app.find(GameOverScene) is not None, limit=100)
    camera.shoot(app, "window-won-stats")


@moments("window-gameover")
def watched_game_over(camera):
    """Four Angry bots watched to the end: the graphs, with nobody's own battles above them."""
    from risk.gui.scenes.gameover import GameOverScene

    app = start(PlayConfig(players=4, bots=["angry"] * 4, seed=2, board=classic_board(), rules=DEALT,
                           speed="max", size=camera.size, bots_only=True))
    until(app, lambda: app.find(GameOverScene) is not None, limit=6000)
    camera.shoot(app, "window-gameover")


@moments("window-setup-auto", sizes=(DEFAULT_SIZE, SMALLEST_SIZE))
def set_up(camera):
    """Claiming: three territories claimed (the first unclaimed each time), the bots' claims
    between them; the pointer on Place the rest automatically."""
    app = start(PlayConfig(players=3, bots=["angry", "angry"], seed=3, board=classic_board(),
                           rules=Rules(setup="claim", placement="turns"), speed="max", size=camera.size))
    scene = game(app)
    until(app, lambda: scene.session.is_human_turn())
    for _ in range(3):
        territory_click(app, next(t for t in range(42) if scene.state.owner[t] < 0))
        until(app, lambda: scene.session.is_human_turn())
    hover(app, button(app, "Place the rest automatically").rect.center)
    camera.shoot(app, "window-setup-auto")


@moments("window-menu-damaged")
def damaged_menu(camera):
    """The menu over an autosave cut short in its first line."""
    from risk.gui import saves
    from risk.gui.scenes.menu import MenuScene

    path = saves.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "markov-risk-record", "version": 1, "seed": 1, "players": ["human", "angr')
    app = start(PlayConfig(menu=True, size=camera.size))
    app.replace_all(MenuScene(app))
    camera.shoot(app, "window-menu-damaged")


@moments("window-newgame")
def new_game_screen(camera):
    """The new-game screen as the last choices left it: two maps of the person's own, fortify
    along your land, cards by kind, a typed bot spec in seat 4; the focus on Fortify."""
    from risk.gui import setup as S

    maps = S.user_maps_dir()
    maps.mkdir(parents=True)
    shutil.copy(TEST_DATA / "tiny.json", maps)
    write_isles(maps)  # a Domination map and its pictures
    S.save_settings(S.GameSetup(options={"fortify": "connected", "card_values": "fixed"},
                                seats=(S.HUMAN, "Expert", "Hard", "threshold:attack_threshold=0.7")))
    app = start(PlayConfig(menu=True, speed="max", size=camera.size))
    screen = open_new_game(app)
    screen.focus = screen.rows().index("fortify")
    camera.shoot(app, "window-newgame")


@moments("window-replay")
def replay(camera):
    """A stored four-player game replayed, stopped after action 303: Angry's blitz that took
    the Middle East from Afghanistan, before it moves in."""
    from risk.gui.replay import Replay
    from risk.gui.scenes.replay import replay_app

    stepped = Replay.open(REPLAYED)
    stepped.seek(303)
    app = replay_app(stepped, REPLAYED.name, camera.size)
    app.start()
    app.frame()
    camera.shoot(app, "window-replay")


if __name__ == "__main__":
    main(moments)
