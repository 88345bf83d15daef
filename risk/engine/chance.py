"""Explicit chance (OpenSpiel-style, opt-in): what a roll or a blitz may produce, and playing a
chosen outcome instead of drawing one.

``state.chance_outcomes(action)`` lists every outcome of a chance action with its probability
(floats; exact :class:`~fractions.Fraction` values with ``exact=True``), and
``state.apply(action, outcome=outcome)`` plays that outcome. Without ``outcome`` the engine draws
from the game's random source exactly as it always has, so every record replays unchanged.

The chance actions and their outcomes:

- ``Attack``: one roll, named by its dice, a :class:`~risk.battle.law.RollOutcome` (the window
  shows them, the commander's six turns one, the seeing defender chooses on them). When the
  defender chooses his dice after seeing the attacker's (old UK rules, a player's army with a
  choice), the attack rolls only the attacker's dice: the outcomes have no defending dice, and
  the game waits in the ``DEFEND`` phase.
- ``Defend``: the defender's roll of that attack, a ``RollOutcome`` with the attacker's dice on
  the table and the defending dice (the sea-lane die included).
- ``Blitz``: the end of the battle, a :class:`~risk.battle.law.BlitzOutcome` (armies left on both
  territories, sea-lane rounds fought, whether the six was spent).

The decisions a roll may wait for are not chance: after a named roll the commander's six is
still offered in the ``COMMANDER`` phase whenever it would change the roll. An ``Attack`` or
``Blitz`` on a territory whose owner may retreat (FAQ 4.2) only declares the attack and rolls
nothing: asking for its outcomes raises :class:`NoChanceError`, and so does any other action.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Union

from risk.actions import Attack, Blitz, Defend
from risk.battle.dice import BattleError
from risk.battle.law import BattleLaw, BlitzOutcome, RollOutcome, attacker_rolls
from risk.errors import RiskError

ChanceOutcome = Union[RollOutcome, BlitzOutcome]


class NoChanceError(RiskError):
    """Outcomes were asked of an action that draws nothing at random here."""


class ChanceRules:
    __slots__ = ()

    def chance_outcomes(self, action, exact: bool = False) -> list[tuple[ChanceOutcome, float | Fraction]]:
        """Every outcome of the chance action ``action`` with its probability (they sum to 1),
        each one ``apply(action, outcome=...)`` accepts; the order is fixed.

        Raises :class:`~risk.errors.IllegalActionError` if ``action`` is illegal here,
        :class:`NoChanceError` if it draws nothing at random (see the module's notes), and
        :class:`~risk.battle.dice.BattleError` for a blitz with the six so large that the engine
        rolls it round by round (its distribution is not solved).
        """
        self.check(action)
        return list(self._chance_distribution(action, exact).items())

    def is_chance(self, action) -> bool:
        """Whether the legal ``action`` draws something at random here."""
        if isinstance(action, Defend):
            return True
        return isinstance(action, (Attack, Blitz)) and not self._offers_retreat(action.target)

    def _chance_distribution(self, action, exact: bool) -> dict:
        if not self.is_chance(action):
            raise NoChanceError(f"'{action.text(self.board)}' draws nothing at random here")
        if isinstance(action, Blitz):
            s, t = action.source, action.target
            law = BattleLaw.for_attack(self, s, t, six=action.six)
            return law.blitz_distribution(self.armies[s], self.armies[t], action.stop_at, exact=exact)
        if isinstance(action, Defend):
            s, t, attack_dice = self._roll_on_the_table()
            law = BattleLaw.for_attack(self, s, t)
            defend = attacker_rolls(law.with_sea_die(action.dice), exact)
            return {RollOutcome(attack_dice, roll): p for roll, p in defend.items()}
        s, t = action.source, action.target
        law = BattleLaw.for_attack(self, s, t)
        if self._defender_chooses(s, t):
            return {RollOutcome(roll): p for roll, p in attacker_rolls(action.dice, exact).items()}
        return law.roll_distribution(action.dice, self.armies[t], exact)

    def _roll_on_the_table(self) -> tuple[int, int, tuple[int, ...]]:
        """(source, target, attacking dice) of the roll a seeing defender answers (``DEFEND``)."""
        choice = self.pending
        return choice.source, choice.target, tuple(choice.attack_dice)

    def _defender_chooses(self, source: int, target: int) -> bool:
        """Whether the defender of ``target`` answers the attacker's roll himself (``DEFEND``)."""
        return (BattleLaw.for_attack(self, source, target).seeing and self.owner[target] != self.neutral
                and self.dice_rules.defender_dice(self.armies[target]) > 1)

    def _outcome_refused(self, action, outcome) -> str | None:
        """Why ``outcome`` cannot follow the legal ``action`` now, or None."""
        if not self.is_chance(action):
            return "it draws nothing at random here, so it takes no outcome"
        kind = BlitzOutcome if isinstance(action, Blitz) else RollOutcome
        if not isinstance(outcome, kind):
            return f"its outcome is a {kind.__name__}, not {outcome!r}"
        try:
            possible = self._chance_distribution(action, False).get(outcome, 0) > 0
        except TypeError:  # an outcome holding something unhashable cannot be one of them
            possible = False
        except BattleError as exc:
            return str(exc)
        return None if possible else f"{outcome} cannot happen"

    # -- the draws, named or made ------------------------------------------------------------------

    def _attack_dice(self, count: int, outcome: RollOutcome | None) -> list[int]:
        if outcome is not None:
            return list(outcome.attack_dice)
        die = self.rng.die
        return sorted((die() for _ in range(count)), reverse=True)

    def _defend_dice(self, count: int, outcome: RollOutcome | None) -> list[int]:
        if outcome is not None:
            return list(outcome.defend_dice)
        die = self.rng.die
        return sorted((die() for _ in range(count)), reverse=True)

    def draw_blitz_outcome(self, action: Blitz) -> BlitzOutcome:
        """The end of the blitz ``action`` drawn as ``apply`` draws it, from the state's random
        source (which advances; nothing else changes): for a blitz whose outcomes are not listed
        (:meth:`chance_outcomes` raises ``BattleError``), drawn on a copy with a copied source to
        leave the game untouched."""
        return self._blitz_outcome(action, None)

    def _blitz_outcome(self, action: Blitz, outcome: BlitzOutcome | None) -> BlitzOutcome:
        if outcome is not None:
            return outcome
        s, t = action.source, action.target
        law = BattleLaw.for_attack(self, s, t, six=action.six)
        rng = self.rng
        if rng.blitz_draws == 1:  # a game read from a version-1 record draws as it was played
            return law.sample_blitz(self.armies[s], self.armies[t], rng.random(), action.stop_at, first_way=True)
        return law.sample_blitz(self.armies[s], self.armies[t], rng.random(), action.stop_at)
