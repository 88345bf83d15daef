"""Typed events: what happened when an action was applied.

``GameState.apply`` returns a list of these. They feed the window's log and animations, the game
statistics and the tests; a game record stores actions, not events, because replaying the
actions from the seed gives the events back. ``event.describe(board, names)`` is a log line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence, Union

from risk.cards import WILD

if TYPE_CHECKING:
    from risk.board import Board


def _who(names: Sequence[str] | None, player: int) -> str:
    if names is not None and 0 <= player < len(names):
        return names[player]
    return f"Player {player + 1}"


def _where(board: "Board | None", territory: int) -> str:
    return board.names[territory] if board is not None else f"#{territory}"


@dataclass(frozen=True, slots=True)
class TerritoryClaimed:
    player: int
    territory: int

    def describe(self, board=None, names=None) -> str:
        return f"{_who(names, self.player)} claims {_where(board, self.territory)}"


@dataclass(frozen=True, slots=True)
class ArmyPlaced:
    player: int
    territory: int
    armies: int

    def describe(self, board=None, names=None) -> str:
        return f"{_who(names, self.player)} places {self.armies} on {_where(board, self.territory)}"


@dataclass(frozen=True, slots=True)
class TurnStarted:
    player: int
    turn: int

    def describe(self, board=None, names=None) -> str:
        return f"Turn {self.turn}: {_who(names, self.player)}"


@dataclass(frozen=True, slots=True)
class ReinforcementsReceived:
    player: int
    from_territories: int
    from_continents: int

    def describe(self, board=None, names=None) -> str:
        total = self.from_territories + self.from_continents
        return (f"{_who(names, self.player)} receives {total} armies "
                f"({self.from_territories} for territories, {self.from_continents} for continents)")


@dataclass(frozen=True, slots=True)
class CardsTraded:
    """A set traded for ``armies``; ``bonus_armies`` went onto ``bonus_territories``."""

    player: int
    cards: tuple[int, ...]
    armies: int
    bonus_territories: tuple[int, ...] = ()
    bonus_armies: int = 0

    @property
    def bonus_territory(self) -> int | None:
        return self.bonus_territories[0] if self.bonus_territories else None

    def describe(self, board=None, names=None) -> str:
        shown = ", ".join("wild" if c == WILD else _where(board, c) for c in self.cards)
        out = f"{_who(names, self.player)} trades {shown} for {self.armies} armies"
        if self.bonus_territories:
            out += f" (+{self.bonus_armies} on {', '.join(_where(board, t) for t in self.bonus_territories)})"
        return out


@dataclass(frozen=True, slots=True)
class Deployed:
    player: int
    territory: int
    armies: int

    def describe(self, board=None, names=None) -> str:
        return f"{_who(names, self.player)} deploys {self.armies} on {_where(board, self.territory)}"


@dataclass(frozen=True, slots=True)
class DiceRolled:
    """One roll of the dice in an attack."""

    player: int
    defender: int
    source: int
    target: int
    attack_dice: tuple[int, ...]
    defend_dice: tuple[int, ...]
    attacker_losses: int
    defender_losses: int

    def describe(self, board=None, names=None) -> str:
        return (f"{_who(names, self.player)} attacks {_where(board, self.target)} from "
                f"{_where(board, self.source)}: {'-'.join(map(str, self.attack_dice))} vs "
                f"{'-'.join(map(str, self.defend_dice))}, attacker loses {self.attacker_losses}, "
                f"defender loses {self.defender_losses}")


@dataclass(frozen=True, slots=True)
class BlitzResolved:
    """A whole blitz, drawn in one go from the exact distribution of its outcome."""

    player: int
    defender: int
    source: int
    target: int
    attacker_losses: int
    defender_losses: int

    def describe(self, board=None, names=None) -> str:
        return (f"{_who(names, self.player)} blitzes {_where(board, self.target)} from "
                f"{_where(board, self.source)}: attacker loses {self.attacker_losses}, "
                f"defender loses {self.defender_losses}")


@dataclass(frozen=True, slots=True)
class TerritoryConquered:
    player: int
    defender: int
    source: int
    target: int

    def describe(self, board=None, names=None) -> str:
        return (f"{_who(names, self.player)} conquers {_where(board, self.target)} "
                f"from {_who(names, self.defender)}")


@dataclass(frozen=True, slots=True)
class Occupied:
    player: int
    source: int
    target: int
    armies: int

    def describe(self, board=None, names=None) -> str:
        return (f"{_who(names, self.player)} moves {self.armies} into {_where(board, self.target)}")


@dataclass(frozen=True, slots=True)
class Fortified:
    player: int
    source: int
    target: int
    armies: int

    def describe(self, board=None, names=None) -> str:
        return (f"{_who(names, self.player)} fortifies {_where(board, self.target)} with "
                f"{self.armies} from {_where(board, self.source)}")


@dataclass(frozen=True, slots=True)
class CardDrawn:
    player: int
    card: int

    def describe(self, board=None, names=None) -> str:
        return f"{_who(names, self.player)} draws a card"


@dataclass(frozen=True, slots=True)
class PlayerEliminated:
    player: int
    by: int
    cards_taken: int

    def describe(self, board=None, names=None) -> str:
        out = f"{_who(names, self.player)} is eliminated by {_who(names, self.by)}"
        if self.cards_taken:
            out += f", who takes {self.cards_taken} card{'s' if self.cards_taken != 1 else ''}"
        return out


@dataclass(frozen=True, slots=True)
class GameOver:
    winner: int | None
    reason: str
    places: tuple[int, ...]

    def describe(self, board=None, names=None) -> str:
        if self.winner is None:
            return f"Game over ({self.reason}): a draw"
        return f"Game over ({self.reason}): {_who(names, self.winner)} wins"


@dataclass(frozen=True, slots=True)
class ArmiesLost:
    """Armies that could not be placed (an army limit) and are lost."""

    player: int
    armies: int
    reason: str

    def describe(self, board=None, names=None) -> str:
        return f"{_who(names, self.player)} loses {self.armies} armies ({self.reason})"


@dataclass(frozen=True, slots=True)
class CapitalChosen:
    """A capital was picked; the others see which once every player has picked."""

    player: int
    territory: int

    def describe(self, board=None, names=None) -> str:
        return f"{_who(names, self.player)} picks a capital"


@dataclass(frozen=True, slots=True)
class CapitalsRevealed:
    capitals: tuple[int, ...]

    def describe(self, board=None, names=None) -> str:
        return "Capitals: " + ", ".join(f"{_who(names, p)} {_where(board, t)}" for p, t in enumerate(self.capitals))


@dataclass(frozen=True, slots=True)
class AttackRolled:
    """The attacker's roll, shown to a defender who chooses his dice after seeing it (old UK)."""

    player: int
    defender: int
    source: int
    target: int
    attack_dice: tuple[int, ...]

    def describe(self, board=None, names=None) -> str:
        return (f"{_who(names, self.player)} rolls {'-'.join(map(str, self.attack_dice))} against "
                f"{_where(board, self.target)}; {_who(names, self.defender)} chooses the defence")


@dataclass(frozen=True, slots=True)
class Retreated:
    player: int
    territory: int
    to: int
    armies: int

    def describe(self, board=None, names=None) -> str:
        return (f"{_who(names, self.player)} retreats {self.armies} from {_where(board, self.territory)} "
                f"to {_where(board, self.to)}")


@dataclass(frozen=True, slots=True)
class MissionChanged:
    """A destroy mission became impossible and turned into 24 territories (UK rule)."""

    player: int

    def describe(self, board=None, names=None) -> str:
        return f"{_who(names, self.player)}'s mission changes"


Event = Union[TerritoryClaimed, ArmyPlaced, TurnStarted, ReinforcementsReceived, CardsTraded,
              Deployed, DiceRolled, BlitzResolved, TerritoryConquered, Occupied, Fortified,
              CardDrawn, PlayerEliminated, GameOver, ArmiesLost, CapitalChosen, CapitalsRevealed,
              AttackRolled, Retreated, MissionChanged]
