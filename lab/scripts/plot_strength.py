"""The plots of the lab notebook (lab/notebook.md, lab/plots/): each idea's win rate against Domination's Hard (or, from
``risk tournament`` results files, the first bot's against the others in this engine) with its
Wilson 95% interval, in the order the ideas were tried, with the fair share and the issue's bar
for the table size of the first run (1 against 1, three or six players against Hard; two or
four against `mcts`).

    python lab/scripts/plot_strength.py lab/plots/OUT.png LABEL=lab/results/raw/RUN.jsonl ...
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from strength_table import wilson


#: The issue's bar by the number of players at the table: against Hard, and in this engine.
BARS = {2: 0.60, 3: 0.55, 6: 0.35}
LOCAL_BARS = {2: 0.60, 4: 0.50}


def rate(path: Path) -> tuple[int, int, int, bool]:
    """Wins, games and players at the table of one results file, and whether it is a
    ``risk tournament`` file (the first bot under test) rather than a Domination one."""
    games = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    if isinstance(games[0]["seats"][0], str):
        tested = games[0]["seats"][0]
        wins = sum(1 for game in games if game["winner_bot"] == tested)
        return wins, len(games), len(games[0]["seats"]), True
    wins = sum(1 for game in games if game["winner_spec"].startswith("ext:"))
    return wins, len(games), len(games[0]["seats"]), False


def main() -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out, pairs = sys.argv[1], [arg.split("=", 1) for arg in sys.argv[2:]]
    labels, rates, lows, highs, table, local = [], [], [], [], [], False
    for label, name in pairs:
        wins, games, players, local = rate(Path(name))
        table.append(players)
        low, high = wilson(wins, games)
        labels.append(label.replace("\\n", "\n") + f"\n({games} games)")
        rates.append(wins / games)
        lows.append(wins / games - low)
        highs.append(high - wins / games)
    # Wider for many runs, so that their labels do not run into each other.
    figure, axes = plt.subplots(figsize=(max(10.0, 1.05 * len(labels)), 4.8))
    positions = range(len(labels))
    axes.errorbar(positions, rates, yerr=[lows, highs], fmt="o", capsize=5, color="tab:blue")
    players = table[0]
    bars = LOCAL_BARS if local else BARS
    axes.axhline(1 / players, color="grey", linestyle="--", linewidth=1, label=f"fair share ({1 / players:.0%})")
    if players in bars:
        axes.axhline(bars[players], color="tab:red", linestyle=":", linewidth=1,
                     label=f"the issue's bar ({bars[players]:.0%})")
    axes.set_xticks(list(positions))
    axes.set_xticklabels(labels, fontsize=8)
    axes.set_ylim(0, 1)
    opponent, title = ("mcts, in this engine", "mcts in this engine") if local else ("Hard", "Domination's Hard")
    axes.set_ylabel(f"wins against {opponent}, 1 against 1" if players == 2 else f"wins at {players} players, against {opponent}")
    axes.set_title(f"What each idea gained against {title} (Wilson 95% intervals)")
    axes.legend(loc="upper left", fontsize=8)
    figure.tight_layout()
    figure.savefig(out, dpi=100)


if __name__ == "__main__":
    main()
