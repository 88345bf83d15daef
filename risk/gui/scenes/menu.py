"""The main menu (resume, new game, watch the bots, load, quit) and the new-game settings."""

from __future__ import annotations

import random

import pygame

from risk.gui import intents as I
from risk.gui import saves, theme
from risk.gui.maprender import MapView
from risk.gui.scenes.dialogs import ButtonMenu, Dialog, LoadDialog
from risk.gui.widgets import Button

_BACKDROP: dict = {}


def backdrop(app, surface) -> None:
    """The classic map, unowned and dimmed, behind the menu."""
    from risk.state import classic_board

    board = classic_board()
    view = _BACKDROP.get("view")
    if view is None:
        view = _BACKDROP["view"] = MapView(board)
    view.layout(surface.get_rect())
    surface.fill(theme.SEA_DEEP)
    view.draw(surface, [-1] * len(board), [0] * len(board), names=False)
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((8, 10, 16, 120))
    surface.blit(shade, (0, 0))


class MenuScene(ButtonMenu):
    opaque = True
    title = ""
    size = (420, 420)

    def __init__(self, app):
        super().__init__(app)
        path = saves.autosave_path()
        self.can_resume = path.is_file() and saves.unfinished(path)

    def choices(self):
        return [("Resume last game", "resume", self.can_resume), ("New game", "new", True),
                ("Watch the bots play", "watch", True), ("Load a game", "load", True), ("Quit", "quit", True)]

    def draw(self, surface):
        backdrop(self.app, surface)
        box = self.box()
        title = theme.render("Markov Risk", 44, theme.TEXT, bold=True, outline=(10, 12, 18))
        surface.blit(title, title.get_rect(midbottom=(box.centerx, box.y + 40)))
        sub = theme.render("world conquest with exact odds", 16, theme.TEXT_DIM, outline=(10, 12, 18))
        surface.blit(sub, sub.get_rect(midtop=(box.centerx, box.y + 44)))
        mouse = pygame.mouse.get_pos()
        for widget in self._widgets:
            widget.draw(surface, mouse)
        tip = theme.render("Arrows and Enter, or the mouse. F1: help in a game.", 13, theme.TEXT_DIM,
                           outline=(10, 12, 18))
        surface.blit(tip, tip.get_rect(midbottom=(box.centerx, surface.get_height() - 16)))

    def build(self, box):
        widgets = []
        y = box.y + 80
        for i, (label, key, enabled) in enumerate(self.choices()):
            widgets.append(Button((box.x + 40, y, box.width - 80, 42), label, I.Choose(key), enabled=enabled,
                                  style="primary" if i == self.index else "normal"))
            y += 52
        return widgets

    def handle(self, intent):
        if isinstance(intent, (I.Cancel, I.Menu)):
            return
        if isinstance(intent, (I.Confirm, I.Activate)) and not self.choices()[self.index][2]:
            return
        super().handle(intent)

    def choose(self, key):
        from risk.gui.scenes.game import GameScene

        if key == "resume":
            try:
                self.app.replace_all(GameScene.loaded(self.app, saves.autosave_path()))
            except Exception as exc:  # a damaged autosave must not stop the menu
                self.app.notify(f"Cannot resume: {exc}", 4)
        elif key == "new":
            self.app.push(NewGameDialog(self.app))
        elif key == "watch":
            self.app.push(NewGameDialog(self.app, watch=True))
        elif key == "load":
            self.app.push(LoadDialog(self.app))
        elif key == "quit":
            self.app.quit()


class NewGameDialog(Dialog):
    """Players, your seat and the opponents; Enter starts."""

    title = "New game"
    size = (560, 360)

    def __init__(self, app, watch: bool = False):
        super().__init__(app)
        from risk.gui.bots import registered_bots

        self.watch = watch
        self.title = "Watch the bots" if watch else "New game"
        self.players = 4
        self.seat = 1
        self.options = ["best"] + [b for b in registered_bots()]
        self.bot = 0
        self.row = 0

    def rows(self):
        out = [("Players", f"{self.players}", "players")]
        if not self.watch:
            out.append(("Your seat", f"{self.seat} of {self.players}", "seat"))
        label = "the best available" if self.options[self.bot] == "best" else self.options[self.bot]
        out.append(("Bots", label, "bot"))
        return out

    def build(self, box):
        widgets = []
        y = box.y + 64
        for i, (_, _, key) in enumerate(self.rows()):
            widgets.append(Button((box.right - 200, y, 40, 32), "<", I.Choose((key, -1))))
            widgets.append(Button((box.right - 60, y, 40, 32), ">", I.Choose((key, 1))))
            y += 46
        widgets.append(Button((box.right - 150, box.bottom - 50, 130, 34), "Start", I.Confirm(), key="Enter",
                              style="primary"))
        widgets.append(Button((box.x + 20, box.bottom - 50, 100, 34), "Back", I.Cancel(), key="Esc"))
        return widgets

    def body(self, surface, inner):
        box = self.box()
        y = box.y + 64
        for i, (label, value, _) in enumerate(self.rows()):
            colour = theme.TEXT if i == self.row else theme.TEXT_DIM
            surface.blit(theme.render(label, 16, colour, bold=i == self.row), (inner.x, y + 6))
            text = theme.render(value, 16, theme.TEXT, bold=True)
            surface.blit(text, text.get_rect(center=(box.right - 110, y + 16)))
            y += 46

    def change(self, key, step):
        if key == "players":
            self.players = max(2, min(6, self.players + step))
            self.seat = min(self.seat, self.players)
        elif key == "seat":
            self.seat = (self.seat - 1 + step) % self.players + 1
        elif key == "bot":
            self.bot = (self.bot + step) % len(self.options)

    def handle(self, intent):
        rows = self.rows()
        if isinstance(intent, I.Choose):
            self.change(*intent.key)
        elif isinstance(intent, I.Navigate):
            if intent.dy:
                self.row = (self.row + intent.dy) % len(rows)
            elif intent.dx:
                self.change(rows[self.row][2], intent.dx)
        elif isinstance(intent, I.Confirm):
            self.start()
        elif isinstance(intent, I.Cancel):
            self.close()

    def start(self):
        from risk.gui.app import PlayConfig
        from risk.gui.bots import default_bots
        from risk.gui.scenes.game import GameScene
        from risk.rules import Rules
        from risk.state import classic_board

        choice = self.options[self.bot]
        count = self.players if self.watch else self.players - 1
        bots = default_bots(count) if choice == "best" else [choice] * count
        config = PlayConfig(players=self.players, bots=bots, seat=self.seat - 1, bots_only=self.watch,
                            seed=random.SystemRandom().randrange(2 ** 31), rules=Rules(), board=classic_board(),
                            speed=self.app.speed)
        self.app.replace_all(GameScene.new(self.app, config))
