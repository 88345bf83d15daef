"""Steps per second of the RL environments against the raw engine: ``python benchmarks/bench_rl.py``.

Four loops over the same kind of game (4 players, classic map, standard rules, a turn cap so that
random play ends), each picking a uniformly random legal choice:

* ``engine``: ``state.apply`` of a random action from ``state.legal_actions()`` (what the
  ``random`` bot does), no codec, no observation;
* ``engine+codec``: a random index of ``codec.mask(state)``, ``codec.decode``, ``state.apply``
  (the action side of the environments, no observation);
* ``pettingzoo``: the AEC env (``env.last()`` builds the observation and the mask, ``env.step``);
* ``gymnasium``: the single-agent env against three ``random`` bots; both its own steps per
  second and the engine steps it drives (its steps plus the bots' moves).

Rates are per second of this process's CPU time (``time.process_time``), which a busy machine
stretches far less than the wall clock; medians of ``--repeats`` runs of ``--steps`` steps each,
with the machine's load printed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from risk.rl.codec import ActionCodec  # noqa: E402
from risk.rules import Rules  # noqa: E402
from risk.state import GameState  # noqa: E402

PLAYERS = 4


def engine_loop(steps: int, seed: int, max_turns: int) -> float:
    rules = Rules(max_turns=max_turns)
    rng = np.random.default_rng(seed)
    game = GameState.new(players=PLAYERS, seed=seed, rules=rules)
    start = time.process_time()
    for _ in range(steps):
        if game.is_terminal():
            game = GameState.new(players=PLAYERS, seed=int(rng.integers(2**31)), rules=rules)
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
    return steps / (time.process_time() - start)


def codec_loop(steps: int, seed: int, max_turns: int) -> float:
    rules = Rules(max_turns=max_turns)
    rng = np.random.default_rng(seed)
    game = GameState.new(players=PLAYERS, seed=seed, rules=rules)
    codec = ActionCodec(game.board, rules)
    start = time.process_time()
    for _ in range(steps):
        if game.is_terminal():
            game = GameState.new(players=PLAYERS, seed=int(rng.integers(2**31)), rules=rules)
        legal = codec.legal_indices(game)
        game.apply(codec.decode(legal[int(rng.integers(len(legal)))], game))
    return steps / (time.process_time() - start)


def pettingzoo_loop(steps: int, seed: int, max_turns: int) -> float:
    import risk.rl

    env = risk.rl.env(players=PLAYERS, max_turns=max_turns)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    start = time.process_time()
    done = 0
    while done < steps:
        if not env.agents:
            env.reset(seed=int(rng.integers(2**31)))
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[int(rng.integers(len(legal)))]))
        done += 1
    return steps / (time.process_time() - start)


def gymnasium_loop(steps: int, seed: int, max_turns: int) -> tuple[float, float]:
    import risk.rl

    env = risk.rl.gym_env(players=PLAYERS, opponents="random", max_turns=max_turns)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    engine_steps = 0
    start = time.process_time()
    for _ in range(steps):
        legal = np.flatnonzero(env.action_masks())
        before = _moves(env)
        observation, reward, terminated, truncated, info = env.step(int(legal[int(rng.integers(len(legal)))]))
        engine_steps += _moves(env) - before
        if terminated or truncated:
            env.reset(seed=int(rng.integers(2**31)))
    elapsed = time.process_time() - start
    return steps / elapsed, engine_steps / elapsed


def _moves(env) -> int:
    """The engine moves made so far in the env's game: the learner's and the bots'."""
    return env.moves


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--max-turns", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; {args.steps} steps x {args.repeats}, "
          f"{PLAYERS} players, classic map, max_turns={args.max_turns}")
    rows = [("engine (legal_actions + apply)", engine_loop),
            ("engine + codec (mask + decode + apply)", codec_loop),
            ("PettingZoo AEC env (last + step)", pettingzoo_loop)]
    for name, loop in rows:
        rates = [loop(args.steps, args.seed + k, args.max_turns) for k in range(args.repeats)]
        print(f"{name:45s} {statistics.median(rates):9.0f} steps/s")
    pairs = [gymnasium_loop(args.steps, args.seed + k, args.max_turns) for k in range(args.repeats)]
    print(f"{'Gymnasium env vs 3 random bots (learner)':45s} {statistics.median(p[0] for p in pairs):9.0f} steps/s")
    print(f"{'  ... engine moves it drives (learner + bots)':45s} {statistics.median(p[1] for p in pairs):9.0f} steps/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
