"""Tan's 1997 round odds (his Table 3), rebuilt by his own method, slip included.

Tan's published Table 3 treats the two dice comparisons of a round as independent:
P(defender loses 2) = P(Y1 > Z1) * P(Y2 > Z2), each factor taken from the marginal distributions
of the order statistics (his Table 2). :func:`tan1997_model` rebuilds the table by that very
method, including one slip in his arithmetic (see :func:`tan1997_round`), so its numbers (3 vs 2:
0.259 / 0.237 / 0.504 instead of 0.372 / 0.293 / 0.336) can be shown beside the truth.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import lru_cache

from risk.battle.caches import register
from risk.battle.dice import STANDARD_DICE, DiceRules, order_statistic
from risk.battle.model import RoundModel, build_model


def comparison_win_probability(attack_dice: int, defend_dice: int, rank: int,
                               lowest_attacker_face: int = 2) -> Fraction:
    """P(Y(rank) > Z(rank)) from the marginal order-statistic distributions (Tan's Table 2).

    Tan's sum: over attacker faces y = 2..6 and defender faces z = 1..y-1 of
    P(Y(rank) = y) * P(Z(rank) = z). Correct for one comparison taken alone; Tan's error is
    multiplying two of them. ``lowest_attacker_face`` = 3 leaves out the y = 2 terms, the slip
    that reproduces his printed P(Y(2) > Z(2)) = 0.551 for 3 vs 2 (see :func:`tan1997_round`).
    """
    attack = order_statistic(attack_dice, rank)
    defend = order_statistic(defend_dice, rank)
    return sum((attack[y - 1] * defend[z - 1]
                for y in range(lowest_attacker_face, 7) for z in range(1, y)), Fraction(0))


def tan1997_round(attack_dice: int, defend_dice: int,
                  as_printed: bool = True) -> dict[tuple[int, int], Fraction]:
    """One round as Tan (1997) computed it: the dice comparisons treated as independent.

    The defender's losses are a sum of independent Bernoulli comparisons, each with the
    probability :func:`comparison_win_probability` gives. ``as_printed`` also repeats the one
    arithmetic slip in his Table 3: for 3 vs 2 he gives P(Y(2) > Z(2)) = 0.551, which is the sum
    without its y = 2 term (4284/7776 = 0.5509; the full sum is 4724/7776 = 0.6075). Every other
    entry of his Tables 2 and 3 is the complete sum. His worked example (20 vs 10: "98%, about
    9 armies lost") follows from the table as printed; independence alone gives 98.8% and 8.28.
    """
    comparisons = min(attack_dice, defend_dice)
    # Distribution of the defender's losses as a sum of independent Bernoulli comparisons.
    defender_losses = {0: Fraction(1)}
    for rank in range(1, comparisons + 1):
        slip = as_printed and (attack_dice, defend_dice, rank) == (3, 2, 2)
        win = comparison_win_probability(attack_dice, defend_dice, rank, 3 if slip else 2)
        spread: dict[int, Fraction] = defaultdict(Fraction)
        for losses, p in defender_losses.items():
            spread[losses + 1] += p * win
            spread[losses] += p * (1 - win)
        defender_losses = spread
    return {(comparisons - k, k): p for k, p in defender_losses.items()}


@register
@lru_cache(maxsize=None)
def tan1997_model(dice: DiceRules = STANDARD_DICE, as_printed: bool = True) -> RoundModel:
    """Tan's published round odds (his Table 3) for every case; see :func:`tan1997_round`."""
    return build_model("tan1997" if as_printed else "tan1997-independent", dice,
                       dice.steady_defender_armies,
                       lambda attack_dice, defenders: tan1997_round(
                           attack_dice, dice.defender_dice(defenders), as_printed))
