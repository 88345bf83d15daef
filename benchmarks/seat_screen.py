"""A paired screen of a claim change at the seats where it acts.

A change to the claims that only acts from the last seats (when an opponent has entered the
fortress before the bot's first claim) leaves every other game of a tournament as it was. So
this plays only the games of a ``risk tournament`` run (same specs, same ``--seed``, same game
numbers and deals) in which the tested bot sits at the given seats, and sets each result beside
the same game of a baseline run's results file:

    python benchmarks/seat_screen.py --bot 'strategist:fortress_players=7,table_claims=fortress-open' \\
        --baseline results/local-u62-confirm2-vs-3mcts-4p.jsonl --groups 60 --seed 2412 \\
        --seats 3,4 --out results/local-u63-open-seats34.jsonl

The table is the tested bot and three ``mcts``; ``--seats`` counts from 1. A killed run resumes
from its ``--out`` file.
"""

from __future__ import annotations

import argparse
import json
import os
from collections import defaultdict
from multiprocessing import Pool

from risk.tournament.options import add_run_options, add_setup_options, make_setup
from risk.tournament.schedule import tournament_tasks
from risk.tournament.worker import play_game

OPPONENT = "mcts"


def play(job: tuple) -> dict:
    return play_game(*job)


def tested_seat(record: dict, bot: str) -> int:
    return record["seats"].index(bot)


def compare(results: list[dict], baseline: dict[int, dict], bot: str, baseline_bot: str) -> str:
    """Wins of the tested bot and of the baseline bot in the same games, by seat."""
    by_seat = defaultdict(lambda: [0, 0, 0])
    for record in results:
        seat = tested_seat(record, bot)
        before = baseline[record["game"]]
        row = by_seat[seat + 1]
        row[0] += record["winner"] == seat
        row[1] += before["winner"] == tested_seat(before, baseline_bot)
        row[2] += 1
    lines = [f"seat {seat}: {won} of {games} games, the baseline {base} of the same games"
             for seat, (won, base, games) in sorted(by_seat.items())]
    won = sum(row[0] for row in by_seat.values())
    base = sum(row[1] for row in by_seat.values())
    games = sum(row[2] for row in by_seat.values())
    lines.append(f"all: {won} of {games} ({won / max(games, 1):.1%}), "
                 f"the baseline {base} ({base / max(games, 1):.1%})")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", required=True, help="the tested bot's spec")
    parser.add_argument("--baseline", required=True, help="results file of the baseline run")
    parser.add_argument("--baseline-bot", default="strategist", help="its tested bot's spec")
    parser.add_argument("--groups", type=int, required=True, help="seat-rotation groups to take")
    parser.add_argument("--seats", default="3,4", help="the tested bot's seats, from 1")
    parser.add_argument("--out", required=True)
    parser.add_argument("--jobs", type=int, default=2)
    args, rest = parser.parse_known_args()
    setup_parser = argparse.ArgumentParser()
    add_setup_options(setup_parser)
    add_run_options(setup_parser)
    setup, seed = make_setup(setup_parser.parse_args(rest))
    seats = {int(s) - 1 for s in args.seats.split(",")}
    tasks = [task for task in tournament_tasks([args.bot] + [OPPONENT] * 3, args.groups, seed)
             if list(task.seats).index(args.bot) in seats]
    done = set()
    if os.path.exists(args.out):
        with open(args.out) as f:
            done = {json.loads(line)["game"] for line in f}
    todo = [task for task in tasks if task.game not in done]
    with Pool(args.jobs) as pool, open(args.out, "a") as out:
        for record in pool.imap_unordered(play, [(setup, task) for task in todo]):
            out.write(json.dumps(record) + "\n")
            out.flush()
    with open(args.out) as f:
        results = [json.loads(line) for line in f]
    with open(args.baseline) as f:
        baseline = {record["game"]: record for record in map(json.loads, f)}
    print(compare(results, baseline, args.bot, args.baseline_bot))


if __name__ == "__main__":
    main()
