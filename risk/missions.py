"""Secret missions (FAQ Q2.2.1): the cards, dealing them, and checking them.

The 14 classic missions: destroy one of the six colours (a seat; the cards of absent colours are
taken out), six pairs of continents (two of them "and a third of your choice"), 18 territories
with at least 2 armies on each, and 24 territories. The 1998 US edition drops the two missions
with a third continent (12 missions). A player who draws their own colour plays for 24
territories instead. Territory counts scale with the map (18 and 24 of 42 territories); continent
missions name the classic continents and are left out on maps without them.

Whether a destroy mission can be completed by someone else is a rule: under the UK rules you must
take the target's last territory yourself, or your mission turns into 24 territories; under the
new US rules anyone may do it for you. A mission only wins during its holder's own turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

CONTINENT_MISSIONS = (
    (("Asia", "South America"), False),
    (("Asia", "Africa"), False),
    (("North America", "Africa"), False),
    (("North America", "Australia"), False),
    (("Europe", "South America"), True),
    (("Europe", "Australia"), True),
)


@dataclass(frozen=True)
class Mission:
    kind: str                      #: "destroy", "continents" or "territories"
    target: int = -1               #: the seat to destroy
    continents: tuple[str, ...] = ()
    third: bool = False            #: and one more continent of the holder's choice
    territories: int = 0
    min_armies: int = 1

    def describe(self, names: Sequence[str] | None = None) -> str:
        if self.kind == "destroy":
            who = names[self.target] if names and 0 <= self.target < len(names) else f"Player {self.target + 1}"
            return f"Destroy {who}"
        if self.kind == "continents":
            text = "Conquer " + " and ".join(self.continents)
            return text + " and a third continent of your choice" if self.third else text
        if self.min_armies > 1:
            return f"Occupy {self.territories} territories with at least {self.min_armies} armies in each"
        return f"Occupy {self.territories} territories"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "target": self.target, "continents": list(self.continents),
                "third": self.third, "territories": self.territories, "min_armies": self.min_armies}


def territory_mission(board_size: int, count: int, min_armies: int = 1) -> Mission:
    return Mission("territories", territories=max(1, round(count * board_size / 42)), min_armies=min_armies)


def mission_deck(board, seats: int, mission_set: str = "classic") -> list[Mission]:
    """The mission cards for a game: destroy missions for the seats in play, the continent
    missions the map has continents for, and the two territory missions."""
    names = {c.name for c in board.continents}
    deck = [Mission("destroy", target=seat) for seat in range(seats)]
    for continents, third in CONTINENT_MISSIONS:
        if third and mission_set == "us-1998":
            continue
        if set(continents) <= names:
            deck.append(Mission("continents", continents=continents, third=third))
    deck.append(territory_mission(len(board), 18, 2))
    deck.append(territory_mission(len(board), 24))
    return deck


def deal_missions(board, seats: int, mission_set: str, rng) -> list[Mission]:
    """One mission per seat; drawing your own colour turns the mission into 24 territories."""
    deck = mission_deck(board, seats, mission_set)
    rng.shuffle(deck)
    dealt = []
    for seat in range(seats):
        mission = deck[seat]
        if mission.kind == "destroy" and mission.target == seat:
            mission = territory_mission(len(board), 24)
        dealt.append(mission)
    return dealt


def continent_held(board, owner, player: int, name: str) -> bool:
    for continent in board.continents:
        if continent.name == name:
            return all(owner[t] == player for t in continent.members)
    return False


def is_complete(mission: Mission, state, player: int, destroyed: bool) -> bool:
    """Whether ``player`` has completed ``mission`` (``destroyed``: its target fell as the rules
    require)."""
    if mission.kind == "destroy":
        return destroyed
    board, owner = state.board, state.owner
    if mission.kind == "continents":
        if not all(continent_held(board, owner, player, name) for name in mission.continents):
            return False
        if not mission.third:
            return True
        return any(c.name not in mission.continents and all(owner[t] == player for t in c.members)
                   for c in board.continents)
    held = sum(1 for t, o in enumerate(owner) if o == player and state.armies[t] >= mission.min_armies)
    return held >= mission.territories


def progress(mission: Mission, state, player: int) -> float:
    """How far ``player`` is towards ``mission``, from 0 to 1 (for the bots)."""
    board, owner = state.board, state.owner
    if mission.kind == "destroy":
        target = mission.target
        total = len(owner)
        return 1.0 - state.count[target] / total if target < len(state.count) else 0.0
    if mission.kind == "continents":
        members = [t for c in board.continents if c.name in mission.continents for t in c.members]
        return sum(1 for t in members if owner[t] == player) / len(members)
    held = sum(1 for t, o in enumerate(owner) if o == player and state.armies[t] >= mission.min_armies)
    return min(1.0, held / mission.territories)
