"""Options shared by the commands that start games: bots, seed, rules, map, turn cap."""

from __future__ import annotations

import random

from risk.errors import UsageError
from risk.options import add_rules_options, positive_int, rules_from_args, seed_value

# add_rules_options and rules_from_args moved to risk.options; the commands still import them here.
__all__ = ["add_game_options", "add_rules_options", "game_setup", "rules_from_args"]


def add_game_options(parser, bots_default: str | None = None) -> None:
    parser.add_argument("--bots", default=bots_default, required=bots_default is None,
                        help="comma-separated bot specs, one per seat (e.g. random,random,random)")
    parser.add_argument("--seed", type=seed_value, default=None,
                        help="the game's seed (default: a random one, printed so it can be reused)")
    add_rules_options(parser)
    parser.add_argument("--map", default=None, metavar="PATH", help="a map file (default: classic)")
    parser.add_argument("--max-turns", type=positive_int, default=None,
                        help="end the game after this many player turns and adjudicate")


def game_setup(args):
    """(agents, specs, seed, rules, board) from the shared options; UsageError on bad values."""
    from ai import split_specs
    from risk.players import make_player
    from risk.board import load_map

    specs = split_specs(args.bots)
    if not 2 <= len(specs) <= 6:
        raise UsageError(f"--bots needs 2 to 6 bots, not {len(specs)}")
    agents = [make_player(spec) for spec in specs]
    rules = rules_from_args(args)
    board = load_map(args.map)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    return agents, seed, rules, board
