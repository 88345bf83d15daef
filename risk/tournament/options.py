"""Command-line options shared by ``risk tournament`` and ``risk tune``, and what they build."""

from __future__ import annotations

import json
import random
import sys
from typing import TYPE_CHECKING, Any

from risk.errors import UsageError
from risk.options import (add_rules_options, output_file, positive_float, positive_int,
                          rules_from_args, seed_value)

if TYPE_CHECKING:  # the runner, the worker and the engine load only when a run starts
    from risk.tournament.runner import Runner
    from risk.tournament.session import Session
    from risk.tournament.worker import GameSetup

#: The backends of :class:`risk.tournament.runner.Runner`, named here so that the options need no runner.
BACKENDS = ("process", "ray")


def add_setup_options(parser) -> None:
    """--seed, --rules-preset, --rules, --map, --max-turns: what every game of the run shares."""
    parser.add_argument("--seed", type=seed_value, default=None,
                        help="the master seed every game's seed derives from "
                             "(default: a random one, printed so the run can be repeated)")
    add_rules_options(parser)
    parser.add_argument("--map", default=None, metavar="PATH", help="a map file (default: classic)")
    parser.add_argument("--max-turns", type=positive_int, default=None, metavar="N",
                        help="end each game after N player turns and adjudicate it "
                             "(most territories, then most armies; an exact tie is a draw)")


def add_run_options(parser) -> None:
    """--jobs, --backend, --move-timeout, --out, --resume, --json: how the games are run."""
    parser.add_argument("--jobs", type=positive_int, default=None, metavar="N",
                        help="games played at once (default: this machine's cores; with "
                             "--backend ray on a cluster, the cluster's CPUs)")
    parser.add_argument("--backend", choices=BACKENDS, default="process",
                        help="process: a local process pool; ray: a Ray cluster at RAY_ADDRESS, "
                             "else a local Ray (needs pip install 'markov-risk[ray]')")
    parser.add_argument("--move-timeout", type=positive_float, default=None, metavar="SECONDS",
                        help="a bot that takes longer over one move forfeits the game")
    parser.add_argument("--out", metavar="FILE", type=output_file,
                        help="write one JSON line per finished game here, durably, as it finishes")
    parser.add_argument("--resume", action="store_true",
                        help="continue the --out file of an interrupted run (same options and "
                             "--seed), playing only the games it does not hold")
    parser.add_argument("--json", action="store_true",
                        help="print only the summary, as JSON (no game lines)")


def make_setup(args) -> tuple["GameSetup", int]:
    """The run's GameSetup and master seed from the options; UsageError on bad values."""
    from risk.tournament.worker import GameSetup

    from risk.board import load_map

    rules = rules_from_args(args)
    board = load_map(args.map)
    if args.resume and not args.out:
        raise UsageError("--resume needs the --out file to continue")
    if args.resume and args.seed is None:
        raise UsageError("--resume needs the --seed of the run it continues")
    seed = args.seed
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
        print(f"seed {seed} (pass --seed {seed} to repeat this run)", file=sys.stderr)
    return GameSetup(rules=rules, board=board, move_timeout=args.move_timeout), seed


def open_session(args, setup: "GameSetup", total_games: int) -> tuple["Session", "Runner"]:
    from risk.tournament.results import ResultsFile
    from risk.tournament.runner import Runner
    from risk.tournament.session import Session

    """Open the results file and the runner; the caller enters the runner and closes both."""
    results = ResultsFile.open(args.out, resume=args.resume) if args.out else None
    runner = Runner(setup, backend=args.backend, jobs=args.jobs)
    return Session(runner, results, total_games, show_games=not args.json), runner


def print_json(data: dict[str, Any]) -> None:
    print(json.dumps(data, indent=2))
