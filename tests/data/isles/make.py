"""Writes the test map "Isles": a small Domination map with its own picture and index image.

Run once from the checkout (``python tests/data/isles/make.py``); the three files it writes are
kept in the repository. Seven territories on two islands, drawn on a 300 x 160 picture:

* ``Long Reach`` is a thin strip along the south whose badge sits at its west end, so that its
  east end lies nearer another territory's badge: a click there must be resolved by the index
  image, not by the nearest position;
* ``Mid Hills`` and ``Eastwold`` face each other across a strait (a border, drawn on the picture);
* both continents have the same colour in the file (``blue``), which the window must tell apart.

The index image's grey value is the country number, 255 where there is none (as Domination's).
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent
SIZE = (300, 160)

#: number: (name, continent, badge position, polygon)
COUNTRIES = {
    1: ("North Fen", 1, (60, 42), [(20, 20), (120, 20), (120, 70), (20, 70)]),
    2: ("South Fen", 1, (60, 95), [(20, 70), (120, 70), (120, 120), (20, 120)]),
    3: ("Long Reach", 1, (40, 131), [(20, 120), (280, 120), (280, 142), (20, 142)]),
    4: ("Mid Hills", 1, (140, 70), [(120, 20), (160, 20), (160, 120), (120, 120)]),
    5: ("Eastwold", 2, (235, 44), [(190, 20), (280, 20), (280, 70), (190, 70)]),
    6: ("Sea Cliffs", 2, (214, 95), [(190, 70), (240, 70), (240, 120), (190, 120)]),
    7: ("Cape End", 2, (262, 95), [(240, 70), (280, 70), (280, 120), (240, 120)]),
}
BORDERS = {1: [2, 4], 2: [1, 3, 4], 3: [2, 4, 6, 7], 4: [1, 2, 3, 5], 5: [4, 6, 7], 6: [3, 5, 7], 7: [3, 5, 6]}
LAND = {1: (196, 178, 128), 2: (164, 190, 140)}


def main() -> None:
    index = Image.new("L", SIZE, 255)
    picture = Image.new("RGB", SIZE, (58, 96, 140))
    draw_index, draw_picture = ImageDraw.Draw(index), ImageDraw.Draw(picture)
    for y in range(0, SIZE[1], 6):  # waves, so the sea is the picture's own
        draw_picture.line([(0, y), (SIZE[0], y + 3)], fill=(66, 106, 152))
    for number, (_, continent, _, polygon) in COUNTRIES.items():
        draw_index.polygon(polygon, fill=number)
        draw_picture.polygon(polygon, fill=LAND[continent], outline=(40, 36, 30))
    draw_picture.line([(160, 70), (190, 45)], fill=(30, 30, 30), width=1)  # the strait's crossing
    index.save(HERE / "isles_map.gif")
    picture.save(HERE / "isles_pic.png")
    lines = ["; Isles: a test map with its own picture (tests/data/isles/make.py writes it)", "",
             "name Isles of Test", "", "[files]", "pic isles_pic.png", "map isles_map.gif", "",
             "[continents]", "Westmark 3 blue", "Eastholm 2 blue", "", "[countries]"]
    for number, (name, continent, (x, y), _) in COUNTRIES.items():
        lines.append(f"{number} {name.replace(' ', '_')} {continent} {x} {y}")
    lines += ["", "[borders]"] + [" ".join(str(n) for n in [number, *near]) for number, near in BORDERS.items()]
    (HERE / "isles.map").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
