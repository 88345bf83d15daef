"""The decisions a game may be waiting for, one frozen value each (``GameState.pending``).

Most of the time nothing is pending (``None``). A few phases stop the game in the middle of a
step to ask someone a question; what the question is about is kept in ``pending`` until the
answer comes:

=================  ===================  ============================================================
phase              pending              asked of
=================  ===================  ============================================================
``CAPITAL``        :class:`FirstPlacer` each seat in turn (who places first afterwards is kept)
``DEFEND``         :class:`DefenceChoice`  the defender who saw the attacker's roll (old UK rules)
``RETREAT``        :class:`RetreatChoice`  the defender of a declared attack (FAQ 4.2)
``COMMANDER``      :class:`SixChoice`   the attacker, whose roll the commander's six would change
=================  ===================  ============================================================

Each class names its phase (``PHASE``), so ``type(state.pending).PHASE == state.phase`` whenever
something is pending.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Union

from risk.actions import Attack, Blitz
from risk.phase import Phase


@dataclass(frozen=True, slots=True)
class FirstPlacer:
    """While the capitals are chosen: the seat that places the first starting army afterwards."""

    PHASE: ClassVar[Phase] = Phase.CAPITAL

    seat: int


@dataclass(frozen=True, slots=True)
class DefenceChoice:
    """An attacker's roll on the table, waiting for the defender to choose its dice."""

    PHASE: ClassVar[Phase] = Phase.DEFEND

    source: int
    target: int
    attack_dice: tuple[int, ...]  #: as rolled, high to low


@dataclass(frozen=True, slots=True)
class RetreatChoice:
    """A declared attack, waiting for its defender to retreat or stand."""

    PHASE: ClassVar[Phase] = Phase.RETREAT

    attack: Attack | Blitz  #: the action that declared it, played as chosen if the defender stands

    @property
    def source(self) -> int:
        return self.attack.source

    @property
    def target(self) -> int:
        return self.attack.target


@dataclass(frozen=True, slots=True)
class SixChoice:
    """A roll that the commander's six would change, waiting for the attacker to spend it or not
    (``GameState.six_offer`` adds both outcomes)."""

    PHASE: ClassVar[Phase] = Phase.COMMANDER

    source: int
    target: int
    attack_dice: tuple[int, ...]  #: as rolled, high to low
    defend_dice: tuple[int, ...]


Pending = Union[FirstPlacer, DefenceChoice, RetreatChoice, SixChoice]

#: The type of decision pending in each phase that has one.
PENDING_IN_PHASE: dict[Phase, type] = {kind.PHASE: kind for kind in (FirstPlacer, DefenceChoice, RetreatChoice,
                                                                      SixChoice)}
