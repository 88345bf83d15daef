"""The command line's options, one module for every subcommand: argument types that reject a bad
value with one clear line, the rules, a game's options, and a tournament's or a tuning run's.

Each subcommand's module (``risk.commands.NAME``) adds the options it takes from here, as do the
scripts in lab/ that start runs. The libraries below the command line (the tournament, the tuner)
take values, never options, and never import this module.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from risk.errors import UsageError

if TYPE_CHECKING:  # the runner, the worker and the engine load only when a run starts
    from risk.rules import Rules
    from risk.tournament.runner import Runner
    from risk.tournament.session import Session
    from risk.tournament.worker import GameSetup


def _whole(text: str, what: str = "") -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what}'{text}' is not a whole number") from None


def _real(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
    if value != value:  # NaN passes every comparison below, so name it here
        raise argparse.ArgumentTypeError(f"'{text}' is not a number")
    return value


def positive_int(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def non_negative_int(text: str) -> int:
    value = _whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} must not be negative")
    return value


def seed_value(text: str) -> int:
    value = _whole(text, "seed ")
    if value < 0:
        raise argparse.ArgumentTypeError(f"seed {value} must not be negative")
    return value


def positive_float(text: str) -> float:
    value = _real(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text} must be greater than 0")
    return value


def non_negative_float(text: str) -> float:
    value = _real(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} must not be negative")
    return value


def fraction(text: str) -> float:
    """A number strictly between 0 and 1."""
    value = positive_float(text)
    if value >= 1:
        raise argparse.ArgumentTypeError(f"{text} must be below 1")
    return value


def output_file(text: str) -> str:
    """A file the command will write: checked before any work, so a long run cannot end in a
    path that was never writable, and refused unless it is a regular file or a new one (a
    device, a FIFO, a symbolic link or a folder is never replaced)."""
    from risk.files import output_problem

    problem = output_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(f"{text} {problem}")
    return text


def png_file(text: str) -> str:
    """A plot to write: an :func:`output_file` whose name says PNG, which is what is written."""
    output_file(text)
    if Path(text).suffix.lower() != ".png":
        raise argparse.ArgumentTypeError(f"{text}: plots are written as PNG; give a name ending in .png")
    return text


# -- the rules -----------------------------------------------------------------------------------

def add_rules_options(parser) -> None:
    """--rules-preset and --rules, shared by every command that starts games."""
    from risk.rules import PRESETS

    parser.add_argument("--rules-preset", default="us-1993", metavar="NAME",
                        help=f"the rules of an edition: {', '.join(PRESETS)} (default: us-1993)")
    parser.add_argument("--rules", default="", metavar="NAME=VALUE,...",
                        help="rule options on top of the preset, e.g. fortify=connected,missions=true "
                             "(see docs/rules.md)")


def rules_from_args(args) -> Rules:
    """The preset, changed by --rules, and the turn cap of --max-turns (if the command has one);
    raises UsageError on a bad option."""
    from risk.rules import Rules

    rules = Rules.parse(args.rules, Rules.preset(getattr(args, "rules_preset", "us-1993")))
    if getattr(args, "max_turns", None) is not None:
        rules = Rules.parse(f"max_turns={args.max_turns}", rules)
    return rules


# -- one game: the bots, the seed, the rules, the map, the turn cap -------------------------------

def add_game_options(parser, bots_default: str | None = None) -> None:
    """--bots, --seed, the rules, --map, --max-turns: what ``risk play`` and ``risk simulate``
    start a game with."""
    parser.add_argument("--bots", default=bots_default, required=bots_default is None,
                        help="comma-separated bot specs, one per seat (e.g. random,random,random)")
    parser.add_argument("--seed", type=seed_value, default=None,
                        help="the game's seed (default: a random one, printed so it can be reused)")
    add_rules_options(parser)
    parser.add_argument("--map", default=None, metavar="PATH", help="a map file (default: classic)")
    parser.add_argument("--max-turns", type=positive_int, default=None,
                        help="end the game after this many player turns and adjudicate")


def game_setup(args):
    """(agents, seed, rules, board) from the shared options; UsageError on bad values."""
    from ai import split_specs
    from risk.board import load_map
    from risk.players import make_player
    from risk.randomness import fresh_seed

    specs = split_specs(args.bots)
    if not 2 <= len(specs) <= 6:
        raise UsageError(f"--bots needs 2 to 6 bots, not {len(specs)}")
    agents = [make_player(spec) for spec in specs]
    rules = rules_from_args(args)
    board = load_map(args.map)
    seed = args.seed if args.seed is not None else fresh_seed()
    return agents, seed, rules, board


# -- a tournament or a tuning run: many games ------------------------------------------------------

def add_setup_options(parser, max_turns: int | None = None, max_turns_why: str = "") -> None:
    """--seed, --rules-preset, --rules, --map, --max-turns: what every game of the run shares.
    ``max_turns`` is the command's default turn cap (None: the rules' own), ``max_turns_why``
    the reason the help gives for it."""
    parser.add_argument("--seed", type=seed_value, default=None,
                        help="the master seed every game's seed derives from "
                             "(default: a random one, printed so the run can be repeated)")
    add_rules_options(parser)
    parser.add_argument("--map", default=None, metavar="PATH", help="a map file (default: classic)")
    # argparse reads % in a help text as a format: a reason may well hold a percentage.
    default = "" if max_turns is None else f"; default {max_turns}{max_turns_why}".replace("%", "%%")
    parser.add_argument("--max-turns", type=positive_int, default=max_turns, metavar="N",
                        help="end each game after N player turns and adjudicate it "
                             f"(most territories, then most armies; an exact tie is a draw){default}")


def add_pool_options(parser) -> None:
    """--jobs, --backend, --move-timeout: where and how fast the games are played."""
    from risk.tournament import BACKENDS  # the package only: the runner loads when a run starts

    parser.add_argument("--jobs", type=positive_int, default=None, metavar="N",
                        help="games played at once (default: this machine's cores; with "
                             "--backend ray on a cluster, the cluster's CPUs)")
    parser.add_argument("--backend", choices=BACKENDS, default="process",
                        help="process: a local process pool; ray: a Ray cluster at RAY_ADDRESS, "
                             "else a local Ray (needs pip install 'markov-risk[ray]')")
    parser.add_argument("--move-timeout", type=positive_float, default=None, metavar="SECONDS",
                        help="a bot that takes longer over one move forfeits the game")


def add_run_options(parser) -> None:
    """--jobs, --backend, --move-timeout, --out, --resume, --json: how the games are run."""
    add_pool_options(parser)
    parser.add_argument("--out", metavar="FILE", type=output_file,
                        help="write one JSON line per finished game here, durably, as it finishes")
    parser.add_argument("--resume", action="store_true",
                        help="continue the --out file of an interrupted run (same options and "
                             "--seed), playing only the games it does not hold")
    parser.add_argument("--json", action="store_true",
                        help="print only the summary, as JSON (no game lines)")


def records_folder(text: str) -> str:
    """A folder to keep game records in: an existing folder, or a new one in an existing folder
    (made when the run starts), checked before any game is played."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a file; give a folder for the records")
    parent = path if path.is_dir() else (path.parent if str(path.parent) else Path("."))
    if not parent.is_dir():
        raise argparse.ArgumentTypeError(f"cannot make {text}: folder {parent} does not exist")
    if not os.access(parent, os.W_OK):
        raise argparse.ArgumentTypeError(f"cannot write records in {parent}: permission denied")
    return text


def add_records_option(parser) -> None:
    """--records DIR: keep every game's record."""
    parser.add_argument("--records", metavar="DIR", type=records_folder,
                        help="keep each game's record here, gzip-compressed (game-00001.jsonl.gz "
                             "for game 1; the results line names it): risk replay FILE checks "
                             "one, risk replay FILE --window shows it")


def make_setup(args) -> tuple[GameSetup, int]:
    """The run's GameSetup and master seed from the options; UsageError on bad values."""
    from risk.board import load_map
    from risk.tournament.worker import GameSetup

    rules = rules_from_args(args)
    board = load_map(args.map)
    resume, out = getattr(args, "resume", False), getattr(args, "out", None)
    if resume and not out:
        raise UsageError("--resume needs the --out file to continue")
    if resume and args.seed is None:
        raise UsageError("--resume needs the --seed of the run it continues")
    records = getattr(args, "records", None)
    if records is not None:
        _prepare_records(Path(records), resume)
    seed = args.seed
    if seed is None:
        from risk.randomness import fresh_seed

        seed = fresh_seed()
        print(f"seed {seed} (pass --seed {seed} to repeat this run)", file=sys.stderr)
    return GameSetup(rules=rules, board=board, move_timeout=args.move_timeout, records=records), seed


def _prepare_records(folder: Path, resume: bool) -> None:
    """Make the records folder; refuse one that holds another run's records unless resuming
    (a new run would overwrite them game by game)."""
    if not resume and folder.is_dir() and any(folder.glob("game-*.jsonl.gz")):
        raise UsageError(f"{folder} already holds game records; add --resume to continue its run, "
                         "or choose another --records folder")
    try:
        folder.mkdir(exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot make the records folder {folder}: {exc.strerror or exc}") from None


def open_session(args, setup: GameSetup, total_games: int) -> tuple[Session, Runner]:
    """Open the results file and the runner; the caller enters the runner and closes both."""
    from risk.tournament.results import ResultsFile
    from risk.tournament.runner import Runner
    from risk.tournament.session import Session

    results = ResultsFile.open(args.out, resume=args.resume) if args.out else None
    runner = Runner(setup, backend=args.backend, jobs=args.jobs)
    return Session(runner, results, total_games, show_games=not args.json), runner


def print_json(data: dict[str, Any]) -> None:
    print(json.dumps(data, indent=2))
