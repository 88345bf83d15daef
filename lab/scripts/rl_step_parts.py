"""Where a PettingZoo step's time goes, phase by phase: the observation's update, the mask's
update, the engine's own ``legal_actions`` on the same position, and ``push``.

Plays the loop of ``benchmarks/bench_rl.py`` (4 players, the classic map, random legal indices)
with a timer around each part, and prints, for each phase, its share of the steps and the mean
microseconds of each part (the engine's ``legal_actions`` is timed on the same positions, for the
comparison; the environments never call it)::

    python lab/scripts/rl_step_parts.py [--steps 20000] [--seeds 1 2 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import numpy as np  # noqa: E402

import risk.rl  # noqa: E402

PARTS = ("observation", "mask", "legal_actions", "push")


def timed_steps(steps: int, seed: int, counts: dict, spent: dict) -> None:
    clock = time.perf_counter_ns
    env = risk.rl.env(players=4, max_turns=60)
    raw = env.unwrapped
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    done = 0
    while done < steps:
        if not raw.agents:
            env.reset(seed=int(rng.integers(2**31)))
        agent = raw.agent_selection
        if raw.terminations[agent] or raw.truncations[agent]:
            env.step(None)
            continue
        game, phase = raw.game, raw.game.phase.name
        t0 = clock()
        raw._views[raw._seat_of[agent]].update(game)
        t1 = clock()
        mask = raw._mask()
        t2 = clock()
        game.legal_actions()
        t3 = clock()
        legal = np.flatnonzero(mask)
        move = raw._masks.decode(int(legal[int(rng.integers(len(legal)))]), game)
        t4 = clock()
        game.push(move)
        t5 = clock()
        raw._moves += 1
        raw._settle()
        counts[phase] += 1
        for part, ns in zip(PARTS, (t1 - t0, t2 - t1, t3 - t2, t5 - t4)):
            spent[phase, part] += ns
        done += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20000, help="steps per seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    args = parser.parse_args(argv)
    counts: dict = defaultdict(int)
    spent: dict = defaultdict(int)
    for seed in args.seeds:
        timed_steps(args.steps, seed, counts, spent)
    total = sum(counts.values())
    print(f"{'phase':10s} {'share':>6s} " + " ".join(f"{part + ' us':>16s}" for part in PARTS))
    weighted = defaultdict(float)
    for phase, n in counts.items():
        means = [spent[phase, part] / n / 1000 for part in PARTS]
        for part, mean in zip(PARTS, means):
            weighted[part] += mean * n / total
        print(f"{phase:10s} {n / total:6.2f} " + " ".join(f"{mean:16.2f}" for mean in means))
    print(f"{'all':10s} {1.0:6.2f} " + " ".join(f"{weighted[part]:16.2f}" for part in PARTS))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
