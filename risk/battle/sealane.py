"""The round laws of a battle under the variants: the sea-lane die and the seeing defender.

**Sea-lane defence** (FAQ 4.10) changes only the opening of a battle: for the first
:data:`SEA_LANE_ROUNDS` rounds across a sea route the defender rolls one die more than usual (up
to 3, even more dice than armies: a defender with 2 armies who loses all 3 comparisons simply
loses both). :func:`special_round` enumerates such a round, also against the seeing defender (old
UK, FAQ Q3.1), who chooses his usual 1 or 2 dice by the Q3.1 policy; the sea lane adds one.
:func:`battle_laws` gives the law of a whole battle and of its opening rounds, which
:mod:`risk.battle.phased` solves and samples and :mod:`risk.battle.commander` plays with the six.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from itertools import product

from risk.battle.caches import register
from risk.battle.dice import FACES, STANDARD_DICE, DiceRules, resolve_roll
from risk.battle.model import RoundModel, build_model, standard_model
from risk.battle.seeing import seeing_defender_dice, seeing_defender_model

#: Rounds of a battle across a sea route in which the defender rolls an extra die.
SEA_LANE_ROUNDS = 4


def special_round(attack_dice: int, defender_armies: int, dice: DiceRules = STANDARD_DICE, *,
                  extra_die: bool = False, seeing: bool = False) -> dict[tuple[int, int], Fraction]:
    """Exact odds of one round under the variants, by enumerating every roll.

    ``extra_die``: the defender rolls one die more than usual, at most 3. ``seeing``: the
    defender chooses his dice by the FAQ's Q3.1 policy after seeing the attacking roll (and then
    rolls the extra die too).
    """
    usual = dice.defender_dice(defender_armies)
    odds: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for attack in product(FACES, repeat=attack_dice):
        roll = sorted(attack, reverse=True)
        defend_dice = seeing_defender_dice(defender_armies, roll, usual) if seeing else usual
        if extra_die:
            defend_dice = min(3, defend_dice + 1)
        weight = Fraction(1, 6 ** (attack_dice + defend_dice))
        for defend in product(FACES, repeat=defend_dice):
            attacker_losses, defender_losses = resolve_roll(roll, defend)
            odds[(attacker_losses, min(defender_losses, defender_armies))] += weight
    return dict(odds)


@register
@lru_cache(maxsize=None)
def variant_model(dice: DiceRules = STANDARD_DICE, *, extra_die: bool = False, seeing: bool = False) -> RoundModel:
    """The round law of :func:`special_round` as a model the solvers take."""
    if not extra_die:
        return seeing_defender_model(dice) if seeing else standard_model(dice)
    name = "+".join(n for n, on in (("sea-lane", extra_die), ("seeing", seeing)) if on)
    # Defender losses are capped by his armies up to 3; the seeing policy tells up to 5 apart.
    steady = max(dice.steady_defender_armies, 3, 5 if seeing else 0)
    return build_model(name, dice, steady, lambda attack_dice, defenders: special_round(
        attack_dice, defenders, dice, extra_die=extra_die, seeing=seeing))


def battle_laws(dice: DiceRules = STANDARD_DICE, *, seeing: bool = False,
                sea_rounds: int = 0) -> tuple[RoundModel, tuple[RoundModel, ...]]:
    """(the law of the battle, its opening laws) for a battle under the given variants.

    ``sea_rounds`` is how many rounds still get the sea-lane die (0 to 4).
    """
    base = seeing_defender_model(dice) if seeing else standard_model(dice)
    return base, (variant_model(dice, extra_die=True, seeing=seeing),) * sea_rounds
