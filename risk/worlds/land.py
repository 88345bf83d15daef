"""The drawn landmass: where land is, and which continent each piece of land is shaped for.

The map is a grid of cells. Each continent is a blob (an ellipse whose edge is roughened by
noise) centred in a slot of a jittered grid of slots; the style sets how the blobs meet:

- ``pangaea``: large blobs that overlap into one landmass (continents meet by land);
- ``continents``: blobs a narrow strait apart, a few of them joined by an isthmus;
- ``islands``: every continent a cluster of small islands.

A cell is land where the strongest blob there is above the sea level; it belongs to that blob's
continent. Islets too small to hold a territory sink, and lakes are filled, so every coast
faces the open sea.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from risk.errors import MapError
from risk.worlds.rand import ValueNoise, WorldRandom

STYLES = ("continents", "islands", "pangaea")

#: Land cells per territory: enough for a territory's outline to read as a shape.
CELLS_PER_TERRITORY = 44
#: The share of the grid that each style's land covers, about (sizes the grid).
_LAND_SHARE = {"pangaea": 0.58, "continents": 0.42, "islands": 0.30}
#: Blob radius as a share of the slot it sits in.
_RADIUS = {"pangaea": 0.6, "continents": 0.42, "islands": 0.21}
#: How far noise moves the coast, in units of the blob's own reach.
_ROUGHNESS = 1.1
MARGIN = 3  # sea cells around the map's edge
SEA = -1


class RetryDraw(MapError):
    """This draw of a world failed a check (a continent without room for its territories, an
    outline that is not one ring); the generator makes the seed's next draw instead."""


@dataclass
class Land:
    """The grid: ``continent[y][x]`` is the continent a land cell is shaped for, or -1 for sea."""

    width: int
    height: int
    continent: list[list[int]]
    centres: list[tuple[float, float]]


def grid_size(territories: int, style: str) -> tuple[int, int]:
    """The grid's (width, height) for a map of ``territories`` in ``style``, 5:3 like the classic map."""
    area = territories * CELLS_PER_TERRITORY / _LAND_SHARE[style]
    width = int(round((area * 5.0 / 3.0) ** 0.5)) + 2 * MARGIN
    height = int(round(area / (width - 2 * MARGIN))) + 2 * MARGIN
    return width, height


def _slots(count: int, width: int, height: int) -> tuple[int, int]:
    """(columns, rows) of the slot grid: about square slots, at least ``count`` of them."""
    inner_w, inner_h = width - 2 * MARGIN, height - 2 * MARGIN
    columns = max(1, int(round((count * inner_w / inner_h) ** 0.5)))
    rows = -(-count // columns)
    return columns, rows


class _Blob:
    __slots__ = ("cx", "cy", "rx", "ry")

    def __init__(self, cx: float, cy: float, rx: float, ry: float):
        self.cx, self.cy, self.rx, self.ry = cx, cy, rx, ry

    def strength(self, x: float, y: float) -> float:
        dx, dy = (x - self.cx) / self.rx, (y - self.cy) / self.ry
        return 1.0 - dx * dx - dy * dy


class _Isthmus:
    """A narrow strip of land between two points (continents joined by land)."""

    __slots__ = ("ax", "ay", "bx", "by", "half_width")

    def __init__(self, a: tuple[float, float], b: tuple[float, float], half_width: float):
        (self.ax, self.ay), (self.bx, self.by) = a, b
        self.half_width = half_width

    def strength(self, x: float, y: float) -> float:
        dx, dy = self.bx - self.ax, self.by - self.ay
        length2 = dx * dx + dy * dy or 1.0
        t = min(1.0, max(0.0, ((x - self.ax) * dx + (y - self.ay) * dy) / length2))
        ex, ey = x - (self.ax + t * dx), y - (self.ay + t * dy)
        return 1.0 - (ex * ex + ey * ey) / (self.half_width * self.half_width)


def draw_land(territories: int, continents: int, style: str, rng: WorldRandom, noise_seed: int) -> Land:
    """The landmass of a world: the grid and each land cell's continent."""
    width, height = grid_size(territories, style)
    columns, rows = _slots(continents, width, height)
    slot_w = (width - 2 * MARGIN) / columns
    slot_h = (height - 2 * MARGIN) / rows
    slots = [(c, r) for r in range(rows) for c in range(columns)]
    rng.shuffle(slots)
    slots = sorted(slots[:continents], key=lambda cr: (cr[1], cr[0]))
    share = _RADIUS[style]
    shapes: list[list[Union[_Blob, _Isthmus]]] = []
    centres: list[tuple[float, float]] = []
    for column, row in slots:
        cx = MARGIN + (column + 0.5 + rng.uniform(-0.18, 0.18)) * slot_w
        cy = MARGIN + (row + 0.5 + rng.uniform(-0.18, 0.18)) * slot_h
        size = rng.uniform(0.8, 1.15)
        centres.append((cx, cy))
        if style == "islands":
            parts = []
            for _ in range(3 + rng.below(3)):
                ox, oy = rng.uniform(-0.27, 0.27) * slot_w, rng.uniform(-0.27, 0.27) * slot_h
                grow = rng.uniform(0.8, 1.2) * size
                parts.append(_Blob(cx + ox, cy + oy, share * slot_w * grow, share * slot_h * grow))
            shapes.append(parts)
        else:
            shapes.append([_Blob(cx, cy, share * slot_w * size, share * slot_h * size)])
    if style == "continents":
        _add_isthmuses(shapes, centres, slots, rng, min(slot_w, slot_h))
    noise = ValueNoise(noise_seed, scale=max(6.0, min(slot_w, slot_h) * 0.35), octaves=4)
    grid = [[SEA] * width for _ in range(height)]
    for y in range(MARGIN, height - MARGIN):
        row_cells = grid[y]
        for x in range(MARGIN, width - MARGIN):
            rough = _ROUGHNESS * (2.0 * noise.at(x + 0.5, y + 0.5) - 1.0)
            best, best_c = 0.0, SEA
            for c, parts in enumerate(shapes):
                for part in parts:
                    s = part.strength(x + 0.5, y + 0.5) + rough
                    if s > best:
                        best, best_c = s, c
            row_cells[x] = best_c
    _sink_islets(grid, CELLS_PER_TERRITORY // 2)
    _fill_lakes(grid)
    return Land(width, height, grid, centres)


def _add_isthmuses(shapes, centres, slots, rng: WorldRandom, slot_size: float) -> None:
    """Join about a third of the neighbouring continents by a strip of land."""
    pairs = [(i, j) for i in range(len(slots)) for j in range(i + 1, len(slots))
             if abs(slots[i][0] - slots[j][0]) + abs(slots[i][1] - slots[j][1]) == 1]
    for i, j in pairs:
        if rng.random() < 0.34:
            half_width = max(1.6, slot_size * 0.05)
            # Each half of the strip belongs to the continent it leaves from.
            middle = ((centres[i][0] + centres[j][0]) / 2, (centres[i][1] + centres[j][1]) / 2)
            shapes[i].append(_Isthmus(centres[i], middle, half_width))
            shapes[j].append(_Isthmus(centres[j], middle, half_width))


def components(grid: list[list[int]], land: bool) -> list[list[tuple[int, int]]]:
    """The 4-connected parts of the land (or of the sea), each in the order found, scanning rows."""
    height, width = len(grid), len(grid[0])
    seen = [[False] * width for _ in range(height)]
    parts = []
    for y0 in range(height):
        for x0 in range(width):
            if seen[y0][x0] or (grid[y0][x0] != SEA) != land:
                continue
            seen[y0][x0] = True
            part, stack = [], [(x0, y0)]
            while stack:
                x, y = stack.pop()
                part.append((x, y))
                for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if 0 <= nx < width and 0 <= ny < height and not seen[ny][nx] \
                            and (grid[ny][nx] != SEA) == land:
                        seen[ny][nx] = True
                        stack.append((nx, ny))
            parts.append(part)
    return parts


def _sink_islets(grid: list[list[int]], smallest: int) -> None:
    for part in components(grid, land=True):
        if len(part) < smallest:
            for x, y in part:
                grid[y][x] = SEA


def _fill_lakes(grid: list[list[int]]) -> None:
    """Sea that does not reach the map's edge becomes land of a continent around it."""
    height, width = len(grid), len(grid[0])
    for part in components(grid, land=False):
        if any(x == 0 or y == 0 or x == width - 1 or y == height - 1 for x, y in part):
            continue
        around: dict[int, int] = {}
        for x, y in part:
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                c = grid[ny][nx]
                if c != SEA:
                    around[c] = around.get(c, 0) + 1
        shore = max(sorted(around), key=lambda c: around[c])
        for x, y in part:
            grid[y][x] = shore
