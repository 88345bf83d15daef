"""Battles too large for a cached exact table: a normal approximation calibrated on the table.

Bots look up conquest odds for many pairs of territories every turn, so they keep an exact table
and index it. A table grows with the square of the largest army, and in a stalemate armies reach
thousands (a table for 4,096 a side takes a gigabyte), so bots keep one up to a fixed size and use
this approximation beyond it.

Away from its last few rolls a battle repeats one round, the one where both sides roll their most
dice, which removes ``(la, ld)`` armies with fixed odds. Let ``r = E[ld] / E[la]`` (defender losses
per attacker loss). By the time the attacker's ``A`` armies are spent, after about
``n = A / E[la]`` rounds, the defender has lost ``r·A + S`` armies, where ``S``, a sum of the
zero-mean steps ``ld − r·la``, is close to normal with variance ``n·v``, ``v = Var(ld − r·la)``
(the renewal central limit theorem). The attacker wins if that reaches ``d``::

    P(win) ≈ 1 − Φ(z) + γ/6 · (z² − 1) · φ(z) / √n,    z = (d − r·A − c) / √(n·v)

with one Edgeworth term for the skewness. The constants ``c`` (the end of the battle, where fewer
dice are rolled, and the lattice) and the skewness coefficient (the randomness of ``n`` adds to
the step's own) are fitted to the exact table, on a column whose 50% crossing lies inside it, so
the approximation takes over where the table ends. Against the exact solver the worst error on a
whole column is below 5e-4 from 1,000 armies on, for every dice rule, and it shrinks as the
armies grow (tests/test_battle_large.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Callable

from risk.battle.analysis import battle_table
from risk.battle.caches import register
from risk.battle.model import RoundModel

if TYPE_CHECKING:  # numpy is loaded by the methods that use it, so importing this module is cheap
    import numpy as np

#: Exact odds come from a table up to this many armies a side (about 30 MB); the approximation is
#: calibrated there and answers beyond. A fixed bound, never the size some cache has reached, so
#: that every answer depends only on the battle and games replay exactly.
TABLE_ARMIES = 1024

_SQRT2 = math.sqrt(2.0)
_SQRT2PI = math.sqrt(2.0 * math.pi)


@dataclass(frozen=True)
class LargeBattleOdds:
    """The approximate conquest chance of large battles under one round model (Tan's convention:
    ``attackers`` armies that may all be lost; the attacker stops at ``stop``)."""

    ratio: float            # r: expected defender losses per attacker loss in a full round
    attacker_loss: float    # E[la]: attacker losses per full round
    variance: float         # v = Var(ld - r·la) per full round
    skew: float             # γ/6, the Edgeworth coefficient of that step
    shift: float            # c, fitted on the exact table
    stop: int = 0

    @classmethod
    def of(cls, model: RoundModel, stop: int = 0) -> "LargeBattleOdds":
        """The approximation's moments for ``model``, not yet calibrated (shift 0)."""
        steps = model.float_outcomes(model.dice.attacker_max, model.steady_defenders)
        attacker_loss = sum(p * la for la, _, p in steps)
        ratio = sum(p * ld for _, ld, p in steps) / attacker_loss
        variance = sum(p * (ld - ratio * la) ** 2 for la, ld, p in steps)
        third = sum(p * (ld - ratio * la) ** 3 for la, ld, p in steps)
        return cls(ratio, attacker_loss, variance, third / variance ** 1.5 / 6.0, 0.0, stop)

    def win(self, attackers: int, defenders: int) -> float:
        """P(the attacker destroys the defender) in the battle (``attackers``, ``defenders``)."""
        spendable = attackers - self.stop
        if defenders <= 0:
            return 1.0
        if spendable <= 0:
            return 0.0
        rounds = spendable / self.attacker_loss
        z = (defenders - self.ratio * spendable - self.shift) / math.sqrt(rounds * self.variance)
        p = 0.5 * math.erfc(z / _SQRT2)
        p += self.skew * (z * z - 1.0) * math.exp(-0.5 * z * z) / _SQRT2PI / math.sqrt(rounds)
        return min(1.0, max(0.0, p))

    def win_array(self, attackers: np.ndarray, defenders: int) -> np.ndarray:
        """:meth:`win` for many attackers (at least ``stop + 1`` each) against ``defenders``."""
        import numpy as np
        from scipy.special import erfc

        spendable = attackers - self.stop
        rounds = spendable / self.attacker_loss
        z = (defenders - self.ratio * spendable - self.shift) / np.sqrt(rounds * self.variance)
        p = 0.5 * erfc(z / _SQRT2)
        p += self.skew * (z * z - 1.0) * np.exp(-0.5 * z * z) / _SQRT2PI / np.sqrt(rounds)
        return np.clip(p, 0.0, 1.0)

    def calibrated(self, win: np.ndarray) -> "LargeBattleOdds":
        """This approximation with the shift and skewness coefficient that best match the exact
        ``win[a, d]`` (a square table): the worst absolute error over one column, every attacker
        count, is made smallest. The column is the last one whose 50% crossing (about d = r·A)
        lies well inside the table."""
        import numpy as np
        from scipy.optimize import minimize

        size = win.shape[0] - 1
        d = min(size, int(0.8 * self.ratio * (size - self.stop)))
        attackers = np.arange(self.stop + 1, size + 1)
        exact = win[attackers, d]

        def worst(constants: np.ndarray) -> float:
            trial = replace(self, shift=float(constants[0]), skew=float(constants[1]))
            return float(np.max(np.abs(trial.win_array(attackers, d) - exact)))

        # Nelder-Mead: the worst error is not smooth, and there are only two constants.
        best = minimize(worst, np.array([0.0, self.skew]), method="Nelder-Mead",
                        options={"xatol": 1e-4, "fatol": 1e-7})
        return replace(self, shift=float(best.x[0]), skew=float(best.x[1]))


@register
@lru_cache(maxsize=None)
def large_battle_odds(model: RoundModel, table_size: int, stop: int = 0) -> LargeBattleOdds:
    """The approximation for ``model``, calibrated on the exact table of ``table_size`` a side
    (cached per model, size and stop level; the table is the cached one the bots index)."""
    # A cached table may be larger; its first rows and columns are the same exact values.
    win = battle_table(model, table_size, table_size, stop).win[:table_size + 1, :table_size + 1]
    return LargeBattleOdds.of(model, stop).calibrated(win)


def win_estimate(model: RoundModel, stop: int = 0) -> Callable[[int, int], float]:
    """P(conquest) of any battle (Tan's convention) under ``model``: exact from the table up to
    :data:`TABLE_ARMIES` a side, the calibrated approximation beyond."""
    exact = battle_table(model, TABLE_ARMIES, TABLE_ARMIES, stop).win
    approximation = large_battle_odds(model, TABLE_ARMIES, stop)

    def win(attackers: int, defenders: int) -> float:
        if attackers <= TABLE_ARMIES and defenders <= TABLE_ARMIES:
            return float(exact[attackers, defenders])
        return approximation.win(attackers, defenders)

    return win
