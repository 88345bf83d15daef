"""Where a battle ends, in plain Python lists: the survivor distribution of a small battle without
loading numpy (about 0.15 s of CPU), for ``risk odds`` and the window.

:func:`final_distribution_lists` is :func:`risk.battle.solver.final_distribution` cell for cell:
every cell takes the same floating-point operations in the same order (numpy adds and multiplies
element by element, rounding each operation as Python does), so the two give the same floats bit
for bit (tests/test_battle_listsolver.py compares every entry, ``==``). Only the storage differs:
here a list per defender column, where numpy sweeps anti-diagonals. It costs O(A*D) Python steps,
so :mod:`risk.battle.analysis` takes it only up to :data:`LIST_CELLS` cells.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Sequence

from risk.battle.model import RoundModel

__all__ = ["LIST_CELLS", "final_distribution_lists", "pushed_down"]

#: The largest battle, in cells (attackers + 1) * (defenders + 1), worked out here rather than with
#: numpy: past it the Python loops cost more than loading numpy does.
LIST_CELLS = 20_000


def pushed_down(run: list[float], lags: list[tuple[int, float]]) -> list[float]:
    """The probability of ever being in each cell of a run of full dice, from what flows into it
    from earlier columns (``run``, by increasing ``a``) and the run's own fall within the column:
    ``lags`` are the (la, p) of the outcomes that stay in it, by decreasing ``la``.

    The sums are taken in the order of the filter used before (scipy's ``lfilter`` on the
    reversed run), so every value is bit for bit what it was.
    """
    length = len(run)
    if len(lags) == 1:
        # One outcome stays in the column (every law but the seeing defender's): a tighter loop.
        ((la, p),) = lags
        for n in range(length - 1 - la, -1, -1):
            run[n] = run[n + la] * p + run[n]
        return run
    for n in range(length - 2, -1, -1):
        carried = 0.0
        for la, p in lags:
            if n + la < length:
                carried += run[n + la] * p
        run[n] = carried + run[n]
    return run


def _swept_runs(model: RoundModel, A: int, D: int, levels: Sequence[int]) -> tuple[list[list[float]], int]:
    """The final mass of every cell in the runs of full dice, for the columns from the steady
    count of defenders up (the second value): ``runs[d][a]``, zero outside the runs.

    :func:`risk.battle.solver._swept_runs` cell for cell: a cell sums, in this order, the start's
    seed, the run cells of later columns (by decreasing ``ld``, each in the outcomes' order), then
    the cells above it in its own run (by decreasing ``la``), added to the rest last. Padded with
    zeros, so that a source off the table adds an exact zero, as numpy's padding does.
    """
    full_dice = model.dice.attacker_max
    first = model.steady_defenders
    runs = [[0.0] * (A + 4) for _ in range(D + 4)]
    starts = [max(levels[d] + 1, full_dice) for d in range(D + 1)]
    if first > D or min(starts[first:]) > A:
        return runs, first
    bound = [d + starts[d] for d in range(first, D + 1)]
    masked = any(later < earlier for earlier, later in zip(bound, bound[1:]))
    seeds: dict[tuple[int, int], float] = {}
    if A >= starts[D]:
        seeds[(A, D)] = 1.0
    else:
        for la, ld, p in model.float_outcomes(A, D):
            if ld:
                seeds[(A - la, D - ld)] = p * 1.0
    steady = model.float_outcomes(full_dice, first)
    across = [(la, ld, p) for ld in sorted({ld for _, ld, _ in steady if ld}, reverse=True)
              for la, ld2, p in steady if ld2 == ld]
    lags = sorted(((la, p) for la, ld, p in steady if not ld), reverse=True)
    for s in range(A + D, first + full_dice - 1, -1):
        d_low = max(first, s - A)
        d_high = min(D, s - full_dice) if masked else first + bisect_right(bound, s) - 1
        for d in range(d_low, d_high + 1):
            a = s - d
            total = seeds.get((a, d), 0.0)
            for la, ld, p in across:
                total += runs[d + ld][a + la] * p
            if lags:
                carried = None
                for la, p in lags:
                    term = runs[d][a + la] * p
                    carried = term if carried is None else carried + term
                total = carried + total
            if masked and a < starts[d]:
                total *= 0.0
            runs[d][a] = total
    return runs, first


def final_distribution_lists(model: RoundModel, attackers: int, defenders: int, stop: int = 0,
                             levels: Sequence[int] | None = None) -> tuple[list[float], list[list[float]]]:
    """:func:`risk.battle.solver.final_distribution` in lists: ``(conquests, stopped)`` with
    ``conquests[a]`` and ``stopped[d][a]``, the same floats bit for bit."""
    A, D = attackers, defenders
    if levels is None:
        levels = [stop] * (D + 1)
    full_dice = model.dice.attacker_max
    most_losses = model.most_losses
    inflow = [[0.0] * (A + 1) for _ in range(D + 1)]
    stopped = [[0.0] * (A + 1) for _ in range(D + 1)]
    runs, first_swept = _swept_runs(model, A, D, levels)
    for d in range(D, 0, -1):
        level = int(levels[d])
        mass = inflow[d]
        if d == D:
            mass[A] += 1.0
        steady_from = max(level + 1, full_dice)
        steady = model.float_outcomes(full_dice, d)
        if steady_from <= A:
            if d >= first_swept:
                mass[steady_from:] = runs[d][steady_from:A + 1]
            else:
                lags = sorted(((la, p) for la, ld, p in steady if not ld), reverse=True)
                if lags:
                    mass[steady_from:] = pushed_down(mass[steady_from:], lags)
        low = max(0, min(level + 1, A) - most_losses)
        top = min(steady_from, A + 1)
        window = mass[low:top]
        if steady_from <= A:
            for source in range(steady_from, min(steady_from + most_losses, A + 1)):
                for la, ld, p in steady:
                    if not ld and source - la < steady_from:
                        window[source - la - low] += p * mass[source]
        start_below_run = d == D and A < steady_from
        for a in range(top - 1, low - 1, -1):
            if a > level or (start_below_run and a == A):
                m = window[a - low]
                for la, ld, p in model.float_outcomes(a, d):
                    if ld:
                        inflow[d - ld][a - la] += p * m
                    else:
                        window[a - la - low] += p * m
        mass[low:top] = window
        if steady_from <= A:
            for la, ld, p in steady:
                if ld:
                    target = inflow[d - ld]
                    for a in range(steady_from, A + 1):
                        target[a - la] += p * mass[a]
        kept = mass[:level + 1]
        stopped[d][:len(kept)] = kept
        if d == D and A <= level:
            stopped[d][A] = 0.0
    return inflow[0][:], stopped
