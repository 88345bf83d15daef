"""Screenshots of maps in the window, for docs/window-screens.md: a generated world, a
400-territory world (at the zoom it opens with, and whole), an imported Domination map on its own
picture and without it, and the new-game screen's "Generate a world".

Run under a real X server, e.g.::

    xvfb-run -a -s '-screen 0 1280x800x24' .venv/bin/python docs/window_map_shots.py docs

Seeded games (the same pictures every run); each picture is the window's own surface. Extra
names after the folder pick shots (``world``, ``big``, ``picture``, ``fallback``, ``newgame``);
``community`` shoots the community maps of ``../shared/sparring/domination`` on their own
pictures, where they are present (not for the docs: their pictures are their authors').
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("MARKOV_RISK_DATA", tempfile.mkdtemp(prefix="risk-map-shots-"))
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the checkout, for tests.support

import pygame  # noqa: E402

from risk.gui.app import PlayConfig  # noqa: E402
from risk.rules import Rules  # noqa: E402
from tests.support.gui import click, frames, game, hover, open_new_game, start, widget_with  # noqa: E402

ISLES = ROOT / "tests" / "data" / "isles" / "isles.map"
COMMUNITY = ROOT.parent / "shared" / "sparring" / "domination" / "domination-src" / "game" / "Domination" / "maps"
SIZE = (1280, 800)


def shoot(app, folder: Path, name: str) -> None:
    frames(app, 2)
    pygame.image.save(app.screen, str(folder / name))
    print("wrote", folder / name)


def _game(board, players=4, turns=0, seed=5):
    """A window on ``board`` with angry bots in every seat, ``turns`` turns played."""
    from risk.gui.setup import armies_for

    rules = armies_for(board, Rules(setup="deal", placement="auto"), players)
    app = start(PlayConfig(players=players, bots=["angry"] * players, seed=seed, board=board, rules=rules,
                           speed="fast", size=SIZE, bots_only=True))
    scene = game(app)
    while scene.state.turn <= turns and not scene.state.is_terminal():
        scene.pacer.next_move_at = 0
        app.frame()
    scene.pacer.next_move_at = float("inf")  # the shot shows this position: no bot moves on meanwhile
    return app, scene


def world(folder):
    from risk.worlds import generate_board

    app, scene = _game(generate_board(100, seed=7, style="continents"), turns=9)
    shoot(app, folder, "window-world.png")


def big(folder):
    from risk.worlds import generate_board

    app, scene = _game(generate_board(400, seed=2, style="continents"), turns=12)
    shoot(app, folder, "window-world-400.png")
    click(app, widget_with(app, "All").rect.center)
    scene._pending_at -= 1
    scene.anims.skip()
    shoot(app, folder, "window-world-400-all.png")


def picture(folder):
    from risk.gui.setup import load_board

    app, scene = _game(load_board(ISLES), players=3, turns=1, seed=3)
    from risk.gui.animation import Banner

    # The banner of the last continent taken would cover a continent's name; its arrows stay.
    scene.anims.items = [item for item in scene.anims.items if not isinstance(item, Banner)]
    hover(app, scene.view.to_screen(540, 272))  # Long Reach's far east end, nearer Cape End's badge
    shoot(app, folder, "window-picture.png")


def fallback(folder):
    """A Domination map without its pictures: the tube map's stations when present, else Isles."""
    from risk.gui.setup import load_board

    source = COMMUNITY / "tube.map" if (COMMUNITY / "tube.map").is_file() else ISLES
    bare = Path(tempfile.mkdtemp(prefix="bare-")) / source.name
    shutil.copy(source, bare)
    app, scene = _game(load_board(bare), turns=2)
    shoot(app, folder, "window-fallback.png")


def newgame(folder):
    from risk.gui import setup as S

    app = start(PlayConfig(menu=True, speed="max", size=SIZE))
    screen = open_new_game(app)
    click(app, widget_with(app, "Generate a world").rect.center)
    screen.setup = replace(screen.setup, world=S.WorldChoice(100, "islands", 11))
    frames(app, 1)
    screen.focus = screen.rows().index("world_style")  # its help is written under the rules
    shoot(app, folder, "window-newgame-world.png")


def community(folder):
    from risk.gui.setup import load_board

    for name in ("tube", "uk", "teg"):
        if (COMMUNITY / f"{name}.map").is_file():
            app, scene = _game(load_board(COMMUNITY / f"{name}.map"), turns=4)
            shoot(app, folder, f"window-community-{name}.png")
            pygame.display.quit()


def main() -> None:
    folder = Path(sys.argv[1])
    which = sys.argv[2:] or ["world", "big", "picture", "fallback", "newgame"]
    for name in which:
        globals()[name](folder)
        pygame.display.quit()


if __name__ == "__main__":
    main()
