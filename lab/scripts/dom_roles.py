"""Duels against Domination by role: for each run and map, the project's seat's wins moving
first and moving second, with Wilson 95% intervals, and the run's maps pooled. A screen on
several maps is one batch per map, ``RUN-MAP.jsonl`` (``lab/scripts/screen_maps.sh``), each with
its trajectory file, whose game starts say who moved first (``lab/scripts/dom_trajectories.py``).

    python lab/scripts/dom_roles.py FOLDER RUN [RUN ...] [--maps risk,tube,...] [--first N]

``--first N`` reads only each batch's first N games, so that runs of different lengths are
compared on the same games' numbers; a map missing from a run is left out of its pool.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from dom_trajectories import project_won, starts
from risk.tournament.stats import wilson_interval

MAPS = "risk,tube,eurasien,uk,teg,roman_empire"


def tally(results: Path, first: int = 0) -> tuple[list[int], list[int]]:
    """Wins and games moving first, and moving second, of one batch (its first ``first`` games,
    or all of them)."""
    games = [json.loads(line) for line in results.read_text().splitlines() if line.strip()]
    moved_first = starts(results.with_suffix(".trajectory.jsonl"))
    if len(moved_first) < len(games):
        raise SystemExit(f"{results}: {len(moved_first)} game starts for {len(games)} games")
    if first:
        games = games[:first]
    counts = {True: [0, 0], False: [0, 0]}
    for game, was_first in zip(games, moved_first):
        counts[was_first][0] += project_won(game)
        counts[was_first][1] += 1
    return counts[True], counts[False]


def cell(wins: int, games: int) -> str:
    if not games:
        return "—"
    low, high = wilson_interval(wins, games)
    return f"{wins}/{games}, {wins / games:.0%} [{low:.0%}, {high:.0%}]"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="where the runs' batches are")
    parser.add_argument("runs", nargs="+", help="run names: the batches are RUN-MAP.jsonl")
    parser.add_argument("--maps", default=MAPS, help=f"maps, comma-separated (default {MAPS})")
    parser.add_argument("--first", type=int, default=0, help="only each batch's first N games")
    args = parser.parse_args(argv)
    print("| run | map | moving first | moving second | both |")
    print("|---|---|---|---|---|")
    for run in args.runs:
        pooled = [0, 0, 0, 0]
        for name in args.maps.split(","):
            results = args.folder / f"{run}-{name}.jsonl"
            if not results.exists():
                continue
            (won_first, first), (won_second, second) = tally(results, args.first)
            pooled = [a + b for a, b in zip(pooled, (won_first, first, won_second, second))]
            print(f"| {run} | {name} | {cell(won_first, first)} | {cell(won_second, second)} "
                  f"| {cell(won_first + won_second, first + second)} |")
        print(f"| {run} | **pooled** | {cell(pooled[0], pooled[1])} | {cell(pooled[2], pooled[3])} "
              f"| {cell(pooled[0] + pooled[2], pooled[1] + pooled[3])} |")


if __name__ == "__main__":
    main()
