"""Battles beyond the standard one: the defender who sees the attacker's dice, Tan's 1997 model.

* **Seeing defender** (the Risk FAQ, Q3.1): under the old UK rules the attacker rolls first and
  the defender chooses 1 or 2 dice after seeing the roll. The FAQ's policy is
  :func:`seeing_defender_dice`; :func:`seeing_defender_model` enumerates every roll under it.
* **tan1997**: Tan's published Table 3 treats the two dice comparisons of a round as independent:
  P(defender loses 2) = P(Y1 > Z1) * P(Y2 > Z2), each factor taken from the marginal
  distributions of the order statistics (his Table 2). :func:`tan1997_model` rebuilds the table
  by that very method, including one slip in his arithmetic (see :func:`tan1997_round`), so its
  numbers (3 vs 2: 0.259 / 0.237 / 0.504 instead of 0.372 / 0.293 / 0.336) can be shown beside
  the truth.
* **Unlimited attacker** (the FAQ, Q3.3): the expected loss to conquer N defenders when the
  attacker always rolls the most dice, :func:`expected_losses_unlimited`, and the FAQ's fitted
  formulas to compare with.

The attacker who withdraws when down to k armies needs no new model: every solver takes
``stop_at``. The first two models live in :mod:`risk.battle.seeing` and :mod:`risk.battle.tan1997`
(their names are re-exported here); this module keeps the FAQ's Q3.3 losses.
"""

from __future__ import annotations

from fractions import Fraction

from risk.battle.dice import STANDARD_DICE, BattleError, DiceRules, expected_round_losses
from risk.battle.rounds import RoundModel, round_model
from risk.battle.seeing import seeing_defender_dice, seeing_defender_model, seeing_defender_round
from risk.battle.tan1997 import comparison_win_probability, tan1997_model, tan1997_round

__all__ = ["comparison_win_probability", "expected_losses_unlimited", "faq_seeing_defender_losses",
           "faq_standard_losses", "long_run_loss_ratio", "seeing_defender_dice", "seeing_defender_model",
           "seeing_defender_round", "tan1997_model", "tan1997_round"]


# -- the attacker with unlimited armies (FAQ Q3.3) -----------------------------------------------

def expected_losses_unlimited(defenders: int, model: RoundModel | str = "standard",
                              dice: DiceRules = STANDARD_DICE) -> Fraction:
    """Expected attacker losses to destroy ``defenders`` armies, always rolling the most dice.

    Exact: L(d) = sum over outcomes p * (la + L(d - ld)); outcomes that leave ``d`` unchanged
    are folded in by dividing by 1 - P(ld = 0).
    """
    if defenders < 0:
        raise BattleError(f"defending armies must not be negative, not {defenders}")
    if isinstance(model, str):
        model = round_model(model, dice)
    full = model.dice.attacker_max
    losses = [Fraction(0)]
    for d in range(1, defenders + 1):
        stay = Fraction(0)
        total = Fraction(0)
        for la, ld, p in model.outcomes(full, d):
            total += p * la
            if ld:
                total += p * losses[d - ld]
            else:
                stay += p
        losses.append(total / (1 - stay))
    return losses[defenders]


def long_run_loss_ratio(model: RoundModel | str = "standard", dice: DiceRules = STANDARD_DICE) -> Fraction:
    """Expected attacker losses per defending army destroyed, deep in a battle (the FAQ's slope).

    Far from the end every round is the same (full dice against a steady defender), so the
    ratio of expected losses per round is the slope of L(N). For the standard game
    7161/7776 : 8391/7776 = 2387/2797 = 0.8534144...
    """
    if isinstance(model, str):
        model = round_model(model, dice)
    outcomes = model.outcomes(model.dice.attacker_max, model.steady_defenders)
    attacker, defender = expected_round_losses({(la, ld): p for la, ld, p in outcomes})
    return attacker / defender


def faq_standard_losses(defenders: int) -> float:
    """The FAQ's fitted formula (Q3.3) for the standard game."""
    return 0.8534144 * defenders - 0.2213413 * (1 - (-0.525359) ** defenders)


def faq_seeing_defender_losses(defenders: int) -> float:
    """The FAQ's fitted formula (Q3.3) when the defender sees the attack first (Q3.1 policy).

    It is matched (to 1e-7 for N = 1..20) by the policy *without* the 4-army exception; with the
    exception the attacker loses about 0.0002 more from N = 4 on, so the exception is (slightly)
    better for the defender, as the FAQ says: the formula was fitted before it was added.
    """
    return 1.0010293 * defenders - 0.3891440 + 0.6147449 * (-0.1563182) ** defenders
