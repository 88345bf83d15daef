"""Territory names on the map, placed so that none covers another name, a badge or a continent
label, however small the window.

Each name tries spots around its badge (below, above, right, left), first written in full on one
or two lines, then with compass words shortened ("Northern Europe" -> "N. Europe"), then a size
smaller. A spot is taken only if the name is plainly nearer its own badge than any other, so on
a crowded map (the stations of a tube map) no name sits under a neighbour's badge. Crowded
territories choose first. A name with no free spot is left out: the box under the map names the
territory under the pointer.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pygame

from risk.gui import theme

INK, OUTLINE = (245, 245, 245), (15, 15, 20)

SHORT = {"North": "N.", "Northern": "N.", "South": "S.", "Southern": "S.", "East": "E.", "Eastern": "E.",
         "West": "W.", "Western": "W.", "Central": "C.", "Northwest": "NW", "Northeast": "NE",
         "Southwest": "SW", "Southeast": "SE", "Territory": "Terr."}


#: Where a name may go around its badge, in order of preference.
SPOTS = ("below", "above", "right", "left", "below right", "below left", "above right", "above left")


@dataclass
class NameLabel:
    territory: int
    lines: list[str]
    size: int
    rect: pygame.Rect  # in map pixels (the map's top left is 0, 0)


def forms(name: str) -> list[list[str]]:
    """Ways to write ``name`` as lines, fullest first: one line, two lines, then shortened."""
    words = name.split(" ")
    out = [[name]]
    if len(words) > 1:
        out.append(_two_lines(words))
    short = [SHORT.get(w, w) for w in words]
    if short != words:
        out.append([" ".join(short)])
        if len(short) > 1:
            out.append(_two_lines(short))
    return out


def _two_lines(words: list[str]) -> list[str]:
    """Split at the space that makes the longer line shortest."""
    best = None
    for k in range(1, len(words)):
        first, second = " ".join(words[:k]), " ".join(words[k:])
        if best is None or max(len(first), len(second)) < max(len(best[0]), len(best[1])):
            best = (first, second)
    return list(best)


def place_names(names, centres, radius: int, size: int, bounds: pygame.Rect, blocked) -> list[NameLabel]:
    """Spots for the names of territories whose badges (of ``radius``) sit at ``centres``,
    inside ``bounds`` and clear of the ``blocked`` rectangles (continent labels), of every
    badge and of each other; and each nearer its own badge than any other, so that no name reads
    as a neighbour's."""
    from scipy.spatial import cKDTree

    badges = [pygame.Rect(x - radius - 2, y - radius - 2, 2 * radius + 4, 2 * radius + 4) for x, y in centres]
    taken = [pygame.Rect(r) for r in blocked]
    points = np.array(centres, dtype=float).reshape(-1, 2)
    tree = cKDTree(points) if len(points) else None
    reach = 12 * radius + 8 * size  # a name and its spot lie within this of the badge
    crowd = [len(near) for near in tree.query_ball_point(points, [6 * radius] * len(points))] if tree else []
    placed = []
    for t in sorted(range(len(names)), key=lambda t: (-crowd[t], t)):
        near = [i for i in tree.query_ball_point(points[t], reach) if i != t]
        spot = _find_spot(names[t], centres[t], radius, size, bounds, taken, badges, t, near, centres)
        if spot is not None:
            taken.append(spot.rect)
            placed.append(NameLabel(t, spot.lines, spot.size, spot.rect))
    return sorted(placed, key=lambda label: label.territory)


def _find_spot(name, centre, radius, size, bounds, taken, badges, own, near, centres):
    x, y = centre
    clear = max(4, radius // 2)  # how much nearer its own badge a name must be than any other
    for font_size in (size, size - 1) if size > 8 else (size,):
        for group in _groups(forms(name)):
            for where in SPOTS:
                for lines in group:
                    rect = _block_rect(lines, font_size, where, x, y, radius)
                    if not (bounds.contains(rect) and rect.inflate(2, 2).collidelist(taken) < 0
                            and not rect.colliderect(badges[own].inflate(-2, -2))):
                        continue
                    mine = _distance(rect, centre)
                    if all(not rect.colliderect(badges[i]) and _distance(rect, centres[i]) >= mine + clear
                           for i in near):
                        return NameLabel(-1, lines, font_size, rect)
    return None


def _distance(rect: pygame.Rect, point) -> float:
    """How far ``point`` is from the nearest point of ``rect`` (0 inside it)."""
    dx = max(rect.left - point[0], 0, point[0] - rect.right)
    dy = max(rect.top - point[1], 0, point[1] - rect.bottom)
    return (dx * dx + dy * dy) ** 0.5


def _groups(all_forms: list[list[str]]) -> list[list[list[str]]]:
    """The full forms are tried in every spot before the shortened ones."""
    return [all_forms[:2], all_forms[2:]] if len(all_forms) > 2 else [all_forms]


def _block_rect(lines, size, where, x, y, radius) -> pygame.Rect:
    face = theme.font(size)
    step = face.get_linesize() - 2
    width = max(face.size(line)[0] for line in lines) + 2
    rect = pygame.Rect(0, 0, width, step * (len(lines) - 1) + face.get_height() + 2)
    gap = radius + 2
    vertical, _, horizontal = where.partition(" ")
    if vertical in ("right", "left"):
        vertical, horizontal = "", vertical
    if vertical == "below":
        rect.top = y + gap
    elif vertical == "above":
        rect.bottom = y - gap
    else:
        rect.centery = y
    if horizontal == "right":
        rect.left = x + (gap + 1 if not vertical else -gap // 2)
    elif horizontal == "left":
        rect.right = x - (gap + 1 if not vertical else -gap // 2)
    else:
        rect.centerx = x
    return rect


def draw_name(surface, label: NameLabel, origin) -> None:
    face = theme.font(label.size)
    step = face.get_linesize() - 2
    for i, line in enumerate(label.lines):
        piece = theme.render(line, label.size, INK, outline=OUTLINE)
        where = piece.get_rect(midtop=(origin[0] + label.rect.centerx, origin[1] + label.rect.y + i * step))
        surface.blit(piece, where)
