"""The O(A*D) solver in plain Python lists, for small battles: the survivor distribution and the
table of win probabilities without loading numpy, which costs more CPU than a small battle's
whole solution, so that ``risk odds`` starts at once (``benchmarks/bench_startup.py`` measures
it; the figures are in the README's Performance section).

:func:`final_distribution_lists` and :func:`solve_table_lists` are
:func:`risk.battle.solver.final_distribution` and :func:`~risk.battle.solver.solve_table` cell for
cell: every cell takes the same floating-point operations in the same order (numpy adds and
multiplies element by element, rounding each operation as Python does), so both give the same
floats bit for bit (tests/test_battle_listsolver.py compares every entry, ``==``). Only the storage
and the order of the cells differ: here a list per defender column, where numpy sweeps
anti-diagonals. It costs O(A*D) Python steps, so :mod:`risk.battle.analysis` takes it only as far
as it is cheaper (:func:`in_lists`). The column plans and the rows of fewer dice live here, and
the numpy solver imports them: one copy of the order of the sums.
"""

from __future__ import annotations

import sys
from bisect import bisect_right
from typing import Sequence

from risk.battle.model import RoundModel

__all__ = ["LIST_CELLS", "LIST_CELLS_WITH_NUMPY", "ListTable", "Plan", "fewer_dice_rows", "final_distribution_lists",
           "first_rows", "in_lists", "plan_column", "pushed_down", "solve_table_lists", "stop_levels_lists"]

#: The largest battle, in cells (attackers + 1) * (defenders + 1), worked out here while numpy is
#: not loaded: up to it the Python loops for a distribution and its table of stop levels cost
#: less CPU than importing numpy (timed on this project's machine when the size was chosen).
LIST_CELLS = 60_000
#: The same once numpy is loaded anyway (bots, the window): up to it, lists beat numpy's overhead
#: per call (the two cost the same at about this size, timed on this project's machine).
LIST_CELLS_WITH_NUMPY = 2_000


def in_lists(cells: int) -> bool:
    """Whether a battle (or table) of ``cells`` cells is cheaper here than with numpy, now."""
    return cells <= (LIST_CELLS_WITH_NUMPY if "numpy" in sys.modules else LIST_CELLS)


#: How one column is solved along the run of full dice: the outcomes that reach earlier columns
#: (la, ld, p) in the model's order, those that stay in the column (la, p), and the latter again by
#: decreasing ``la``, the order in which the filter sums them.
Plan = tuple[list[tuple[int, int, float]], list[tuple[int, float]], list[tuple[int, float]]]


def plan_column(model: RoundModel, attack_dice: int, defenders: int) -> Plan:
    """How a column of ``defenders`` is solved along its run of ``attack_dice`` dice."""
    outcomes = model.float_outcomes(attack_dice, defenders)
    same_column = [(la, p) for la, ld, p in outcomes if not ld]
    return ([(la, ld, p) for la, ld, p in outcomes if ld], same_column,
            sorted(same_column, key=lambda lag: -lag[0]))


def first_rows(same_column: list[tuple[int, float]]) -> int:
    """How many rows at the bottom of a run sum differently from the rest: there the cells
    below the run are folded in with the terms from earlier columns, before the filter's own
    terms. With one outcome at most staying in the column that is one product added last or
    first, the same value either way; with more (the seeing defender), the first rows differ."""
    return max(la for la, _ in same_column) if len(same_column) > 1 else 0


def fewer_dice_rows(model: RoundModel, max_defenders: int, stop: int,
                    rows: range) -> dict[int, list[tuple[float, float, float]]]:
    """Values of the few rows where the attacker rolls fewer than all his dice, in plain Python.

    Row ``a`` needs only rows below it and earlier columns, so these rows are solved first, for
    every ``d``, at a cost of O(D); the column sweep then treats them as known.
    """
    known: dict[int, list[tuple[float, float, float]]] = {a: [(1.0, float(a), 0.0)] for a in rows}

    def value(a: int, d: int) -> tuple[float, float, float]:
        if d == 0:
            return 1.0, float(a), 0.0
        if a <= stop:
            return 0.0, float(a), float(d)
        return known[a][d]

    for d in range(1, max_defenders + 1):
        for a in rows:
            win = attacker_left = defender_left = 0.0
            for la, ld, p in model.float_outcomes(a, d):
                w, al, dl = value(a - la, d - ld)
                win += p * w
                attacker_left += p * al
                defender_left += p * dl
            known[a].append((win, attacker_left, defender_left))
    return known


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


#: A solved table in lists, ``table[q][d][a]`` for q in (win, attacker armies left, defenders left).
ListTable = list[list[list[float]]]


def solve_table_lists(model: RoundModel, max_attackers: int, max_defenders: int, stop: int = 0) -> ListTable:
    """:func:`risk.battle.solver.solve_table` in lists: ``table[q][d][a]``, the same floats bit
    for bit (each cell sums the same products in the same order; only the order of the cells
    differs, one column after another, which every cell's inputs allow)."""
    A, D = max_attackers, max_defenders
    table = [[[0.0] * (A + 1) for _ in range(D + 1)] for _ in range(3)]
    win, attacker_left, defender_left = table
    win[0] = [1.0] * (A + 1)
    attacker_left[0] = [float(a) for a in range(A + 1)]
    for d in range(1, D + 1):
        for a in range(min(stop, A) + 1):
            attacker_left[d][a] = float(a)
            defender_left[d][a] = float(d)
    full_dice = model.dice.attacker_max
    steady_from = max(stop + 1, full_dice)
    for a, row in fewer_dice_rows(model, D, stop, range(stop + 1, min(steady_from, A + 1))).items():
        for d, cell in enumerate(row):
            for q in range(3):
                table[q][d][a] = cell[q]
    if steady_from > A:
        return table
    steady = model.steady_defenders
    for d in range(1, min(D, steady - 1) + 1):
        _solve_column(table, plan_column(model, full_dice, d), steady_from, d)
    if D >= steady:
        plan = plan_column(model, full_dice, steady)
        low_rows = min(first_rows(plan[1]), A + 1 - steady_from)
        _solve_low_rows(table, plan, steady_from, low_rows, steady)
        _solve_steady_run(table, plan, steady_from + low_rows, steady)
    return table


def _solve_column(table: ListTable, plan: Plan, steady_from: int, d: int) -> None:
    """The run of full dice of column ``d`` (its round odds its own), as the numpy solver's
    ``_solve_column`` sums it: the terms from earlier columns, the known cells below the run,
    then the recurrence along the column."""
    across, same_column, lags = plan
    for values in table:
        column = values[d]
        A = len(column) - 1
        run = []
        for a in range(steady_from, A + 1):
            rhs = 0.0
            for la, ld, p in across:
                rhs += values[d - ld][a - la] * p
            run.append(rhs)
        for la, p in same_column:
            for n in range(min(la, len(run))):
                run[n] += p * column[steady_from - la + n]
        for n in range(len(run)):
            carried = 0.0
            for la, p in lags:
                if la <= n:
                    carried += run[n - la] * p
            run[n] = carried + run[n]
        column[steady_from:] = run


def _solve_low_rows(table: ListTable, plan: Plan, steady_from: int, rows: int, first_column: int) -> None:
    """The lowest ``rows`` rows of the steady run, as the numpy solver's ``_solve_low_rows``."""
    across, same_column, lags = plan
    for values in table:
        D = len(values) - 1
        for a in range(steady_from, steady_from + rows):
            i = a - steady_from
            for d in range(first_column, D + 1):
                rhs = 0.0
                for la, ld, p in across:
                    rhs += values[d - ld][a - la] * p
                for la, p in same_column:
                    if i < la:
                        rhs += p * values[d][a - la]
                carried = 0.0
                for la, p in lags:
                    if la <= i:
                        carried += values[d][a - la] * p
                values[d][a] = carried + rhs


def _solve_steady_run(table: ListTable, plan: Plan, first_row: int, first_column: int) -> None:
    """The rest of the steady run, each cell as the numpy solver's anti-diagonal ``_sweep``
    sums it: the terms from earlier columns, then those from its own column, added last."""
    across, _, lags = plan
    for values in table:
        D = len(values) - 1
        for d in range(first_column, D + 1):
            column = values[d]
            for a in range(first_row, len(column)):
                total = None
                for la, ld, p in across:
                    term = values[d - ld][a - la] * p
                    total = term if total is None else total + term
                if lags:
                    carried = None
                    for la, p in lags:
                        term = column[a - la] * p
                        carried = term if carried is None else carried + term
                    total = carried + total
                column[a] = total


def stop_levels_lists(table: ListTable, stop: int, stop_below: float) -> list[int] | None:
    """:func:`risk.battle.solver.stop_levels_below` on a list table: ``levels[d]``, or None when
    some column's stop states are not all below its continuing states."""
    win = table[0]
    levels = [stop]
    for column in win[1:]:
        stopping = [a <= stop or p < stop_below for a, p in enumerate(column)]
        if any(above and not below for below, above in zip(stopping, stopping[1:])):
            return None
        levels.append(sum(stopping) - 1)
    return levels
