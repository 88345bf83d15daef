"""The strength tables of docs/strength.md and lab/notebook.md from the sparring results files (and from
``risk tournament`` results files, the first bot under test): one markdown row per file (the seat under test, the table, games, wins, rate, Wilson 95% interval, fair share).

    python lab/scripts/strength_table.py lab/results/raw/s*.jsonl
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from risk.tournament.stats import wilson_interval as wilson


def row(path: Path) -> str | None:
    games = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    if not games:
        return None
    if isinstance(games[0]["seats"][0], str):  # a `risk tournament` results file: the first bot
        tested, specs = games[0]["seats"][0], games[0]["seats"]
        others = sorted(specs[1:])
        wins = sum(1 for game in games if game["winner_bot"] == tested)
        low, high = wilson(wins, len(games))
        return (f"| {path.stem} | `{tested}` | {' + '.join(others)} | {len(games)} | {wins} | "
                f"{wins / len(games):.1%} | [{low:.1%}, {high:.1%}] | {1 / len(specs):.0%} |")
    specs = [seat["spec"] for seat in games[0]["seats"]]
    tested = next(spec for spec in specs if spec.startswith("ext:"))
    others = sorted(spec for spec in specs if spec != tested)
    wins = sum(1 for game in games if game["winner_spec"] == tested)
    low, high = wilson(wins, len(games))
    return (f"| {path.stem} | `{tested[4:]}` | {' + '.join(others)} | {len(games)} | {wins} | "
            f"{wins / len(games):.1%} | [{low:.1%}, {high:.1%}] | {1 / len(specs):.0%} |")


def main() -> None:
    print("| run | seat under test | against | games | wins | rate | Wilson 95% | fair share |")
    print("|---|---|---|---|---|---|---|---|")
    for name in sys.argv[1:]:
        # A batch's logs (dom_trajectories.py and dom_losses.py read them), not its results.
        if name.endswith((".trajectory.jsonl", ".phases.jsonl")):
            continue
        line = row(Path(name))
        if line:
            print(line)


if __name__ == "__main__":
    main()
