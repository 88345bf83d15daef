"""Tournament throughput: ``python benchmarks/bench_tournament.py [--games N] [--bots SPECS]``.

Plays the same games (three angry bots on the classic map by default) with 1 job (in this
process) and with 2 jobs (a process pool), and prints games per second and the speedup. The
pool is started and warmed up with a few games before the clock starts, so the figures are the
steady-state rate a long tournament sees; both runs must produce identical results.

For scale it also measures the machine's own ceiling: two independent processes, each playing
half the games with no coordination at all. On a virtual machine two busy cores rarely run
twice as fast as one, so the pool's speedup is best read against that ceiling.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from risk.board import load_map  # noqa: E402
from risk.rules import Rules  # noqa: E402
from risk.tournament.runner import Runner  # noqa: E402
from risk.tournament.schedule import groups_for, tournament_tasks  # noqa: E402
from risk.tournament.worker import GameSetup, play_game  # noqa: E402


def rate(setup: GameSetup, tasks, jobs: int) -> tuple[float, list[dict]]:
    """Games per second over ``tasks`` with ``jobs`` workers, after a warm-up."""
    with Runner(setup, jobs=jobs) as runner:
        warm_up = [task for task in tasks[: 2 * jobs]]
        list(runner.play(warm_up))
        start = time.perf_counter()
        results = list(runner.play(tasks))
        elapsed = time.perf_counter() - start
    return len(tasks) / elapsed, sorted(results, key=lambda r: r["game"])


def _play_share(setup: GameSetup, tasks) -> float:
    play_game(setup, tasks[0])  # warm up, as the pool's workers are
    start = time.perf_counter()
    for task in tasks:
        play_game(setup, task)
    return time.perf_counter() - start


def ceiling(setup: GameSetup, tasks, processes: int) -> float:
    """Games per second of ``processes`` independent processes sharing the games."""
    shares = [tasks[i::processes] for i in range(processes)]
    context = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(processes, mp_context=context) as pool:
        elapsed = list(pool.map(_play_share, [setup] * processes, shares))
    return len(tasks) / max(elapsed)


def busy_cores(seconds: float = 1.0) -> float | None:
    """Cores kept busy by other processes, from /proc/stat (None where there is none)."""
    def sample():
        with open("/proc/stat") as stat:
            values = [int(v) for v in stat.readline().split()[1:]]
        return sum(values), values[3] + values[4]   # total, idle + iowait

    try:
        total0, idle0 = sample()
        time.sleep(seconds)
        total1, idle1 = sample()
    except OSError:
        return None
    return (os.cpu_count() or 1) * (1 - (idle1 - idle0) / max(1, total1 - total0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=240)
    parser.add_argument("--bots", default="angry,angry,angry")
    parser.add_argument("--max-turns", type=int, default=1000)
    args = parser.parse_args()

    specs = args.bots.split(",")
    tasks = tournament_tasks(specs, groups_for(args.games, len(specs)), master_seed=1)
    setup = GameSetup(Rules(max_turns=args.max_turns), load_map())
    print(f"{len(tasks)} games of {', '.join(specs)} on the classic map, {os.cpu_count()} CPUs")
    busy = busy_cores()
    if busy is not None and busy > 0.3:
        # The speedup can only reach the number of idle cores.
        print(f"  note: other processes keep {busy:.1f} cores busy; the speedup will fall short")
    one, results_one = rate(setup, tasks, 1)
    print(f"  1 job : {one:6.1f} games/s")
    two, results_two = rate(setup, tasks, 2)
    print(f"  2 jobs: {two:6.1f} games/s")
    print(f"  speedup {two / one:.2f}x")
    independent = ceiling(setup, tasks, 2)
    print(f"  2 independent processes: {independent:6.1f} games/s ({independent / one:.2f}x: "
          f"the machine's ceiling; the pool reaches {two / independent:.0%} of it)")
    if results_one != results_two:
        raise SystemExit("the two runs gave different results")


if __name__ == "__main__":
    main()
