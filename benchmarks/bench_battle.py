"""Speed of the battle solvers: ``python benchmarks/bench_battle.py``.

Compares, at 30 vs 30, 100 vs 100 and 1000 vs 1000 (Tan's convention):

* the fast O(A*D) solver (win probability and both expected losses of every sub-battle),
* the fast survivor distribution (pushing probability forward from (A, D)),
* Tan's chain with a dense inverse (I - Q)^-1 (skipped where it would take longer than
  ``--dense-budget`` seconds, a minute by default, or too much memory: the estimate is printed;
  ``--dense-budget 900`` measures 100 vs 100, a few minutes and 2.4 GB),
* Tan's chain with scipy's sparse solve,
* Monte Carlo with 10^5 battles (dice actually rolled),

and times the cached look-ups the engine makes (win_probability, sample_blitz). Medians of
several runs; ratios are against the fast solver at the same size.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from risk.battle import (final_distribution, round_model, sample_blitz, simulate_battles, solve_dense,  # noqa: E402
                         solve_sparse, solve_table, tan_chain, win_probability)
from risk.battle.analysis import clear_caches  # noqa: E402

SIZES = (30, 100, 1000)
DENSE_BUDGET_BYTES = 4e9


def median_time(function, repeats: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="runs per measurement (median)")
    parser.add_argument("--mc-battles", type=int, default=100_000, help="battles per Monte Carlo run")
    parser.add_argument("--dense-budget", type=float, default=60.0, metavar="SECONDS",
                        help="the longest estimated dense inverse to run (default 60)")
    parser.add_argument("--mc-repeats-large", type=int, default=1,
                        help="Monte Carlo runs at 1000 vs 1000 (each takes many seconds)")
    options = parser.parse_args()
    model = round_model()
    rows: list[tuple[str, str, str, str, str]] = []
    dense_seconds_per_cube = None

    for n in SIZES:
        fast_time, table = median_time(lambda: solve_table(model, n, n), options.repeats)
        truth = table.win[n, n]
        rows.append((f"{n} vs {n}", "fast solver: win + both expected losses, all sub-battles",
                     f"{fast_time:.4f}", "1", f"P = {truth:.6f}"))
        dist_time, (conquests, stopped) = median_time(lambda: final_distribution(model, n, n), options.repeats)
        rows.append((f"{n} vs {n}", "fast survivor distribution from (A, D)", f"{dist_time:.4f}",
                     f"{dist_time / fast_time:.2g}", f"sum = {conquests.sum() + stopped.sum():.12f}"))

        states = n * n
        dense_bytes = 3 * 8 * states ** 2
        estimate = None if dense_seconds_per_cube is None else dense_seconds_per_cube * states ** 3
        if dense_bytes > DENSE_BUDGET_BYTES or (estimate is not None and estimate > options.dense_budget):
            why = f"skipped: about {dense_bytes / 1e9:.1f} GB"
            if estimate is not None:
                why += f" and {estimate:.0f} s (from the n^3 scaling of the {SIZES[0]} vs {SIZES[0]} run)"
            rows.append((f"{n} vs {n}", "Tan's chain, dense inverse (I - Q)^-1", why, "", ""))
        else:
            def dense():
                return solve_dense(tan_chain(model, n, n))
            dense_time, solution = median_time(dense, max(1, min(options.repeats, 3)))
            dense_seconds_per_cube = dense_time / states ** 3
            error = np.abs(solution.attacker_win - table.win[1:, 1:].ravel()).max()
            rows.append((f"{n} vs {n}", "Tan's chain, dense inverse (I - Q)^-1", f"{dense_time:.4f}",
                         f"{dense_time / fast_time:.3g}", f"max |diff| = {error:.1e}"))

        def sparse():
            return solve_sparse(tan_chain(model, n, n))
        sparse_time, solution = median_time(sparse, max(1, min(options.repeats, 3)))
        error = np.abs(solution.attacker_win - table.win[1:, 1:].ravel()).max()
        rows.append((f"{n} vs {n}", "Tan's chain, scipy sparse solve (build + solve)", f"{sparse_time:.4f}",
                     f"{sparse_time / fast_time:.3g}", f"max |diff| = {error:.1e}"))

        repeats = options.mc_repeats_large if n >= 1000 else max(1, min(options.repeats, 3))
        seeds = iter(range(1000))
        mc_time, simulated = median_time(
            lambda: simulate_battles(n, n, options.mc_battles, next(seeds), convention="tan"), repeats)
        sigmas = abs(simulated.attacker_win - truth) / max(simulated.attacker_win_error, 1e-300)
        rows.append((f"{n} vs {n}", f"Monte Carlo, {options.mc_battles:.0e} battles"
                     + (f" ({repeats} run)" if repeats == 1 else ""), f"{mc_time:.3f}",
                     f"{mc_time / fast_time:.3g}",
                     f"P = {simulated.attacker_win:.4f} ± {simulated.attacker_win_error:.4f} ({sigmas:.1f} s.e.)"))

    widths = [max(len(row[i]) for row in rows + [("size", "method", "median s", "ratio", "check")])
              for i in range(5)]
    header = ("size", "method", "median s", "ratio", "check")
    print("  ".join(h.ljust(w) for h, w in zip(header, widths)))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)))

    # Cached look-ups, as the engine and the bots make them.
    clear_caches()
    win_probability(10, 5)
    sample_blitz(10, 5, 0.5)
    calls = 200_000
    lookups = {
        "win_probability(10, 5)": lambda: win_probability(10, 5),
        "sample_blitz(10, 5, u)": lambda: sample_blitz(10, 5, 0.37),
    }
    print()
    for name, call in lookups.items():
        per_call = [timeit.timeit(call, number=calls) / calls for _ in range(options.repeats)]
        print(f"{name:<28} {statistics.median(per_call) * 1e9:8.0f} ns per cached call (median of "
              f"{options.repeats} x {calls} calls, lambda overhead included)")
    clear_caches()
    start = time.perf_counter()
    win_probability(1000, 1000)
    print(f"{'first win_probability(1000, 1000)':<28} {time.perf_counter() - start:8.3f} s (solves and caches "
          "the table)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
