"""What every scene has (a place on the app's stack, widgets, the intents it handles), and the
kinds of overlay the scenes share: a modal dialog, a column of choices, a list of files to open.

The scene modules build on these and import none of each other: a scene opens another by its
name in :data:`risk.gui.scenes.SCENES`, through the app.
"""

from __future__ import annotations

import pygame

from risk.errors import RiskError
from risk.gui import intents as I
from risk.gui.widgets import Button, dim, panel


class Scene:
    """A screen or an overlay. ``opaque`` scenes hide what is below them; overlays do not.

    ``pauses_game``: while this scene is on top, the game below it does not move on (bots wait).
    """

    opaque = True
    pauses_game = True

    def __init__(self, app):
        self.app = app
        self._widgets: list = []

    def widgets(self) -> list:
        return self._widgets

    def territory_at(self, pos) -> int | None:
        return None

    def handle(self, intent) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface) -> None:
        pass

    def on_quit(self) -> None:
        """The window is closing."""

    def close(self) -> None:
        self.app.pop(self)


class Dialog(Scene):
    """A modal overlay: the game shows dimmed behind it and waits."""

    opaque = False
    pauses_game = True
    title = ""
    size = (560, 360)

    def box(self) -> pygame.Rect:
        w, h = self.app.screen.get_size()
        width, height = min(self.size[0], w - 40), min(self.size[1], h - 40)
        return pygame.Rect((w - width) // 2, (h - height) // 2, width, height)

    def draw(self, surface) -> None:
        dim(surface, 140)
        inner = panel(surface, self.box(), self.title)
        self.body(surface, inner)
        mouse = pygame.mouse.get_pos()
        for widget in self._widgets:
            widget.draw(surface, mouse)

    def body(self, surface, inner: pygame.Rect) -> None:
        pass

    def update(self, dt: float) -> None:
        self._widgets = self.build(self.box())

    def build(self, box: pygame.Rect) -> list:
        return []


class ButtonMenu(Dialog):
    """A column of choices (arrows and Enter, or the mouse)."""

    size = (360, 380)

    def __init__(self, app):
        super().__init__(app)
        self.index = 0

    def choices(self) -> list[tuple[str, object, bool]]:
        return []

    def update(self, dt: float) -> None:
        self.index = self._enabled_from(self.index, 1)  # the focus never rests on a disabled choice
        super().update(dt)

    def _enabled_from(self, index: int, step: int) -> int:
        choices = self.choices()
        for k in range(len(choices)):
            candidate = (index + k * step) % len(choices)
            if choices[candidate][2]:
                return candidate
        return index

    def build(self, box):
        widgets = []
        y = box.y + 60
        for i, (label, key, enabled) in enumerate(self.choices()):
            widgets.append(Button((box.x + 30, y, box.width - 60, 36), label, I.Choose(key), enabled=enabled,
                                  style="primary" if i == self.index else "normal"))
            y += 44
        return widgets

    def handle(self, intent) -> None:
        choices = self.choices()
        if isinstance(intent, I.Choose):
            self.choose(intent.key)
        elif isinstance(intent, I.Navigate) and intent.dy:
            self.index = self._enabled_from((self.index + intent.dy) % len(choices), 1 if intent.dy > 0 else -1)
        elif isinstance(intent, I.Cycle):
            self.index = self._enabled_from((self.index + intent.step) % len(choices), 1 if intent.step > 0 else -1)
        elif isinstance(intent, (I.Confirm, I.Activate)):
            label, key, enabled = choices[self.index]
            if enabled:
                self.choose(key)
        elif isinstance(intent, (I.Cancel, I.Menu)):
            self.close()

    def choose(self, key) -> None:
        pass


class FilePicker(ButtonMenu):
    """A list of game files, one button each, and Cancel: the file chosen opens in the scene
    named ``opens``, in place of every scene, or a failure says in one line why it cannot."""

    size = (620, 600)
    #: The scene that shows a chosen file, by name; it is made with the file's path.
    opens = "game.loaded"
    #: What a failure says could not be done with the file ("Cannot load NAME: ...").
    verb = "load"

    def first_row(self, box) -> int:
        return box.y + 70

    def build(self, box):
        widgets = []
        y = self.first_row(box)
        for i, (label, key, enabled) in enumerate(self.choices()):
            widgets.append(Button((box.x + 30, y, box.width - 60, 34), label, I.Choose(key), enabled=enabled,
                                  style="primary" if i == self.index else "normal"))
            y += 42
        return widgets

    def open_file(self, path) -> Scene:
        """The scene that shows ``path``; raises RiskError or OSError naming what is wrong."""
        return self.app.make(self.opens, path)

    def choose(self, key):
        if key is None:
            self.close()
            return
        try:
            scene = self.open_file(key)
        except (RiskError, OSError) as exc:
            self.app.notify(f"Cannot {self.verb} {key.name}: {exc}", 4)
            return
        self.app.replace_all(scene)
