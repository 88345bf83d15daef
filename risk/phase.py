"""The phases of a game, in the order a turn passes through them."""

from __future__ import annotations

import enum


class Phase(enum.IntEnum):
    CLAIM = 0      #: set-up: players take empty territories in turns
    PLACE = 1      #: set-up: players place their remaining starting armies in turns
    TRADE = 2      #: trade card sets (forced at 5+ cards, or at 6+ after taking a player's cards)
    DEPLOY = 3     #: place reinforcements
    ATTACK = 4     #: attack, one roll at a time or by blitz
    OCCUPY = 5     #: move armies into a conquered territory
    FORTIFY = 6    #: the fortify move(s) at the end of the turn
    GAME_OVER = 7
    CAPITAL = 8    #: set-up, capital Risk: each player picks a capital
    DEFEND = 9     #: the defender chooses 1 or 2 dice after seeing the attacker's roll (old UK)
    RETREAT = 10   #: the defender decides to retreat or to stand (FAQ 4.2)
    COMMANDER = 11  #: the attacker turns a die of the roll into a six, or keeps it (US 1980)

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", " ")

    @property
    def is_setup(self) -> bool:
        return self in (Phase.CLAIM, Phase.PLACE, Phase.CAPITAL)

    @property
    def is_defender_decision(self) -> bool:
        """A decision the defender takes in the middle of the attacker's turn."""
        return self in (Phase.DEFEND, Phase.RETREAT)
