"""Outlines: each territory's polygon and each landmass's coastline, traced from the grid.

The boundary between two regions is traced once, as a chain of cell edges from one corner where
three regions meet (a node) to the next, and that chain is simplified (Douglas-Peucker) and
rounded off (one pass of Chaikin's corner cutting) with its ends held fixed. A territory's
polygon and a coastline are then put together from the very same chains, so neighbouring
territories share their border point for point: no gap and no overlap between them.
"""

from __future__ import annotations

from risk.worlds.land import SEA, RetryDraw

Point = tuple[float, float]
Corner = tuple[int, int]

#: How far (in cells) a simplified border may stray from the cell edges it follows.
TOLERANCE = 0.8


class OutlineError(RetryDraw):
    """A region's outline is not one simple ring (a region wrapped round another)."""


def _edges(label: list[list[int]], land_only: bool) -> dict[Corner, list[tuple[Corner, tuple[int, int]]]]:
    """The directed boundary edges of every region, keyed by their start corner, each with the
    cell it belongs to. Each cell's sides run counter-clockwise on screen (top leftwards, left
    downwards, bottom rightwards, right upwards), so a region's edges link into rings with the
    region on the same side. With ``land_only`` all land is one region (for coastlines)."""
    height, width = len(label), len(label[0])

    def region(x: int, y: int) -> int:
        if not (0 <= x < width and 0 <= y < height):
            return SEA
        t = label[y][x]
        return 0 if land_only and t != SEA else t

    out: dict[Corner, list[tuple[Corner, tuple[int, int]]]] = {}
    for y in range(height):
        for x in range(width):
            t = region(x, y)
            if t == SEA:
                continue
            if region(x, y - 1) != t:
                out.setdefault((x + 1, y), []).append(((x, y), (x, y)))
            if region(x - 1, y) != t:
                out.setdefault((x, y), []).append(((x, y + 1), (x, y)))
            if region(x, y + 1) != t:
                out.setdefault((x, y + 1), []).append(((x + 1, y + 1), (x, y)))
            if region(x + 1, y) != t:
                out.setdefault((x + 1, y + 1), []).append(((x + 1, y), (x, y)))
    return out


def _rings(edges: dict[Corner, list[tuple[Corner, tuple[int, int]]]],
           owner) -> dict[int, list[list[Corner]]]:
    """The rings of corners around each region (``owner(cell)`` names a cell's region). Where a
    region's cells touch only at a corner, the ring keeps to the cell it came along."""
    used: set[tuple[Corner, Corner]] = set()
    rings: dict[int, list[list[Corner]]] = {}
    for start in sorted(edges):
        for first_end, first_cell in edges[start]:
            if (start, first_end) in used:
                continue
            ring = [start]
            corner, end, cell = start, first_end, first_cell
            while True:
                used.add((corner, end))
                ring.append(end)
                choices = [(e, c) for e, c in edges[end] if (end, e) not in used and owner(c) == owner(cell)]
                if not choices:
                    break
                same = [choice for choice in choices if choice[1] == cell]
                corner, (end, cell) = end, (same or choices)[0]
            if ring[-1] != ring[0]:
                raise OutlineError("a region's outline does not close")
            rings.setdefault(owner(first_cell), []).append(ring[:-1])
    return rings


def _is_node(label: list[list[int]], corner: Corner) -> bool:
    """Whether three regions (sea counting as one) meet at ``corner``, or two cross there."""
    x, y = corner
    height, width = len(label), len(label[0])

    def at(cx: int, cy: int) -> int:
        return label[cy][cx] if 0 <= cx < width and 0 <= cy < height else SEA

    a, b, c, d = at(x - 1, y - 1), at(x, y - 1), at(x - 1, y), at(x, y)
    distinct = len({a, b, c, d})
    return distinct >= 3 or (distinct == 2 and a == d and b == c)


def _perpendicular(p: Point, a: Point, b: Point) -> float:
    """Squared distance from ``p`` to the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        ex, ey = p[0] - a[0], p[1] - a[1]
        return ex * ex + ey * ey
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    ex, ey = p[0] - a[0] - t * dx, p[1] - a[1] - t * dy
    return ex * ex + ey * ey


def simplify(points: list[Point], tolerance: float = TOLERANCE) -> list[Point]:
    """Douglas-Peucker on an open chain, its two ends kept."""
    if len(points) < 3:
        return list(points)
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    limit = tolerance * tolerance
    while stack:
        first, last = stack.pop()
        worst, where = -1.0, -1
        for i in range(first + 1, last):
            d = _perpendicular(points[i], points[first], points[last])
            if d > worst:
                worst, where = d, i
        if where >= 0 and worst > limit:
            keep[where] = True
            stack.append((first, where))
            stack.append((where, last))
    return [p for p, k in zip(points, keep) if k]


def smooth(points: list[Point]) -> list[Point]:
    """One pass of Chaikin's corner cutting on an open chain, its two ends kept: each inner
    corner is cut at a quarter of the segments beside it."""
    if len(points) < 3:
        return list(points)
    out = [points[0]]
    last = len(points) - 2
    for i, ((ax, ay), (bx, by)) in enumerate(zip(points, points[1:])):
        if i > 0:
            out.append((0.75 * ax + 0.25 * bx, 0.75 * ay + 0.25 * by))
        if i < last:
            out.append((0.25 * ax + 0.75 * bx, 0.25 * ay + 0.75 * by))
    out.append(points[-1])
    return out


class Chains:
    """Every border chain simplified once; the same chain read the other way is the reverse."""

    def __init__(self) -> None:
        self._done: dict[tuple[Corner, ...], list[Point]] = {}

    def drawn(self, corners: list[Corner]) -> list[Point]:
        key = tuple(corners)
        backwards = key[::-1]
        canonical = min(key, backwards)
        shape = self._done.get(canonical)
        if shape is None:
            shape = smooth(simplify([(float(x), float(y)) for x, y in canonical]))
            self._done[canonical] = shape
        return shape if canonical == key else shape[::-1]

    def closed(self, ring: list[Corner]) -> list[Point]:
        """A ring with no node on it (an island's coast): drawn as two halves, from its
        smallest corner to the corner opposite, so both sides that trace it agree."""
        start = ring.index(min(ring))
        ring = ring[start:] + ring[:start]
        half = len(ring) // 2
        first = self.drawn(ring[:half + 1])
        second = self.drawn(ring[half:] + ring[:1])
        return first[:-1] + second[:-1]


def _pieces(ring: list[Corner], nodes: set[Corner]) -> list[list[Corner]] | None:
    """A ring cut at its nodes into chains (None if it has no node)."""
    cuts = [i for i, corner in enumerate(ring) if corner in nodes]
    if not cuts:
        return None
    start = cuts[0]
    rotated = ring[start:] + ring[:start]
    marks = [i - start for i in cuts] + [len(ring)]
    closed = rotated + rotated[:1]
    return [closed[a:b + 1] for a, b in zip(marks, marks[1:])]


def _assemble(ring: list[Corner], nodes: set[Corner], chains: Chains) -> list[Point]:
    pieces = _pieces(ring, nodes)
    if pieces is None:
        return chains.closed(ring)
    points: list[Point] = []
    for piece in pieces:
        points.extend(chains.drawn(piece)[:-1])
    return points


def _area(points: list[Point]) -> float:
    return 0.5 * sum(ax * by - bx * ay for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]))


def trace(label: list[list[int]], count: int) -> tuple[list[list[Point]], list[list[Point]]]:
    """(each territory's polygon, each landmass's coastline), in cell units."""
    edges = _edges(label, land_only=False)
    nodes = {corner for corner in edges if _is_node(label, corner)}
    chains = Chains()
    rings = _rings(edges, lambda cell: label[cell[1]][cell[0]])
    polygons: list[list[Point]] = []
    for t in range(count):
        mine = rings.get(t, [])
        if len(mine) != 1:
            raise OutlineError(f"territory {t} has {len(mine)} outlines")
        polygons.append(_assemble(mine[0], nodes, chains))
    coast_rings = _rings(_edges(label, land_only=True), lambda cell: 0).get(0, [])
    coasts = [_assemble(ring, nodes, chains) for ring in coast_rings]
    # Only outer coasts: a ring that turns the other way would be a lake (filled beforehand).
    coasts = [ring for ring in coasts if _area(ring) < 0] if coasts else []
    return polygons, coasts
