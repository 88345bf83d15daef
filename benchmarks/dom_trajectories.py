"""Win rates of the project's seat against Domination's AIs split by who played first, from a
batch's results and its trajectory file (``benchmarks/dom_vs_hard.sh`` writes both; the n-th
game start in the trajectory is the n-th game of the results, so pair only uninterrupted runs).

    python benchmarks/dom_trajectories.py results/RUN.jsonl [results/RUN.trajectory.jsonl]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from risk.tournament.stats import wilson_interval


def starts(trajectory: Path) -> list[bool]:
    return [record["first"] for record in map(json.loads, trajectory.read_text().splitlines())
            if "first" in record]


def main(argv: list[str]) -> None:
    results = Path(argv[0])
    trajectory = Path(argv[1]) if len(argv) > 1 else results.with_suffix(".trajectory.jsonl")
    try:
        games = [json.loads(line) for line in results.read_text().splitlines()]
        first = starts(trajectory)
    except (OSError, ValueError, KeyError) as error:
        raise SystemExit(f"dom_trajectories: cannot read {results} and {trajectory}: {error}")
    if len(first) < len(games):
        raise SystemExit(f"{trajectory} has {len(first)} game starts for {len(games)} games")
    print("| the project's seat | games | wins | rate | Wilson 95% |")
    print("|---|---|---|---|---|")
    for label, wanted in (("played first", True), ("played second or later", False)):
        picked = [g for g, f in zip(games, first) if f is wanted]
        wins = sum(1 for g in picked if not g["winner_spec"].startswith(("hard", "average", "easy")))
        low, high = wilson_interval(wins, len(picked)) if picked else (0.0, 0.0)
        rate = wins / len(picked) if picked else 0.0
        print(f"| {label} | {len(picked)} | {wins} | {rate:.1%} | [{low:.1%}, {high:.1%}] |")


if __name__ == "__main__":
    main(sys.argv[1:])
