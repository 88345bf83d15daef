"""The plot of docs/strength.md: each idea's win rate against Domination's Hard (1 against 1)
with its Wilson 95% interval, in the order the ideas were tried.

    python benchmarks/plot_strength.py OUT.png LABEL=results/RUN.jsonl ...
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from strength_table import wilson


def rate(path: Path) -> tuple[int, int]:
    games = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    wins = sum(1 for game in games if game["winner_spec"].startswith("ext:"))
    return wins, len(games)


def main() -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out, pairs = sys.argv[1], [arg.split("=", 1) for arg in sys.argv[2:]]
    labels, rates, lows, highs = [], [], [], []
    for label, name in pairs:
        wins, games = rate(Path(name))
        low, high = wilson(wins, games)
        labels.append(label.replace("\\n", "\n") + f"\n({games} games)")
        rates.append(wins / games)
        lows.append(wins / games - low)
        highs.append(high - wins / games)
    figure, axes = plt.subplots(figsize=(10, 4.8))
    positions = range(len(labels))
    axes.errorbar(positions, rates, yerr=[lows, highs], fmt="o", capsize=5, color="tab:blue")
    axes.axhline(0.5, color="grey", linestyle="--", linewidth=1, label="fair share (50%)")
    axes.axhline(0.6, color="tab:red", linestyle=":", linewidth=1, label="the issue's bar (60%)")
    axes.set_xticks(list(positions))
    axes.set_xticklabels(labels, fontsize=8)
    axes.set_ylim(0, 1)
    axes.set_ylabel("wins against Hard, 1 against 1")
    axes.set_title("What each idea gained against Domination's Hard (Wilson 95% intervals)")
    axes.legend(loc="upper left", fontsize=8)
    figure.tight_layout()
    figure.savefig(out, dpi=100)


if __name__ == "__main__":
    main()
