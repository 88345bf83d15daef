"""Maps: loading, validation, the networkx graph, and the compiled board the engine reads.

A map file is JSON in the format documented in ``docs/map-format.md``. :func:`load_map` reads
and validates it and compiles it into a :class:`Board`: territories numbered 0..n-1 in file
order, neighbour tuples and bit masks, continent member tuples and bonuses. ``board.graph`` is
the same map as a :class:`networkx.Graph` (territories as nodes with their continent, card
symbol and position; borders as edges), built on first use: the engine never touches it, so a
game or ``risk map info`` does without importing networkx; everything else may use it.

>>> board = load_map()
>>> len(board), len(board.continents), board.graph.number_of_edges()
(42, 6, 83)
>>> board.names[board.id("kamchatka")]
'Kamchatka'
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from risk.colours import parse_colour
from risk.errors import MapError
from risk.paths import classic_map_path
from risk.files import read_bounded
from risk.schema import MAP, MAX_MAP_BYTES, JsonProblem, problem, read_json

CARD_SYMBOLS = ("infantry", "cavalry", "artillery")
MAP_FORMAT = "markov-risk-map"

if TYPE_CHECKING:
    import networkx as nx


def slugify(name: str) -> str:
    """The short identifier of a territory name, used in action texts: 'North Africa' -> 'north-africa'."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@dataclass(frozen=True)
class Continent:
    name: str
    bonus: int
    members: tuple[int, ...]
    color: str | None = None


@dataclass(frozen=True, eq=False)
class Board:
    """An immutable, compiled map. Territories are ints 0..n-1; names are for people."""

    name: str
    names: tuple[str, ...]
    slugs: tuple[str, ...]
    continents: tuple[Continent, ...]
    continent_of: tuple[int, ...]
    cards: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]
    neighbour_mask: tuple[int, ...]
    positions: tuple[tuple[float, float], ...]
    size: tuple[float, float]
    sea_routes: frozenset[frozenset[int]]
    shapes: tuple[tuple[tuple[float, float], ...] | None, ...]
    source: dict[str, Any] = field(repr=False)
    warnings: tuple[str, ...] = ()
    _ids: dict[str, int] = field(default_factory=dict, repr=False)

    def __len__(self) -> int:
        return len(self.names)

    def __repr__(self) -> str:
        return f"<Board {self.name!r}: {len(self)} territories, {len(self.continents)} continents>"

    @property
    def borders(self) -> list[tuple[int, int]]:
        """Every border once, as (a, b) with a < b."""
        return [(a, b) for a in range(len(self)) for b in self.neighbours[a] if a < b]

    @cached_property
    def graph(self) -> nx.Graph:
        """The map as a networkx graph: nodes are territory names with their ``id``,
        ``continent``, ``card`` and ``pos``; edges are borders, ``sea`` marking a sea route."""
        import networkx as nx

        graph = nx.Graph(name=str(self.source.get("name", "unnamed")))
        for tid, name in enumerate(self.names):
            graph.add_node(name, id=tid, continent=self.continents[self.continent_of[tid]].name,
                           card=CARD_SYMBOLS[self.cards[tid]], pos=self.positions[tid])
        for a, b in self.borders:
            graph.add_edge(self.names[a], self.names[b], sea=frozenset((a, b)) in self.sea_routes)
        return graph

    def adjacent(self, a: int, b: int) -> bool:
        return (self.neighbour_mask[a] >> b) & 1 == 1

    def id(self, token: str) -> int:
        """The territory id for a name, a slug or '#index'; raises KeyError naming the token."""
        tid = self._ids.get(token)
        if tid is None:
            tid = self._ids.get(slugify(token))
        if tid is None and token.startswith("#") and token[1:].isdigit():
            index = int(token[1:])
            if 0 <= index < len(self):
                tid = index
        if tid is None:
            raise KeyError(token)
        return tid

    @cached_property
    def continent_masks(self) -> tuple[tuple[int, int], ...]:
        """(bit mask of its territories, bonus) for each continent: the form in which code that
        keeps a player's territories as a bit mask (the bots' light models) asks what it holds."""
        return tuple((sum(1 << t for t in c.members), c.bonus) for c in self.continents)

    def continent_bonus_for(self, owner: Sequence[int], player: int) -> int:
        """The sum of the bonuses of the continents held entirely by ``player``."""
        total = 0
        for continent in self.continents:
            if all(owner[t] == player for t in continent.members):
                total += continent.bonus
        return total

    def to_dict(self) -> dict[str, Any]:
        """The map in its file format (what a game record embeds)."""
        return self.source


# ---------------------------------------------------------------------------------------------
# Loading and validation


def load_map(path: str | Path | None = None) -> Board:
    """Read, validate and compile a map file; the classic map when ``path`` is None.

    Raises :class:`MapError` naming the file, the line where there is one, and the problem.
    """
    path = Path(path) if path is not None else classic_map_path()
    return parse_map(read_bounded(path, MAX_MAP_BYTES, MapError, "map file"), str(path))


def parse_map(text: str, path: str | None = None) -> Board:
    """Validate and compile the text of a map file (:class:`MapError` for anything malformed)."""
    if not text.strip():
        raise MapError("the file is empty", path)
    try:
        data = read_json(text)
    except JsonProblem as exc:
        if exc.line is not None and "[continents]" in text.lower():
            raise MapError("this is a Domination .map file, not a markov-risk map: convert it with "
                           "'risk map import FILE.map -o OUT.json'", path) from None
        raise MapError(str(exc), path, exc.line) from None
    return board_from_dict(data, path=path, text=text)


def _line_of(text: str | None, *needles: str) -> int | None:
    """The first line of ``text`` that contains all ``needles`` (to point errors at a line)."""
    if text is None:
        return None
    for number, line in enumerate(text.splitlines(), start=1):
        if all(needle in line for needle in needles):
            return number
    return None


def _quoted(name: Any) -> str:
    return json.dumps(name, ensure_ascii=False)


def board_from_dict(data: Any, path: str | None = None, text: str | None = None) -> Board:
    """Validate a map held as a dict (the parsed file) and compile it into a :class:`Board`.

    The map's shape (types, sizes, ranges) is checked against ``risk.schema.MAP`` first, then
    what links its parts (names, continents, borders, connectivity). Raises :class:`MapError`."""

    def fail(message: str, *needles: str) -> MapError:
        return MapError(message, path, _line_of(text, *needles) if needles else None)

    if not isinstance(data, dict):
        raise fail("the top level must be a JSON object with continents, territories and borders")
    mismatch = problem(data, MAP)
    if mismatch:
        raise fail(mismatch)
    for key in ("continents", "territories", "borders"):
        if key not in data:
            raise fail(f"missing the '{key}' list")
        if not isinstance(data[key], list):
            raise fail(f"'{key}' must be a list", f'"{key}"')

    continent_index: dict[str, int] = {}
    continent_rows: list[tuple[str, int, str | None]] = []
    for entry in data["continents"]:
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) or not entry["name"]:
            raise fail(f"a continent needs a non-empty 'name': {_quoted(entry)}")
        name = entry["name"]
        bonus = entry.get("bonus")
        if isinstance(bonus, bool) or not isinstance(bonus, int):
            raise fail(f"continent {_quoted(name)} has a bonus that is not a whole number: {_quoted(bonus)}",
                       _quoted(name))
        if bonus < 0:
            raise fail(f"continent {_quoted(name)} has a negative bonus", _quoted(name))
        if name in continent_index:
            raise fail(f"duplicate continent name {_quoted(name)}", _quoted(name))
        continent_index[name] = len(continent_rows)
        color = entry.get("color")
        if color is not None and parse_colour(color) is None:
            raise fail(f"continent {_quoted(name)} has colour {_quoted(color)}, which is not a colour "
                       "(write #rrggbb, r,g,b or a colour name such as 'dark green')", _quoted(name))
        continent_rows.append((name, bonus, color if isinstance(color, str) else None))
    if not continent_rows:
        raise fail("the map has no continents")

    names: list[str] = []
    ids: dict[str, int] = {}
    slug_ids: dict[str, int] = {}
    continent_of: list[int] = []
    cards: list[int] = []
    positions: list[tuple[float, float]] = []
    shapes: list[tuple[tuple[float, float], ...] | None] = []
    for number, entry in enumerate(data["territories"]):
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) or not entry["name"].strip():
            raise fail(f"territory number {number + 1} needs a non-empty 'name'")
        name = entry["name"]
        if name in ids:
            raise fail(f"duplicate territory name {_quoted(name)}", _quoted(name))
        slug = slugify(name)
        if not slug:
            raise fail(f"territory name {_quoted(name)} has no letters or digits", _quoted(name))
        if slug in slug_ids:
            other = names[slug_ids[slug]]
            raise fail(f"territory names {_quoted(other)} and {_quoted(name)} are too alike "
                       f"(both read as '{slug}')", _quoted(name))
        continent = entry.get("continent")
        if continent is None or continent == "":
            raise fail(f"territory {_quoted(name)} is in no continent", _quoted(name))
        if continent not in continent_index:
            raise fail(f"territory {_quoted(name)} names an unknown continent {_quoted(continent)}",
                       _quoted(name))
        card = entry.get("card", CARD_SYMBOLS[number % 3])
        if card not in CARD_SYMBOLS:
            raise fail(f"territory {_quoted(name)} has card symbol {_quoted(card)}; "
                       f"expected one of {', '.join(CARD_SYMBOLS)}", _quoted(name))
        pos = entry.get("pos", [0, 0])
        if (not isinstance(pos, list) or len(pos) != 2
                or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in pos)):
            raise fail(f"territory {_quoted(name)} needs 'pos' as [x, y] numbers", _quoted(name))
        shape = entry.get("shape")
        if shape is not None:
            if (not isinstance(shape, list) or len(shape) < 3 or not all(
                    isinstance(p, list) and len(p) == 2 and all(isinstance(v, (int, float)) for v in p)
                    for p in shape)):
                raise fail(f"territory {_quoted(name)} has a 'shape' that is not a list of [x, y] points",
                           _quoted(name))
            shape = tuple((float(x), float(y)) for x, y in shape)
        ids[name] = len(names)
        slug_ids[slug] = len(names)
        names.append(name)
        continent_of.append(continent_index[continent])
        cards.append(CARD_SYMBOLS.index(card))
        positions.append((float(pos[0]), float(pos[1])))
        shapes.append(shape)
    if len(names) < 2:
        raise fail("a map needs at least two territories")

    def territory(token: Any, context: str) -> int:
        if not isinstance(token, str) or token not in ids:
            raise fail(f"{context} names an unknown territory {_quoted(token)}", _quoted(token))
        return ids[token]

    neighbour_sets: list[set[int]] = [set() for _ in names]
    warnings: list[str] = []
    for entry in data["borders"]:
        if not isinstance(entry, list) or len(entry) != 2:
            raise fail(f"a border must be a pair of territory names, not {_quoted(entry)}")
        a = territory(entry[0], "a border")
        b = territory(entry[1], "a border")
        if a == b:
            raise fail(f"territory {_quoted(entry[0])} borders itself", _quoted(entry[0]), _quoted(entry[1]))
        if b in neighbour_sets[a]:
            warnings.append(f"border {entry[0]} - {entry[1]} is listed twice")
        neighbour_sets[a].add(b)
        neighbour_sets[b].add(a)

    sea_routes: set[frozenset[int]] = set()
    for entry in data.get("sea_routes", []) or []:
        if not isinstance(entry, list) or len(entry) != 2:
            raise fail(f"a sea route must be a pair of territory names, not {_quoted(entry)}")
        a = territory(entry[0], "a sea route")
        b = territory(entry[1], "a sea route")
        if b not in neighbour_sets[a]:
            raise fail(f"sea route {entry[0]} - {entry[1]} is not a border", _quoted(entry[0]), _quoted(entry[1]))
        sea_routes.add(frozenset((a, b)))

    members: list[list[int]] = [[] for _ in continent_rows]
    for tid, c in enumerate(continent_of):
        members[c].append(tid)
    for (cname, _, _), group in zip(continent_rows, members):
        if not group:
            raise fail(f"continent {_quoted(cname)} has no territories", _quoted(cname))

    parts = _components(neighbour_sets)
    if len(parts) > 1:
        island = ", ".join(sorted(names[t] for t in min(parts, key=len))[:5])
        raise fail(f"the map is not connected: {island} cannot be reached from the rest")

    size = data.get("size")
    if (isinstance(size, list) and len(size) == 2
            and all(isinstance(v, (int, float)) and v > 0 for v in size)):
        size_t = (float(size[0]), float(size[1]))
    else:
        xs = [p[0] for p in positions]
        ys = [p[1] for p in positions]
        size_t = (max(xs) + min(xs) + 1.0, max(ys) + min(ys) + 1.0)

    all_ids = dict(ids)
    all_ids.update(slug_ids)
    return Board(
        name=str(data.get("name", Path(path).stem if path else "unnamed")),
        names=tuple(names),
        slugs=tuple(slugify(n) for n in names),
        continents=tuple(Continent(n, b, tuple(m), c) for (n, b, c), m in zip(continent_rows, members)),
        continent_of=tuple(continent_of),
        cards=tuple(cards),
        neighbours=tuple(tuple(sorted(s)) for s in neighbour_sets),
        neighbour_mask=tuple(sum(1 << b for b in s) for s in neighbour_sets),
        positions=tuple(positions),
        size=size_t,
        sea_routes=frozenset(sea_routes),
        shapes=tuple(shapes),
        source=data,
        warnings=tuple(warnings),
        _ids=all_ids,
    )


def _components(neighbour_sets: Sequence[set[int]]) -> list[list[int]]:
    """The connected parts of a map, each found from its lowest territory, in that order."""
    part_of = [-1] * len(neighbour_sets)
    parts: list[list[int]] = []
    for start in range(len(neighbour_sets)):
        if part_of[start] >= 0:
            continue
        part_of[start] = len(parts)
        part, frontier = [start], [start]
        while frontier:
            for b in neighbour_sets[frontier.pop()]:
                if part_of[b] < 0:
                    part_of[b] = len(parts)
                    part.append(b)
                    frontier.append(b)
        parts.append(part)
    return parts


def map_summary(board: Board) -> dict[str, Any]:
    """The map as ``risk map info --json`` prints it."""
    return {
        "name": board.name,
        "territories": list(board.names),
        "continents": {
            c.name: {"bonus": c.bonus, "territories": [board.names[t] for t in c.members]}
            for c in board.continents
        },
        "borders": [[board.names[a], board.names[b]] for a, b in board.borders],
    }


def connected_within(board: Board, allowed_mask: int, start: int) -> int:
    """The bit mask of territories reachable from ``start`` through territories in ``allowed_mask``."""
    seen = 1 << start
    frontier = [start]
    masks = board.neighbour_mask
    while frontier:
        t = frontier.pop()
        new = masks[t] & allowed_mask & ~seen
        while new:
            low = new & -new
            seen |= low
            frontier.append(low.bit_length() - 1)
            new ^= low
    return seen


def mask_of(territories: Iterable[int]) -> int:
    mask = 0
    for t in territories:
        mask |= 1 << t
    return mask
