"""Army badges: the owner's shape filled with its colour, and how big badges and labels are
drawn at a map's scale."""

from __future__ import annotations

import math

import pygame
import pygame.gfxdraw


def ui_for(scale: float) -> float:
    """How big badges and labels are drawn for a map drawn at ``scale``: with it, within bounds."""
    return max(0.6, min(1.25, scale))


def badge_radius_for(ui: float) -> int:
    return max(8, int(12 * ui))


def draw_shape(surface, shape: str, centre, radius: int, colour, outline=(20, 20, 24)) -> None:
    """A badge: the owner's shape filled with its colour, with a dark rim."""
    x, y = centre
    if shape == "circle":
        circle = getattr(pygame.draw, "aacircle", pygame.draw.circle)
        circle(surface, outline, (x, y), radius + 1)
        circle(surface, colour, (x, y), radius - 1)
        return
    points = shape_points(shape, x, y, radius)
    rim = shape_points(shape, x, y, radius + 2)
    pygame.gfxdraw.filled_polygon(surface, rim, outline)
    pygame.gfxdraw.aapolygon(surface, rim, outline)
    pygame.gfxdraw.filled_polygon(surface, points, colour)
    pygame.gfxdraw.aapolygon(surface, points, colour)


def shape_points(shape: str, x: float, y: float, r: float) -> list[tuple[int, int]]:
    def ring(n, start, radius):
        return [(round(x + radius * math.cos(start + 2 * math.pi * k / n)),
                 round(y + radius * math.sin(start + 2 * math.pi * k / n))) for k in range(n)]
    if shape == "square":
        s = r * 0.9
        return [(round(x - s), round(y - s)), (round(x + s), round(y - s)), (round(x + s), round(y + s)),
                (round(x - s), round(y + s))]
    if shape == "diamond":
        return ring(4, -math.pi / 2, r * 1.25)
    if shape == "hexagon":
        return ring(6, 0, r * 1.08)
    if shape == "triangle":
        return ring(3, math.pi / 2, r * 1.45)
    if shape == "pentagon":
        return ring(5, -math.pi / 2, r * 1.12)
    if shape == "octagon":
        return ring(8, math.pi / 8, r * 1.05)
    return ring(16, 0, r)
