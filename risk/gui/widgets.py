"""Small widgets: buttons and sliders that turn a click into an intent, and panel drawing."""

from __future__ import annotations

import pygame

from risk.gui import intents, theme


class Button:
    """A labelled rectangle; clicking it emits ``intent`` (the same intent as its key)."""

    draggable = False

    def __init__(self, rect, label: str, intent, enabled: bool = True, key: str = "",
                 style: str = "normal", selected: bool = False):
        self.rect = pygame.Rect(rect)
        self.label = label
        self.intent = intent
        self.enabled = enabled
        self.key = key
        self.style = style
        self.selected = selected

    def click(self, pos, shift: bool = False) -> list:
        return [self.intent]

    def draw(self, surface, mouse=None) -> None:
        hovered = mouse is not None and self.rect.collidepoint(mouse) and self.enabled
        if self.style == "primary":
            face = theme.rgb("#2F6FA3")
        elif self.style == "danger":
            face = theme.rgb("#8A3B34")
        else:
            face = theme.PANEL_LIGHT
        if self.selected:
            face = theme.rgb("#3F7F5F")
        if hovered:
            face = theme.mix(face, (255, 255, 255), 0.15)
        if not self.enabled:
            face = theme.mix(face, theme.PANEL, 0.6)
        pygame.draw.rect(surface, face, self.rect, border_radius=6)
        pygame.draw.rect(surface, theme.PANEL_EDGE if not self.selected else theme.GOOD, self.rect, 1,
                         border_radius=6)
        colour = theme.TEXT if self.enabled else theme.TEXT_DIM
        size = 14 if self.rect.height >= 28 else 12
        label = theme.render(self.label, size, colour, bold=True)
        if self.key:
            key = theme.render(self.key, 11, theme.TEXT_DIM)
            total = label.get_width() + 6 + key.get_width()
            x = self.rect.centerx - total // 2
            surface.blit(label, label.get_rect(midleft=(x, self.rect.centery)))
            surface.blit(key, key.get_rect(midleft=(x + label.get_width() + 6, self.rect.centery + 1)))
        else:
            surface.blit(label, label.get_rect(center=self.rect.center))


def button_width(label: str, key: str = "", minimum: int = 60) -> int:
    width = theme.font(14, True).size(label)[0] + 22
    if key:
        width += theme.font(11).size(key)[0] + 6
    return max(minimum, width)


def _unpack(spec) -> tuple:
    """(label, intent, key, enabled, style) from a spec that may stop after the intent."""
    return tuple(spec) + ("", True, "normal")[len(spec) - 2:]


def flow_rows(widths: list[int], width: int, gap: int) -> list[list[int]]:
    """Indices of items of the given widths in rows no wider than ``width`` (an item wider
    than a row gets a row of its own)."""
    rows: list[list[int]] = []
    used = None
    for i, w in enumerate(widths):
        if used is None or used + gap + w > width:
            rows.append([i])
            used = w
        else:
            rows[-1].append(i)
            used += gap + w
    return rows


def button_rows(rect, specs, trailing=(), height: int = 32, gap: int = 8) -> list[Button]:
    """Buttons in rows at the bottom of ``rect``, wrapping instead of dropping any: ``specs``
    from the left, ``trailing`` ones (hint...) against the right edge of the last row or of a
    row of their own. A spec is (label, intent, key, enabled, style), or a list of specs that
    stay together on one row (such as - and +)."""
    rect = pygame.Rect(rect)
    groups = [[_unpack(s) for s in spec] if isinstance(spec, list) else [_unpack(spec)] for spec in specs]
    tail = [_unpack(s) for s in trailing]
    sizes = [[button_width(s[0], s[2], 60 if len(s[0]) > 1 else 40) for s in group] for group in groups]
    widths = [sum(ws) + gap * (len(ws) - 1) for ws in sizes]
    tail_sizes = [button_width(s[0], s[2]) for s in tail]
    tail_width = sum(tail_sizes) + gap * max(0, len(tail) - 1)
    rows = flow_rows(widths, rect.width, gap)
    last_used = sum(widths[i] for i in rows[-1]) + gap * (len(rows[-1]) - 1) if rows else 0
    tail_row = len(rows) - 1 if rows and last_used + 2 * gap + tail_width <= rect.width else len(rows)
    count = max(len(rows), tail_row + 1 if tail else 0)
    top = rect.bottom - count * height - (count - 1) * gap
    out = []
    for r, row in enumerate(rows):
        x, y = rect.x, top + r * (height + gap)
        for i in row:
            for (label, intent, key, enabled, style), w in zip(groups[i], sizes[i]):
                out.append(Button((x, y, w, height), label, intent, enabled, key, style))
                x += w + gap
    x, y = rect.right - tail_width, top + tail_row * (height + gap)
    for (label, intent, key, enabled, style), w in zip(tail, tail_sizes):
        out.append(Button((x, y, w, height), label, intent, enabled, key, style))
        x += w + gap
    return out


class Slider:
    """Choose a whole number in [low, high] by clicking or dragging; emits SetValue(key, value)."""

    draggable = True
    enabled = True

    def __init__(self, rect, low: int, high: int, value: int, key: str = "slider"):
        self.rect = pygame.Rect(rect)
        self.low, self.high, self.value, self.key = low, high, value, key

    def value_at(self, x: int) -> int:
        if self.high <= self.low:
            return self.low
        inner = self.rect.inflate(-16, 0)
        t = (x - inner.left) / max(1, inner.width)
        return max(self.low, min(self.high, round(self.low + t * (self.high - self.low))))

    def click(self, pos, shift: bool = False) -> list:
        return [intents.SetValue(self.key, self.value_at(pos[0]))]

    def drag(self, pos) -> list:
        return [intents.SetValue(self.key, self.value_at(pos[0]))]

    def draw(self, surface, mouse=None) -> None:
        inner = self.rect.inflate(-16, 0)
        y = self.rect.centery
        pygame.draw.line(surface, theme.PANEL_EDGE, (inner.left, y), (inner.right, y), 6)
        span = max(1, self.high - self.low)
        x = inner.left + (self.value - self.low) / span * inner.width if self.high > self.low else inner.right
        pygame.draw.line(surface, theme.ACCENT, (inner.left, y), (x, y), 6)
        pygame.draw.circle(surface, theme.TEXT, (int(x), y), 10)
        pygame.draw.circle(surface, theme.ACCENT, (int(x), y), 7)
        for value, anchor in ((self.low, "left"), (self.high, "right")):
            label = theme.render(str(value), 12, theme.TEXT_DIM)
            rect = label.get_rect(top=y + 12)
            setattr(rect, anchor, getattr(inner, anchor))
            surface.blit(label, rect)


def panel(surface, rect, title: str | None = None, alpha: int = 255) -> pygame.Rect:
    """A dark rounded panel; returns the area inside it (below the title)."""
    rect = pygame.Rect(rect)
    if alpha < 255:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (*theme.PANEL, alpha), shade.get_rect(), border_radius=10)
        surface.blit(shade, rect.topleft)
    else:
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=10)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=10)
    inner = rect.inflate(-24, -20)
    if title:
        label = theme.render(title, 20, theme.TEXT, bold=True)
        surface.blit(label, inner.topleft)
        inner.top += label.get_height() + 10
        inner.height -= label.get_height() + 10
    return inner


def dim(surface, alpha: int = 150) -> None:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((8, 10, 14, alpha))
    surface.blit(shade, (0, 0))


def text_lines(surface, lines, x: int, y: int, size: int = 14, colour=theme.TEXT, gap: int = 3,
               bold: bool = False) -> int:
    """Draw lines of text downwards; returns the y below them."""
    for line in lines:
        label = theme.render(line, size, colour, bold=bold)
        surface.blit(label, (x, y))
        y += label.get_height() + gap
    return y
