"""Typed events: what happened when an action was applied.

``GameState.apply`` returns a list of these. They feed the window's log and animations, the game
statistics and the tests; a game record stores actions, not events, because replaying the
actions from the seed gives the events back. ``event.describe(board, names)`` is a log line.

Most events are public. A few are secrets of one player (a secret mission that changes): before
showing an event to the player in a seat, ask ``event.visible_to(seat)`` (or filter with
:func:`visible_events`); the full record, a replay and the tests see everything (``seat=None``).
What a public event must not tell (the card drawn, a capital not yet revealed) it leaves out of
``describe``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence, Union

from risk.cards import WILD

if TYPE_CHECKING:
    from risk.board import Board
    from risk.missions import Mission


def _who(names: Sequence[str] | None, player: int) -> str:
    if names is not None and 0 <= player < len(names):
        return names[player]
    return f"Player {player + 1}"


def _where(board: "Board | None", territory: int) -> str:
    return board.names[territory] if board is not None else f"#{territory}"


class PublicEvent:
    """An event every player sees."""

    __slots__ = ()

    def visible_to(self, seat: int | None) -> bool:
        """Whether the player in ``seat`` may see this event (``None``: the full record)."""
        return True


class PrivateEvent(PublicEvent):
    """An event only its ``player`` sees: the others must not even learn that it happened."""

    __slots__ = ()

    def visible_to(self, seat: int | None) -> bool:
        return seat is None or seat == self.player  # type: ignore[attr-defined]


def visible_events(events, seat: int | None) -> list:
    """The events the player in ``seat`` may see, in order (``None``: all of them)."""
    return [event for event in events if event.visible_to(seat)]


@dataclass(frozen=True, slots=True)
class TerritoryClaimed(PublicEvent):
    player: int
    territory: int

    def describe(self, board=None, names=None) -> str:
        return f"{_who(names, self.player)} claims {_where(board, self.territory)}"


@dataclass(frozen=True, slots=True)
class ArmyPlaced(PublicEvent):
    player: int
    territory: int
    armies: int

    def describe(self, board=None, names=None) -> str:
        return f"{_who(names, self.player)} places {self.armies} on {_where(board, self.territory)}"


@dataclass(frozen=True, slots=True)
class TurnStarted(PublicEvent):
    player: int
    turn: int

    def describe(self, board=None, names=None) -> str:
        return f"Turn {self.turn}: {_who(names, self.player)}"


@dataclass(frozen=True, slots=True)
class ReinforcementsReceived(PublicEvent):
    """Armies received now; ``withheld`` armies for territories are held back by the old UK rules
    until the attack phase ends without an attack (then a second event brings them), and are
    forfeited by attacking (:class:`ReinforcementsForfeited`)."""

    player: int
    from_territories: int
    from_continents: int
    withheld: int = 0

    def describe(self, board=None, names=None) -> str:
        total = self.from_territories + self.from_continents
        out = (f"{_who(names, self.player)} receives {total} armies "
               f"({self.from_territories} for territories, {self.from_continents} for continents)")
        if self.withheld:
            out += (f"; {self.withheld} more for territories come only if the attack phase ends "
                    "without an attack")
        return out


@dataclass(frozen=True, slots=True)
class ReinforcementsForfeited(PublicEvent):
    """The old UK rules: the first attack of the turn forfeits the armies for territories."""

    player: int
    armies: int

    def describe(self, board=None, names=None) -> str:
        return (f"{_who(names, self.player)} attacked, forfeiting the {self.armies} armies for "
                "territories (reinforce or attack)")


@dataclass(frozen=True, slots=True)
class CardsTraded(PublicEvent):
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
class Deployed(PublicEvent):
    player: int
    territory: int
    armies: int

    def describe(self, board=None, names=None) -> str:
        return f"{_who(names, self.player)} deploys {self.armies} on {_where(board, self.territory)}"


@dataclass(frozen=True, slots=True)
class DiceRolled(PublicEvent):
    """One roll of the dice in an attack. ``six_from``: the face the commander's six replaced
    (US 1980; ``attack_dice`` hold the six), 0 if the roll stood as rolled."""

    player: int
    defender: int
    source: int
    target: int
    attack_dice: tuple[int, ...]
    defend_dice: tuple[int, ...]
    attacker_losses: int
    defender_losses: int
    six_from: int = 0

    @property
    def rolled_dice(self) -> tuple[int, ...]:
        """The attacker's dice as rolled, before the commander's six."""
        if not self.six_from:
            return self.attack_dice
        dice = list(self.attack_dice)
        dice.remove(6)
        return tuple(sorted(dice + [self.six_from], reverse=True))

    def describe(self, board=None, names=None) -> str:
        six = f" (the commander's six: a {self.six_from} turned into a 6)" if self.six_from else ""
        return (f"{_who(names, self.player)} attacks {_where(board, self.target)} from "
                f"{_where(board, self.source)}: {'-'.join(map(str, self.attack_dice))} vs "
                f"{'-'.join(map(str, self.defend_dice))}{six}, attacker loses {self.attacker_losses}, "
                f"defender loses {self.defender_losses}")


@dataclass(frozen=True, slots=True)
class BlitzResolved(PublicEvent):
    """A whole blitz, drawn in one go from the exact distribution of its outcome; ``six_spent``:
    the commander's six was spent in it (US 1980)."""

    player: int
    defender: int
    source: int
    target: int
    attacker_losses: int
    defender_losses: int
    six_spent: bool = False

    def describe(self, board=None, names=None) -> str:
        six = " (using the commander's six)" if self.six_spent else ""
        return (f"{_who(names, self.player)} blitzes {_where(board, self.target)} from "
                f"{_where(board, self.source)}{six}: attacker loses {self.attacker_losses}, "
                f"defender loses {self.defender_losses}")


@dataclass(frozen=True, slots=True)
class TerritoryConquered(PublicEvent):
    player: int
    defender: int
    source: int
    target: int

    def describe(self, board=None, names=None) -> str:
        return (f"{_who(names, self.player)} conquers {_where(board, self.target)} "
                f"from {_who(names, self.defender)}")


@dataclass(frozen=True, slots=True)
class Occupied(PublicEvent):
    player: int
    source: int
    target: int
    armies: int

    def describe(self, board=None, names=None) -> str:
        return (f"{_who(names, self.player)} moves {self.armies} into {_where(board, self.target)}")


@dataclass(frozen=True, slots=True)
class Fortified(PublicEvent):
    player: int
    source: int
    target: int
    armies: int

    def describe(self, board=None, names=None) -> str:
        return (f"{_who(names, self.player)} fortifies {_where(board, self.target)} with "
                f"{self.armies} from {_where(board, self.source)}")


@dataclass(frozen=True, slots=True)
class CardDrawn(PublicEvent):
    player: int
    card: int

    def describe(self, board=None, names=None) -> str:
        return f"{_who(names, self.player)} draws a card"


@dataclass(frozen=True, slots=True)
class PlayerEliminated(PublicEvent):
    player: int
    by: int
    cards_taken: int

    def describe(self, board=None, names=None) -> str:
        out = f"{_who(names, self.player)} is eliminated by {_who(names, self.by)}"
        if self.cards_taken:
            out += f", who takes {self.cards_taken} card{'s' if self.cards_taken != 1 else ''}"
        return out


@dataclass(frozen=True, slots=True)
class GameOver(PublicEvent):
    winner: int | None
    reason: str
    places: tuple[int, ...]

    def describe(self, board=None, names=None) -> str:
        if self.winner is None:
            return f"Game over ({self.reason}): a draw"
        return f"Game over ({self.reason}): {_who(names, self.winner)} wins"


@dataclass(frozen=True, slots=True)
class ArmiesLost(PublicEvent):
    """Armies that could not be placed (an army limit) and are lost."""

    player: int
    armies: int
    reason: str

    def describe(self, board=None, names=None) -> str:
        return f"{_who(names, self.player)} loses {self.armies} armies ({self.reason})"


@dataclass(frozen=True, slots=True)
class CapitalChosen(PublicEvent):
    """A capital was picked; the others see which once every player has picked."""

    player: int
    territory: int

    def describe(self, board=None, names=None) -> str:
        return f"{_who(names, self.player)} picks a capital"


@dataclass(frozen=True, slots=True)
class CapitalsRevealed(PublicEvent):
    capitals: tuple[int, ...]

    def describe(self, board=None, names=None) -> str:
        return "Capitals: " + ", ".join(f"{_who(names, p)} {_where(board, t)}" for p, t in enumerate(self.capitals))


@dataclass(frozen=True, slots=True)
class AttackRolled(PublicEvent):
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
class Retreated(PublicEvent):
    player: int
    territory: int
    to: int
    armies: int

    def describe(self, board=None, names=None) -> str:
        return (f"{_who(names, self.player)} retreats {self.armies} from {_where(board, self.territory)} "
                f"to {_where(board, self.to)}")


@dataclass(frozen=True, slots=True)
class MissionChanged(PrivateEvent):
    """A destroy mission became impossible and turned into ``mission`` (UK rule: someone else
    destroyed ``target``). Private: it would tell the others who held that mission."""

    player: int
    target: int = -1
    mission: "Mission | None" = None

    def describe(self, board=None, names=None) -> str:
        now = self.mission.describe(names) if self.mission is not None else "another mission"
        return (f"{_who(names, self.player)} can no longer destroy {_who(names, self.target)} "
                f"(another player did): the secret mission is now: {now}")


Event = Union[TerritoryClaimed, ArmyPlaced, TurnStarted, ReinforcementsReceived, CardsTraded,
              Deployed, DiceRolled, BlitzResolved, TerritoryConquered, Occupied, Fortified,
              CardDrawn, PlayerEliminated, GameOver, ArmiesLost, CapitalChosen, CapitalsRevealed,
              AttackRolled, Retreated, MissionChanged, ReinforcementsForfeited]
