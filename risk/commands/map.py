"""``risk map info|validate|import|generate``: look at, check, convert and make map files."""

from __future__ import annotations

import json
import sys

from risk.commands.options import output_file, positive_int, seed_value
from risk.errors import RiskError
from risk.files import printable


def register(sub) -> None:
    parser = sub.add_parser("map", help="show, check, import or generate a map",
                            description="Show, check, import or generate a map file.")
    actions = parser.add_subparsers(dest="map_command", metavar="ACTION", parser_class=type(parser))
    info = actions.add_parser("info", help="territories, continents and borders of a map")
    info.add_argument("path", nargs="?", help="a map file (default: the classic map)")
    info.add_argument("--json", action="store_true", help="print the map as JSON")
    info.set_defaults(run=run_info)
    validate = actions.add_parser("validate", help="check a map file")
    validate.add_argument("path", help="the map file to check")
    validate.set_defaults(run=run_validate)
    imp = actions.add_parser("import", help="convert a Domination .map file to this program's format")
    imp.add_argument("path", help="the Domination .map file")
    imp.add_argument("-o", "--output", required=True, type=output_file, help="the JSON map file to write")
    imp.set_defaults(run=run_import)
    gen = actions.add_parser("generate", help="make a new world: the same one for the same seed",
                             description="Make a new world: a landmass carved into territories, continents "
                                         "with a few gates each, sea lanes across narrow water, bonuses "
                                         "from size and gates. The same seed makes the same file on any machine.")
    gen.add_argument("--territories", type=positive_int, required=True, metavar="N",
                     help="how many territories (8 to 1000)")
    gen.add_argument("--continents", type=positive_int, metavar="K",
                     help="how many continents (default: about 0.9 times the square root of N)")
    gen.add_argument("--seed", type=seed_value, default=0, help="the world's seed (default 0)")
    gen.add_argument("--style", choices=("continents", "islands", "pangaea"), default="continents",
                     help="separate continents (default), island groups, or one landmass")
    gen.add_argument("-o", "--output", required=True, type=output_file, help="the JSON map file to write")
    gen.set_defaults(run=run_generate)
    parser.set_defaults(run=lambda args: (parser.print_help(), 2)[1])


def _warn(warnings) -> None:
    for warning in warnings:
        print(f"risk: warning: {printable(warning)}", file=sys.stderr)


def run_info(args) -> int:
    from risk.board import load_map, map_summary

    board = load_map(args.path)
    _warn(board.warnings)
    summary = map_summary(board)
    if args.json:
        summary.pop("name")
        print(json.dumps(summary, indent=2, ensure_ascii=False))
        return 0
    print(f"{board.name}: {len(board)} territories, {len(board.continents)} continents, "
          f"{len(board.borders)} borders")
    width = max(len(c.name) for c in board.continents)
    for c in board.continents:
        print(f"  {c.name:<{width}}  bonus {c.bonus:>2}  {len(c.members):>2} territories")
    return 0


def run_validate(args) -> int:
    from risk.board import board_from_dict, load_map
    from risk.domination import read_domination

    note = ""
    if _is_domination(args.path):
        # Check it as the import would read it, so "valid" means "imports and plays".

        data, warnings = read_domination(args.path)
        _warn(warnings)
        board = board_from_dict(data, path=args.path)
        note = " (a Domination map: play it after 'risk map import')"
    else:
        board = load_map(args.path)
    _warn(board.warnings)
    print(f"ok: {args.path}: {board.name}, {len(board)} territories, {len(board.continents)} continents, "
          f"{len(board.borders)} borders{note}")
    return 0


def _is_domination(path: str) -> bool:
    from risk.files import decode, read_bytes
    from risk.schema import MAX_MAP_BYTES

    try:
        head = decode(read_bytes(path, MAX_MAP_BYTES, "map file")[:1 << 16], path, "map file", errors="replace")
    except RiskError:
        return False  # load_map reports a missing, unreadable or foreign file in its own words
    return "[continents]" in head.lower()


def run_import(args) -> int:
    from pathlib import Path

    from risk.domination import read_domination
    from risk.files import write_atomically

    data, warnings = read_domination(args.path)
    _warn(warnings)
    out = Path(args.output)
    write_atomically(out, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {out}: {len(data['territories'])} territories, {len(data['continents'])} continents, "
          f"{len(data['borders'])} borders")
    return 0


def run_generate(args) -> int:
    from pathlib import Path

    from risk.board import board_from_dict
    from risk.files import write_atomically
    from risk.worlds import generate

    data = generate(args.territories, args.continents, args.seed, args.style)
    board = board_from_dict(data)  # the same checks as 'risk map validate'
    out = Path(args.output)
    write_atomically(out, world_text(data))
    print(f"wrote {out}: {board.name}, {len(board)} territories, {len(board.continents)} continents, "
          f"{len(board.borders)} borders ({len(board.sea_routes)} by sea)")
    return 0


def world_text(data) -> str:
    """A generated map as its file holds it: one territory per line, so that the file reads and
    diffs well; the same bytes for the same map."""
    import json

    def line(value) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    parts = ["{"]
    keys = list(data)
    for index, key in enumerate(keys):
        value = data[key]
        comma = "," if index < len(keys) - 1 else ""
        if isinstance(value, list) and value and key != "size":
            parts.append(f"  {json.dumps(key)}: [")
            parts.extend(f"    {line(item)}{',' if i < len(value) - 1 else ''}" for i, item in enumerate(value))
            parts.append(f"  ]{comma}")
        else:
            parts.append(f"  {json.dumps(key)}: {line(value)}{comma}")
    parts.append("}")
    return "\n".join(parts) + "\n"
