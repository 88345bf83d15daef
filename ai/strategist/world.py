"""What the map says before a single army is placed: each continent's bonus, size, gates and
entries, and what holding it is worth per army it costs. Computed once per board.

A continent is worth its bonus every turn it is held. Taking it costs about one army per
territory; holding it costs a garrison at each *entry*, the outside territory an attack can come
from, because every entry is a road in. So the worth of a continent from its shape alone is its
bonus per territory it takes, discounted by the roads in:

    worth = bonus / (size * entries)

On the classic map this ranks the continents as Risk players do (Australia, South America,
North America, Africa, Europe, Asia), and on a map where one continent is the whole board (no
entries) it is the bonus per territory. The values are relative: a bot compares continents of
one map with them, never across maps. Nothing here reads a name.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class ContinentShape:
    """A continent as the graph has it (territory ids of the board)."""

    index: int
    bonus: int
    members: tuple[int, ...]
    mask: int
    gates: tuple[int, ...]      #: members with a border outside the continent
    entries: tuple[int, ...]    #: territories outside it with a border to a member
    worth: float                #: bonus / (size * entries): what holding it pays per army it costs

    @property
    def size(self) -> int:
        return len(self.members)


@dataclass(frozen=True)
class World:
    """The shape of one board: its continents, and for each territory its continent and whether
    it is a gate (a member with a border outside its continent)."""

    continents: tuple[ContinentShape, ...]
    continent_of: tuple[int, ...]
    is_gate: tuple[bool, ...]

    def continent(self, territory: int) -> ContinentShape:
        return self.continents[self.continent_of[territory]]


@lru_cache(maxsize=64)
def world_of(board) -> World:
    """The board's :class:`World`, computed once per board (linear in the borders)."""
    neighbours = board.neighbours
    shapes = []
    is_gate = [False] * len(neighbours)
    for index, continent in enumerate(board.continents):
        members = tuple(continent.members)
        inside = set(members)
        gates, entries = [], set()
        for t in members:
            outside = [n for n in neighbours[t] if n not in inside]
            if outside:
                gates.append(t)
                is_gate[t] = True
                entries.update(outside)
        worth = continent.bonus / (len(members) * max(1, len(entries)))
        shapes.append(ContinentShape(index, continent.bonus, members, sum(1 << t for t in members),
                                     tuple(gates), tuple(sorted(entries)), worth))
    return World(tuple(shapes), tuple(board.continent_of), tuple(is_gate))
