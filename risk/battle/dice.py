"""Dice: the rules for how many dice each side rolls, and one round's odds by enumeration.

Every probability here is *derived*: :func:`count_rolls` rolls every possible combination of dice
(``6 ** (attacker dice + defender dice)`` of them, at most 46 656) and counts what each side
loses. Those nine small tables of counts are also written out in :data:`ROLL_COUNTS`, so that
:func:`round_outcomes` gives its exact :class:`~fractions.Fraction` values without enumerating some
70 000 rolls in every process (tests/test_battle_dice.py checks the table against the enumeration).

>>> round_outcomes(3, 2)[(0, 2)], round_outcomes(3, 2)[(2, 0)], round_outcomes(3, 2)[(1, 1)]
(Fraction(1445, 3888), Fraction(2275, 7776), Fraction(2611, 7776))
>>> resolve_roll([6, 1, 3], [3, 3])
(1, 1)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Sequence

from risk.battle.caches import register
from risk.errors import RiskError, RulesError

FACES = range(1, 7)


class BattleError(RiskError):
    """A battle asked for with impossible numbers (too few armies, a stop level out of range, ...)."""


@dataclass(frozen=True)
class DiceRules:
    """How many dice each side may roll. Frozen and hashable: the solvers cache on it.

    The defaults are the standard rules: the attacker rolls up to 3 dice and always leaves one army
    behind, the defender rolls up to 2. ``defender_max=3`` is the Italian/Brazilian variant;
    ``defender_two_dice_needs=3`` the NZ / UK-1990 rule under which a defender with 2 armies
    rolls a single die.
    """

    attacker_max: int = 3
    defender_max: int = 2
    defender_two_dice_needs: int = 2

    def __post_init__(self) -> None:
        for name in ("attacker_max", "defender_max", "defender_two_dice_needs"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise RulesError(f"dice rule {name}={value!r} must be a whole number")
        if not 1 <= self.attacker_max <= 3:
            raise RulesError(f"dice rule attacker_max={self.attacker_max} must be 1, 2 or 3")
        if not 1 <= self.defender_max <= 3:
            raise RulesError(f"dice rule defender_max={self.defender_max} must be 1, 2 or 3")
        if self.defender_two_dice_needs < 2:
            raise RulesError(
                f"dice rule defender_two_dice_needs={self.defender_two_dice_needs} must be at least 2"
            )
        # Hashed once: DiceRules is part of every cache key, and look-ups must stay cheap.
        object.__setattr__(self, "_hash", hash((self.attacker_max, self.defender_max,
                                                self.defender_two_dice_needs)))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined]

    def attacker_dice(self, armies_on_territory: int) -> int:
        """Dice rolled from a territory holding this many armies (one must stay behind)."""
        return max(0, min(self.attacker_max, armies_on_territory - 1))

    def defender_dice(self, defender_armies: int) -> int:
        """Dice rolled by a territory holding this many armies."""
        if defender_armies <= 0:
            return 0
        if defender_armies < self.defender_two_dice_needs:
            return 1
        return min(self.defender_max, defender_armies)

    @property
    def steady_defender_armies(self) -> int:
        """From this many defending armies on, the defender always rolls the same number of dice."""
        return max(self.defender_max, self.defender_two_dice_needs)

    def describe(self) -> str:
        text = f"attacker up to {self.attacker_max} dice, defender up to {self.defender_max}"
        if self.defender_two_dice_needs > 2:
            text += f" (a second die only with {self.defender_two_dice_needs}+ armies)"
        return text


STANDARD_DICE = DiceRules()


def resolve_roll(attack_dice: Sequence[int], defend_dice: Sequence[int]) -> tuple[int, int]:
    """(attacker_losses, defender_losses): sort both descending, compare pairwise, ties to the defender."""
    attacker_losses = defender_losses = 0
    for attack, defend in zip(sorted(attack_dice, reverse=True), sorted(defend_dice, reverse=True)):
        if attack > defend:
            defender_losses += 1
        else:
            attacker_losses += 1
    return attacker_losses, defender_losses


def _check_dice_counts(attack_dice: int, defend_dice: int) -> None:
    if not (1 <= attack_dice <= 3 and 1 <= defend_dice <= 3):
        raise BattleError(f"a round has 1 to 3 dice a side, not {attack_dice} against {defend_dice}")


def count_rolls(attack_dice: int, defend_dice: int) -> dict[tuple[int, int], int]:
    """{(attacker_losses, defender_losses): how many of the ``6 ** (attack_dice + defend_dice)``
    rolls end so}, by rolling every one. Raises :class:`BattleError` for impossible dice counts."""
    _check_dice_counts(attack_dice, defend_dice)
    counts: Counter[tuple[int, int]] = Counter()
    for attack in product(FACES, repeat=attack_dice):
        for defend in product(FACES, repeat=defend_dice):
            counts[resolve_roll(attack, defend)] += 1
    return dict(sorted(counts.items()))


#: :func:`count_rolls` for every pair of dice counts, written out: ``ROLL_COUNTS[(attack_dice,
#: defend_dice)][(attacker_losses, defender_losses)]`` rolls out of ``6 ** (attack_dice + defend_dice)``.
ROLL_COUNTS: dict[tuple[int, int], dict[tuple[int, int], int]] = {
    (1, 1): {(0, 1): 15, (1, 0): 21},
    (1, 2): {(0, 1): 55, (1, 0): 161},
    (1, 3): {(0, 1): 225, (1, 0): 1071},
    (2, 1): {(0, 1): 125, (1, 0): 91},
    (2, 2): {(0, 2): 295, (1, 1): 420, (2, 0): 581},
    (2, 3): {(0, 2): 979, (1, 1): 1981, (2, 0): 4816},
    (3, 1): {(0, 1): 855, (1, 0): 441},
    (3, 2): {(0, 2): 2890, (1, 1): 2611, (2, 0): 2275},
    (3, 3): {(0, 3): 6420, (1, 2): 10017, (2, 1): 12348, (3, 0): 17871},
}


@register
@lru_cache(maxsize=None)
def round_outcomes(attack_dice: int, defend_dice: int) -> dict[tuple[int, int], Fraction]:
    """Exact odds of one round: {(attacker_losses, defender_losses): probability}, from
    :data:`ROLL_COUNTS` (the enumeration's counts). Raises :class:`BattleError` for impossible
    dice counts.

    The returned dict is shared (cached): do not modify it.
    """
    _check_dice_counts(attack_dice, defend_dice)
    total = 6 ** (attack_dice + defend_dice)
    return {losses: Fraction(count, total) for losses, count in ROLL_COUNTS[(attack_dice, defend_dice)].items()}


@register
@lru_cache(maxsize=None)
def order_statistic(dice: int, rank: int) -> tuple[Fraction, ...]:
    """Distribution of the ``rank``-th largest of ``dice`` dice (rank 1 = the maximum), faces 1..6.

    Tan's Table 2 is this for 1 to 3 dice and ranks 1 and 2; it is enumerated here too.
    """
    if not 1 <= rank <= dice <= 3:
        raise BattleError(f"no rank {rank} among {dice} dice")
    counts = Counter(sorted(roll, reverse=True)[rank - 1] for roll in product(FACES, repeat=dice))
    return tuple(Fraction(counts[face], 6**dice) for face in FACES)


def expected_round_losses(outcomes: dict[tuple[int, int], Fraction]) -> tuple[Fraction, Fraction]:
    """(expected attacker losses, expected defender losses) of one round."""
    attacker = sum((p * losses[0] for losses, p in outcomes.items()), Fraction(0))
    defender = sum((p * losses[1] for losses, p in outcomes.items()), Fraction(0))
    return attacker, defender
