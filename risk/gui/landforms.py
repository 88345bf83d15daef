"""Coarse land outlines of the classic map, and the tool that turns them into territory shapes.

The board art of the commercial game is not ours, so the classic map's territory polygons are
made by this program: a few hand-drawn land outlines (below, in the map's 1000 x 600
coordinates), each listing the territories on it; every point of an outline belongs to the
nearest of its territories (Voronoi cells clipped to land), and each cell is traced back into a
polygon. ``python -m risk.gui.landforms [MAP.json]`` writes the polygons into the map file as
the optional ``"shape"`` of each territory (nothing else in the file changes) and prints any
pair of territories whose drawn cells touch without a border, or border by land without
touching.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

NA = ["Alaska", "Northwest Territory", "Alberta", "Ontario", "Quebec", "Western United States",
      "Eastern United States", "Central America"]
SA = ["Venezuela", "Peru", "Brazil", "Argentina"]
EU = ["Scandinavia", "Northern Europe", "Western Europe", "Southern Europe", "Ukraine"]
AF = ["North Africa", "Egypt", "East Africa", "Congo", "South Africa"]
AS = ["Ural", "Siberia", "Yakutsk", "Kamchatka", "Irkutsk", "Mongolia", "Afghanistan", "China",
      "Middle East", "India", "Siam"]

#: (territories on it, outline). Later outlines are drawn over earlier ones where they overlap,
#: which is how neighbouring land masses are made to touch.
OUTLINES: list[tuple[list[str], list[tuple[float, float]]]] = [
    (NA, [(18, 78), (30, 58), (60, 48), (95, 52), (120, 44), (160, 40), (200, 48), (232, 42),
          (262, 58), (250, 80), (268, 96), (290, 92), (318, 110), (334, 132), (340, 158),
          (325, 182), (300, 196), (282, 206), (270, 222), (275, 246), (262, 262), (246, 272),
          (236, 282), (222, 292), (214, 312), (222, 330), (236, 340), (226, 352), (206, 340),
          (190, 330), (170, 326), (150, 312), (134, 290), (122, 268), (110, 248), (106, 222),
          (98, 200), (86, 178), (72, 150), (58, 128), (40, 118), (20, 112), (10, 95)]),
    (["Greenland"], [(300, 30), (340, 22), (385, 30), (392, 55), (372, 80), (350, 100),
                     (328, 92), (312, 70), (296, 50)]),
    (SA, [(214, 354), (232, 338), (262, 342), (290, 352), (318, 366), (345, 385), (352, 410),
          (335, 440), (312, 462), (290, 490), (280, 520), (268, 555), (255, 580), (240, 575),
          (236, 540), (230, 500), (218, 462), (206, 425), (202, 392), (208, 366)]),
    (EU, [(470, 80), (495, 62), (525, 60), (548, 72), (575, 80), (610, 78), (645, 85),
          (650, 110), (645, 140), (650, 170), (655, 200), (640, 235), (620, 250), (600, 262),
          (585, 275), (560, 285), (540, 290), (520, 282), (505, 290), (490, 280), (470, 290),
          (450, 295), (425, 292), (405, 285), (398, 262), (410, 240), (418, 225), (440, 218),
          (455, 205), (460, 185), (470, 170), (478, 150), (492, 142), (484, 128), (470, 110),
          (462, 95)]),
    (["Iceland"], [(400, 98), (425, 92), (442, 102), (438, 120), (415, 126), (398, 116)]),
    (["Great Britain"], [(398, 165), (415, 158), (428, 168), (430, 190), (422, 208), (405, 212),
                         (396, 195), (402, 180)]),
    (AF, [(405, 322), (430, 308), (470, 305), (500, 312), (530, 306), (560, 308), (590, 306),
          (608, 326), (612, 355), (625, 380), (648, 392), (635, 420), (615, 450), (600, 485),
          (585, 520), (565, 555), (540, 570), (518, 560), (505, 525), (495, 490), (485, 455),
          (460, 425), (430, 410), (405, 390), (395, 360)]),
    (["Madagascar"], [(615, 490), (632, 478), (645, 492), (640, 525), (628, 545), (614, 535),
                      (610, 510)]),
    (AS, [(645, 85), (680, 70), (720, 55), (770, 45), (820, 38), (870, 40), (920, 48), (965, 55),
          (990, 70), (985, 95), (962, 110), (940, 128), (915, 140), (895, 160), (882, 190),
          (870, 218), (856, 245), (842, 268), (836, 296), (846, 330), (840, 365), (822, 388),
          (804, 388), (792, 362), (775, 345), (752, 350), (736, 370), (720, 374), (704, 348),
          (688, 336), (668, 352), (645, 356), (624, 346), (606, 332), (592, 316), (586, 298),
          (585, 275), (600, 262), (620, 250), (640, 235), (655, 200), (650, 170), (645, 140),
          (650, 110)]),
    (["Japan"], [(925, 195), (945, 185), (958, 200), (955, 235), (945, 258), (930, 262),
                 (922, 245), (928, 225)]),
    (["Indonesia"], [(790, 420), (815, 412), (845, 420), (852, 440), (835, 452), (805, 448),
                     (788, 435)]),
    (["New Guinea"], [(880, 405), (915, 400), (945, 410), (950, 428), (925, 438), (895, 435),
                      (878, 422)]),
    (["Western Australia", "Eastern Australia"],
     [(820, 500), (850, 478), (885, 475), (905, 482), (925, 470), (950, 478), (975, 500),
      (985, 530), (970, 565), (940, 578), (905, 570), (880, 560), (850, 562), (825, 548),
      (815, 525)]),
]

#: Extra Voronoi seeds (besides each territory's position) that bend the cells so that cells
#: touch exactly when the territories border by land.
SEEDS: dict[str, list[tuple[float, float]]] = {
    "Ontario": [(240, 85)],
    "North Africa": [(500, 400)],
    "East Africa": [(565, 385)],
    "Siberia": [(765, 150), (770, 205)],
    "China": [(740, 245)],
    "Ural": [(715, 190)],
    "Kamchatka": [(885, 140)],
    "Mongolia": [(850, 215)],
}

SCALE = 4  # raster cells per map unit while making the shapes


def rasterize(names: list[str], positions: list[tuple[float, float]], size: tuple[float, float],
              outlines=OUTLINES, scale: int = SCALE, seeds=SEEDS) -> np.ndarray:
    """Territory index of every raster cell (-1 for sea): Voronoi cells clipped to each outline."""
    from matplotlib.path import Path as MplPath
    from scipy.spatial import cKDTree

    width, height = int(size[0] * scale), int(size[1] * scale)
    ys, xs = np.mgrid[0:height, 0:width]
    points = np.column_stack([(xs.ravel() + 0.5) / scale, (ys.ravel() + 0.5) / scale])
    labels = np.full(width * height, -1, dtype=np.int16)
    index = {name: i for i, name in enumerate(names)}
    for members, outline in outlines:
        inside = MplPath(outline).contains_points(points)
        ids, centres = [], []
        for m in members:
            for point in [positions[index[m]], *seeds.get(m, [])]:
                ids.append(index[m])
                centres.append(point)
        cells = np.flatnonzero(inside)
        _, nearest = cKDTree(np.array(centres)).query(points[cells])
        labels[cells] = np.array(ids)[nearest]
    return labels.reshape(height, width)


def simplify(points: np.ndarray, tolerance: float) -> np.ndarray:
    """Douglas-Peucker simplification of an open polyline."""
    if len(points) < 3:
        return points
    start, end = points[0], points[-1]
    line = end - start
    norm = np.hypot(*line)
    if norm == 0:
        dist = np.hypot(*(points - start).T)
    else:
        dist = np.abs(line[0] * (points[:, 1] - start[1]) - line[1] * (points[:, 0] - start[0])) / norm
    k = int(dist.argmax())
    if dist[k] <= tolerance:
        return np.array([start, end])
    left = simplify(points[:k + 1], tolerance)
    right = simplify(points[k:], tolerance)
    return np.vstack([left[:-1], right])


def trace(labels: np.ndarray, territory: int, scale: int = SCALE, tolerance: float = 0.6) -> list[list[float]]:
    """The outline of one territory's cells as a polygon in map units (its largest piece)."""
    import contourpy

    mask = np.pad((labels == territory).astype(float), 1)
    lines = contourpy.contour_generator(z=mask, line_type="Separate").lines(0.5)
    ring = max(lines, key=len)
    ring = (ring - 1 + 0.5) / scale  # back to map units (cell centres)
    if np.allclose(ring[0], ring[-1]):
        ring = ring[:-1]
    # Simplify the ring in two halves so its end points stay put.
    half = len(ring) // 2
    first = simplify(ring[:half + 1], tolerance)
    second = simplify(np.vstack([ring[half:], ring[:1]]), tolerance)
    polygon = np.vstack([first[:-1], second[:-1]])
    return [[round(float(x), 1), round(float(y), 1)] for x, y in polygon]


def touching_pairs(labels: np.ndarray) -> set[frozenset[int]]:
    pairs: set[frozenset[int]] = set()
    for a, b in ((labels[:, :-1], labels[:, 1:]), (labels[:-1, :], labels[1:, :])):
        differ = (a != b) & (a >= 0) & (b >= 0)
        for x, y in set(zip(a[differ].tolist(), b[differ].tolist())):
            pairs.add(frozenset((x, y)))
    return pairs


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    from risk.paths import classic_map_path

    path = Path(argv[0]) if argv else classic_map_path()
    data = json.loads(path.read_text(encoding="utf-8"))
    names = [t["name"] for t in data["territories"]]
    positions = [tuple(t["pos"]) for t in data["territories"]]
    labels = rasterize(names, positions, tuple(data["size"]))
    borders = {frozenset((names.index(a), names.index(b))) for a, b in data["borders"]}
    sea = {frozenset((names.index(a), names.index(b))) for a, b in data.get("sea_routes", [])}
    touching = touching_pairs(labels)
    for pair in sorted(touching - borders, key=sorted):
        print("touch without a border:", " - ".join(names[i] for i in sorted(pair)))
    for pair in sorted((borders - sea) - touching, key=sorted):
        print("land border not touching:", " - ".join(names[i] for i in sorted(pair)))
    text = path.read_text(encoding="utf-8")
    for i, name in enumerate(names):
        text = _with_shape(text, name, trace(labels, i))
    path.write_text(text, encoding="utf-8")
    print(f"wrote shapes for {len(names)} territories into {path}")
    return 0


def _with_shape(text: str, name: str, shape: list[list[float]]) -> str:
    """Put ``"shape"`` at the end of the territory's line (replacing an old one); keep the rest."""
    import re

    line_pattern = re.compile(r'^(\s*\{"name": ' + re.escape(json.dumps(name)) + r',.*?)(, "shape": \[.*\])?\}(,?)$',
                              re.MULTILINE)
    shown = json.dumps([[_num(x), _num(y)] for x, y in shape], separators=(",", ":"))
    new, count = line_pattern.subn(lambda m: f'{m.group(1)}, "shape": {shown}}}{m.group(3)}', text, count=1)
    if count != 1:
        raise SystemExit(f"cannot find the line of territory {name!r} in the map file")
    return new


def _num(value: float) -> float | int:
    return int(value) if value == int(value) else value


if __name__ == "__main__":
    sys.exit(main())
