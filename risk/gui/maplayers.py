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
    (h, w, 3) float32 array; land pixels hold the sea colour too, to be painted over). Worked out
    at half the resolution and doubled: the halo and the depth change slowly."""
    h, w = land.shape
    half = land[::2, ::2]
    distance, (iy, ix) = ndimage.distance_transform_edt(~half, return_indices=True)
    nearest = labels[::2, ::2][iy, ix]
    distance = (distance * 2).astype(np.float32)
    depth = np.clip(distance / np.float32(60 * ui + 1), 0, 1)[..., None]
    shallow, deep = np.asarray(shallow, dtype=np.float32), np.asarray(deep, dtype=np.float32)
    halo = (np.clip(1 - distance / np.float32(max(4.0, 10 * ui)), 0, 1) * np.float32(0.45))[..., None]
    colour = (shallow * (1 - depth) + deep * depth) * (1 - halo) + halo_colours[continent_of[nearest]] * halo
    return np.repeat(np.repeat(colour.astype(np.float32), 2, axis=0), 2, axis=1)[:h, :w]


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


def line_alpha(fine: np.ndarray, continent_of: np.ndarray, supersample: int = 2) -> np.ndarray:
    """The opacity (0 to 255) of the lines at every pixel of the drawing, from a raster at
    ``supersample`` times its resolution (``fine``) averaged down, for smooth edges: borders
    between territories, coasts, and thicker lines between continents."""
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
    between = _grown(between, supersample)
    strength = np.where(coast | between, 4, np.where(border, 3, 0)).astype(np.uint16)
    k = supersample
    cells = strength[: h2 // k * k, : w2 // k * k].reshape(h2 // k, k, w2 // k, k).sum(axis=(1, 3))
    return (cells * (235 / (4 * k * k))).astype(np.uint8)


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


#: Continent labels are placed on a grid this many pixels coarse (summed-area tables of a big
#: zoomed map are costly at full resolution, and a label lands within a few pixels either way).
SPOT_GRID = 4


def label_spot(land: np.ndarray, owner_of: np.ndarray, continent: int, size: tuple[int, int],
               taken: np.ndarray, sums: dict) -> tuple[int, int] | None:
    """The top left of the best spot for continent ``continent``'s label of ``size`` (w, h): in
    the sea close to it, covering little land, near the continent's middle, with little of any
    other continent around; clear of ``taken`` (a mask of the pixels labels and badges cover).
    None when the continent has no pixel in the drawing. ``sums`` keeps what is worked out once
    for all the continents between calls."""
    g = SPOT_GRID
    if "land" not in sums:
        coarse_owner = owner_of[::g, ::g]
        sums["owner"] = coarse_owner
        sums["land"] = summed(land[::g, ::g])
        sums["any"] = summed(coarse_owner >= 0)
    owner = sums["owner"]
    rows, cols = np.nonzero(owner == continent)
    if not len(rows):
        return None
    h, w = owner.shape
    lw, lh = -(-size[0] // g), -(-size[1] // g)
    top, bottom, left, right = rows.min(), rows.max(), cols.min(), cols.max()
    cy, cx = rows.mean(), cols.mean()
    reach = max(right - left, bottom - top, 1)
    margin = 3 * lh
    ys = np.arange(max(1, top - margin), min(h - lh - 1, bottom + margin) + 1, max(1, lh // 2))
    xs = np.arange(max(1, left - margin - lw), min(w - lw - 1, right + margin) + 1, max(1, lw // 8))
    if not len(ys) or not len(xs):
        ys, xs = np.array([max(0, min(h - lh, top))]), np.array([max(0, min(w - lw, left))])
    y, x = np.meshgrid(ys, xs, indexing="ij")
    covered = _box(sums["land"], y, x, lh, lw) / (lw * lh)
    ay, ax = np.clip(y - lh, 0, h), np.clip(x - lh, 0, w)
    by, bx = np.clip(y + 2 * lh, 0, h), np.clip(x + lw + lh, 0, w)
    area = np.maximum((by - ay) * (bx - ax), 1)
    # This continent's pixels, summed over the window round it only.
    y0, y1 = max(0, int(ys.min()) - lh), min(h, int(ys.max()) + 3 * lh)
    x0, x1 = max(0, int(xs.min()) - lh), min(w, int(xs.max()) + lw + 2 * lh)
    mine_sum = summed(owner[y0:y1, x0:x1] == continent)
    mine = _span(mine_sum, ay - y0, ax - x0, by - y0, bx - x0) / area
    others = _span(sums["any"], ay, ax, by, bx) / area - mine
    distance = np.hypot(x + lw / 2 - cx, y + lh / 2 - cy) / reach
    clash = _box(summed(taken[::g, ::g]), y, x, lh, lw) > 0
    score = covered * 10 + others * 6 - mine * 2 + distance * 3 + clash * 1000  # never on another label
    best = np.unravel_index(int(np.argmin(score)), score.shape)
    return int(x[best]) * g, int(y[best]) * g


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
