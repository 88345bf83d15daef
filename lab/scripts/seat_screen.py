"""A paired screen of a claim change at the seats where it acts.

A change to the claims that only acts from the last seats (when an opponent has entered the
fortress before the bot's first claim) leaves every other game of a tournament as it was. So
this plays only the games of a ``risk tournament`` run (same specs, same ``--seed``, same game
numbers and deals) in which the tested bot sits at the given seats, and sets each result beside
the same game of a baseline run's results file:

    python lab/scripts/seat_screen.py --bot 'strategist:iterations=600' \\
        --baseline lab/results/raw/local-u62-confirm2-vs-3mcts-4p.jsonl --groups 60 --seed 2412 \\
        --seats 3,4 --out lab/results/raw/local-u63-open-seats34.jsonl

The table is the tested bot and three ``mcts``; ``--seats`` counts from 1. A killed run resumes
from its ``--out`` file.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from multiprocessing import Pool

from risk.errors import RiskError, UsageError
from risk.commands.options import add_run_options, add_setup_options, make_setup
from risk.tournament.results import ResultsFile
from risk.tournament.schedule import seat_of, tournament_tasks
from risk.tournament.worker import play_game

OPPONENT = "mcts"
TESTED = 0  # the tested bot's entrant index: first in the spec list, as in the baseline run


def play(job: tuple) -> dict:
    return play_game(*job)


def compare(results: list[dict], baseline: dict[int, dict]) -> str:
    """Wins of the tested bot and of the baseline's in the same games, by seat."""
    by_seat = defaultdict(lambda: [0, 0, 0])
    for record in results:
        if record["game"] not in baseline:
            raise UsageError(f"game {record['game']} is not in the baseline file; "
                             "pass the --seed and --groups of the baseline run")
        seat = seat_of(TESTED, record["rotation"], len(record["seats"]))
        row = by_seat[seat + 1]
        row[0] += record["winner"] == seat
        row[1] += baseline[record["game"]]["winner"] == seat
        row[2] += 1
    lines = [f"seat {seat}: {won} of {games} games, the baseline {base} of the same games"
             for seat, (won, base, games) in sorted(by_seat.items())]
    won = sum(row[0] for row in by_seat.values())
    base = sum(row[1] for row in by_seat.values())
    games = sum(row[2] for row in by_seat.values())
    lines.append(f"all: {won} of {games} ({won / max(games, 1):.1%}), "
                 f"the baseline {base} ({base / max(games, 1):.1%})")
    return "\n".join(lines)


def seat_list(text: str) -> set[int]:
    """``--seats`` as 0-based seats; UsageError on anything but numbers 1 to 4."""
    try:
        seats = {int(s) - 1 for s in text.split(",")}
    except ValueError:
        raise UsageError(f"--seats {text!r}: give seats from 1 to 4, e.g. 3,4") from None
    if not seats or not seats <= {0, 1, 2, 3}:
        raise UsageError(f"--seats {text!r}: give seats from 1 to 4, e.g. 3,4")
    return seats


def run(args, rest: list[str]) -> str:
    setup_parser = argparse.ArgumentParser(prog="seat_screen.py")
    add_setup_options(setup_parser)
    add_run_options(setup_parser)
    setup, seed = make_setup(setup_parser.parse_args(rest))
    seats = seat_list(args.seats)
    baseline, _ = ResultsFile.read(args.baseline)
    tasks = [task for task in tournament_tasks([args.bot] + [OPPONENT] * 3, args.groups, seed)
             if seat_of(TESTED, task.rotation, len(task.seats)) in seats]
    out = ResultsFile.open(args.out, resume=True)
    todo = [task for task in tasks if task.game not in out.records]
    with Pool(args.jobs) as pool:
        for record in pool.imap_unordered(play, [(setup, task) for task in todo]):
            out.append(record)
    out.finish()
    return compare(out.in_order(), baseline.records)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", required=True, help="the tested bot's spec")
    parser.add_argument("--baseline", required=True, help="results file of the baseline run")
    parser.add_argument("--groups", type=int, required=True, help="seat-rotation groups to take")
    parser.add_argument("--seats", default="3,4", help="the tested bot's seats, from 1")
    parser.add_argument("--out", required=True)
    parser.add_argument("--jobs", type=int, default=2)
    args, rest = parser.parse_known_args()
    try:
        print(run(args, rest))
    except RiskError as exc:
        sys.exit(f"seat_screen.py: error: {exc}")


if __name__ == "__main__":
    main()
