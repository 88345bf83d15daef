"""Between two people at one window (hot-seat), and the summary at the start of a turn.

:class:`HandOverScene` covers the whole window, map and panels included, so the person who
just played cannot leave their cards or mission on show: only the next person's click (or
Enter) takes the seat (:meth:`GameSession.take_seat`) and uncovers the game, from their view.
:class:`WaitedDialog` tells a person what changed since their last turn, with the territories
ringed on the map below it.
"""

from __future__ import annotations

import pygame

from risk.gui import intents as I
from risk.gui import theme
from risk.gui.badges import draw_shape
from risk.gui.scenes.base import Dialog, Scene
from risk.gui.widgets import Button, panel


class HandOverScene(Scene):
    opaque = True       # nothing of the game shows through
    pauses_game = True

    def __init__(self, app, game, seat: int):
        super().__init__(app)
        self.game = game
        self.seat = seat

    def box(self) -> pygame.Rect:
        w, h = self.app.screen.get_size()
        width, height = min(520, w - 40), min(250, h - 40)
        return pygame.Rect((w - width) // 2, (h - height) // 2, width, height)

    def update(self, dt: float) -> None:
        box = self.box()
        self._widgets = [Button((box.centerx - 110, box.bottom - 58, 220, 40), "I am ready", I.Confirm(),
                                key="Enter", style="primary")]

    def handle(self, intent) -> None:
        if isinstance(intent, (I.Confirm, I.Activate, I.Press, I.SelectTerritory)):
            self.game.session.take_seat(self.seat)
            self.close()
        elif isinstance(intent, I.Quit):
            self.app.quit()

    def draw(self, surface) -> None:
        surface.fill(theme.SEA_DEEP)
        session = self.game.session
        state = session.state
        box = self.box()
        inner = panel(surface, box, None)
        name = session.names[self.seat]
        colour = theme.owner_colour(self.seat, state.neutral)
        draw_shape(surface, theme.owner_shape(self.seat, state.neutral), (inner.x + 14, inner.y + 18), 13, colour)
        head = theme.render(f"{name}'s turn", 28, theme.TEXT, bold=True)
        surface.blit(head, (inner.x + 38, inner.y + 2))
        lines = [f"Pass the window to {name}.",
                 "The last player's cards and mission stay hidden until you click.",
                 f"Turn {state.turn} · {state.phase.label}"]
        y = inner.y + 52
        for line in lines:
            text = theme.render(line, 16, theme.TEXT_DIM)
            surface.blit(text, (inner.x, y))
            y += 24
        mouse = pygame.mouse.get_pos()
        for widget in self._widgets:
            widget.draw(surface, mouse)


class WaitedDialog(Dialog):
    """'While you waited': the changes since the person's last turn (see risk.gui.waited)."""

    title = "While you waited"
    pauses_game = True

    def __init__(self, app, game, summary):
        super().__init__(app)
        self.game = game
        self.summary = summary
        self.lines = summary.lines(game.state.board, self._names())

    def _names(self):
        names = list(self.game.session.names)
        names[self.summary.seat] = "You"
        return names

    def box(self) -> pygame.Rect:
        """Over the action bar when it fits there (the whole map and its rings stay in view),
        else in the map's bottom left corner (open sea on most maps)."""
        bar, area = self.game.rects["bottom"], self.game.rects["map"]
        width = bar.width - 20  # the whole bar: the guidance under it must not show through
        rows = sum(len(theme.wrap(line, 15, width - 34)) for line in self.lines)
        height = 88 + 21 * rows
        if height <= bar.height - 8:
            return pygame.Rect(bar.x + 10, bar.y + 4, width, height)
        width = min(420, area.width - 20)
        rows = sum(len(theme.wrap(line, 15, width - 34)) for line in self.lines)
        height = min(88 + 21 * rows, area.height - 20)
        return pygame.Rect(area.x + 10, area.bottom - 10 - height, width, height)

    def update(self, dt: float) -> None:
        box = self.box()
        self._widgets = [Button((box.right - 110, box.bottom - 44, 94, 32), "OK", I.Confirm(), key="Enter",
                                style="primary")]

    def handle(self, intent) -> None:
        if isinstance(intent, (I.Confirm, I.Cancel, I.Press, I.SelectTerritory, I.Activate)):
            self.game.waited = None
            self.close()

    def draw(self, surface) -> None:
        inner = panel(surface, self.box(), self.title)
        y = inner.y
        for line in self.lines:
            colour = theme.BAD if line.startswith(("You lost", "Lost")) else (
                theme.GOOD if line.startswith(("You now", "Gained")) else theme.TEXT)
            for part in theme.wrap(line, 15, inner.width - 10):
                surface.blit(theme.render(part, 15, colour), (inner.x, y))
                y += 21
        mouse = pygame.mouse.get_pos()
        for widget in self._widgets:
            widget.draw(surface, mouse)
