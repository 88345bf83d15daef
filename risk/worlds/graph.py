"""The world's graph: land borders, sea lanes across narrow water, whole continents, bonuses.

Sea lanes: the sea is shared out among the coasts (each sea cell to the nearest coastal
territory, by a breadth-first search over the water), and two territories whose shares of the
sea meet are a crossing of that many cells of water. The shortest crossings that join
separate landmasses are taken first (Kruskal: the fewest lanes that connect the world, a
crossing inside a continent preferred to one between continents), then the few narrow
crossings that open a second route where the way round by land or sea is long.

Bonuses follow the continent's size and gates (territories with a neighbour in another
continent): ``max(1, (territories + 2 * gates) // 3)`` (docs/map-format.md compares it with the
classic map's and the community maps' bonuses).
"""

from __future__ import annotations

from collections import deque

from risk.worlds.land import SEA

#: Water up to this many cells wide is narrow: a second lane may cross it.
NARROW = 4
#: A crossing between two continents counts as this much longer when joining landmasses.
_CROSS_CONTINENT = 1.6
#: A second lane is opened only where the way round is at least this many borders.
_DETOUR = 4


def crossings(label: list[list[int]]) -> dict[tuple[int, int], int]:
    """(a, b) -> cells of water between territories a < b whose shares of the sea meet."""
    height, width = len(label), len(label[0])
    origin = [[SEA] * width for _ in range(height)]
    distance = [[0] * width for _ in range(height)]
    queue: deque[tuple[int, int]] = deque()
    for y in range(height):
        for x in range(width):
            if label[y][x] != SEA:
                continue
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                nx, ny = x + dx, y + dy
                if 0 <= nx < width and 0 <= ny < height and label[ny][nx] != SEA:
                    t = label[ny][nx]
                    if origin[y][x] == SEA or t < origin[y][x]:
                        origin[y][x] = t
                        distance[y][x] = 1
            if origin[y][x] != SEA:
                queue.append((x, y))
    while queue:
        x, y = queue.popleft()
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nx, ny = x + dx, y + dy
            if 0 <= nx < width and 0 <= ny < height and label[ny][nx] == SEA and origin[ny][nx] == SEA:
                origin[ny][nx] = origin[y][x]
                distance[ny][nx] = distance[y][x] + 1
                queue.append((nx, ny))
    gaps: dict[tuple[int, int], int] = {}
    for y in range(height):
        for x in range(width):
            a = origin[y][x]
            if a == SEA:
                continue
            for nx, ny in ((x + 1, y), (x, y + 1)):
                if nx < width and ny < height:
                    b = origin[ny][nx]
                    if b != SEA and b != a:
                        key = (a, b) if a < b else (b, a)
                        gap = distance[y][x] + distance[ny][nx]
                        if gap < gaps.get(key, 1 << 30):
                            gaps[key] = gap
    return dict(sorted(gaps.items()))


def _find(parent: list[int], i: int) -> int:
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


def _hops(neighbours: list[list[int]], a: int, b: int, limit: int) -> int:
    """Borders on the shortest way from a to b, or ``limit`` if it is at least that long."""
    seen = {a: 0}
    queue = deque([a])
    while queue:
        t = queue.popleft()
        if seen[t] + 1 >= limit:
            break
        for n in neighbours[t]:
            if n not in seen:
                if n == b:
                    return seen[t] + 1
                seen[n] = seen[t] + 1
                queue.append(n)
    return limit


def sea_lanes(count: int, borders: list[tuple[int, int]], gaps: dict[tuple[int, int], int],
              continent_of: list[int]) -> list[tuple[int, int]]:
    """The sea lanes: the crossings that join the landmasses, then a few narrow shortcuts."""
    parent = list(range(count))
    for a, b in borders:
        parent[_find(parent, a)] = _find(parent, b)
    land = set(borders)
    candidates = [(pair, gap) for pair, gap in gaps.items() if pair not in land]

    def cost(item: tuple[tuple[int, int], int]) -> tuple[float, tuple[int, int]]:
        (a, b), gap = item
        return (gap * (_CROSS_CONTINENT if continent_of[a] != continent_of[b] else 1.0), (a, b))

    lanes: list[tuple[int, int]] = []
    for (a, b), _ in sorted(candidates, key=cost):
        ra, rb = _find(parent, a), _find(parent, b)
        if ra != rb:
            parent[ra] = rb
            lanes.append((a, b))
    neighbours: list[list[int]] = [[] for _ in range(count)]
    for a, b in borders + lanes:
        neighbours[a].append(b)
        neighbours[b].append(a)
    taken = set(lanes)
    for (a, b), gap in sorted(candidates, key=lambda item: (item[1], item[0])):
        if gap > NARROW or (a, b) in taken:
            continue
        if _hops(neighbours, a, b, _DETOUR) >= _DETOUR:
            lanes.append((a, b))
            taken.add((a, b))
            neighbours[a].append(b)
            neighbours[b].append(a)
    return sorted(lanes)


def whole_continents(continent_of: list[int], neighbours: list[list[int]], continents: int) -> list[int]:
    """Continents made connected: a piece of a continent cut off from its largest piece joins
    the neighbouring continent it shares most borders with (repeated until every one is whole)."""
    continent_of = list(continent_of)
    for _ in range(len(continent_of)):
        moved = False
        for c in range(continents):
            pieces = _pieces(c, continent_of, neighbours)
            if len(pieces) <= 1:
                continue
            pieces.sort(key=lambda piece: (-len(piece), piece[0]))
            for piece in pieces[1:]:
                contacts: dict[int, int] = {}
                for t in piece:
                    for n in neighbours[t]:
                        if continent_of[n] != c:
                            contacts[continent_of[n]] = contacts.get(continent_of[n], 0) + 1
                target = max(sorted(contacts), key=lambda k: contacts[k])
                for t in piece:
                    continent_of[t] = target
                moved = True
        if not moved:
            return continent_of
    return continent_of


def _pieces(c: int, continent_of: list[int], neighbours: list[list[int]]) -> list[list[int]]:
    members = [t for t, k in enumerate(continent_of) if k == c]
    seen: set[int] = set()
    pieces = []
    for start in members:
        if start in seen:
            continue
        seen.add(start)
        piece, queue = [start], deque([start])
        while queue:
            t = queue.popleft()
            for n in neighbours[t]:
                if continent_of[n] == c and n not in seen:
                    seen.add(n)
                    piece.append(n)
                    queue.append(n)
        pieces.append(sorted(piece))
    return pieces


def gates(members: list[int], continent_of: list[int], neighbours: list[list[int]]) -> int:
    """Territories of a continent with a neighbour in another continent."""
    return sum(1 for t in members if any(continent_of[n] != continent_of[t] for n in neighbours[t]))


def bonus(territories: int, gate_count: int) -> int:
    """A continent's bonus from its size and its gates (see the module's notes)."""
    return max(1, (territories + 2 * gate_count) // 3)
