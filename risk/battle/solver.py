"""The fast exact solver: every sub-battle at once, and survivor distributions, in O(A*D).

Tan's convention throughout (``a`` attacking armies that may all be lost, ``d`` defenders); the
attacker stops when down to ``stop`` armies or fewer. :mod:`risk.battle.exact` is the same method
one state at a time; this module vectorises it with numpy, one defender column ``d`` at a time.

Why a column at a time works: a round moves (a, d) to (a - la, d - ld) with la + ld >= 1. The
terms with ``ld >= 1`` come from columns already solved. The terms with ``ld = 0`` (the attacker
lost every comparison) stay in the column, and for ``a >= attacker_max`` (the attacker rolls all
his dice) their coefficients do not depend on ``a``. So along the column the values obey a linear
recurrence with constant coefficients,

    x[a] = rhs[a] + q1 * x[a - 1] + q2 * x[a - 2] + q3 * x[a - 3],

an IIR filter. Its terms reach back at most 3 armies in ``a`` and 3 in ``d``, so every cell on an
anti-diagonal ``a + d = s`` depends only on the three anti-diagonals before it: the sweep runs
one anti-diagonal at a time with numpy, on a table stored by anti-diagonal. The sums are taken in
the order of the filter the solver used before (scipy's ``lfilter``: direct form II transposed),
so every value is bit for bit what it was. The few cells where the attacker rolls fewer dice, or
where the defender's dice still depend on ``d``, are done in plain Python. Pushing probability
forward is the same recurrence run from the top of the column down.

numpy is imported by the functions that use it, not with the module: a small battle's
distribution comes from :mod:`risk.battle.listsolver`, the same floats, without numpy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from risk.battle.listsolver import Plan, fewer_dice_rows, first_rows, plan_column, pushed_down
from risk.battle.model import RoundModel

if TYPE_CHECKING:  # numpy is loaded by the functions that use it: small battles do without it
    import numpy as np

#: Quantities solved backward: P(conquest), expected attacker armies left, expected defenders left.
WIN, ATTACKER_LEFT, DEFENDER_LEFT = 0, 1, 2


@dataclass(frozen=True, eq=False)
class BattleTable:
    """Every sub-battle (a, d) with ``0 <= a <= max_attackers``, ``0 <= d <= max_defenders``.

    Tan's convention; ``values[q, d, a]`` for q in (WIN, ATTACKER_LEFT, DEFENDER_LEFT), stored
    column by column (``d`` major) because that is the order the solver fills them.
    """

    model: RoundModel
    stop: int
    values: np.ndarray

    @property
    def max_attackers(self) -> int:
        return self.values.shape[2] - 1

    @property
    def max_defenders(self) -> int:
        return self.values.shape[1] - 1

    @property
    def win(self) -> np.ndarray:
        """P(the attacker destroys the defender), indexed ``[a, d]`` (a transposed view)."""
        return self.values[WIN].T

    @property
    def attacker_left(self) -> np.ndarray:
        return self.values[ATTACKER_LEFT].T

    @property
    def defender_left(self) -> np.ndarray:
        return self.values[DEFENDER_LEFT].T

    def expected_losses(self, a: int, d: int) -> tuple[float, float]:
        """(attacker losses, defender losses) expected in the sub-battle (a, d)."""
        return (a - float(self.values[ATTACKER_LEFT, d, a]), d - float(self.values[DEFENDER_LEFT, d, a]))


def _solve_low_rows(values: np.ndarray, plan: Plan, steady_from: int, rows: int, first_column: int) -> None:
    """Solve the lowest ``rows`` rows of the run of full dice in columns ``d >= first_column``,
    in plain Python: a row needs only rows at or below it, so they are solved before the sweep.

    The sums are those of the filter the column sweep once used, in its order: first the terms
    from earlier columns, then the cells of this column below the run (known, folded in), then
    the filter's own terms, from the farthest back; exactly the floating-point operations it made.
    """
    across, same_column, lags = plan
    D = values.shape[1] - 1
    for q in range(3):
        # The rows these cells read, as lists indexed by d.
        line = {a: values[q, :, a].tolist() for a in range(max(0, steady_from - 3), steady_from + rows)}
        for a in range(steady_from, steady_from + rows):
            i = a - steady_from
            for d in range(first_column, D + 1):
                rhs = 0.0
                for la, ld, p in across:
                    rhs += line[a - la][d - ld] * p
                for la, p in same_column:
                    if i < la:
                        rhs += p * line[a - la][d]
                carried = 0.0
                for la, p in lags:
                    if la <= i:
                        carried += line[a - la][d] * p
                line[a][d] = carried + rhs
            values[q, first_column:, a] = line[a][first_column:]


def _solve_column(values: np.ndarray, plan: Plan, steady_from: int, d: int) -> None:
    """Solve the run of full dice of one column ``d`` whose earlier columns are all solved: the
    terms from earlier columns and the known cells below the run with numpy, then the recurrence
    along the column in plain Python, each sum in the order of :func:`_solve_low_rows`."""
    import numpy as np
    across, same_column, lags = plan
    A = values.shape[2] - 1
    width = A + 1 - steady_from
    column = values[:, d, :]
    rhs = np.zeros((3, width))
    for la, ld, p in across:
        rhs += values[:, d - ld, steady_from - la:A + 1 - la] * p
    for la, p in same_column:
        reach = min(la, width)
        rhs[:, :reach] += p * column[:, steady_from - la:steady_from - la + reach]
    for q in range(3):
        run = rhs[q].tolist()
        for n in range(width):
            carried = 0.0
            for la, p in lags:
                if la <= n:
                    carried += run[n - la] * p
            run[n] = carried + run[n]
        column[q, steady_from:] = run


def _sweep(skewed: np.ndarray, plan: Plan, first_row: int, first_column: int) -> None:
    """Solve the run of full dice from ``first_row`` up in columns ``d >= first_column``, all
    under ``plan``, one anti-diagonal ``a + d = s`` at a time.

    ``skewed[q, s, d]`` is the cell (s - d, d): an anti-diagonal is a contiguous row, and the
    cell (a - la, d - ld) is in row ``s - la - ld``, column ``d - ld``. A cell takes the same sums
    as in :func:`_solve_low_rows`; the rows that sum differently (:func:`~risk.battle.listsolver.first_rows`) are solved
    before, by that function.
    """
    import numpy as np
    _, diagonals, columns = skewed.shape
    D = columns - 1
    A = diagonals - 1 - D
    across, _, lags = plan
    for s in range(first_row + first_column, A + D + 1):
        d_low = max(first_column, s - A)
        d_high = min(D, s - first_row)
        if d_low > d_high:
            continue
        total = None
        for la, ld, p in across:
            term = skewed[:, s - la - ld, d_low - ld:d_high + 1 - ld] * p
            if total is None:
                total = term
            else:
                total += term
        carried = None
        for la, p in lags:
            term = skewed[:, s - la, d_low:d_high + 1] * p
            if carried is None:
                carried = term
            else:
                carried += term
        cells = skewed[:, s, d_low:d_high + 1]
        if carried is None:
            cells[...] = total
        else:
            np.add(carried, total, out=cells)


def solve_table(model: RoundModel, max_attackers: int, max_defenders: int, stop: int = 0) -> BattleTable:
    """Solve (I - Q) x = b for every sub-battle up to (A, D) at once: one pass, O(A*D)."""
    import numpy as np
    from numpy.lib.stride_tricks import as_strided
    A, D = max_attackers, max_defenders
    # Stored by anti-diagonal (row s = a + d holds the cells (s - d, d)), so that the sweep reads
    # and writes contiguous slices; ``values`` is the same memory seen as [q, d, a].
    skewed = np.zeros((3, A + D + 1, D + 1))
    values = as_strided(skewed, shape=(3, D + 1, A + 1),
                        strides=(skewed.strides[0], skewed.strides[1] + skewed.strides[2], skewed.strides[1]))
    armies = np.arange(A + 1, dtype=float)
    # Column d = 0: the defender is destroyed, a conquest with ``a`` armies left.
    values[WIN, 0, :] = 1.0
    values[ATTACKER_LEFT, 0, :] = armies
    # Rows a <= stop: the attacker has stopped (or lost everything); nothing changes any more.
    values[ATTACKER_LEFT, 1:, :stop + 1] = armies[:stop + 1]
    values[DEFENDER_LEFT, 1:, :stop + 1] = np.arange(1, D + 1, dtype=float)[:, None]
    full_dice = model.dice.attacker_max
    steady_from = max(stop + 1, full_dice)  # from this row on, every column is one recurrence
    few_dice = range(stop + 1, min(steady_from, A + 1))
    for a, row in fewer_dice_rows(model, D, stop, few_dice).items():
        values[:, :, a] = np.array(row).T
    if steady_from > A:
        return BattleTable(model, stop, np.ascontiguousarray(values))
    # The round odds of the run depend on d only up to the steady count: the first columns each
    # have their own, solved cell by cell; every later one shares the steady count's.
    steady = model.steady_defenders
    for d in range(1, min(D, steady - 1) + 1):
        _solve_column(values, plan_column(model, full_dice, d), steady_from, d)
    if D >= steady:
        plan = plan_column(model, full_dice, steady)
        low_rows = min(first_rows(plan[1]), A + 1 - steady_from)
        _solve_low_rows(values, plan, steady_from, low_rows, steady)
        _sweep(skewed, plan, steady_from + low_rows, steady)
    return BattleTable(model, stop, np.ascontiguousarray(values))


def stop_levels_below(table: BattleTable, stop_below: float) -> np.ndarray | None:
    """For "stop when the conquest odds fall below ``stop_below``": per column, the stop level.

    Returns ``levels[d]`` such that the attacker stops in (a, d) exactly when ``a <= levels[d]``
    (never below ``table.stop``), or None when the stop states of some column are not all below
    its continuing states (the win probability not increasing in ``a``), which the column solver
    cannot express; callers then fall back to the state-by-state solver.
    """
    import numpy as np
    stopping = table.win < stop_below                     # [a, d]
    stopping[:table.stop + 1, :] = True
    stopping[:, 0] = False
    # Each column must be a run of True (stop) then False (go on).
    if np.any(stopping[1:, 1:] & ~stopping[:-1, 1:]):
        return None
    levels = stopping.sum(axis=0) - 1
    levels[0] = table.stop
    return levels


def final_distribution(model: RoundModel, attackers: int, defenders: int, stop: int = 0,
                       levels: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Push probability forward from (A, D): where every battle ends, in O(A*D).

    ``levels[d]`` (default: ``stop`` everywhere) is the stop level of column ``d``: the attacker
    stops in (a, d) when ``a <= levels[d]``, except in the starting state, where the battle is
    assumed to begin. Returns ``(conquests, stopped)``: ``conquests[a]`` the probability that
    the attacker destroys the defender with ``a`` armies left, and ``stopped[d, a]`` the
    probability that the battle ends in the stop state (a, d), d >= 1 (zero elsewhere).
    """
    import numpy as np
    A, D = attackers, defenders
    if levels is None:
        levels = np.full(D + 1, stop)
    full_dice = model.dice.attacker_max
    most_losses = model.most_losses
    inflow = np.zeros((D + 1, A + 1))   # probability arriving in each state, by column
    stopped = np.zeros((D + 1, A + 1))
    runs, first_swept = _swept_runs(model, A, D, levels)
    for d in range(D, 0, -1):
        level = int(levels[d])
        mass = inflow[d]                 # becomes the probability of ever being in (a, d)
        if d == D:
            mass[A] += 1.0               # the start
        # Transient cells a > level form one run [steady_from, A] with constant odds, plus at
        # most attacker_max - 1 cells below it; the start is transient even under its level.
        steady_from = max(level + 1, full_dice)
        steady = model.float_outcomes(full_dice, d)
        if steady_from <= A:
            if d >= first_swept:
                mass[steady_from:] = runs[d, steady_from:A + 1]
            else:
                lags = sorted(((la, p) for la, ld, p in steady if not ld), reverse=True)
                if lags:
                    mass[steady_from:] = pushed_down(mass[steady_from:].tolist(), lags)
        # The cells under the run, by hand, in a small Python list: first what the run sends
        # down into them, then each transient one in turn, from the top.
        low = max(0, min(level + 1, A) - most_losses)
        top = min(steady_from, A + 1)
        window = mass[low:top].tolist()
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
                        inflow[d - ld, a - la] += p * m
                    else:
                        window[a - la - low] += p * m
        mass[low:top] = window
        # The run sends the rest of its probability to earlier columns, a whole slice at a time.
        if steady_from <= A:
            for la, ld, p in steady:
                if ld:
                    inflow[d - ld, steady_from - la:A + 1 - la] += p * mass[steady_from:]
        # Cells at or under the level keep what reached them: the battle stopped there.
        stop_cells = mass[:level + 1]
        stopped[d, :level + 1] = stop_cells
        if d == D and A <= level:
            stopped[d, A] = 0.0          # the start did not stop, it was pushed on above
    return inflow[0].copy(), stopped


def _swept_runs(model: RoundModel, A: int, D: int, levels: np.ndarray) -> tuple[np.ndarray, int]:
    """The final mass of every cell in the runs of full dice of :func:`final_distribution`, for
    the columns from the steady count of defenders up (the second value): ``runs[d, a]``, zero
    outside the runs.

    Pulled one anti-diagonal ``a + d = s`` at a time, from the top: a run cell receives only
    from run cells of the next three columns (what the cells under a run send stays under the
    runs of earlier columns) and from the start, and from the cells above it in its own run. Its
    sums are taken in the order the column loop adds them (the columns from the farthest, each
    by its outcomes' order, then the run's own fall as the filter once summed it), so the values
    are bit for bit those of that loop. Stored by anti-diagonal (``skewed[s, d]`` is the cell
    (s - d, d)) and padded with zeros, so that a source off the table adds an exact zero.
    """
    import numpy as np
    from numpy.lib.stride_tricks import as_strided
    full_dice = model.dice.attacker_max
    first = model.steady_defenders
    skewed = np.zeros((A + D + 7, D + 4))
    runs = as_strided(skewed, shape=(D + 4, A + 4),
                      strides=(skewed.strides[0] + skewed.strides[1], skewed.strides[0]))
    starts = np.array([max(int(levels[d]) + 1, full_dice) for d in range(D + 1)])
    if first > D or starts[first:].min() > A:
        return runs, first
    # Where a diagonal leaves the runs: the cell (s - d, d) is in one when d + starts[d] <= s,
    # a prefix of the diagonal's columns when that bound never falls (else a mask says which).
    bound = np.arange(first, D + 1) + starts[first:]
    in_run = None
    if np.any(np.diff(bound) < 0):
        in_run = np.zeros_like(skewed)
        in_run_cells = as_strided(in_run, shape=runs.shape, strides=runs.strides)
        for d in range(first, D + 1):
            in_run_cells[d, starts[d]:A + 1] = 1.0
    # The start: 1 in its cell if it is in the run; else, pushed on at once, its first round
    # is the first thing to reach the cells it leads to.
    seeds: dict[tuple[int, int], float] = {}
    if A >= starts[D]:
        seeds[(A + D, D)] = 1.0
    else:
        for la, ld, p in model.float_outcomes(A, D):
            if ld:
                seeds[(A - la + D - ld, D - ld)] = p * 1.0
    steady = model.float_outcomes(full_dice, first)
    across = [(la, ld, p) for ld in sorted({ld for _, ld, _ in steady if ld}, reverse=True)
              for la, ld2, p in steady if ld2 == ld]
    lags = sorted(((la, p) for la, ld, p in steady if not ld), reverse=True)
    for s in range(A + D, first + full_dice - 1, -1):
        d_low = max(first, s - A)
        if in_run is None:
            d_high = first + int(np.searchsorted(bound, s, side="right")) - 1
        else:
            d_high = min(D, s - full_dice)
        if d_low > d_high:
            continue
        total = None
        seeded = [(d, seed) for (diagonal, d), seed in seeds.items() if diagonal == s and d_low <= d <= d_high]
        if seeded:
            total = np.zeros(d_high + 1 - d_low)
            for d, seed in seeded:
                total[d - d_low] = seed
        for la, ld, p in across:
            term = skewed[s + la + ld, d_low + ld:d_high + 1 + ld] * p
            if total is None:
                total = term
            else:
                total += term
        if lags:
            carried = None
            for la, p in lags:
                term = skewed[s + la, d_low:d_high + 1] * p
                if carried is None:
                    carried = term
                else:
                    carried += term
            total = carried + total
        if in_run is not None:
            total *= in_run[s, d_low:d_high + 1]
        skewed[s, d_low:d_high + 1] = total
    return runs, first
