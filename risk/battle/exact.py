"""The plain-Python solver: exact rationals (or floats) for every sub-battle, state by state.

This is the O(A*D) method written out one state at a time, with no numpy: slower than
:mod:`risk.battle.solver`, but it works on any number type, so with :class:`~fractions.Fraction`
it gives exact answers, and with floats it is an independent check of the vectorised solver.

Everything is in Tan's convention: ``a`` attacking armies that may all be lost, ``d`` defending
armies; the attacker stops when down to ``stop`` armies or fewer (0: fights to the last army).

Why one pass is exact: every round removes at least one army, so a state's successors all have
a smaller ``d``, or the same ``d`` and a smaller ``a``. Visiting states by increasing ``d`` and
then ``a`` (backward values) or the reverse (pushing probability forward) therefore meets every
state after everything it depends on: the matrix Q of Tan's chain is strictly triangular in this
order, and the triangular system (I - Q) x = b is solved by substitution.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

from risk.battle.model import RoundModel

Number = TypeVar("Number", Fraction, float)


@dataclass(frozen=True)
class ExactTable(Generic[Number]):
    """Values of every sub-battle (a, d), ``0 <= a <= A``, ``0 <= d <= D`` (Tan's convention).

    ``win[a][d]`` is the probability that the attacker destroys the defender; ``attacker_left``
    and ``defender_left`` the expected armies each side has at the end.
    """

    stop: int
    win: list[list[Number]]
    attacker_left: list[list[Number]]
    defender_left: list[list[Number]]


def _outcomes(model: RoundModel, exact: bool, a: int, d: int):
    return model.outcomes(a, d) if exact else model.float_outcomes(a, d)


def solve_exact(model: RoundModel, attackers: int, defenders: int, stop: int = 0,
                exact: bool = True) -> ExactTable:
    """Backward pass: win probability and expected survivors of every sub-battle at once."""
    zero, one = (Fraction(0), Fraction(1)) if exact else (0.0, 1.0)
    cast = Fraction if exact else float
    win = [[zero] * (defenders + 1) for _ in range(attackers + 1)]
    attacker_left = [[zero] * (defenders + 1) for _ in range(attackers + 1)]
    defender_left = [[zero] * (defenders + 1) for _ in range(attackers + 1)]
    for a in range(attackers + 1):
        # The defender is destroyed: a conquest with ``a`` armies left.
        win[a][0] = one
        attacker_left[a][0] = cast(a)
    for d in range(1, defenders + 1):
        for a in range(attackers + 1):
            if a <= stop:  # the attacker has stopped (or lost everything)
                attacker_left[a][d] = cast(a)
                defender_left[a][d] = cast(d)
                continue
            w = al = dl = zero
            for la, ld, p in _outcomes(model, exact, a, d):
                w += p * win[a - la][d - ld]
                al += p * attacker_left[a - la][d - ld]
                dl += p * defender_left[a - la][d - ld]
            win[a][d], attacker_left[a][d], defender_left[a][d] = w, al, dl
    return ExactTable(stop, win, attacker_left, defender_left)


def distribution_exact(model: RoundModel, attackers: int, defenders: int, stop: int = 0,
                       exact: bool = True, stop_below: float | None = None,
                       table: ExactTable | None = None) -> dict[tuple[int, int], Number]:
    """Push probability forward from (A, D): every final state with its probability.

    With ``stop_below`` the attacker also stops in any state (a, d) other than the start whose
    conquest probability ``table.win[a][d]`` (same ``stop``, no ``stop_below``) is below it.
    """
    if stop_below is not None and table is None:
        table = solve_exact(model, attackers, defenders, stop, exact)
    zero = Fraction(0) if exact else 0.0
    mass = [[zero] * (defenders + 1) for _ in range(attackers + 1)]
    mass[attackers][defenders] = Fraction(1) if exact else 1.0
    final: dict[tuple[int, int], Number] = {}
    for d in range(defenders, -1, -1):
        for a in range(attackers, -1, -1):
            m = mass[a][d]
            if not m:
                continue
            start = (a, d) == (attackers, defenders)
            stopped = a <= stop or d == 0 or (
                not start and stop_below is not None and table.win[a][d] < stop_below)
            if stopped:
                final[(a, d)] = m
                continue
            for la, ld, p in _outcomes(model, exact, a, d):
                mass[a - la][d - ld] += p * m
    return dict(sorted(final.items()))
