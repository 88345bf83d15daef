"""The layers of the map that change only with the window's size, worked out with numpy from the
territory raster (``labels``: the territory of every pixel, -1 for sea): the sea with a halo in
each continent's colour, the shading of territories towards their edges, the border and coast
lines, and the spots for the continents' labels.

These run whenever a map is opened or the window resized, so each is a few whole-array passes
(no loop over pixels or candidate spots in Python): together well under a tenth of a second for a
map a thousand pixels wide.
"""

from __future__ import annotations

import numpy as np
from scipy import ndimage


def sea(land: np.ndarray, labels: np.ndarray, continent_of: np.ndarray, halo_colours: np.ndarray,
        shallow, deep, ui: float) -> np.ndarray:
    """The sea, deeper away from land, with a halo in the colour of the nearest continent (an
    (h, w, 3) float array; land pixels hold the sea colour too, to be painted over). The distance
    to land is measured at half the resolution: the halo and the depth change slowly."""
    h, w = land.shape
    half = land[::2, ::2]
    distance, (iy, ix) = ndimage.distance_transform_edt(~half, return_indices=True)
    nearest = labels[::2, ::2][iy, ix]
    distance = np.repeat(np.repeat(distance * 2, 2, axis=0), 2, axis=1)[:h, :w]
    nearest = np.repeat(np.repeat(nearest, 2, axis=0), 2, axis=1)[:h, :w]
    depth = np.clip(distance / (60 * ui + 1), 0, 1)[..., None]
    base = np.asarray(shallow, dtype=np.float32) * (1 - depth) + np.asarray(deep, dtype=np.float32) * depth
    halo = (np.clip(1 - distance / max(4.0, 10 * ui), 0, 1) * 0.45)[..., None] * (~land)[..., None]
    return (base * (1 - halo) + halo_colours[continent_of[nearest]] * halo).astype(np.float32)


def shading(labels: np.ndarray, ui: float) -> np.ndarray:
    """How much each pixel of a territory is darkened: a little, towards its edges."""
    edges = np.zeros(labels.shape, dtype=bool)
    differ = labels[:, :-1] != labels[:, 1:]
    edges[:, :-1] |= differ
    edges[:, 1:] |= differ
    differ = labels[:-1, :] != labels[1:, :]
    edges[:-1, :] |= differ
    edges[1:, :] |= differ
    inner = ndimage.distance_transform_cdt(~edges, metric="chessboard").astype(np.float32)
    return (1 - 0.25 * np.exp(-inner / (2.5 + 3 * ui))).astype(np.float32)


def line_alpha(fine: np.ndarray, continent_of: np.ndarray) -> np.ndarray:
    """The opacity (0 to 255) of the lines at every pixel of the drawing, from a raster at twice
    its resolution (``fine``) averaged down, for smooth edges: borders between territories,
    coasts, and thicker lines between continents."""
    h2, w2 = fine.shape
    border = np.zeros((h2, w2), dtype=bool)
    coast = np.zeros((h2, w2), dtype=bool)
    between = np.zeros((h2, w2), dtype=bool)
    cont = continent_of[fine]
    for a, b, ca, cb, first, second in (
            (fine[:, :-1], fine[:, 1:], cont[:, :-1], cont[:, 1:], np.s_[:, :-1], np.s_[:, 1:]),
            (fine[:-1, :], fine[1:, :], cont[:-1, :], cont[1:, :], np.s_[:-1, :], np.s_[1:, :])):
        differ = a != b
        land_a, land_b = a >= 0, b >= 0
        both = differ & land_a & land_b
        border[first] |= both
        border[second] |= both
        shore = differ & (land_a != land_b)
        coast[first] |= shore & land_a
        coast[second] |= shore & land_b
        cross = both & (ca != cb)
        between[first] |= cross
        between[second] |= cross
    coast |= _grown(coast, 1) & (fine >= 0)
    between = _grown(between, 2)
    strength = np.where(coast | between, 4, np.where(border, 3, 0)).astype(np.uint16)
    quarters = strength[: h2 // 2 * 2, : w2 // 2 * 2].reshape(h2 // 2, 2, w2 // 2, 2).sum(axis=(1, 3))
    return (quarters * (235 / 16)).astype(np.uint8)


def _grown(mask: np.ndarray, steps: int) -> np.ndarray:
    """``mask`` grown by ``steps`` pixels to its four neighbours (a cheap binary dilation)."""
    out = mask.copy()
    for _ in range(steps):
        grown = out.copy()
        grown[1:, :] |= out[:-1, :]
        grown[:-1, :] |= out[1:, :]
        grown[:, 1:] |= out[:, :-1]
        grown[:, :-1] |= out[:, 1:]
        out = grown
    return out


def label_spot(land: np.ndarray, owner_of: np.ndarray, continent: int, size: tuple[int, int],
               taken_sum: np.ndarray | None, sums: dict) -> tuple[int, int] | None:
    """The top left of the best spot for continent ``continent``'s label of ``size`` (w, h): in
    the sea close to it, covering little land, near the continent's middle, with little of any
    other continent around; clear of the labels placed before (``taken_sum``, the summed-area
    table of their pixels). None when the continent has no pixel in the drawing. ``sums`` keeps
    the summed-area tables of ``land`` and of ``owner_of`` between calls."""
    rows, cols = np.nonzero(owner_of == continent)
    if not len(rows):
        return None
    h, w = land.shape
    lw, lh = size
    if "land" not in sums:
        sums["land"] = summed(land)
        sums["any"] = summed(owner_of >= 0)
    top, bottom, left, right = rows.min(), rows.max(), cols.min(), cols.max()
    cy, cx = rows.mean(), cols.mean()
    reach = max(right - left, bottom - top, 1)
    margin = 3 * lh
    ys = np.arange(max(2, top - margin), min(h - lh - 2, bottom + margin) + 1, max(4, lh // 2))
    xs = np.arange(max(2, left - margin - lw), min(w - lw - 2, right + margin) + 1, max(4, lw // 8))
    if not len(ys) or not len(xs):
        ys, xs = np.array([max(0, min(h - lh, top))]), np.array([max(0, min(w - lw, left))])
    y, x = np.meshgrid(ys, xs, indexing="ij")
    mine_sum = summed(owner_of == continent)
    covered = _box(sums["land"], y, x, lh, lw) / (lw * lh)
    ay, ax = np.clip(y - lh, 0, h), np.clip(x - lh, 0, w)
    by, bx = np.clip(y + 2 * lh, 0, h), np.clip(x + lw + lh, 0, w)
    area = np.maximum((by - ay) * (bx - ax), 1)
    mine = _span(mine_sum, ay, ax, by, bx) / area
    others = _span(sums["any"], ay, ax, by, bx) / area - mine
    distance = np.hypot(x + lw / 2 - cx, y + lh / 2 - cy) / reach
    clash = (_box(taken_sum, y, x, lh, lw) > 0) if taken_sum is not None else 0
    score = covered * 10 + others * 6 - mine * 2 + distance * 3 + clash * 20
    best = np.unravel_index(int(np.argmin(score)), score.shape)
    return int(x[best]), int(y[best])


def summed(mask: np.ndarray) -> np.ndarray:
    """The summed-area table of ``mask``, with a row and a column of zeros in front."""
    out = np.zeros((mask.shape[0] + 1, mask.shape[1] + 1), dtype=np.int64)
    np.cumsum(np.cumsum(mask, axis=0), axis=1, out=out[1:, 1:])
    return out


def _span(table: np.ndarray, ay, ax, by, bx) -> np.ndarray:
    """The sum over rows ay..by-1 and columns ax..bx-1, from a summed-area table."""
    return table[by, bx] - table[ay, bx] - table[by, ax] + table[ay, ax]


def _box(table: np.ndarray, y, x, height: int, width: int) -> np.ndarray:
    h, w = table.shape[0] - 1, table.shape[1] - 1
    return _span(table, np.clip(y, 0, h), np.clip(x, 0, w), np.clip(y + height, 0, h), np.clip(x + width, 0, w))
