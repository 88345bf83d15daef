"""The commander's six (US 1980 rules, Risk FAQ Q2.9): the attacker's decision after a roll.

"Once per turn, each player may change one of the dice he rolled to a six." The attacker sees the
roll (and the defender's, who has rolled or, in the seeing-defender variant, chosen and rolled)
before deciding. A roll the six would change waits in the ``COMMANDER`` phase for ``six``
(:class:`~risk.actions.UseSix`) or ``keep`` (:class:`~risk.actions.KeepRoll`); a roll it cannot
change resolves at once, as no choice is left. The six turns the lowest die: any other would
leave lower dice behind (the reason is in :mod:`risk.battle.commander`).
"""

from __future__ import annotations

from typing import NamedTuple

from risk.actions import KeepRoll, UseSix
from risk.battle.commander import roll_outcome, with_six
from risk.battle.law import BattleLaw, commander_ready
from risk.events import Event
from risk.pending import SixChoice
from risk.phase import Phase


class SixOffer(NamedTuple):
    """A roll waiting for the attacker's decision on the commander's six."""

    source: int
    target: int
    attack_dice: tuple[int, ...]        #: as rolled, high to low
    defend_dice: tuple[int, ...]
    six_dice: tuple[int, ...]           #: with the lowest die a six
    changed: int                        #: the face that would become a six (the lowest die)
    kept: tuple[int, int]               #: (attacker losses, defender losses) as rolled
    six: tuple[int, int]                #: the same with the six
    sea_rounds_left: int                #: sea-lane rounds still to come on this route after the roll


class CommanderRules:
    __slots__ = ()

    def commander_ready(self) -> bool:
        """Whether the player to attack may still spend the commander's six this turn."""
        return commander_ready(self.rules, self.commander_used)

    def _offer_six(self, s: int, t: int, attack_dice, defend_dice) -> bool:
        """Hold a roll for the commander's decision if the six would change its outcome."""
        if not self.commander_ready():
            return False
        defenders = self.armies[t]
        if roll_outcome(with_six(attack_dice), defend_dice, defenders) == roll_outcome(attack_dice, defend_dice,
                                                                                         defenders):
            return False
        self._await_decision(SixChoice(s, t, tuple(attack_dice), tuple(defend_dice)))
        return True

    def six_offer(self) -> SixOffer | None:
        """The roll waiting for the commander's decision, with both outcomes (None outside the
        ``COMMANDER`` phase)."""
        if self.phase != Phase.COMMANDER:
            return None
        choice: SixChoice = self.pending
        s, t, attack_dice, defend_dice = choice.source, choice.target, choice.attack_dice, choice.defend_dice
        six_dice = with_six(attack_dice)
        sea_left = BattleLaw.for_attack(self, s, t).sea_rounds
        return SixOffer(s, t, attack_dice, defend_dice, six_dice, attack_dice[-1],
                        roll_outcome(attack_dice, defend_dice, self.armies[t]),
                        roll_outcome(six_dice, defend_dice, self.armies[t]), sea_left)

    def _check_commander(self, action) -> str | None:
        return None if self.phase == Phase.COMMANDER else self._wrong_phase()

    def _do_use_six(self, action: UseSix, events: list[Event]) -> None:
        roll: SixChoice = self._resume_attack_phase()
        self.commander_used = True
        self._settle_roll(roll.source, roll.target, with_six(roll.attack_dice), roll.defend_dice,
                          roll.attack_dice[-1], events)

    def _do_keep_roll(self, action: KeepRoll, events: list[Event]) -> None:
        roll: SixChoice = self._resume_attack_phase()
        self._settle_roll(roll.source, roll.target, roll.attack_dice, roll.defend_dice, 0, events)
