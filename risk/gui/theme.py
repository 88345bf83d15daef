"""Colours, fonts and sizes of the window.

Players are told apart by colour *and* by a shape (the army badge) and a fill pattern, so the
map reads without colour vision. The player colours are the Okabe-Ito palette, chosen to stay
distinct under the common kinds of colour blindness.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from risk.colours import parse_colour
from risk.paths import assets_dir


def rgb(text: str, fallback: tuple[int, int, int] | None = None) -> tuple[int, int, int]:
    """A colour from its hex form or its name (as maps write them, see :mod:`risk.colours`);
    ``fallback`` for text that is neither (ValueError without one)."""
    colour = parse_colour(text)
    if colour is None:
        if fallback is None:
            raise ValueError(f"not a colour: {text!r}")
        return fallback
    return colour


#: Okabe-Ito colours for seats 1..6.
PLAYER_COLOURS = [rgb(c) for c in ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#CC79A7")]
PLAYER_COLOUR_NAMES = ["orange", "sky blue", "green", "yellow", "blue", "purple"]
NEUTRAL_COLOUR = rgb("#A3A3A3")
UNOWNED_COLOUR = rgb("#D8D2C4")

#: Badge shapes for seats 1..6, and the neutral army's.
PLAYER_SHAPES = ["circle", "square", "diamond", "hexagon", "triangle", "pentagon"]
NEUTRAL_SHAPE = "octagon"

#: Fill patterns (8 x 8 tiles, "#" darkens) for seats 1..6 and the neutral army.
PATTERNS = {
    "plain": ["........"] * 8,
    "slash": ["#......." [i:] + "#......."[:i] for i in range(8)][::-1],
    "backslash": ["#......." [i:] + "#......."[:i] for i in range(8)],
    "rows": ["########", "........", "........", "........"] * 2,
    "dots": ["#...#...", "........", "..#...#.", "........"] * 2,
    "columns": ["#...#..."] * 8,
    "cross": ["#...#...", "#...#...", "#...#...", "########"] * 2,
}
PLAYER_PATTERNS = ["plain", "slash", "backslash", "rows", "dots", "columns"]
NEUTRAL_PATTERN = "cross"

SEA = rgb("#1B2A3A")
SEA_DEEP = rgb("#111C28")
BORDER = (28, 28, 34)
PANEL = rgb("#1E2430")
PANEL_LIGHT = rgb("#2A3242")
PANEL_EDGE = rgb("#3A4458")
TEXT = rgb("#ECEFF4")
TEXT_DIM = rgb("#A7B0C0")
TEXT_DARK = (20, 20, 24)
ACCENT = rgb("#56B4E9")
GOOD = rgb("#7FD17F")
BAD = rgb("#FF8A80")
HIGHLIGHT = (255, 255, 255)
TARGET = rgb("#FFE066")


def owner_colour(owner: int, neutral: int) -> tuple[int, int, int]:
    if owner < 0:
        return UNOWNED_COLOUR
    if owner == neutral:
        return NEUTRAL_COLOUR
    return PLAYER_COLOURS[owner % len(PLAYER_COLOURS)]


def owner_shape(owner: int, neutral: int) -> str:
    if owner == neutral or owner < 0:
        return NEUTRAL_SHAPE
    return PLAYER_SHAPES[owner % len(PLAYER_SHAPES)]


def owner_pattern(owner: int, neutral: int) -> str:
    if owner < 0:
        return "plain"
    if owner == neutral:
        return NEUTRAL_PATTERN
    return PLAYER_PATTERNS[owner % len(PLAYER_PATTERNS)]


def text_colour_on(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on ``colour``."""
    r, g, b = colour
    return TEXT_DARK if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (255, 255, 255)


def mix(a, b, t: float) -> tuple[int, int, int]:
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


# -- fonts -----------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The interface font (DejaVu Sans Condensed from assets/, else pygame's default)."""
    name = "DejaVuSansCondensed-Bold.ttf" if bold else "DejaVuSansCondensed.ttf"
    try:
        return pygame.font.Font(str(assets_dir() / "fonts" / name), size)
    except (OSError, FileNotFoundError, pygame.error):
        return pygame.font.Font(None, int(size * 1.3))


_TEXT_CACHE: dict[tuple, pygame.Surface] = {}


def render(text: str, size: int, colour=TEXT, bold: bool = False, outline: tuple | None = None) -> pygame.Surface:
    """Rendered text, cached (the map redraws the same numbers every frame)."""
    key = (text, size, colour, bold, outline)
    surface = _TEXT_CACHE.get(key)
    if surface is None:
        if len(_TEXT_CACHE) > 4000:
            _TEXT_CACHE.clear()
        face = font(size, bold)
        plain = face.render(text, True, colour)
        if outline is None:
            surface = plain
        else:
            back = face.render(text, True, outline)
            w, h = plain.get_size()
            surface = pygame.Surface((w + 2, h + 2), pygame.SRCALPHA)
            for dx, dy in ((0, 1), (1, 0), (2, 1), (1, 2), (0, 0), (2, 2), (0, 2), (2, 0)):
                surface.blit(back, (dx, dy))
            surface.blit(plain, (1, 1))
        _TEXT_CACHE[key] = surface
    return surface


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``text`` into lines that fit ``width`` pixels."""
    face = font(size, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            trial = word if not line else line + " " + word
            if face.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
