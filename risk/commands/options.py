"""Options shared by the commands that start games: bots, seed, rules, map, turn cap."""

from __future__ import annotations

import random

from risk.commands.common import positive_int, seed_value
from risk.errors import UsageError
from risk.rules import Rules


def add_game_options(parser, bots_default: str | None = None) -> None:
    parser.add_argument("--bots", default=bots_default, required=bots_default is None,
                        help="comma-separated bot specs, one per seat (e.g. random,random,random)")
    parser.add_argument("--seed", type=seed_value, default=None,
                        help="the game's seed (default: a random one, printed so it can be reused)")
    add_rules_options(parser)
    parser.add_argument("--map", default=None, metavar="PATH", help="a map file (default: classic)")
    parser.add_argument("--max-turns", type=positive_int, default=None,
                        help="end the game after this many player turns and adjudicate")


def add_rules_options(parser) -> None:
    """--rules-preset and --rules, shared by every command that starts games."""
    from risk.rules import PRESETS

    parser.add_argument("--rules-preset", default="us-1993", metavar="NAME",
                        help=f"the rules of an edition: {', '.join(PRESETS)} (default: us-1993)")
    parser.add_argument("--rules", default="", metavar="NAME=VALUE,...",
                        help="rule options on top of the preset, e.g. fortify=connected,missions=true "
                             "(see docs/rules.md)")


def rules_from_args(args) -> Rules:
    """The preset, changed by --rules, and the turn cap of --max-turns (if the command has one)."""
    rules = Rules.parse(args.rules, Rules.preset(getattr(args, "rules_preset", "us-1993")))
    if getattr(args, "max_turns", None) is not None:
        rules = Rules.parse(f"max_turns={args.max_turns}", rules)
    return rules


def game_setup(args):
    """(agents, specs, seed, rules, board) from the shared options; UsageError on bad values."""
    from ai import make_agent, split_specs
    from risk.board import load_map

    specs = split_specs(args.bots)
    if not 2 <= len(specs) <= 6:
        raise UsageError(f"--bots needs 2 to 6 bots, not {len(specs)}")
    agents = [make_agent(spec) for spec in specs]
    rules = rules_from_args(args)
    board = load_map(args.map)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    return agents, seed, rules, board
