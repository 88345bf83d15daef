"""The bot's time per turn in sparring batches against Domination's AIs, beside Hard's own.

    python lab/scripts/dom_turn_cost.py lab/results/raw/RUN.jsonl ...

For each results file of ``dom_vs_hard.sh`` (and its ``.phases.jsonl`` beside it, which logs the
bot's decisions by turn), the bot's time per turn of its own: the time inside the bot's decisions
per game (``agent.bot_cpu_seconds``, CPU, where the run has it; the harness's wall-clock
``agent.bot_seconds`` otherwise) over the turns it played (the distinct turns of its decisions),
pooled over the batch and as the median and 90th percentile over games.

Where the batch ran with ``HARD_CPU=1`` its ``.hardcpu.jsonl`` holds, game by game, the CPU time
of Domination's Hard inside its own decisions and its turns (``lab/java/domi/lab/TimedHard.java``):
then Hard's CPU per turn is printed beside the bot's, and the ratio of the two (pooled: all the
bot's CPU over its turns, against all of Hard's over Hard's turns) with a 95% bootstrap interval
over the batch's games.
"""

from __future__ import annotations

import json
import random
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


def pooled_ratio(bot: list[tuple[float, int]], hard: list[tuple[float, int]]) -> float:
    """The bot's CPU per turn over Hard's, each pooled over the games given."""
    bot_rate = sum(s for s, _ in bot) / max(1, sum(t for _, t in bot))
    hard_rate = sum(s for s, _ in hard) / max(1, sum(t for _, t in hard))
    return bot_rate / hard_rate if hard_rate else float("inf")


def bootstrap(bot: list[tuple[float, int]], hard: list[tuple[float, int]], rounds: int = 2000) -> tuple[float, float]:
    """A 95% percentile interval of the pooled ratio, resampling whole games (seeded)."""
    rng = random.Random(1)
    n = len(bot)
    ratios = []
    for _ in range(rounds):
        picks = [rng.randrange(n) for _ in range(n)]
        ratios.append(pooled_ratio([bot[i] for i in picks], [hard[i] for i in picks]))
    ratios.sort()
    return ratios[int(0.025 * rounds)], ratios[int(0.975 * rounds) - 1]


def report(path: Path) -> str:
    games = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    turns = turns_per_game(path.with_suffix(".phases.jsonl"))[:len(games)]
    clock = "cpu" if all("bot_cpu_seconds" in g["agent"] for g in games) else "wall"
    key = "bot_cpu_seconds" if clock == "cpu" else "bot_seconds"
    bot = [(g["agent"][key], t) for g, t in zip(games, turns) if t]
    per_game = [s / t for s, t in bot]
    deciles = statistics.quantiles(per_game, n=10) if len(per_game) > 1 else per_game * 9
    line = (f"{path.stem}: {len(games)} games, {sum(turns)} turns of the bot; its {clock} seconds per turn "
            f"{sum(s for s, _ in bot) / max(1, sum(turns)):.4f} over all, per game median "
            f"{statistics.median(per_game):.4f}, 90th percentile {deciles[-1]:.4f}")
    timed = path.with_suffix(".hardcpu.jsonl")
    if clock != "cpu" or not timed.exists():
        return line
    rows = [json.loads(text) for text in timed.read_text().splitlines() if text.strip()]
    if len(rows) != len(games):
        return line + f"\n  Hard: {len(rows)} timed games for {len(games)} results (a resumed run?): not compared"
    pairs = [((g["agent"][key], t), (r["cpu_seconds"], r["turns"]))
             for g, t, r in zip(games, turns, rows) if t and r["turns"]]
    bot_games, hard_games = [p[0] for p in pairs], [p[1] for p in pairs]
    hard_rate = sum(s for s, _ in hard_games) / sum(t for _, t in hard_games)
    low, high = bootstrap(bot_games, hard_games)
    hard_median = statistics.median(s / t for s, t in hard_games)
    return line + (f"\n  Hard, the same games: {sum(t for _, t in hard_games)} turns, CPU seconds per turn "
                   f"{hard_rate:.5f} over all, per game median {hard_median:.5f}; the bot's over Hard's "
                   f"{pooled_ratio(bot_games, hard_games):.1f} times [{low:.1f}, {high:.1f}]")


def main() -> None:
    for name in sys.argv[1:]:
        try:
            print(report(Path(name)))
        except (OSError, ValueError, KeyError, statistics.StatisticsError) as error:
            sys.exit(f"dom_turn_cost: {name}: cannot read it as a sparring run with its phase log ({error})")


if __name__ == "__main__":
    main()
