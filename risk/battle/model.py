"""Round models: the odds of one round as a function of the armies on both sides.

A battle is a Markov chain on states (a, d) (Tan's convention: ``a`` attacking armies that may all
be lost, ``d`` defending armies). From a state, one round removes ``(la, ld)`` armies with a
probability that depends only on how many dice the attacker rolls, ``min(attacker_max, a)``, and
on ``d`` up to some "steady" count beyond which nothing changes (2 armies in the standard game,
5 for the defender who sees the attacker's dice). A :class:`RoundModel` stores those few tables,
exactly and as floats; the solvers only ever ask it for ``outcomes(a, d)``.

This module holds the model and the standard game's; the variants build theirs on it
(:mod:`risk.battle.seeing`, :mod:`risk.battle.tan1997`, :mod:`risk.battle.sealane`), and
:func:`risk.battle.rounds.round_model` finds one by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Callable

from risk.battle.caches import register
from risk.battle.dice import STANDARD_DICE, DiceRules, round_outcomes

#: One outcome of a round: (attacker_losses, defender_losses, probability).
Outcome = tuple[int, int, Fraction]
FloatOutcome = tuple[int, int, float]

# eq=False: models are built once per (variant, dice) by cached factories, so identity is
# equality, and hashing one (as a cache key) costs nothing instead of hashing every table.
@dataclass(frozen=True, eq=False)
class RoundModel:
    """One round's odds for every (attacker dice, defending armies) that can occur."""

    variant: str
    dice: DiceRules
    #: Defending armies from which the round no longer depends on ``d``.
    steady_defenders: int
    #: ``exact_tables[n][k]``: outcomes when the attacker rolls ``n`` dice and the defender has
    #: ``k`` armies (``k = min(d, steady_defenders)``); index 0 unused in both.
    exact_tables: tuple[tuple[tuple[Outcome, ...], ...], ...]
    float_tables: tuple[tuple[tuple[FloatOutcome, ...], ...], ...]

    def attacker_dice(self, attacking_armies: int) -> int:
        """Dice rolled by ``attacking_armies`` in Tan's convention (all of them can fight)."""
        return min(self.dice.attacker_max, attacking_armies)

    def outcomes(self, attacking_armies: int, defending_armies: int) -> tuple[Outcome, ...]:
        """Exact outcomes of one round from the Tan-convention state (a, d), both at least 1."""
        return self.exact_tables[min(self.dice.attacker_max, attacking_armies)][
            min(self.steady_defenders, defending_armies)]

    def float_outcomes(self, attacking_armies: int, defending_armies: int) -> tuple[FloatOutcome, ...]:
        return self.float_tables[min(self.dice.attacker_max, attacking_armies)][
            min(self.steady_defenders, defending_armies)]

    @property
    def most_losses(self) -> int:
        """The most armies one round removes from both sides together (the number of comparisons)."""
        return max(la + ld for row in self.exact_tables for cell in row for la, ld, _ in cell)


def build_model(variant: str, dice: DiceRules, steady_defenders: int,
                table: Callable[[int, int], dict[tuple[int, int], Fraction]]) -> RoundModel:
    """Tabulate ``table(attacker_dice, defending_armies)`` for every case a battle can meet."""
    exact_rows: list[tuple[tuple[Outcome, ...], ...]] = [()]
    float_rows: list[tuple[tuple[FloatOutcome, ...], ...]] = [()]
    for attack_dice in range(1, dice.attacker_max + 1):
        exact_row: list[tuple[Outcome, ...]] = [()]
        float_row: list[tuple[FloatOutcome, ...]] = [()]
        for defenders in range(1, steady_defenders + 1):
            odds = table(attack_dice, defenders)
            if sum(odds.values()) != 1:
                raise AssertionError(f"{variant} round odds for {attack_dice} dice vs {defenders} "
                                     "armies do not sum to 1")
            cell = tuple((la, ld, p) for (la, ld), p in sorted(odds.items()) if p)
            exact_row.append(cell)
            float_row.append(tuple((la, ld, float(p)) for la, ld, p in cell))
        exact_rows.append(tuple(exact_row))
        float_rows.append(tuple(float_row))
    return RoundModel(variant, dice, steady_defenders, tuple(exact_rows), tuple(float_rows))


@register
@lru_cache(maxsize=None)
def standard_model(dice: DiceRules = STANDARD_DICE) -> RoundModel:
    """Both sides roll the most dice they may, decided before anyone sees a die."""
    return build_model("standard", dice, dice.steady_defender_armies,
                       lambda attack_dice, defenders: round_outcomes(attack_dice, dice.defender_dice(defenders)))
