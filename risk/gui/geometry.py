"""Where each territory is: its cells on a raster, for drawing and for clicking.

Three kinds of map, by what the map gives:

* **a picture** (an imported Domination map with its ``pic`` and ``map`` files at hand, see
  :mod:`risk.gui.mapart`): the cells are the author's index image, pixel for pixel, and every
  badge sits at the map's own position;
* **shapes** (every territory a ``shape`` polygon: the classic map, generated worlds): the cells
  are the polygons, rastered;
* **positions only**: a drawn fallback. Each continent is a filled region: discs round its
  territories, the triangles between its near territories filled in, strips along the land
  borders; every point of land belongs to the nearest territory (Voronoi cells clipped to that
  land). A land border much longer than the usual spacing is not land: it is drawn as a route
  across the water, like a sea route.

Shaped and unshaped territories can be mixed. Everything here is in map units (the coordinates of
:attr:`MapGeometry.size`) or raster cells; turning those into screen pixels is the renderer's
business. Nothing here knows about the game state.
"""

from __future__ import annotations

import numpy as np
import pygame

#: Raster cells along the longer side of the map for hit testing, at most.
RESOLUTION = 1600
#: Raster cells per map unit, at most: a map drawn in small units is not rastered finer than the
#: window shows it (about one unit a pixel), twice over.
MAX_CELLS_PER_UNIT = 2.0
#: Territories of a continent nearer than this many spacings (the median distance from a
#: territory to its nearest neighbour) are joined by filled land.
FILL_REACH = 3.2
#: A land border longer than this many spacings is drawn as a route across the water.
ROUTE_REACH = 4.0


class MapGeometry:
    """The territory cells of a board (``labels``: the territory of every raster cell, -1 for
    sea), a point inside each territory for its badge (``centres``), the borders drawn as routes
    across the water (``routes``), and the frame they are drawn in (``size``)."""

    #: Whether it was read from the cache (:mod:`risk.gui.geocache`), and why the map's picture
    #: could not be used (None: it was, or the map has none); set by whoever made it.
    cached = False
    art_problem: str | None = None

    def __init__(self, board, resolution: int = RESOLUTION, art=None):
        self.board = board
        self.art = art
        if art is not None:
            self.size = art.size
            self.scale = 1.0
            self.labels = art.labels
            self.routes = frozenset()  # the picture draws its own
            self.centres = [(float(x), float(y)) for x, y in board.positions]
            return
        self.size = board.size
        self.scale = min(resolution / max(self.size), MAX_CELLS_PER_UNIT)
        self.routes = self._routes()
        self.labels = self.raster(int(round(self.size[0] * self.scale)), int(round(self.size[1] * self.scale)))
        self.centres = self._centres()

    @classmethod
    def restored(cls, board, labels: np.ndarray, scale: float, centres, routes) -> "MapGeometry":
        """A geometry worked out before (read back from :mod:`risk.gui.geocache`)."""
        geometry = cls.__new__(cls)
        geometry.board, geometry.art = board, None
        geometry.size, geometry.scale, geometry.labels = board.size, float(scale), labels
        geometry.centres = [(float(x), float(y)) for x, y in centres]
        geometry.routes = frozenset(frozenset(pair) for pair in routes)
        return geometry

    def arrays(self) -> dict[str, np.ndarray]:
        """What :meth:`restored` needs, as arrays to store."""
        routes = sorted(tuple(sorted(pair)) for pair in self.routes)
        return {"labels": self.labels, "scale": np.array(self.scale), "centres": np.array(self.centres, dtype=float),
                "routes": np.array(routes, dtype=np.int32).reshape(-1, 2)}

    @property
    def quick(self) -> bool:
        """Whether working this geometry out is quick (a picture, or shapes only): worth no cache."""
        return self.art is not None or all(shape is not None for shape in self.board.shapes)

    # -- rasters -----------------------------------------------------------------------------------

    def raster(self, width: int, height: int) -> np.ndarray:
        """Territory index of every pixel of a ``width`` x ``height`` drawing of the map (-1: sea)."""
        board = self.board
        sx, sy = width / self.size[0], height / self.size[1]
        labels = np.full((height, width), -1, dtype=np.int16)
        unshaped = [t for t, shape in enumerate(board.shapes) if shape is None]
        if unshaped:
            labels = self._cells(width, height, unshaped)
        shaped = [t for t, shape in enumerate(board.shapes) if shape is not None]
        if shaped:
            canvas = pygame.Surface((width, height), depth=32)
            canvas.fill((0, 0, 0))
            for t in shaped:
                points = [(x * sx, y * sy) for x, y in board.shapes[t]]
                code = t + 1
                pygame.draw.polygon(canvas, (code & 255, code >> 8, 1), points)
            drawn = pygame.surfarray.array_blue(canvas).T > 0
            code = pygame.surfarray.array_red(canvas).T[drawn].astype(np.int16)
            code += 256 * pygame.surfarray.array_green(canvas).T[drawn].astype(np.int16)
            labels[drawn] = code - 1
        return labels

    def _cells(self, width: int, height: int, territories: list[int]) -> np.ndarray:
        """Voronoi cells of ``territories`` clipped to the land drawn round them (see the module)."""
        from scipy import ndimage

        board = self.board
        sx, sy = width / self.size[0], height / self.size[1]
        pos = np.array(board.positions, dtype=float) * (sx, sy)
        radius = self.land_radius() * min(sx, sy)
        chosen = set(territories)
        canvas = pygame.Surface((width, height), depth=32)
        canvas.fill((0, 0, 0))
        land_colour = (255, 255, 255)
        for t in territories:
            pygame.draw.circle(canvas, land_colour, pos[t], radius)
        land_borders = {frozenset((a, b)) for a, b in board.borders
                        if a in chosen and b in chosen and frozenset((a, b)) not in self.routes}
        strip = max(1, int(round(2 * 0.55 * radius)))
        for edge in land_borders:
            a, b = sorted(edge)
            pygame.draw.line(canvas, land_colour, pos[a], pos[b], strip)
        for trio in self._filled_triangles(territories, land_borders):
            pygame.draw.polygon(canvas, land_colour, [pos[t] for t in trio])
        land = pygame.surfarray.array_red(canvas).T > 0
        seeds = np.full((height, width), -1, dtype=np.int16)
        for t in territories:
            col = min(width - 1, max(0, int(pos[t, 0])))
            row = min(height - 1, max(0, int(pos[t, 1])))
            seeds[row, col] = t
        _, (rows, cols) = ndimage.distance_transform_edt(seeds < 0, return_indices=True)
        return np.where(land, seeds[rows, cols], -1).astype(np.int16)

    def _filled_triangles(self, territories: list[int], land_borders: set[frozenset]) -> list[tuple[int, ...]]:
        """The triangles of land between territories: where three territories all border each
        other by land (so that their cells meet in a point, not round a hole), and the triangles of
        a triangulation of each continent's near territories (so a continent is one region)."""
        board = self.board
        out = _triangles(land_borders)
        if len(territories) < 3:
            return out
        from scipy.spatial import Delaunay, QhullError

        pos = np.array([board.positions[t] for t in territories], dtype=float)
        reach = FILL_REACH * self.spacing()
        try:
            triangulation = Delaunay(pos)
        except (QhullError, ValueError):  # every territory on one line: no triangle to fill
            return out
        for simplex in triangulation.simplices:
            trio = tuple(territories[i] for i in simplex)
            if len({board.continent_of[t] for t in trio}) != 1:
                continue
            corners = pos[simplex]
            sides = np.sqrt(((corners - np.roll(corners, 1, axis=0)) ** 2).sum(axis=1))
            if sides.max() <= reach:
                out.append(trio)
        return out

    def _routes(self) -> frozenset[frozenset[int]]:
        """The sea routes, and the land borders between unshaped territories too long to be land."""
        board = self.board
        routes = set(board.sea_routes)
        reach = ROUTE_REACH * self.spacing()
        for a, b in board.borders:
            if board.shapes[a] is None and board.shapes[b] is None:
                (ax, ay), (bx, by) = board.positions[a], board.positions[b]
                if ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 > reach:
                    routes.add(frozenset((a, b)))
        return frozenset(routes)

    def spacing(self) -> float:
        """The median distance from a territory to its nearest neighbour."""
        pos = np.array(self.board.positions, dtype=float)
        if len(pos) < 2:
            return max(self.size) / 2
        from scipy.spatial import cKDTree

        distances, _ = cKDTree(pos).query(pos, k=2)
        return max(float(np.median(distances[:, 1])), 1e-6)

    def land_radius(self) -> float:
        """How far land reaches around a territory without a shape: about half the usual spacing."""
        pos = np.array(self.board.positions, dtype=float)
        if len(pos) < 2:
            return max(self.size) / 4
        spacing = self.spacing()
        w, h = self.size
        to_edge = float(np.min(np.minimum(np.minimum(pos[:, 0], w - pos[:, 0]), np.minimum(pos[:, 1], h - pos[:, 1]))))
        return min(0.55 * spacing, max(to_edge - 4, 0.3 * spacing))

    # -- points ------------------------------------------------------------------------------------

    def _centres(self) -> list[tuple[float, float]]:
        """A point well inside each territory: its position if that lies inside, else the
        innermost cell."""
        from scipy import ndimage

        out = []
        labels = self.labels
        boxes = ndimage.find_objects(labels.astype(np.int32) + 1)
        for t, (x, y) in enumerate(self.board.positions):
            box = boxes[t] if t < len(boxes) else None
            if self.territory_at(x, y) == t or box is None:
                out.append((x, y))
                continue
            mask = labels[box] == t
            depth = ndimage.distance_transform_edt(np.pad(mask, 1))[1:-1, 1:-1]
            row, col = np.unravel_index(int(depth.argmax()), depth.shape)
            out.append(((box[1].start + col + 0.5) / self.scale, (box[0].start + row + 0.5) / self.scale))
        return out

    def territory_at(self, x: float, y: float) -> int | None:
        """The territory at map point (x, y), or None for sea and outside the map."""
        col, row = int(x * self.scale), int(y * self.scale)
        height, width = self.labels.shape
        if not (0 <= row < height and 0 <= col < width):
            return None
        t = int(self.labels[row, col])
        return t if t >= 0 else None


def _triangles(edges: set[frozenset]) -> list[tuple[int, int, int]]:
    """Every three territories joined pairwise by ``edges``."""
    near: dict[int, set[int]] = {}
    for edge in edges:
        a, b = tuple(edge)
        near.setdefault(a, set()).add(b)
        near.setdefault(b, set()).add(a)
    return [(a, b, c) for a in near for b in near[a] if b > a for c in near[a] & near[b] if c > b]
