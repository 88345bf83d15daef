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
``stop_at``.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Sequence

from risk.battle.dice import (FACES, STANDARD_DICE, BattleError, DiceRules, expected_round_losses,
                              order_statistic, resolve_roll)
from risk.battle.rounds import RoundModel, build_model, round_model


# -- the defender who sees the attacker's dice --------------------------------------------------

def seeing_defender_dice(defender_armies: int, attack_roll: Sequence[int], allowed: int = 2,
                         four_army_exception: bool = True) -> int:
    """How many dice the FAQ's Q3.1 defender rolls after seeing ``attack_roll``.

    ``allowed`` is the most the rules let him roll (1 or 2). The FAQ's rule, keyed on the
    attacker's second-highest die:

    * in general (3 or 5+ armies): 2 dice if the second die is 3 or less, else 1;
    * with exactly 2 armies: 2 dice if the second die is 4 or less (losing one army with one die
      would leave him a single die next time, so he gambles while he still has two);
    * with exactly 4 armies: 2 dice if the second die is 3 or less, or the roll is 4-4 (the top
      two dice are both 4s). ``four_army_exception=False`` drops this case: the FAQ's fitted
      loss formula (Q3.3) matches the policy without it (to 1e-7), not with it.

    Against a single attacking die there is one comparison whatever he rolls, so more dice can
    only help him: he rolls all he may (the FAQ, which assumes 3 attacking dice, is silent here).
    """
    if allowed <= 1 or len(attack_roll) == 1:
        return allowed
    top, second = sorted(attack_roll, reverse=True)[:2]
    if defender_armies == 2:
        two = second <= 4
    elif defender_armies == 4 and four_army_exception:
        two = second <= 3 or (top, second) == (4, 4)
    else:
        two = second <= 3
    return 2 if two else 1


def seeing_defender_round(attack_dice: int, defender_armies: int, dice: DiceRules = STANDARD_DICE,
                          four_army_exception: bool = True) -> dict[tuple[int, int], Fraction]:
    """Exact odds of one round against the seeing defender, by enumerating both rolls."""
    allowed = dice.defender_dice(defender_armies)
    odds: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for attack in product(FACES, repeat=attack_dice):
        chosen = seeing_defender_dice(defender_armies, attack, allowed, four_army_exception)
        weight = Fraction(1, 6 ** (attack_dice + chosen))
        for defend in product(FACES, repeat=chosen):
            odds[resolve_roll(attack, defend)] += weight
    return dict(odds)


@lru_cache(maxsize=None)
def seeing_defender_model(dice: DiceRules = STANDARD_DICE,
                          four_army_exception: bool = True) -> RoundModel:
    """Battles against the FAQ's Q3.1 defender (see :func:`seeing_defender_dice`)."""
    if dice.defender_max != 2:
        raise BattleError("the seeing defender's policy (FAQ Q3.1) chooses between 1 and 2 dice; "
                          f"it is not defined for a defender who may roll {dice.defender_max}")
    # The policy tells 1, 2, 3, 4 and 5+ armies apart.
    steady = max(5, dice.steady_defender_armies)
    name = "seeing-defender" if four_army_exception else "seeing-defender-no-4-rule"
    return build_model(name, dice, steady, lambda attack_dice, defenders: seeing_defender_round(
        attack_dice, defenders, dice, four_army_exception))


# -- Tan's 1997 Table 3 --------------------------------------------------------------------------

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


@lru_cache(maxsize=None)
def tan1997_model(dice: DiceRules = STANDARD_DICE, as_printed: bool = True) -> RoundModel:
    """Tan's published round odds (his Table 3) for every case; see :func:`tan1997_round`."""
    return build_model("tan1997" if as_printed else "tan1997-independent", dice,
                       dice.steady_defender_armies,
                       lambda attack_dice, defenders: tan1997_round(
                           attack_dice, dice.defender_dice(defenders), as_printed))


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
