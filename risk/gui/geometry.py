"""Where each territory is: its cells on a raster, for drawing and for clicking.

A map may give every territory a ``shape`` polygon (the classic map does, see
:mod:`risk.gui.landforms`); a map without shapes is drawn as cells around its positions: land
is a disc around each territory and a strip along each land border, and every point of land
belongs to the nearest territory (Voronoi cells clipped to that land). Shaped and unshaped
territories can be mixed.

Everything here is in map units (the coordinates of ``board.size``) or raster cells; turning
those into screen pixels is the renderer's business. Nothing here knows about the game state.
"""

from __future__ import annotations

import numpy as np
import pygame

#: Raster cells along the longer side of the map for hit testing.
RESOLUTION = 1600


class MapGeometry:
    """The territory cells of a board, rastered once, with a point inside each for its badge."""

    def __init__(self, board, resolution: int = RESOLUTION):
        self.board = board
        self.size = board.size
        self.scale = resolution / max(self.size)
        self.labels = self.raster(int(round(self.size[0] * self.scale)), int(round(self.size[1] * self.scale)))
        self.centres = self._centres()

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
            pixels = pygame.surfarray.array3d(canvas).transpose(1, 0, 2).astype(np.int16)
            drawn = pixels[:, :, 2] > 0
            labels[drawn] = pixels[:, :, 0][drawn] + 256 * pixels[:, :, 1][drawn] - 1
        return labels

    def _cells(self, width: int, height: int, territories: list[int]) -> np.ndarray:
        """Voronoi cells of ``territories`` clipped to blobs of land around them."""
        from scipy.spatial import cKDTree

        board = self.board
        sx, sy = width / self.size[0], height / self.size[1]
        pos = np.array(board.positions, dtype=float)
        radius = self.land_radius()
        ys, xs = np.mgrid[0:height, 0:width]
        px = (xs + 0.5) / sx
        py = (ys + 0.5) / sy
        land = np.zeros((height, width), dtype=bool)
        chosen = set(territories)
        for t in territories:
            land |= (px - pos[t, 0]) ** 2 + (py - pos[t, 1]) ** 2 <= radius ** 2
        land_borders = {frozenset((a, b)) for a, b in board.borders
                         if a in chosen and b in chosen and frozenset((a, b)) not in board.sea_routes}
        for edge in land_borders:
            a, b = sorted(edge)
            land |= _near_segment(px, py, pos[a], pos[b], radius * 0.55)
        # Where three territories all border each other by land, the strips leave a gap between
        # them: fill the triangle, so the three cells meet in a point instead of around a hole.
        for a, b, c in _triangles(land_borders):
            land |= _in_triangle(px, py, pos[a], pos[b], pos[c])
        labels = np.full((height, width), -1, dtype=np.int16)
        ids = np.array(territories)
        cells = np.flatnonzero(land)
        points = np.column_stack([px.ravel()[cells], py.ravel()[cells]])
        _, nearest = cKDTree(pos[ids]).query(points)
        labels.ravel()[cells] = ids[nearest]
        return labels

    def land_radius(self) -> float:
        """How far land reaches around a territory without a shape: about half the usual spacing."""
        pos = np.array(self.board.positions, dtype=float)
        if len(pos) < 2:
            return max(self.size) / 4
        gaps = np.sqrt(((pos[:, None, :] - pos[None, :, :]) ** 2).sum(axis=2))
        np.fill_diagonal(gaps, np.inf)
        spacing = float(np.median(gaps.min(axis=1)))
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
        for t, (x, y) in enumerate(self.board.positions):
            if self.territory_at(x, y) == t:
                out.append((x, y))
                continue
            mask = labels == t
            if not mask.any():
                out.append((x, y))
                continue
            depth = ndimage.distance_transform_edt(np.pad(mask, 1))[1:-1, 1:-1]
            row, col = np.unravel_index(int(depth.argmax()), depth.shape)
            out.append(((col + 0.5) / self.scale, (row + 0.5) / self.scale))
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


def _in_triangle(px, py, a, b, c) -> np.ndarray:
    """Cells inside the triangle a-b-c (either orientation)."""
    def side(p, q):
        return (q[0] - p[0]) * (py - p[1]) - (q[1] - p[1]) * (px - p[0])
    s1, s2, s3 = side(a, b), side(b, c), side(c, a)
    return ((s1 >= 0) & (s2 >= 0) & (s3 >= 0)) | ((s1 <= 0) & (s2 <= 0) & (s3 <= 0))


def _near_segment(px, py, a, b, width: float) -> np.ndarray:
    """Cells within ``width`` of the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy or 1.0
    t = np.clip(((px - a[0]) * dx + (py - a[1]) * dy) / length2, 0.0, 1.0)
    cx, cy = a[0] + t * dx, a[1] + t * dy
    return (px - cx) ** 2 + (py - cy) ** 2 <= width * width
