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

which is exactly an IIR filter: :func:`scipy.signal.lfilter` runs it in compiled code. The few
cells with ``a < attacker_max`` (fewer attacking dice) are done by hand. Pushing probability
forward is the same recurrence run from the top of the column down.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.signal import lfilter

from risk.battle.rounds import RoundModel

_ONE = np.ones(1)

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


def _filter_denominator(same_column: list[tuple[int, float]]) -> np.ndarray:
    """lfilter's ``a`` coefficients for y[n] = x[n] + sum(p * y[n - la])."""
    order = max((la for la, _ in same_column), default=0)
    denominator = np.zeros(order + 1)
    denominator[0] = 1.0
    for la, p in same_column:
        denominator[la] -= p
    return denominator


def _fewer_dice_rows(model: RoundModel, max_defenders: int, stop: int,
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


def solve_table(model: RoundModel, max_attackers: int, max_defenders: int, stop: int = 0) -> BattleTable:
    """Solve (I - Q) x = b for every sub-battle up to (A, D) at once: one pass, O(A*D)."""
    A, D = max_attackers, max_defenders
    values = np.zeros((3, D + 1, A + 1))
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
    for a, row in _fewer_dice_rows(model, D, stop, few_dice).items():
        values[:, :, a] = np.array(row).T
    if steady_from > A:
        return BattleTable(model, stop, values)
    # The round odds of the run depend on d only up to the steady count: prepare each case once.
    plans: dict[int, tuple[list[tuple[int, int, float]], list[tuple[int, float]], np.ndarray | None]] = {}
    for k in range(1, min(D, model.steady_defenders) + 1):
        outcomes = model.float_outcomes(full_dice, k)
        across = [(la, ld, p) for la, ld, p in outcomes if ld]
        same_column = [(la, p) for la, ld, p in outcomes if not ld]
        plans[k] = (across, same_column, _filter_denominator(same_column) if same_column else None)
    width = A + 1 - steady_from
    term = np.empty((3, width))
    for d in range(1, D + 1):
        column = values[:, d, :]
        across, same_column, denominator = plans[min(d, model.steady_defenders)]
        rhs = np.zeros((3, width))
        for la, ld, p in across:
            np.multiply(values[:, d - ld, steady_from - la:A + 1 - la], p, out=term)
            rhs += term
        if denominator is not None:
            for la, p in same_column:
                # The first ``la`` cells of the run lean on known cells below it: fold them in.
                reach = min(la, width)
                rhs[:, :reach] += p * column[:, steady_from - la:steady_from - la + reach]
            rhs = lfilter(_ONE, denominator, rhs, axis=-1)
        column[:, steady_from:] = rhs
    return BattleTable(model, stop, values)


def stop_levels_below(table: BattleTable, stop_below: float) -> np.ndarray | None:
    """For "stop when the conquest odds fall below ``stop_below``": per column, the stop level.

    Returns ``levels[d]`` such that the attacker stops in (a, d) exactly when ``a <= levels[d]``
    (never below ``table.stop``), or None when the stop states of some column are not all below
    its continuing states (the win probability not increasing in ``a``), which the column solver
    cannot express; callers then fall back to the state-by-state solver.
    """
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
    A, D = attackers, defenders
    if levels is None:
        levels = np.full(D + 1, stop)
    full_dice = model.dice.attacker_max
    most_losses = model.most_losses
    inflow = np.zeros((D + 1, A + 1))   # probability arriving in each state, by column
    stopped = np.zeros((D + 1, A + 1))
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
            same_column = [(la, p) for la, ld, p in steady if not ld]
            if same_column:
                run = mass[steady_from:]
                run[:] = lfilter([1.0], _filter_denominator(same_column), run[::-1])[::-1]
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
