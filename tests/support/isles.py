"""Writes the test map "Isles": a small Domination map with its own picture and index image.

:func:`isles_map` writes it once per test run into a temporary folder that is removed when the
run ends (the tests read it there; the docs' screenshot scripts copy it into a player's maps
folder); :func:`write_isles` writes it into any folder. Seven territories on two islands, drawn
on a 600 x 320 picture with its own sea, coasts, borders and names (as a community map's author
draws them):

* ``Long Reach`` is a thin strip along the south whose badge sits at its west end, so that its
  east end lies nearer another territory's badge: a click there must be resolved by the index
  image, not by the nearest position;
* ``Mid Hills`` and ``Eastwold`` face each other across a strait (a border, drawn on the picture);
* both continents have the same colour in the file (``blue``), which the window must tell apart.

The index image's grey value is the country number, 255 where there is none (as Domination's).
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from tests.support import ROOT

FONT = ROOT / "assets" / "fonts" / "DejaVuSansCondensed-Bold.ttf"
SIZE = (600, 320)
SEA, WAVE, SHADOW = (58, 96, 140), (66, 106, 152), (44, 74, 110)

#: number: (name, continent, badge position, polygon)
COUNTRIES = {
    1: ("North Fen", 1, (120, 84), [(40, 40), (240, 40), (240, 140), (40, 140)]),
    2: ("South Fen", 1, (120, 190), [(40, 140), (240, 140), (240, 240), (40, 240)]),
    3: ("Long Reach", 1, (80, 262), [(40, 240), (560, 240), (560, 284), (40, 284)]),
    4: ("Mid Hills", 1, (280, 140), [(240, 40), (320, 40), (320, 240), (240, 240)]),
    5: ("Eastwold", 2, (470, 88), [(380, 40), (560, 40), (560, 140), (380, 140)]),
    6: ("Sea Cliffs", 2, (428, 190), [(380, 140), (480, 140), (480, 240), (380, 240)]),
    7: ("Cape End", 2, (524, 190), [(480, 140), (560, 140), (560, 240), (480, 240)]),
}
BORDERS = {1: [2, 4], 2: [1, 3, 4], 3: [2, 4, 6, 7], 4: [1, 2, 3, 5], 5: [4, 6, 7], 6: [3, 5, 7], 7: [3, 5, 6]}
LAND = {1: (200, 182, 130), 2: (168, 194, 142)}


@cache
def isles_map() -> Path:
    """The map file (``isles.map``, its two pictures beside it), written on the first call."""
    folder = Path(tempfile.mkdtemp(prefix="isles-"))
    atexit.register(shutil.rmtree, folder, True)
    return write_isles(folder)


def write_isles(folder: Path) -> Path:
    """Write ``isles.map``, ``isles_pic.png`` and ``isles_map.gif`` into ``folder``; the map's path."""
    index = Image.new("L", SIZE, 255)
    picture = Image.new("RGB", SIZE, SEA)
    draw_index, draw = ImageDraw.Draw(index), ImageDraw.Draw(picture)
    for y in range(6, SIZE[1], 12):  # waves: the sea is the picture's own
        for x in range(0, SIZE[0], 24):
            draw.arc([x, y, x + 24, y + 8], 200, 340, fill=WAVE, width=2)
    for _, _, _, polygon in COUNTRIES.values():  # the land's shadow on the water
        draw.polygon([(x + 4, y + 5) for x, y in polygon], fill=SHADOW)
    for number, (_, continent, _, polygon) in COUNTRIES.items():
        draw_index.polygon(polygon, fill=number)
        draw.polygon(polygon, fill=LAND[continent])
    for number, (_, continent, _, polygon) in COUNTRIES.items():  # hatching, borders and coasts
        left, top = min(x for x, _ in polygon), min(y for _, y in polygon)
        right, bottom = max(x for x, _ in polygon), max(y for _, y in polygon)
        shade = tuple(c - 18 for c in LAND[continent])
        for x in range(left + 6, right - 2, 10):
            draw.line([(x, top + 4), (x - 6, bottom - 4)], fill=shade, width=1)
        draw.polygon(polygon, outline=(70, 60, 44))
    draw.line([(320, 140), (380, 90)], fill=(30, 30, 30), width=2)  # the strait's crossing
    face = ImageFont.truetype(str(FONT), 12)
    for name, _, (x, y), _ in COUNTRIES.values():  # the author's own lettering, above each badge
        width = draw.textlength(name.upper(), font=face)
        where = (x + 28, y - 8) if name == "Long Reach" else (x - width / 2, y - 34)  # the strip is thin
        draw.text(where, name.upper(), fill=(60, 48, 30), font=face)
    title = ImageFont.truetype(str(FONT), 13)
    draw.text((44, 296), "THE ISLES OF TEST", fill=(220, 228, 236), font=title)
    index.save(folder / "isles_map.gif")
    picture.save(folder / "isles_pic.png", optimize=True)
    lines = ["; Isles: a test map with its own picture (tests/support/isles.py writes it)", "",
             "name Isles of Test", "", "[files]", "pic isles_pic.png", "map isles_map.gif", "",
             "[continents]", "Westmark 3 blue", "Eastholm 2 blue", "", "[countries]"]
    for number, (name, continent, (x, y), _) in COUNTRIES.items():
        lines.append(f"{number} {name.replace(' ', '_')} {continent} {x} {y}")
    lines += ["", "[borders]"] + [" ".join(str(n) for n in [number, *near]) for number, near in BORDERS.items()]
    path = folder / "isles.map"
    path.write_text("\n".join(lines) + "\n")
    return path
