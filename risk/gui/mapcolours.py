"""The continents' colours as the window draws them: the map's own where they can be told apart,
another where they cannot, and each lightened where it must show on the dark sea.

A map file may give a continent no colour, or two continents colours a player cannot tell apart
(Domination maps say ``red`` and ``magenta``, or ``orange`` and ``yellow``, and the community
maps repeat them): every continent gets a colour at least :data:`MIN_DIFFERENCE` from those of
the continents before it, the map's own when it is, else the first of :data:`PALETTE` that is.
Dark colours (``blue``, ``dark green``) keep their hue but would vanish on the sea as a halo or
a label: :func:`on_sea` lightens them for that.
"""

from __future__ import annotations

import math

#: Colours for continents without one of their own: sixteen hues round the colour circle at two
#: lightnesses (L* 72 and 80, chroma 40), in an order that puts each far from the ones before it;
#: every two are at least 13 apart.
PALETTE = ("#F89599", "#10C4C8", "#B0B66A", "#A3ACF5", "#E2A46F", "#40BCF2", "#6EC190", "#E399D0",
           "#FFB096", "#3AD8F8", "#A6D38E", "#DFB7FE", "#E2C37B", "#8CCBFF", "#60DAC2", "#FFAACB")
#: The least difference between two continents' colours (CIE76 distance in L*a*b*: about 2 is
#: the least a person sees side by side; 12 is plain on a map, where they do not touch).
MIN_DIFFERENCE = 12.0
#: The least lightness (L*, 0 to 100) of a colour drawn on the sea.
SEA_LIGHTNESS = 62.0


def continent_colours(declared: list[tuple[int, int, int] | None]) -> list[tuple[int, int, int]]:
    """A colour for each continent, in order: its ``declared`` one (None: none given) unless it is
    too close to an earlier continent's, then the first palette colour far from all of them."""
    palette = [_hex(text) for text in PALETTE]
    chosen: list[tuple[int, int, int]] = []
    for index, colour in enumerate(declared):
        candidates = ([colour] if colour is not None else []) + palette[index % len(palette):] + palette
        pick = next((c for c in candidates if all(difference(c, other) >= MIN_DIFFERENCE for other in chosen)),
                    None)
        if pick is None:  # more continents than colours a person tells apart: the farthest one
            pick = max(candidates, key=lambda c: min(difference(c, other) for other in chosen))
        chosen.append(pick)
    return chosen


def on_sea(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """``colour`` lightened (towards white, keeping its hue) until it shows on the dark sea."""
    lightness = lab(colour)[0]
    if lightness >= SEA_LIGHTNESS:
        return colour
    for step in range(1, 21):
        t = step / 20
        mixed = tuple(int(round(c + (255 - c) * t)) for c in colour)
        if lab(mixed)[0] >= SEA_LIGHTNESS:
            return mixed
    return (255, 255, 255)


def difference(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """How different two colours look: the distance between them in CIE L*a*b*."""
    la, lb = lab(a), lab(b)
    return math.dist(la, lb)


def lab(colour: tuple[int, int, int]) -> tuple[float, float, float]:
    """The CIE L*a*b* coordinates of an sRGB colour (D65 white)."""
    def linear(v: int) -> float:
        v = v / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(v) for v in colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _hex(text: str) -> tuple[int, int, int]:
    return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)
