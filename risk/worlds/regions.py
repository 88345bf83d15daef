"""Territories as regions of the land: seeded points, each growing over the cells nearest it.

Seeds are thrown on each continent's land in proportion to its area, no two closer than the
spacing their number allows. Every land cell then goes to the seed nearest it, the regions
grown outwards from the seeds in order of distance (a discrete Voronoi diagram clipped to the
land, in which every region is one connected piece, as no region grows across another's).
One Lloyd step (each seed moved to its region's centre, then the regions grown again) evens
out their sizes. All of it in whole numbers, so it is the same on every machine.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from risk.errors import MapError
from risk.worlds.land import SEA, Land, RetryDraw
from risk.worlds.rand import WorldRandom

_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


@dataclass
class Regions:
    """``label[y][x]``: the territory of a cell, or -1 for sea; ``continent_of[t]``; ``seeds[t]``."""

    label: list[list[int]]
    continent_of: list[int]
    seeds: list[tuple[int, int]]


def shares(total: int, weights: list[int], least: int) -> list[int]:
    """``total`` split in proportion to ``weights`` (largest remainders), at least ``least`` each."""
    count = len(weights)
    out = [least] * count
    rest = total - least * count
    if rest < 0:
        raise MapError(f"cannot give {count} continents {least} territories each from {total}")
    weight_sum = sum(weights) or 1
    exact = [rest * w / weight_sum for w in weights]
    floors = [int(e) for e in exact]
    for i, f in enumerate(floors):
        out[i] += f
    order = sorted(range(count), key=lambda i: (-(exact[i] - floors[i]), i))
    for i in order[:rest - sum(floors)]:
        out[i] += 1
    return out


def throw_seeds(land: Land, territories: int, rng: WorldRandom) -> tuple[list[tuple[int, int]], list[int]]:
    """The seeds (cells) of the territories and each one's continent."""
    cells_of: list[list[tuple[int, int]]] = [[] for _ in land.centres]
    for y, row in enumerate(land.continent):
        for x, c in enumerate(row):
            if c != SEA:
                cells_of[c].append((x, y))
    if any(not cells for cells in cells_of):
        raise RetryDraw("a continent has no land")
    least = 2 if territories >= 2 * len(cells_of) else 1
    # In proportion to land, but no continent more than half again the average: a blob at the
    # map's edge may spread far, and its territories grow larger rather than its bonus huge.
    cap = 1.5 * sum(len(cells) for cells in cells_of) / len(cells_of)
    counts = shares(territories, [min(len(cells), int(cap)) for cells in cells_of], least)
    seeds: list[tuple[int, int]] = []
    continent_of: list[int] = []
    for c, (cells, count) in enumerate(zip(cells_of, counts)):
        if count > len(cells):
            raise RetryDraw("a continent is too small for its territories")
        spacing2 = 0.55 * len(cells) / count  # squared spacing of a hexagonal packing, loosened
        taken: list[tuple[int, int]] = []
        attempts = 0
        while len(taken) < count:
            x, y = cells[rng.below(len(cells))]
            if all((x - a) * (x - a) + (y - b) * (y - b) >= spacing2 for a, b in taken):
                taken.append((x, y))
            attempts += 1
            if attempts % 200 == 0:
                spacing2 *= 0.8  # crowded: let the seeds come closer
        seeds.extend(taken)
        continent_of.extend([c] * count)
    return seeds, continent_of


def grow(land: Land, seeds: list[tuple[int, int]]) -> list[list[int]]:
    """Every land cell's territory: the seed nearest it, reached over land (ties: the lower
    territory). Land no seed reaches (an islet without a seed) becomes sea."""
    width, height = land.width, land.height
    grid = land.continent
    label = [[SEA] * width for _ in range(height)]
    heap = [(0, t, x, y) for t, (x, y) in enumerate(seeds)]
    heapq.heapify(heap)
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        _, t, x, y = pop(heap)
        if label[y][x] != SEA:
            continue
        label[y][x] = t
        sx, sy = seeds[t]
        for dx, dy in _STEPS:
            nx, ny = x + dx, y + dy
            if grid[ny][nx] != SEA and label[ny][nx] == SEA:
                ex, ey = nx - sx, ny - sy
                push(heap, (ex * ex + ey * ey, t, nx, ny))
    return label


def relax(label: list[list[int]], count: int) -> list[tuple[int, int]]:
    """Each territory's cell nearest the centre of its region (Lloyd's step, on the grid)."""
    sums = [[0, 0, 0] for _ in range(count)]
    for y, row in enumerate(label):
        for x, t in enumerate(row):
            if t != SEA:
                s = sums[t]
                s[0] += x
                s[1] += y
                s[2] += 1
    best: list[tuple[int, int, int] | None] = [None] * count
    for y, row in enumerate(label):
        for x, t in enumerate(row):
            if t == SEA:
                continue
            sx, sy, n = sums[t]
            # Squared distance to the centre, times n * n so that it stays a whole number.
            dx, dy = x * n - sx, y * n - sy
            score = dx * dx + dy * dy
            if best[t] is None or score < best[t][0]:
                best[t] = (score, x, y)
    return [(b[1], b[2]) for b in best]  # type: ignore[index]


def carve(land: Land, territories: int, rng: WorldRandom) -> Regions:
    """The territories' regions: seeds thrown, grown, relaxed once and grown again."""
    seeds, continent_of = throw_seeds(land, territories, rng)
    label = grow(land, seeds)
    seeds = relax(label, territories)
    label = grow(land, seeds)
    return Regions(label, continent_of, seeds)


def touching(label: list[list[int]]) -> dict[tuple[int, int], int]:
    """Pairs (a, b), a < b, of territories whose regions share an edge, with the edge's length."""
    pairs: dict[tuple[int, int], int] = {}
    height, width = len(label), len(label[0])
    for y in range(height):
        row = label[y]
        below = label[y + 1] if y + 1 < height else None
        for x in range(width):
            a = row[x]
            if a == SEA:
                continue
            for b in ((row[x + 1] if x + 1 < width else SEA), (below[x] if below is not None else SEA)):
                if b != SEA and b != a:
                    key = (a, b) if a < b else (b, a)
                    pairs[key] = pairs.get(key, 0) + 1
    return dict(sorted(pairs.items()))


def label_points(label: list[list[int]], count: int) -> list[tuple[int, int]]:
    """Each territory's innermost cell (farthest from its region's edge, counted in steps; on a
    tie the first in reading order), where its name and armies are drawn."""
    height, width = len(label), len(label[0])
    depth = [[0] * width for _ in range(height)]
    frontier = []
    for y in range(height):
        for x in range(width):
            t = label[y][x]
            if t == SEA:
                continue
            edge = any(not (0 <= x + dx < width and 0 <= y + dy < height) or label[y + dy][x + dx] != t
                       for dx, dy in _STEPS)
            if edge:
                depth[y][x] = 1
                frontier.append((x, y))
    level = 1
    while frontier:
        following = []
        for x, y in frontier:
            t = label[y][x]
            for dx, dy in _STEPS:
                nx, ny = x + dx, y + dy
                if label[ny][nx] == t and depth[ny][nx] == 0:
                    depth[ny][nx] = level + 1
                    following.append((nx, ny))
        frontier = following
        level += 1
    best: list[tuple[int, int, int] | None] = [None] * count
    for y in range(height):
        for x in range(width):
            t = label[y][x]
            if t != SEA and (best[t] is None or depth[y][x] > best[t][0]):
                best[t] = (depth[y][x], x, y)
    return [(b[1], b[2]) for b in best]  # type: ignore[index]
