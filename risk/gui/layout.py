"""Text that fits: labels placed as data (drawn later, checked by the tests), shortened, wrapped
or set smaller when the window is narrow, so that nothing overlaps and nothing is cut off.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from risk.gui import theme

ELLIPSIS = "…"


@dataclass
class Label:
    """A line of text and the rectangle it covers on the screen."""

    text: str
    size: int
    colour: tuple
    rect: pygame.Rect
    bold: bool = False

    def draw(self, surface) -> None:
        surface.blit(theme.render(self.text, self.size, self.colour, bold=self.bold), self.rect.topleft)


def label(text: str, size: int, colour, bold: bool = False, **where) -> Label:
    """A label whose rectangle is placed like ``Rect`` attributes: ``topleft=(x, y)``, ``midright=...``."""
    rect = pygame.Rect((0, 0), theme.font(size, bold).size(text))
    for name, value in where.items():
        setattr(rect, name, value)
    return Label(text, size, colour, rect, bold)


def width_of(text: str, size: int, bold: bool = False) -> int:
    return theme.font(size, bold).size(text)[0]


def ellipsize(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text``, cut short with an ellipsis if it is wider than ``width``."""
    if width_of(text, size, bold) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits with the ellipsis
        middle = (low + high + 1) // 2
        if width_of(text[:middle].rstrip() + ELLIPSIS, size, bold) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS


def fit_line(variants, sizes, width: int, bold: bool = False) -> tuple[str, int]:
    """The first (text, size) that fits ``width``: each size is tried with every variant (longest
    wording first) before a smaller size; failing all, the last variant cut short at the last size."""
    variants = [variants] if isinstance(variants, str) else list(variants)
    for size in sizes:
        for text in variants:
            if width_of(text, size, bold) <= width:
                return text, size
    return ellipsize(variants[-1], sizes[-1], width, bold), sizes[-1]


@dataclass
class Block:
    """A paragraph for :func:`fit_blocks`: ``step`` is its size below the base size (a heading 0,
    the text under it 2)."""

    text: str
    colour: tuple
    bold: bool = False
    step: int = 0


def fit_blocks(blocks: list[Block], rect: pygame.Rect, sizes=(16, 15, 14, 13), gap: int = 2,
               spacing: int = 3) -> tuple[list[Label], bool]:
    """Paragraphs wrapped into ``rect``, at the largest base size at which all of them fit.
    Returns the labels and whether everything fitted; if not, the smallest size is used and
    the last line that fits ends with an ellipsis."""
    for base in sizes:
        labels, complete = _flow(blocks, rect, base, gap, spacing)
        if complete:
            return labels, True
    return labels, False


def _flow(blocks, rect, base, gap, spacing):
    labels: list[Label] = []
    y = rect.y
    for block in blocks:
        if not block.text:
            continue
        size = base - block.step
        height = theme.font(size, block.bold).get_linesize()
        first = len(labels)
        for line in theme.wrap(block.text, size, rect.width, block.bold):
            line = ellipsize(line, size, rect.width, block.bold)  # a word wider than the rect
            if y + height > rect.bottom:
                if labels:  # the last line shown says that more was cut
                    last = labels[-1]
                    rest = " " + line if len(labels) > first else " " + ELLIPSIS
                    last.text = ellipsize(last.text + rest, last.size, rect.width, last.bold)
                    last.rect.width = width_of(last.text, last.size, last.bold)
                return labels, False
            labels.append(label(line, size, block.colour, block.bold, topleft=(rect.x, y)))
            y += height + gap
        y += spacing
    return labels, True


def overlapping(rects) -> list[tuple[int, int]]:
    """Pairs of indices of rectangles that overlap (for checks and tests)."""
    rects = [pygame.Rect(r) for r in rects]
    return [(i, j) for i in range(len(rects)) for j in range(i + 1, len(rects)) if rects[i].colliderect(rects[j])]
