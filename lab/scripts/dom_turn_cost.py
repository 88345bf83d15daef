"""The bot's seconds per turn of its own in sparring batches against Domination's AIs.

    python lab/scripts/dom_turn_cost.py lab/results/raw/RUN.jsonl ...

For each results file of ``dom_vs_hard.sh`` (and its ``.phases.jsonl`` beside it, which logs the
bot's decisions by turn), the bot's time per turn of its own: the seconds the harness measured
in the bot's process per game (``agent.bot_seconds``, wall-clock time inside the bot's
decisions) over the turns it played (the distinct turns of its decisions), as the median and the
90th percentile over games, and over all turns together. Domination's side is timed by the
harness's ``DomSim`` (its AIs against each other, process CPU per player turn).
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path


def turns_per_game(phases: Path) -> list[int]:
    """The number of distinct turns the bot decided in, game by game."""
    counts: list[int] = []
    seen: set = set()
    for line in phases.read_text().splitlines():
        row = json.loads(line)
        if "game" in row:
            if seen or counts:
                counts.append(len(seen))
            seen = set()
        elif "turn" in row:
            seen.add(row["turn"])
    counts.append(len(seen))
    return counts


def main() -> None:
    for name in sys.argv[1:]:
        path = Path(name)
        try:
            games = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
            turns = turns_per_game(path.with_suffix(".phases.jsonl"))
        except (OSError, ValueError, KeyError) as error:
            sys.exit(f"dom_turn_cost: {name}: cannot read it as a sparring run with its phase log ({error})")
        per_game = [g["agent"]["bot_seconds"] / t for g, t in zip(games, turns) if t]
        total = sum(g["agent"]["bot_seconds"] for g in games) / max(1, sum(turns[:len(games)]))
        deciles = statistics.quantiles(per_game, n=10) if len(per_game) > 1 else per_game * 9
        print(f"{path.stem}: {len(per_game)} games, {sum(turns[:len(games)])} turns; seconds per turn "
              f"{total:.4f} over all, per game median {statistics.median(per_game):.4f}, "
              f"90th percentile {deciles[-1]:.4f}")


if __name__ == "__main__":
    main()
