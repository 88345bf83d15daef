"""Engine speed: full games per second, microseconds per apply, and the cost of copying a state.

    python benchmarks/bench_engine.py [--games N] [--repeats R]

One process, one core. Figures are medians over ``--repeats`` runs. Games use the standard
rules (cards, escalating values, claimed set-up and placement in turns) with simple bots
(``angry``, which always attacks, so games end by conquest). ``apply`` is timed by replaying the
recorded actions of those games without the bots; copies are timed on mid-game positions.
"""

from __future__ import annotations

import argparse
import statistics
import time

from ai import make_agent
from risk.actions import parse_action
from risk.match import Match
from risk.rules import Rules
from risk.state import RandomSource


def games_per_second(players: int, games: int, bots: str = "angry", rules: Rules | None = None):
    start = time.perf_counter()
    turns = actions = 0
    matches = []
    for seed in range(games):
        match = Match([make_agent(bots) for _ in range(players)], seed=seed, rules=rules)
        result = match.play()
        turns += result.turns
        actions += result.actions
        matches.append(match)
    elapsed = time.perf_counter() - start
    return games / elapsed, turns / games, actions / games, matches


def apply_microseconds(matches) -> float:
    total_actions = 0
    elapsed = 0.0
    for match in matches:
        record = match.record
        state = type(match.state).new(players=len(record.players), seed=record.seed, rules=record.rules,
                                      board=match.state.board)
        parsed = [parse_action(text, state.board) for _, text in record.actions]
        start = time.perf_counter()
        for action in parsed:
            state.apply(action)
        elapsed += time.perf_counter() - start
        total_actions += len(parsed)
    return 1e6 * elapsed / total_actions


def copy_microseconds(matches, per_state: int = 2000) -> tuple[float, float]:
    states = []
    for match in matches[:5]:
        record = match.record
        state = type(match.state).new(players=len(record.players), seed=record.seed, rules=record.rules,
                                      board=match.state.board)
        for _, text in record.actions[: len(record.actions) // 2]:
            state.apply_text(text)
        states.append(state)
    rng = RandomSource(1)
    start = time.perf_counter()
    for state in states:
        for _ in range(per_state):
            state.copy()
    copy_us = 1e6 * (time.perf_counter() - start) / (per_state * len(states))
    start = time.perf_counter()
    for state in states:
        for _ in range(per_state):
            state.view(state.current_player, rng)
    view_us = 1e6 * (time.perf_counter() - start) / (per_state * len(states))
    return copy_us, view_us


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    # The blitz samplers and odds tables are built once per process, on first use: warm them up
    # so that the figures are the steady state a tournament or a search sees.
    games_per_second(3, 10)
    print(f"{'measure':<46}{'median':>12}   (runs)")
    for players in (3, 4):
        runs = [games_per_second(players, args.games) for _ in range(args.repeats)]
        rate = statistics.median(r[0] for r in runs)
        print(f"{f'full {players}-player games/s (angry bots, cards)':<46}{rate:>12.1f}   "
              f"({', '.join(f'{r[0]:.1f}' for r in runs)}; {runs[0][1]:.0f} turns, "
              f"{runs[0][2]:.0f} actions a game)")
    _, _, _, matches = games_per_second(4, args.games)
    applies = [apply_microseconds(matches) for _ in range(args.repeats)]
    print(f"{'microseconds per apply (replayed games)':<46}{statistics.median(applies):>12.1f}   "
          f"({', '.join(f'{x:.1f}' for x in applies)})")
    copies = [copy_microseconds(matches) for _ in range(args.repeats)]
    print(f"{'microseconds per state copy':<46}{statistics.median(c[0] for c in copies):>12.2f}   "
          f"({', '.join(f'{c[0]:.2f}' for c in copies)})")
    print(f"{'microseconds per bot view (copy + hide cards)':<46}{statistics.median(c[1] for c in copies):>12.2f}   "
          f"({', '.join(f'{c[1]:.2f}' for c in copies)})")
    random_runs = [games_per_second(4, max(4, args.games // 8), "random", Rules(max_turns=200))
                   for _ in range(args.repeats)]
    print(f"{'4-player random-bot games/s (200-turn cap)':<46}"
          f"{statistics.median(r[0] for r in random_runs):>12.2f}   "
          f"({random_runs[0][2]:.0f} actions a game)")


if __name__ == "__main__":
    main()
