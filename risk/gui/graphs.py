"""Line charts drawn with pygame: one line per player, marked with the player's badge shape."""

from __future__ import annotations

import pygame

from risk.gui import theme
from risk.gui.badges import draw_shape


def nice_step(span: float, ticks: int = 4) -> float:
    raw = max(span / ticks, 1e-9)
    magnitude = 10 ** len(str(int(raw))) / 10
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * magnitude:
            return factor * magnitude
    return 10 * magnitude


def draw_chart(surface, rect: pygame.Rect, title: str, xs: list[int], series: list[list[int]],
               players: list[int], neutral: int) -> None:
    """A chart of ``series[i]`` (one value per x) for each player in ``players``."""
    pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, border_radius=8)
    label = theme.render(title, 15, theme.TEXT, bold=True)
    surface.blit(label, (rect.x + 10, rect.y + 6))
    plot = pygame.Rect(rect.x + 44, rect.y + 32, rect.width - 58, rect.height - 58)
    if not xs:
        surface.blit(theme.render("no turns played", 13, theme.TEXT_DIM), plot.topleft)
        return
    top = max([max(values) for values in series if values] + [1])
    step = nice_step(top)
    top = step * (int(top / step) + 1)
    x_max = max(xs[-1], 1)
    x_min = xs[0]

    def point(x, y):
        px = plot.x + (x - x_min) / max(1, x_max - x_min) * plot.width
        py = plot.bottom - y / top * plot.height
        return (px, py)

    value = 0.0
    while value <= top + 1e-9:
        y = point(x_min, value)[1]
        pygame.draw.line(surface, theme.PANEL_EDGE, (plot.x, y), (plot.right, y), 1)
        tick = theme.render(f"{value:g}", 11, theme.TEXT_DIM)
        surface.blit(tick, tick.get_rect(midright=(plot.x - 5, y)))
        value += step
    axis = theme.render("turn", 11, theme.TEXT_DIM)
    axis_rect = axis.get_rect(bottomright=(rect.right - 8, rect.bottom - 2))
    surface.blit(axis, axis_rect)
    x_step = nice_step(x_max - x_min, 5)
    x = x_min - x_min % x_step if x_step else x_min
    while x <= x_max:
        if x >= x_min:
            px = point(x, 0)[0]
            tick = theme.render(f"{x:g}", 11, theme.TEXT_DIM)
            where = tick.get_rect(midtop=(px, plot.bottom + 4))
            if not where.inflate(6, 0).colliderect(axis_rect):  # a number run into "turn" reads as neither
                surface.blit(tick, where)
        x += x_step
    for p, values in zip(players, series):
        if not values:
            continue
        colour = theme.owner_colour(p, neutral)
        points = [point(x, y) for x, y in zip(xs, values)]
        if len(points) > 1:
            pygame.draw.lines(surface, (15, 15, 20), False, points, 4)
            pygame.draw.lines(surface, colour, False, points, 2)
        every = max(1, len(points) // 6)
        for i in range(len(points) - 1, -1, -every):
            draw_shape(surface, theme.owner_shape(p, neutral), (int(points[i][0]), int(points[i][1])), 4, colour)
