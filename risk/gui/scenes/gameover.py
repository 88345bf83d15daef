"""Game over: who won, the places, and graphs of territories, armies and income per turn."""

from __future__ import annotations

import pygame

from risk.gui import intents as I
from risk.gui import theme
from risk.gui.graphs import draw_chart
from risk.gui.badges import draw_shape
from risk.gui.scenes.base import Scene
from risk.gui.widgets import Button, dim, flow_rows, panel


class GameOverScene(Scene):
    opaque = False
    pauses_game = True

    def __init__(self, app, game):
        super().__init__(app)
        self.game = game

    def box(self) -> pygame.Rect:
        w, h = self.app.screen.get_size()
        return pygame.Rect(30, 30, w - 60, h - 60)

    def update(self, dt):
        box = self.box()
        y = box.bottom - 50
        self._widgets = [
            Button((box.x + 24, y, 130, 34), "New game", I.Choose("new"), key="N", style="primary"),
            Button((box.x + 164, y, 130, 34), "Main menu", I.Choose("menu")),
            Button((box.x + 304, y, 150, 34), "Look at the map", I.Cancel(), key="Esc"),
            Button((box.right - 124, y, 100, 34), "Quit", I.Quit(), key="Ctrl+Q"),
        ]

    def handle(self, intent):
        if isinstance(intent, I.Choose) and intent.key == "menu":
            self.app.switch("menu")
        elif isinstance(intent, (I.Choose, I.BlitzUntil)) and getattr(intent, "key", "new") == "new":
            self.app.switch("menu")
            self.app.open("quick-game")
        elif isinstance(intent, I.Cancel):
            self.close()

    def draw(self, surface):
        dim(surface, 170)
        session = self.game.session
        state = session.state
        box = self.box()
        title, colour = verdict(session)
        inner = panel(surface, box, None)
        head = theme.render(title, 30, colour, bold=True)
        surface.blit(head, inner.topleft)
        outcome = state.outcome()
        reason = ("by conquering the world" if outcome and outcome.reason == "conquest"
                  else "on the turn limit (most territories)")
        sub = theme.render(f"after {state.turn} turns, {reason}", 16, theme.TEXT_DIM)
        surface.blit(sub, (inner.x, inner.y + head.get_height() + 4))
        # Places, in as many rows as the window's width needs.
        y = inner.y + head.get_height() + 34
        places = outcome.places if outcome else (0,) * state.players
        order = sorted(range(state.players), key=lambda p: places[p])
        labels = [theme.render(f"{_ordinal(places[p])}  {session.names[p]}", 15,
                               theme.TEXT) for p in order]
        for row in flow_rows([24 + label.get_width() for label in labels], inner.width, 36):
            x = inner.x
            for i in row:
                p = order[i]
                draw_shape(surface, theme.owner_shape(p, state.neutral), (x + 9, y + 10), 9,
                           theme.owner_colour(p, state.neutral))
                surface.blit(labels[i], (x + 24, y + 1))
                x += 24 + labels[i].get_width() + 36
            y += 26
        y = self.draw_battles(surface, inner, y + 6)
        # Graphs.
        stats = session.stats
        players = list(range(state.players))
        top = y + 10
        height = box.bottom - 70 - top
        gap = 14
        width = (inner.width - 2 * gap) // 3
        for i, (name, key) in enumerate((("Territories", "territories"), ("Armies", "armies"),
                                         ("Income per turn", "income"))):
            rect = pygame.Rect(inner.x + i * (width + gap), top, width, height)
            draw_chart(surface, rect, name, stats.turns, stats.series(key), players, state.neutral)
        mouse = pygame.mouse.get_pos()
        for widget in self._widgets:
            widget.draw(surface, mouse)


    def draw_battles(self, surface, inner: pygame.Rect, y: int) -> int:
        """Each person's own battles, dice luck and largest conquest, side by side."""
        session = self.game.session
        seats = session.humans
        if not seats:
            return y
        gap = 16
        width = (inner.width - gap * (len(seats) - 1)) // len(seats)
        bottom = y
        for k, seat in enumerate(seats):
            x, row = inner.x + k * (width + gap), y
            heading = "Your game" if len(seats) == 1 else f"{session.names[seat]}'s game"
            surface.blit(theme.render(heading, 15, theme.TEXT, bold=True), (x, row))
            row += 20
            for line in session.tally.record(seat).lines():
                for piece in theme.wrap(line, 13, width):
                    surface.blit(theme.render(piece, 13, theme.TEXT_DIM), (x, row))
                    row += 17
            bottom = max(bottom, row)
        return bottom


def verdict(session) -> tuple[str, tuple]:
    """The banner's words and colour: won or lost, said to the person (or people) at the window."""
    state = session.state
    outcome = state.outcome()
    winner = outcome.winner if outcome else None
    if winner is None:
        return "The game is a draw", theme.TEXT
    name = session.names[winner]
    if session.humans and winner == session.human or (len(session.humans) == 1 and winner in session.humans):
        return "You win!", theme.GOOD
    if len(session.humans) > 1 and winner in session.humans:
        return f"{name} wins!", theme.GOOD
    if len(session.humans) == 1:
        place = outcome.places[session.humans[0]] if outcome else 0
        return (f"You lost: {name} wins" + (f" (you came {_ordinal(place)})" if place else ""), theme.BAD)
    if session.humans:
        return f"You all lost: {name} wins", theme.BAD
    return f"{name} wins", theme.TEXT


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
