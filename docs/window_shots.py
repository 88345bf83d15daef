"""Screenshots of the window at chosen moments, for docs/window.md.

Run under a real X server, e.g.::

    xvfb-run -s '-screen 0 1280x800x24' .venv/bin/python docs/window_shots.py docs 1280x800

Each moment is scripted with seeded games (the same pictures every run); each picture is the
window's own surface saved with pygame.image.save.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import os

os.environ.setdefault("MARKOV_RISK_DATA", tempfile.mkdtemp(prefix="risk-shots-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout, for tests.support

import pygame  # noqa: E402

from risk.gui.app import PlayConfig  # noqa: E402
from risk.rules import Rules  # noqa: E402
from risk.state import classic_board  # noqa: E402
from tests.support.gui import (button, classic_position, click, frames, game, hover, press, scene_with,  # noqa: E402
                               start, territory_click, until)


def shoot(app, folder: Path, name: str) -> None:
    app.frame()
    app.frame()
    pygame.image.save(app.screen, str(folder / name))
    print("wrote", folder / name)


def hot_seat(folder, size, tag):
    from risk.gui.scenes.handover import HandOverScene, WaitedDialog

    config = PlayConfig.for_seats(["human", "angry", "human"], seed=5, rules=Rules(setup="deal", placement="auto"),
                                  board=classic_board(), speed="max", size=size)
    app = start(config)
    scene = game(app)
    handovers = 0
    for _ in range(3000):
        top = app.top
        if isinstance(top, HandOverScene):
            handovers += 1
            if handovers == 2:
                shoot(app, folder, f"window-hotseat-handover{tag}.png")
            click(app, button(app, "I am ready").rect.center)
        elif isinstance(top, WaitedDialog):
            shoot(app, folder, f"window-waited{tag}.png")
            return
        elif scene.session.is_human_turn():
            mine = scene.state.territories_of(scene.session.human)[0]
            hover(app, scene.view.centre(mine))
            press(app, pygame.K_a)
            press(app, pygame.K_e)
            press(app, pygame.K_RETURN)
        else:
            app.frame()


def attack(folder, size, tag):
    from ai import make_agent
    from risk.gui.session import HumanAgent
    from risk.phase import Phase

    state = classic_position({"Alaska": (0, 3), "Kamchatka": (1, 9)}, phase=Phase.ATTACK)
    app = scene_with(state, [HumanAgent(), make_agent("angry"), make_agent("angry")], size=size)
    board = state.board
    territory_click(app, board.id("Alaska"))
    territory_click(app, board.id("Kamchatka"))
    territory_click(app, board.id("Kamchatka"))  # a double click: selects, says how to roll
    hover(app, game(app).view.centre(board.id("Kamchatka")))
    shoot(app, folder, f"window-attack-blitz-until{tag}.png")


def game_over(folder, size, tag):
    from ai import make_agent
    from risk.gui.scenes.gameover import GameOverScene
    from risk.gui.session import HumanAgent
    from risk.phase import Phase

    state = classic_position({"Alaska": (0, 1), "Kamchatka": (1, 30)}, players=2, phase=Phase.ATTACK, player=1)
    app = scene_with(state, [HumanAgent(), make_agent("angry")], players=2, bots=["angry"], size=size)
    until(app, lambda: app.find(GameOverScene) is not None, limit=2000)
    shoot(app, folder, f"window-lost{tag}.png")


def won_with_stats(folder, size, tag):
    """A whole game in which the person's seat is played by a bot: the end shows its battles."""
    from ai import make_agent
    from risk.gui.scenes.game import GameScene
    from risk.gui.scenes.gameover import GameOverScene
    from risk.gui.session import GameSession
    from risk.match import Match

    app = start(PlayConfig(players=3, bots=["angry", "angry"], seed=5, board=classic_board(),
                           rules=Rules(setup="deal", placement="auto"), speed="max", size=size))
    match = Match([make_agent("angry") for _ in range(3)], seed=5, rules=Rules(setup="deal", placement="auto"))
    session = GameSession(match, None, humans=[])
    app.replace_all(GameScene(app, session))
    scene = game(app)
    until(app, lambda: scene.state.is_terminal(), limit=6000)
    # Then look at it as the winner's person would.
    session.humans = [scene.state.winner]
    session.human = scene.state.winner
    session.names[scene.state.winner] = "You"
    until(app, lambda: app.find(GameOverScene) is not None, limit=100)
    shoot(app, folder, f"window-won-stats{tag}.png")


def set_up(folder, size, tag):
    app = start(PlayConfig(players=3, bots=["angry", "angry"], seed=3, board=classic_board(),
                           rules=Rules(setup="claim", placement="turns"), speed="max", size=size))
    scene = game(app)
    until(app, lambda: scene.session.is_human_turn())
    for _ in range(3):
        territory_click(app, next(t for t in range(42) if scene.state.owner[t] < 0))
        until(app, lambda: scene.session.is_human_turn())
    hover(app, button(app, "Place the rest automatically").rect.center)
    shoot(app, folder, f"window-setup-auto{tag}.png")


def damaged_menu(folder, size, tag):
    from risk.gui import saves
    from risk.gui.scenes.menu import MenuScene

    path = saves.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "markov-risk-record", "version": 1, "seed": 1, "players": ["human", "angr')
    app = start(PlayConfig(menu=True, size=size))
    app.replace_all(MenuScene(app))
    shoot(app, folder, f"window-menu-damaged{tag}.png")
    path.unlink()


def main() -> None:
    folder = Path(sys.argv[1])
    size = tuple(int(v) for v in sys.argv[2].split("x")) if len(sys.argv) > 2 else (1280, 800)
    tag = "" if size == (1280, 800) else f"-{size[0]}x{size[1]}"
    which = sys.argv[3:] or ["hot_seat", "attack", "game_over", "won_with_stats", "set_up", "damaged_menu"]
    for name in which:
        globals()[name](folder, size, tag)
        pygame.display.quit()


if __name__ == "__main__":
    main()
