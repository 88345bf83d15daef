"""Steps per second of the RL environments against the raw engine: ``python benchmarks/bench_rl.py``.

Four loops over the same kind of game (4 players, classic map, standard rules, a turn cap so that
random play ends), each picking a uniformly random legal choice:

* ``engine``: ``state.apply`` of a random action from ``state.legal_actions()`` (what the
  ``random`` bot does), no codec, no observation;
* ``engine+codec``: a random index of ``codec.mask(state)``, ``codec.decode``, ``state.apply``
  (the action side of the environments, no observation);
* ``pettingzoo``: the AEC env (``env.last()`` builds the observation and the mask, ``env.step``);
* ``gymnasium``: the single-agent env against three ``random`` bots; both its own steps per
  second and the engine steps it drives (its steps plus the bots' moves);
* ``policy``: the learner's actions chosen by a policy network (two hidden layers of 64, numpy,
  greedy over the mask), in one game at a time, then in 16 games of one vectorised env
  (``risk.rl.vector_env``: one batched forward pass per step of all the games).

The environments keep the observation and the mask up to date move by move
(:mod:`risk.rl.incremental`); ``--rebuild`` times them building both from scratch at every
step instead, as they did before, for the comparison, and ``--frozen-observation`` never
updates the observation at all: the floor the environments' own bookkeeping leaves.

Rates are per second of this process's CPU time (``time.process_time``), which a busy machine
stretches far less than the wall clock; medians of ``--repeats`` runs of ``--steps`` steps each,
with the machine's load printed. The engine, codec and PettingZoo loops take turns every 250
steps (a slow spell of a shared machine then stretches them alike), and their ratio is the median
of the runs' own ratios.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
# One BLAS thread: a batched forward pass would otherwise wake threads that spin on a busy
# machine, and CPU time counts every thread's
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import numpy as np  # noqa: E402

from risk.commands.options import positive_int, seed_value  # noqa: E402
from risk.rl.codec import ActionCodec  # noqa: E402
from risk.rules import Rules  # noqa: E402
from risk.state import GameState  # noqa: E402

PLAYERS = 4


# Each loop is a runner: sent a number of steps, it plays them and yields the CPU time they took,
# so that the loops can take turns in small chunks (``interleaved``) as well as run alone. They
# are written out whole: a step function passed in would add a call to every step timed.


def engine_runner(seed: int, max_turns: int):
    rules = Rules(max_turns=max_turns)
    rng = np.random.default_rng(seed)
    game = GameState.new(players=PLAYERS, seed=seed, rules=rules)
    steps = yield
    while True:
        start = time.process_time()
        for _ in range(steps):
            if game.is_terminal():
                game = GameState.new(players=PLAYERS, seed=int(rng.integers(2**31)), rules=rules)
            legal = game.legal_actions()
            game.apply(legal[int(rng.integers(len(legal)))])
        steps = yield time.process_time() - start


def codec_runner(seed: int, max_turns: int):
    rules = Rules(max_turns=max_turns)
    rng = np.random.default_rng(seed)
    game = GameState.new(players=PLAYERS, seed=seed, rules=rules)
    codec = ActionCodec(game.board, rules)
    steps = yield
    while True:
        start = time.process_time()
        for _ in range(steps):
            if game.is_terminal():
                game = GameState.new(players=PLAYERS, seed=int(rng.integers(2**31)), rules=rules)
            legal = codec.legal_indices(game)
            game.apply(codec.decode(legal[int(rng.integers(len(legal)))], game))
        steps = yield time.process_time() - start


def pettingzoo_runner(seed: int, max_turns: int):
    import risk.rl

    env = risk.rl.env(players=PLAYERS, max_turns=max_turns)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = yield
    while True:
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
        steps = yield time.process_time() - start


def interleaved(steps: int, seed: int, max_turns: int, chunk: int = 250) -> list[float]:
    """The engine, codec and PettingZoo loops' rates, each playing ``steps`` steps in turns of
    ``chunk``: a slow spell of a shared machine then falls on all three alike."""
    runners = [engine_runner(seed, max_turns), codec_runner(seed, max_turns), pettingzoo_runner(seed, max_turns)]
    spent = [0.0] * len(runners)
    for runner in runners:
        next(runner)
    for done in range(0, steps, chunk):
        for i, runner in enumerate(runners):
            spent[i] += runner.send(min(chunk, steps - done))
    return [steps / seconds for seconds in spent]


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


def policy_loop(steps: int, seed: int, max_turns: int, games: int) -> float:
    """Learner steps per second with a 64x64 policy network choosing, ``games`` at once."""
    import risk.rl
    from risk.rl.numpy_policy import NumpyPolicy

    envs = risk.rl.vector_env(games, players=PLAYERS, opponents="random", max_turns=max_turns)
    rng = np.random.default_rng(seed)
    sizes = [envs.single_observation_space.shape[0], 64, 64, envs.single_action_space.n]
    policy = NumpyPolicy([(rng.normal(0, 0.1, (sizes[k + 1], sizes[k])), np.zeros(sizes[k + 1]))
                          for k in range(3)], "tanh", {})
    observations, _ = envs.reset(seed=seed)
    rounds = max(1, steps // games)  # every game steps at least once
    start = time.process_time()
    for _ in range(rounds):
        logits = np.where(envs.action_masks(), policy.logits(observations), -np.inf)
        observations, *_ = envs.step(logits.argmax(axis=1))
    return rounds * games / (time.process_time() - start)


def rebuild_everything() -> None:
    """Make the environments rebuild the observation and the mask at every step (the old way)."""
    from risk.rl import incremental, masks

    def observation(tracker, state, out):
        return tracker.encoder.encode(state, tracker.seat, out=out)

    def mask(tracker, state):
        tracker.mask = tracker.codec.mask(state)  # a new array every step
        return tracker.mask

    incremental.ObservationTracker._fill = observation
    masks.MaskTracker.update = mask


def freeze_observations() -> None:
    """Leave every observation as it was built at the start of its game: the environments'
    floor, what a step costs with no observation to follow (the mask is still kept)."""
    from risk.rl import incremental

    incremental.ObservationTracker._fill = lambda tracker, state, out: tracker.values if out is not None \
        else tracker.values.copy()


def _moves(env) -> int:
    """The engine moves made so far in the env's game: the learner's and the bots'."""
    return env.moves


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=positive_int, default=20000)
    parser.add_argument("--repeats", type=positive_int, default=3)
    parser.add_argument("--max-turns", type=positive_int, default=60)
    parser.add_argument("--seed", type=seed_value, default=1)
    parser.add_argument("--rebuild", action="store_true",
                        help="rebuild the observation and the mask at every step (the environments before 2026-11-27)")
    parser.add_argument("--frozen-observation", action="store_true",
                        help="never update the observation: the environments' floor without one")
    args = parser.parse_args(argv)
    if args.rebuild:
        rebuild_everything()
    if args.frozen_observation:
        freeze_observations()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; {args.steps} steps x {args.repeats}, "
          f"{PLAYERS} players, classic map, max_turns={args.max_turns}")
    names = ("engine (legal_actions + apply)", "engine + codec (mask + decode + apply)",
             "PettingZoo AEC env (last + step)")  # the order of interleaved's rates
    # The loops take turns every few hundred steps, and the ratio is the median of each run's own
    # ratio: a shared machine's slow spells then stretch both sides of a ratio alike
    runs = [interleaved(args.steps, args.seed + k, args.max_turns) for k in range(args.repeats)]
    for i, name in enumerate(names):
        print(f"{name:45s} {statistics.median(run[i] for run in runs):9.0f} steps/s")
    ratios = [run[0] / run[2] for run in runs]
    print(f"{'  a PettingZoo step over an engine step':45s} {statistics.median(ratios):9.2f} x"
          f"  (runs: {', '.join(f'{r:.2f}' for r in ratios)})")
    pairs = [gymnasium_loop(args.steps, args.seed + k, args.max_turns) for k in range(args.repeats)]
    print(f"{'Gymnasium env vs 3 random bots (learner)':45s} {statistics.median(p[0] for p in pairs):9.0f} steps/s")
    print(f"{'  ... engine moves it drives (learner + bots)':45s} {statistics.median(p[1] for p in pairs):9.0f} steps/s")
    for games, name in ((1, "Gymnasium env + 64x64 policy, 1 game"),
                        (16, "vectorised env + 64x64 policy, 16 games")):
        rates = [policy_loop(args.steps, args.seed + k, args.max_turns, games) for k in range(args.repeats)]
        print(f"{name:45s} {statistics.median(rates):9.0f} steps/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
