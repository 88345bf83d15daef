"""The serialize figures of docs/rl-openspiel.md: one game of ``python_markov_risk`` played with
seeded random choices (uniform over the legal actions, chance outcomes by their probabilities)
to its end, serialized and read back, with the size and the CPU seconds of each; with
``--sim``, OpenSpiel's ``random_sim_test(serialize=True)`` on a whole game too.

    python lab/scripts/rl_serialize.py [--players 3] [--seed 1] [--sim]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pyspiel  # noqa: E402

import risk.rl.openspiel_game  # noqa: E402,F401  (registers python_markov_risk)


def random_game(game, seed: int):
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sim", action="store_true", help="also run random_sim_test(serialize=True)")
    args = parser.parse_args(argv)
    game = pyspiel.load_game("python_markov_risk", {"players": args.players})
    state = random_game(game, args.seed)
    start = time.process_time()
    text = state.serialize()
    written = time.process_time() - start
    start = time.process_time()
    again = game.deserialize_state(text)
    read = time.process_time() - start
    if str(again) != str(state) or again.returns() != state.returns() or again.history() != state.history():
        raise SystemExit("the state read back differs from the one serialized")
    print(f"{args.players} players, seed {args.seed}: {len(state.history()):,} moves, "
          f"{state.position.turn} turns (cap {game.rules.max_turns}); serialized {len(text) / 1e6:.2f} MB "
          f"in {written:.2f} CPU s, read back in {read:.2f}")
    if args.sim:
        start = time.process_time()
        pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False, mask_test=False)
        print(f"random_sim_test(num_sims=1, serialize=True, mask_test=False) passed in "
              f"{time.process_time() - start:.0f} CPU s")


if __name__ == "__main__":
    main()
