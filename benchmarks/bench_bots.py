"""Bot speed: MCTS iterations per second and seconds per turn, and every bot's decision time.

    python benchmarks/bench_bots.py [--games N]

One process, one core. The ``mcts`` bot plays 4-player games against three ``threshold`` bots
at its default budget; a turn's time is the sum of its decisions (deployment search, attack
searches, occupation, fortify). Iterations per second count search iterations over the time
spent in searches. Then each bot's median time per decision over the same kind of games.
"""

from __future__ import annotations

import argparse
import statistics
import time

from ai import make_agent
from risk.match import Match
from risk.rules import Rules


def mcts_turns(games: int, spec: str = "mcts"):
    per_turn: list[float] = []
    iterations = 0
    search_time = 0.0
    for seed in range(games):
        match = Match([make_agent(spec)] + [make_agent("threshold") for _ in range(3)], seed=500 + seed,
                      rules=Rules(max_turns=300))
        bot = match.agents[0]
        turns: dict[int, float] = {}
        while not match.state.is_terminal():
            seat = match.state.current_player
            start = time.perf_counter()
            action = match.choose()
            elapsed = time.perf_counter() - start
            if seat == 0 and match.state.turn > 0:
                turns[match.state.turn] = turns.get(match.state.turn, 0.0) + elapsed
                if bot.last_search is not None:
                    iterations += bot.last_search.iterations
                    search_time += elapsed
                    bot.last_search = None
            match.step(action)
        per_turn.extend(turns.values())
    return sorted(per_turn), iterations / search_time


def decision_times(bot: str, games: int) -> list[float]:
    times = []
    for seed in range(games):
        match = Match([make_agent(bot)] + [make_agent("threshold") for _ in range(3)], seed=900 + seed,
                      rules=Rules(max_turns=200))
        while not match.state.is_terminal():
            seat = match.state.current_player
            start = time.perf_counter()
            action = match.choose()
            if seat == 0:
                times.append(time.perf_counter() - start)
            match.step(action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    args = parser.parse_args()
    decision_times("angry", 2)  # warm the odds tables and samplers
    per_turn, rate = mcts_turns(args.games)
    p90 = per_turn[int(0.9 * (len(per_turn) - 1))]
    print(f"mcts (default budget) vs 3 threshold, {args.games} games, {len(per_turn)} turns:")
    print(f"  search iterations per second   {rate:10.0f}")
    print(f"  seconds per turn: median {statistics.median(per_turn):.3f}, 90th percentile {p90:.3f}, "
          f"max {per_turn[-1]:.3f}")
    print("median milliseconds per decision (4-player games vs 3 threshold):")
    for bot in ("random", "angry", "threshold", "markov", "mcts"):
        times = decision_times(bot, max(2, args.games // 2))
        print(f"  {bot:<10} {1000 * statistics.median(times):8.3f}  (90th percentile "
              f"{1000 * sorted(times)[int(0.9 * (len(times) - 1))]:.3f}, {len(times)} decisions)")


if __name__ == "__main__":
    main()
