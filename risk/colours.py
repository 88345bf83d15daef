"""Colours written in map files: ``#rrggbb`` (or ``rrggbb``, ``#rgb``), ``r,g,b``, or a name.

Domination's ``.map`` files name their continents' colours (``red``, ``yellow``, ``lightgreen``);
this program's own maps write hex. Both are read here, by the map check and by the window, so a
map that passes ``risk map validate`` also draws. Names are the X11/CSS names pygame knows
(without loading pygame's display: only its table of names).
"""

from __future__ import annotations

import os
import re
from functools import lru_cache

_HEX = re.compile(r"#?([0-9a-fA-F]{6})|#([0-9a-fA-F]{3})")
_TRIPLE = re.compile(r"\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*")


@lru_cache(maxsize=1)
def _names() -> dict[str, tuple[int, int, int]]:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from pygame.colordict import THECOLORS

    return {name.replace(" ", "").replace("_", ""): tuple(value[:3]) for name, value in THECOLORS.items()}


def parse_colour(text: object) -> tuple[int, int, int] | None:
    """The (r, g, b) of a colour as a map writes it, or None if it is not one."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    text = text.strip()
    match = _HEX.fullmatch(text)
    if match:
        digits = match.group(1) or match.group(2)
        if len(digits) == 3:
            digits = "".join(c * 2 for c in digits)
        return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)
    match = _TRIPLE.fullmatch(text)
    if match:
        values = tuple(int(v) for v in match.groups())
        return values if all(v <= 255 for v in values) else None
    key = text.lower().replace(" ", "").replace("_", "").replace("-", "")
    # British spellings of the table's names: "grey" for "gray".
    return _names().get(key) or _names().get(key.replace("grey", "gray"))


def hex_colour(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)
