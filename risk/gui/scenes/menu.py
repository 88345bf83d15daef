"""The main menu (resume, new game, quick game, watch the bots, replay, load, quit) and the
quick game's dialog."""

from __future__ import annotations


import pygame

from risk.gui import intents as I
from risk.gui import saves, setup, sound, theme
from risk.gui.maprender import MapView
from risk.gui.scenes.base import ButtonMenu, Dialog
from risk.gui.widgets import Button
from risk.randomness import fresh_seed

_BACKDROP: dict = {}


def backdrop(app, surface, keep_clear=()) -> None:
    """The classic map, unowned and dimmed, behind the menu; no continent label under the
    ``keep_clear`` rectangles (the title, the buttons)."""
    view = backdrop_view(surface)
    surface.fill(theme.SEA_DEEP)
    count = len(view.board)
    view.draw(surface, [-1] * count, [0] * count, names=False, keep_clear=keep_clear)
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((8, 10, 16, 120))
    surface.blit(shade, (0, 0))


def backdrop_view(surface) -> MapView:
    from risk.state import classic_board

    view = _BACKDROP.get("view")
    if view is None:
        view = _BACKDROP["view"] = MapView(classic_board())
    view.layout(surface.get_rect())
    return view


class MenuScene(ButtonMenu):
    opaque = True
    title = ""
    SUBTITLE = "world conquest with exact odds"
    size = (420, 470)

    def __init__(self, app):
        super().__init__(app)
        #: Why the last game cannot be resumed (shown under the greyed button), or None.
        self.resume_problem = saves.resume_problem(saves.autosave_path())
        self.can_resume = self.resume_problem is None
        self.index = next(i for i, (_, _, enabled) in enumerate(self.choices()) if enabled)
        sound.remember(setup.load_settings().sound)

    def choices(self):
        return [("Resume last game", "resume", self.can_resume), ("New game", "new", True),
                ("Quick game", "quick", True), ("Watch the bots play", "watch", True),
                ("Replay a game", "replay", True), ("Load a game", "load", True), ("Quit", "quit", True)]

    def title_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Where the title and the line under it go, above the buttons."""
        box = self.box()
        title = pygame.Rect((0, 0), theme.font(44, True).size("Markov Risk")).inflate(2, 2)
        title.midbottom = (box.centerx, box.y + 40)
        sub = pygame.Rect((0, 0), theme.font(16).size(self.SUBTITLE)).inflate(2, 2)
        sub.midtop = (box.centerx, box.y + 44)
        return title, sub

    def draw(self, surface):
        title_rect, sub_rect = self.title_rects()
        clear = [title_rect.inflate(16, 8), sub_rect.inflate(16, 8)] + [w.rect.inflate(8, 8) for w in self._widgets]
        backdrop(self.app, surface, keep_clear=clear)
        title = theme.render("Markov Risk", 44, theme.TEXT, bold=True, outline=(10, 12, 18))
        surface.blit(title, title.get_rect(center=title_rect.center))
        sub = theme.render(self.SUBTITLE, 16, theme.TEXT_DIM, outline=(10, 12, 18))
        surface.blit(sub, sub.get_rect(center=sub_rect.center))
        mouse = pygame.mouse.get_pos()
        for widget in self._widgets:
            widget.draw(surface, mouse)
        if self.resume_problem is not None and self.resume_problem != "no game saved yet":
            # A reason can be long (a damaged file's own words): wrapped, never cut off at the edge.
            lines = theme.wrap(f"Cannot resume the last game: {self.resume_problem}", 14,
                               max(200, surface.get_width() - 80))[:3]
            bottom = surface.get_height() - 40
            for line in reversed(lines):
                why = theme.render(line, 14, theme.BAD, outline=(10, 12, 18))
                rect = why.get_rect(midbottom=(self.box().centerx, bottom))
                surface.blit(why, rect)
                bottom = rect.top - 2
        tip = theme.render("Arrows and Enter, or the mouse. F1: help in a game.", 13, theme.TEXT_DIM,
                           outline=(10, 12, 18))
        surface.blit(tip, tip.get_rect(midbottom=(self.box().centerx, surface.get_height() - 16)))

    def build(self, box):
        widgets = []
        y = box.y + 80
        for i, (label, key, enabled) in enumerate(self.choices()):
            widgets.append(Button((box.x + 40, y, box.width - 80, 40), label, I.Choose(key), enabled=enabled,
                                  style="primary" if i == self.index else "normal"))
            y += 48
        return widgets

    def handle(self, intent):
        if isinstance(intent, (I.Cancel, I.Menu)):
            return
        if isinstance(intent, (I.Confirm, I.Activate)) and not self.choices()[self.index][2]:
            return
        super().handle(intent)

    def choose(self, key):
        if key == "resume":
            try:
                self.app.switch("game.loaded", saves.autosave_path())
            except Exception as exc:  # a damaged autosave must not stop the menu
                self.app.notify(f"Cannot resume: {exc}", 4)
        elif key == "new":
            self.app.switch("new-game")
        elif key == "quick":
            self.app.open("quick-game")
        elif key == "watch":
            self.app.switch("new-game", watch=True)
        elif key == "replay":
            self.app.open("replay-picker")
        elif key == "load":
            self.app.open("load")
        elif key == "quit":
            self.app.quit()


class NewGameDialog(Dialog):
    """A quick game on the classic map with the standard rules: players, your seat and the
    opponents; Enter starts (the full choice is the new-game screen, "new-game")."""

    title = "Quick game"
    size = (560, 360)

    def __init__(self, app, watch: bool = False):
        super().__init__(app)
        from risk.gui.bots import registered_bots

        self.watch = watch
        self.title = "Watch the bots" if watch else "Quick game"
        self.players = 4
        self.seat = 1
        self.options = ["best"] + [b for b in registered_bots()]
        self.bot = 0
        self.row = 0

    def rows(self):
        out = [("Players", f"{self.players}", "players")]
        if not self.watch:
            out.append(("Your seat", f"{self.seat} of {self.players}", "seat"))
        out.append(("Bots", self.bot_label(self.bot), "bot"))
        return out

    def values(self, key) -> list[str]:
        """Every value a row can show (the field is made as wide as the widest)."""
        if key == "bot":
            return [self.bot_label(i) for i in range(len(self.options))]
        return ["6 of 6"] if key == "seat" else ["6"]

    def bot_label(self, index: int) -> str:
        return "the best available" if self.options[index] == "best" else self.options[index]

    def row_rects(self, box) -> list[tuple[pygame.Rect, pygame.Rect, pygame.Rect]]:
        """(the < button, the value, the > button) of each row, right-aligned in the box."""
        widest = max(theme.font(16, True).size(v)[0] for _, _, key in self.rows() for v in self.values(key))
        field = widest + 16
        out = []
        y = box.y + 64
        for _ in self.rows():
            right = pygame.Rect(box.right - 60, y, 40, 32)
            value = pygame.Rect(right.x - 8 - field, y, field, 32)
            left = pygame.Rect(value.x - 8 - 40, y, 40, 32)
            out.append((left, value, right))
            y += 46
        return out

    def build(self, box):
        widgets = []
        for (_, _, key), (left, _, right) in zip(self.rows(), self.row_rects(box)):
            widgets.append(Button(left, "<", I.Choose((key, -1))))
            widgets.append(Button(right, ">", I.Choose((key, 1))))
        widgets.append(Button((box.right - 150, box.bottom - 50, 130, 34), "Start", I.Confirm(), key="Enter",
                              style="primary"))
        widgets.append(Button((box.x + 20, box.bottom - 50, 100, 34), "Back", I.Cancel(), key="Esc"))
        return widgets

    def body(self, surface, inner):
        box = self.box()
        for i, ((label, value, _), (_, field, _)) in enumerate(zip(self.rows(), self.row_rects(box))):
            colour = theme.TEXT if i == self.row else theme.TEXT_DIM
            surface.blit(theme.render(label, 16, colour, bold=i == self.row), (inner.x, field.y + 6))
            text = theme.render(value, 16, theme.TEXT, bold=True)
            surface.blit(text, text.get_rect(center=field.center))

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
        from risk.rules import Rules
        from risk.state import classic_board

        choice = self.options[self.bot]
        count = self.players if self.watch else self.players - 1
        bots = default_bots(count) if choice == "best" else [choice] * count
        config = PlayConfig(players=self.players, bots=bots, seat=self.seat - 1, bots_only=self.watch,
                            seed=fresh_seed(), rules=Rules(), board=classic_board(),
                            speed=self.app.speed)
        self.app.switch("game.new", config)
