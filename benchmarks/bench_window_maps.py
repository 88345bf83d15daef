"""How long a map takes to open in the window: ``python benchmarks/bench_window_maps.py [--repeat N] [MAP ...]``.

For each map (by default every map in ``maps/``, generated worlds of 100 and 400 territories, the
test map Isles (``tests/support/isles.py``) with its picture and without it, the community Domination maps in
``../shared/sparring/domination`` where they are present, each also without its pictures, and any
``.json`` or ``.map`` named on the command line) it measures the CPU time, in a process where the program is already running, of
what opening it in a game costs: reading the map, its geometry (worked out, or read from the
cache), fitting it into the game's map area at 1280x800 and the first drawing. "first" is the
first opening (no cache), "again" the second (the cache beside the map, or in the cache folder);
each the median of ``--repeat`` measurements (5 by default; the kept geometry is removed before
each "first"). Headless (SDL's dummy driver); the cache goes to a temporary folder.
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
WORK = Path(tempfile.mkdtemp(prefix="bench-window-maps-"))
os.environ["MARKOV_RISK_DATA"] = str(WORK / "data")

import pygame  # noqa: E402

COMMUNITY = ROOT.parent / "shared" / "sparring" / "domination" / "domination-src" / "game" / "Domination" / "maps"


def open_once(path: Path) -> tuple[float, int, str]:
    """(CPU seconds to open ``path`` as a game does, its territories, how it is drawn)."""
    from risk.gui import panels
    from risk.gui.maprender import MapView
    from risk.gui.setup import load_board

    start = time.process_time()
    board = load_board(path)
    view = MapView(board)
    view.open_legibly()  # as the game opens it: a big world zoomed in
    view.layout(panels.regions((1280, 800), view.geometry.size)["map"])
    surface = pygame.Surface((1280, 800))
    view.draw(surface, [t % 4 for t in range(len(board))], [3] * len(board))
    kind = "picture" if view.art is not None else "shapes" if view.geometry.quick else "positions"
    return time.process_time() - start, len(board), kind


def forget_geometry(path: Path) -> None:
    """Remove the geometry kept for the map at ``path``: its next opening is a first one again.
    Only the benchmark's own files go: a map outside its temporary folder keeps what is beside it."""
    from risk.gui.geocache import cache_files
    from risk.gui.setup import load_board

    for place in cache_files(load_board(path)):
        if WORK in place.parents:
            place.unlink(missing_ok=True)


def maps(named: list[str]) -> list[tuple[str, Path]]:
    from risk.paths import maps_dir

    import json

    from risk.worlds import generate

    out = [(p.name, p) for p in sorted(maps_dir().glob("*.json"))]
    for territories in (100, 400):
        world = WORK / f"world-{territories}.json"
        world.write_text(json.dumps(generate(territories, seed=2)))
        out.append((f"generated, {territories}", world))
    from tests.support.isles import write_isles

    (WORK / "isles").mkdir(exist_ok=True)
    isles = write_isles(WORK / "isles")
    out.append(("isles.map (picture)", isles))
    sources = [isles] + (sorted(COMMUNITY.glob("*.map")) if COMMUNITY.is_dir() else [])
    for source in sources[1:]:
        out.append((f"{source.name} (picture)", source))
    for source in sources:
        bare = WORK / "bare" / source.stem / source.name
        bare.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source, bare)
        out.append((f"{source.name} (positions)", bare))
    out += [(Path(p).name, Path(p)) for p in named]
    return out


def main(argv: list[str]) -> int:
    repeat = 5
    if argv[:1] == ["--repeat"]:
        if len(argv) < 2 or not argv[1].isdigit() or int(argv[1]) < 1:
            print("bench_window_maps: error: --repeat takes a whole number of at least 1", file=sys.stderr)
            return 2
        repeat, argv = int(argv[1]), argv[2:]
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 800))
    open_once(ROOT / "maps" / "classic.json")  # imports and fonts: not the map's cost
    print(f"CPU seconds, median of {repeat}")
    print(f"{'map':32} {'territories':>11} {'drawn from':>10} {'first':>8} {'again':>8}")
    for label, path in maps(argv):
        firsts, agains = [], []
        for _ in range(repeat):
            forget_geometry(path)
            seconds, count, kind = open_once(path)
            firsts.append(seconds)
            agains.append(open_once(path)[0])
        first, again = statistics.median(firsts), statistics.median(agains)
        print(f"{label:32} {count:>11} {kind:>10} {first:>7.2f}s {again:>7.2f}s")
    shutil.rmtree(WORK, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
