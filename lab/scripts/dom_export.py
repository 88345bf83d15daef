"""Write a map of this program (a generated world, say) as a Domination map, so that the bot can
meet Domination's Hard on boards nobody developed it on:

    python lab/scripts/dom_export.py world.json DIR        # writes DIR/world.map and DIR/world.cards

Domination reads its maps from one folder that must also hold risk.map, so DIR gets a copy of the
harness's risk.map and risk.cards too (the harness is SPARRING, as for dom_vs_hard.sh); give DIR
to the batch as ``MAPS_DIR``.
Territories keep their order (Domination's country i+1 is territory i, as the importer reads it
back), names lose their spaces (Domination splits its lines at them), continents get Domination
colour names in turn, and the deck is each territory's own card plus two wild cards, with no
missions (the variant the harness plays has none). Sea routes are borders, as in this program.
The round trip is checked: the written map read back by the project's importer has the same
continent bonuses, members, borders and cards, or the script stops saying so.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from risk.board import CARD_SYMBOLS, board_from_dict, load_map  # noqa: E402
from risk.domination import read_domination  # noqa: E402
from risk.errors import RiskError  # noqa: E402

HARNESS_MAPS = Path(os.environ.get("SPARRING", "/work/shared/sparring/domination")) / "domination-src/game/Domination/maps"
COLOURS = ("red", "blue", "green", "yellow", "orange", "magenta", "cyan", "pink", "gray", "white")
CARDS = {"infantry": "Infantry", "cavalry": "Cavalry", "artillery": "Cannon"}


def single_word(name: str) -> str:
    return "-".join(name.split())


def export(source: Path, folder: Path, harness: Path = HARNESS_MAPS) -> Path:
    """Write ``source`` into ``folder`` as ``STEM.map`` and ``STEM.cards`` (with the harness's
    risk.map and risk.cards beside them, where the harness is) and check that it reads back."""
    board = load_map(source)
    stem = source.stem
    folder.mkdir(parents=True, exist_ok=True)
    lines = ["; Written by lab/scripts/dom_export.py from " + source.name, "", f"name {single_word(board.name)}",
             "", "[files]", f"crd {stem}.cards", "", "[continents]"]
    for k, continent in enumerate(board.continents):
        lines.append(f"{single_word(continent.name)} {continent.bonus} {COLOURS[k % len(COLOURS)]}")
    lines += ["", "[countries]"]
    # positions scaled into the classic map's picture, 677 by 425
    xs, ys = [p[0] for p in board.positions], [p[1] for p in board.positions]
    left, top = min(xs), min(ys)
    width, height = max(1, max(xs) - left), max(1, max(ys) - top)
    for t, name in enumerate(board.names):
        x, y = int(677 * (xs[t] - left) / width), int(425 * (ys[t] - top) / height)
        lines.append(f"{t + 1} {single_word(name)} {board.continent_of[t] + 1} {x} {y}")
    lines += ["", "[borders]"]
    for t, neighbours in enumerate(board.neighbours):
        lines.append(" ".join(str(n + 1) for n in [t, *sorted(neighbours)]))
    map_path = folder / f"{stem}.map"
    map_path.write_text("\n".join(lines) + "\n")
    cards = ["; Written by lab/scripts/dom_export.py", "", "[cards]"]
    for t in range(len(board.names)):
        cards.append(f"{CARDS[CARD_SYMBOLS[board.cards[t]]]} {t + 1}")
    cards += ["wildcard", "wildcard", "", "[missions]", ""]
    (folder / f"{stem}.cards").write_text("\n".join(cards))
    for name in ("risk.map", "risk.cards"):
        if (harness / name).exists() and not (folder / name).exists():
            shutil.copy(harness / name, folder / name)
    if not (folder / "risk.map").exists():  # Domination will not open a folder without it
        print(f"dom_export: no risk.map in {folder} (none in {harness} to copy): copy one there before a batch",
              file=sys.stderr)
    check(board, map_path)
    return map_path


def check(board, map_path: Path) -> None:
    """Stop unless ``map_path`` reads back as ``board``: its continents' bonuses, members,
    borders and cards."""
    data, _ = read_domination(map_path)
    back = board_from_dict(data)
    if [c.bonus for c in back.continents] != [c.bonus for c in board.continents] \
            or back.continent_of != board.continent_of or back.cards != board.cards \
            or [sorted(n) for n in back.neighbours] != [sorted(n) for n in board.neighbours]:
        raise SystemExit(f"dom_export: {map_path} does not read back as {board.name}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("map", type=Path)
    parser.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    try:
        written = export(args.map, args.folder)
    except (RiskError, OSError) as error:  # a missing or malformed map, an unwritable folder
        raise SystemExit(f"dom_export: {error}") from None
    print(f"wrote {written}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
