"""The defender who sees the attacker's dice (the Risk FAQ, Q3.1).

Under the old UK rules the attacker rolls first and the defender chooses 1 or 2 dice after
seeing the roll. The FAQ's policy is :func:`seeing_defender_dice`; :func:`seeing_defender_model`
enumerates every roll under it.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Sequence

from risk.battle.caches import register
from risk.battle.dice import FACES, STANDARD_DICE, BattleError, DiceRules, resolve_roll
from risk.battle.model import RoundModel, build_model


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


@register
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
