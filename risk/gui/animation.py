"""Short animations over the map: dice, floating numbers, flashes, arrows and banners.

Animations only draw; they never touch the game. A *blocking* one (the dice, an elimination
banner) holds the bots back until it ends or the player skips it with any key or click.
"""

from __future__ import annotations

import math

import pygame

from risk.gui import theme


class Animation:
    blocking = False

    def __init__(self, now: float, duration: float):
        self.start = now
        self.duration = duration

    def progress(self, now: float) -> float:
        return min(1.0, (now - self.start) / self.duration) if self.duration > 0 else 1.0

    def done(self, now: float) -> bool:
        return now - self.start >= self.duration

    def draw(self, surface, view, now: float) -> None:
        pass


class FloatText(Animation):
    """A number rising from a territory ("+3", "-2")."""

    def __init__(self, now, territory: int, text: str, colour, duration: float = 1.0):
        super().__init__(now, duration)
        self.territory, self.text, self.colour = territory, text, colour

    def draw(self, surface, view, now):
        t = self.progress(now)
        x, y = view.centre(self.territory)
        label = theme.render(self.text, 18, self.colour, bold=True, outline=(10, 10, 14))
        label.set_alpha(int(255 * (1 - t * t)))
        surface.blit(label, label.get_rect(midbottom=(x + 16, y - 10 - 22 * t)))


class Flash(Animation):
    """A territory lit up for a moment (a conquest, a deploy)."""

    def __init__(self, now, territory: int, colour=(255, 255, 255), duration: float = 0.6):
        super().__init__(now, duration)
        self.territory, self.colour = territory, colour

    def draw(self, surface, view, now):
        alpha = int(150 * (1 - self.progress(now)))
        view._blit_region(surface, self.territory, "fill", (*self.colour, max(0, alpha // 10 * 10)))


class Arrow(Animation):
    """An arrow from one territory to another (an attack, a move)."""

    def __init__(self, now, source: int, target: int, colour=(255, 255, 255), duration: float = 0.9):
        super().__init__(now, duration)
        self.source, self.target, self.colour = source, target, colour

    def draw(self, surface, view, now):
        draw_arrow(surface, view, self.source, self.target, self.colour)


def arrow_paths(view, source: int, target: int) -> list[tuple[tuple, tuple, float]]:
    """The strokes of an arrow from ``source`` to ``target``: (start, end, size of its head). A
    sea route across the map's edge (Alaska-Kamchatka: one whose ends lie more than half the map
    apart) takes the short way round in two strokes, out of the source's side (a small head at
    the edge: it goes on) and in at the target's side (the full head at the target), each ending
    inside the map. Any other arrow, however long, goes straight."""
    (x0, y0), (x1, y1) = view.centre(source), view.centre(target)
    r = view.badge_radius() + 4
    box = view.map_rect
    w_map = box.width
    if abs(x1 - x0) <= w_map / 2 or frozenset((source, target)) not in view.geometry.routes:
        return [_trimmed((x0, y0), (x1, y1), r, r) + (1.0,)]
    far = x1 - w_map if x1 > x0 else x1 + w_map  # the target as seen beyond the source's edge
    leave = box.left if far < x0 else box.right - 1
    enter = box.right - 1 if far < x0 else box.left
    t = (leave - x0) / (far - x0)
    y_edge = y0 + t * (y1 - y0)
    out = _trimmed((x0, y0), (leave, y_edge), r, 2)
    into = _trimmed((enter, y_edge), (x1, y1), 2, r)
    return [out + (0.6,), into + (1.0,)]


def _trimmed(a, b, from_a: float, from_b: float) -> tuple[tuple, tuple]:
    """The segment a-b shortened by ``from_a`` at a and ``from_b`` at b (kept at least a stub)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    spare = max(0.0, length - 6)
    if from_a + from_b > spare:
        shrink = spare / (from_a + from_b)
        from_a, from_b = from_a * shrink, from_b * shrink
    return (a[0] + ux * from_a, a[1] + uy * from_a), (b[0] - ux * from_b, b[1] - uy * from_b)


def draw_arrow(surface, view, source: int, target: int, colour, width: int = 4) -> None:
    """An arrow between two territories' badges, kept inside the map (never under the panels)."""
    clip = surface.get_clip()
    surface.set_clip(view.map_rect.clip(clip) if clip else view.map_rect)
    for start, end, head in arrow_paths(view, source, target):
        _stroke(surface, start, end, colour, width, head)
    surface.set_clip(clip)


def _stroke(surface, start, end, colour, width: int, head: float) -> None:
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    size = min((12 + width) * head, length * 0.8)  # a short stroke still shows its head
    pygame.draw.line(surface, (15, 15, 20), start, end, width + 4)
    pygame.draw.line(surface, colour, start, end, width)
    left = (end[0] - ux * size - uy * size * 0.6, end[1] - uy * size + ux * size * 0.6)
    right = (end[0] - ux * size + uy * size * 0.6, end[1] - uy * size - ux * size * 0.6)
    pygame.draw.polygon(surface, (15, 15, 20), [end, left, right])
    pygame.draw.polygon(surface, colour, [(end[0] - ux * 2, end[1] - uy * 2),
                                          (left[0] + ux, left[1] + uy), (right[0] + ux, right[1] + uy)])


class Dice(Animation):
    """The dice of one roll, attacker's above defender's, with who lost what (and the die the
    commander's six replaced, ringed)."""

    blocking = True

    def __init__(self, now, event, colours, text: str, duration: float = 1.2):
        super().__init__(now, duration)
        self.event, self.colours, self.text = event, colours, text

    def draw(self, surface, view, now):
        event = self.event
        six = event.attack_dice.index(6) if event.six_from else None
        note = self.text + "   (any key: skip)" if self.blocking else self.text
        draw_roll(surface, view, event.source, event.target, event.attack_dice, event.defend_dice,
                  self.colours, [note], six, f"the 6 was a {event.six_from}")


def draw_roll(surface, view, source: int, target: int, attack_dice, defend_dice, colours, notes: list[str],
              marked: int | None = None, mark: str = "") -> pygame.Rect:
    """A box at the bottom of the map with a roll: the attacker's dice above the defender's,
    the dice that lose a comparison faded, the attacking die ``marked`` ringed in gold with
    ``mark`` beside it, and lines of ``notes`` under them; returns the box."""
    draw_arrow(surface, view, source, target, (255, 255, 255))
    size, gap = 34, 8
    text_width = max((theme.font(14).size(line)[0] for line in notes), default=0)
    box = pygame.Rect(0, 0, max(3 * (size + gap) + 150, text_width + 30), 2 * size + 42 + 22 * len(notes))
    box.midbottom = (view.map_rect.centerx, view.map_rect.bottom - 12)
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=10)
    pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=10)
    rows = ((attack_dice, colours[0], "Attack"), (defend_dice, colours[1], "Defend"))
    for row, (dice, colour, label) in enumerate(rows):
        y = box.top + 10 + row * (size + 8)
        tag = theme.render(label, 13, theme.TEXT_DIM, bold=True)
        surface.blit(tag, (box.left + 14, y + size // 2 - tag.get_height() // 2))
        for i, value in enumerate(dice):
            rect = pygame.Rect(box.left + 90 + i * (size + gap), y, size, size)
            other = rows[1 - row][0]
            lost = i < len(other) and ((value <= other[i]) if row == 0 else (value < other[i]))
            draw_die(surface, rect, value, colour, faded=lost)
            if row == 0 and i == marked:
                pygame.draw.rect(surface, theme.TARGET, rect.inflate(10, 10), 3, border_radius=9)
                if mark:
                    label = theme.render(mark, 13, theme.TARGET, bold=True)
                    surface.blit(label, label.get_rect(midleft=(box.left + 90 + len(dice) * (size + gap) + 4,
                                                                rect.centery)))
    y = box.top + 2 * size + 34
    for line in notes:
        label = theme.render(line, 14, theme.TEXT)
        surface.blit(label, label.get_rect(midtop=(box.centerx, y)))
        y += 22
    return box


LOST = (230, 80, 70)


def draw_die(surface, rect, value: int, colour, faded: bool = False) -> None:
    """A die showing ``value``; a lost die is dimmed, ringed in red and marked with a red cross
    in its corner, clear of the pips, so its value stays readable."""
    face = theme.mix(colour, (40, 40, 46), 0.55) if faded else colour
    pygame.draw.rect(surface, (15, 15, 20), rect.inflate(4, 4), border_radius=7)
    pygame.draw.rect(surface, face, rect, border_radius=6)
    pip = theme.text_colour_on(face)
    cx, cy = rect.center
    d = rect.width // 4
    for sx, sy in PIPS[value]:
        pygame.draw.circle(surface, pip, (cx + sx * d, cy + sy * d), max(2, rect.width // 11))
    if faded:
        pygame.draw.rect(surface, LOST, rect.inflate(4, 4), 2, border_radius=7)
        badge = max(5, rect.width // 4)
        corner = pygame.Rect(rect.right - badge // 2 - 1, rect.top - badge // 2 - 1, badge + 2, badge + 2)
        pygame.draw.circle(surface, (15, 15, 20), corner.center, badge // 2 + 2)
        inner = corner.inflate(-4, -4)
        pygame.draw.line(surface, LOST, inner.topleft, inner.bottomright, 2)
        pygame.draw.line(surface, LOST, inner.topright, inner.bottomleft, 2)


PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


class Banner(Animation):
    """A line of large text across the map (an elimination, a trade)."""

    def __init__(self, now, text: str, colour=theme.TEXT, duration: float = 1.6, blocking: bool = False):
        super().__init__(now, duration)
        self.text, self.colour, self.blocking = text, colour, blocking

    def draw(self, surface, view, now):
        t = self.progress(now)
        label = theme.render(self.text, 24, self.colour, bold=True, outline=(10, 10, 14))
        box = label.get_rect(center=(view.map_rect.centerx, view.map_rect.top + 60)).inflate(40, 18)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        alpha = 230 if t < 0.8 else int(230 * (1 - (t - 0.8) / 0.2))
        pygame.draw.rect(shade, (*theme.PANEL, alpha), shade.get_rect(), border_radius=10)
        surface.blit(shade, box.topleft)
        label.set_alpha(alpha)
        surface.blit(label, label.get_rect(center=box.center))


class Animations:
    """The animations under way."""

    def __init__(self):
        self.items: list[Animation] = []

    def add(self, animation: Animation) -> None:
        """Add ``animation``; a label or arrow replaces the one still showing at the same place
        (at fast speed moves come quicker than labels fade, and they would pile up unreadably)."""
        if isinstance(animation, (FloatText, Flash)):
            kind = type(animation)
            self.items = [a for a in self.items
                          if not (type(a) is kind and a.territory == animation.territory)]
        elif isinstance(animation, Banner) and not animation.blocking:
            self.items = [a for a in self.items if not (isinstance(a, Banner) and not a.blocking)]
        elif isinstance(animation, Arrow):
            ends = {animation.source, animation.target}
            self.items = [a for a in self.items if not (isinstance(a, Arrow) and {a.source, a.target} & ends)]
        self.items.append(animation)

    def crowd(self) -> int:
        """How many labels and arrows are showing (what piles up at fast speed)."""
        return sum(isinstance(a, (FloatText, Arrow)) for a in self.items)

    def update(self, now: float) -> None:
        self.items = [a for a in self.items if not a.done(now)]

    def blocking(self) -> bool:
        return any(a.blocking for a in self.items)

    def skip(self) -> bool:
        """End the blocking animations; True if there were any."""
        before = len(self.items)
        self.items = [a for a in self.items if not a.blocking]
        return len(self.items) != before

    def clear(self) -> None:
        self.items.clear()

    def draw(self, surface, view, now: float, below: bool) -> None:
        """Flashes go under the badges (``below``), the rest above."""
        for item in self.items:
            if isinstance(item, Flash) == below:
                item.draw(surface, view, now)
