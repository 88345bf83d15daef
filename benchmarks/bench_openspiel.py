"""Speed of the OpenSpiel game python_markov_risk: moves per CPU second of seeded random play
(decisions and chance outcomes, through legal_actions, chance_outcomes and apply_action) and the
cost of a clone, medians over games.

    python benchmarks/bench_openspiel.py [--games 5] [--players 4] [--max-turns 60]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import pyspiel

import risk.rl.openspiel_game  # noqa: F401 - registers python_markov_risk


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--max-turns", type=int, default=60)
    args = parser.parse_args(argv)
    game = pyspiel.load_game("python_markov_risk", {"players": args.players, "max_turns": args.max_turns,
                                                    "rules": "setup:deal;placement:auto"})
    rates, clones = [], []
    for seed in range(args.games):
        rng, state, moves = random.Random(seed), game.new_initial_state(), 0
        start = time.process_time()
        while not state.is_terminal():
            if state.is_chance_node():
                ids, probabilities = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(ids, probabilities)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        rates.append(moves / (time.process_time() - start))
        start = time.process_time()
        for _ in range(2000):
            state.clone()
        clones.append((time.process_time() - start) / 2000 * 1e6)
    print(f"moves per CPU second (random play, chance included): median {statistics.median(rates):.0f}; "
          f"clone: median {statistics.median(clones):.1f} µs")


if __name__ == "__main__":
    main()
