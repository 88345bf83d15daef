"""Screenshots of maps in the window, for docs/window-screens.md: a generated world, a
400-territory world (at the zoom it opens with, and whole), an imported Domination map on its own
picture, one given by positions alone, and the new-game screen's "Generate a world".

Seeded games (the same pictures every run); each picture is the window's own surface. The docs
build runs this script (docs/_ext/window_pictures.py); by hand, headless or under Xvfb::

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python docs/window_map_shots.py FOLDER
    xvfb-run -a -s '-screen 0 1280x800x24' python docs/window_map_shots.py FOLDER 1280x800 picture

The moment ``community`` (not for the docs: their pictures are their authors') shoots the
community maps of ``../shared/sparring/domination`` on their own pictures. The command line and
the rules every moment keeps are in docs/window_camera.py.
"""

from __future__ import annotations

import sys
import tempfile
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the checkout's risk and ai, and tests.support

from risk.gui.app import PlayConfig  # noqa: E402
from risk.rules import Rules  # noqa: E402
from tests.support.gui import click, frames, game, hover, open_new_game, start, widget_with  # noqa: E402
from tests.support.isles import isles_map  # noqa: E402
from window_camera import Moments, ShotError, main  # noqa: E402

COMMUNITY = ROOT.parent / "shared" / "sparring" / "domination" / "domination-src" / "game" / "Domination" / "maps"
COMMUNITY_MAPS = ("tube", "uk", "teg")

moments = Moments()


def _game(board, size, players=4, turns=0, seed=5):
    """A window on ``board`` with angry bots in every seat, ``turns`` turns played."""
    from risk.gui.setup import armies_for

    rules = armies_for(board, Rules(setup="deal", placement="auto"), players)
    app = start(PlayConfig(players=players, bots=["angry"] * players, seed=seed, board=board, rules=rules,
                           speed="fast", size=size, bots_only=True))
    scene = game(app)
    while scene.state.turn <= turns and not scene.state.is_terminal():
        scene.pacer.next_move_at = 0
        app.frame()
    scene.pacer.next_move_at = float("inf")  # the shot shows this position: no bot moves on meanwhile
    return app, scene


@moments("window-world")
def world(camera):
    """A generated world of 100 territories, four Angry bots at turn 10."""
    from risk.worlds import generate_board

    app, scene = _game(generate_board(100, seed=7, style="continents"), camera.size, turns=9)
    camera.shoot(app, "window-world")


@moments("window-world-400", "window-world-400-all")
def big(camera):
    """A world of 400 territories at turn 13, as it opens (zoomed in), then whole (All)."""
    from risk.worlds import generate_board

    app, scene = _game(generate_board(400, seed=2, style="continents"), camera.size, turns=12)
    camera.shoot(app, "window-world-400")
    click(app, widget_with(app, "All").rect.center)
    scene._pending_at -= 1
    scene.anims.skip()
    camera.shoot(app, "window-world-400-all")


@moments("window-picture")
def picture(camera):
    """The test map Isles on its own picture, three players at turn 2, the pointer on the far
    east end of Long Reach."""
    from risk.gui.animation import Banner
    from risk.gui.setup import load_board

    app, scene = _game(load_board(isles_map()), camera.size, players=3, turns=1, seed=3)
    # The banner of the last continent taken would cover a continent's name; its arrows stay.
    scene.anims.items = [item for item in scene.anims.items if not isinstance(item, Banner)]
    hover(app, scene.view.to_screen(540, 272))  # Long Reach's far east end, nearer Cape End's badge
    camera.shoot(app, "window-picture")


@moments("window-fallback")
def fallback(camera):
    """The classic map written as a Domination .map file alone (names, continents, positions and
    borders; no picture, no shapes), four Angry bots at turn 3."""
    from risk.gui.setup import load_board
    from risk.state import classic_board

    bare = Path(tempfile.mkdtemp(prefix="bare-", dir=Path.home())) / "classic.map"
    bare.write_text(as_domination(classic_board()))
    app, scene = _game(load_board(bare), camera.size, turns=2)
    camera.shoot(app, "window-fallback")


def as_domination(board) -> str:
    """``board`` in Domination's ``.map`` format, without a ``[files]`` section."""
    def token(name: str) -> str:
        return name.replace(" ", "_")

    lines = [f"name {board.name}", "[continents]"]
    lines += [f"{token(continent.name)} {continent.bonus}" for continent in board.continents]
    lines.append("[countries]")
    lines += [f"{t + 1} {token(name)} {board.continent_of[t] + 1} {round(x)} {round(y)}"
              for t, (name, (x, y)) in enumerate(zip(board.names, board.positions))]
    lines.append("[borders]")
    lines += [" ".join(str(n + 1) for n in (t, *board.neighbours[t])) for t in range(len(board))]
    return "\n".join(lines) + "\n"


@moments("window-newgame-world")
def newgame(camera):
    """The new-game screen with Generate a world chosen: 100 territories, islands, seed 11."""
    from risk.gui import setup as S

    app = start(PlayConfig(menu=True, speed="max", size=camera.size))
    screen = open_new_game(app)
    click(app, widget_with(app, "Generate a world").rect.center)
    screen.setup = replace(screen.setup, world=S.WorldChoice(100, "islands", 11))
    frames(app, 1)
    screen.focus = screen.rows().index("world_style")  # its help is written under the rules
    camera.shoot(app, "window-newgame-world")


@moments(*(f"window-community-{name}" for name in COMMUNITY_MAPS), sizes=())
def community(camera):
    """The community maps on their own pictures, at turn 5 (where they are present)."""
    import pygame

    from risk.gui.setup import load_board

    for name in COMMUNITY_MAPS:
        path = COMMUNITY / f"{name}.map"
        if not path.is_file():
            raise ShotError(f"no community map {path}")
        app, scene = _game(load_board(path), camera.size, turns=4)
        camera.shoot(app, f"window-community-{name}")
        pygame.display.quit()


if __name__ == "__main__":
    main(moments)
