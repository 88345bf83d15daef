"""What every scene has: a place on the app's stack, widgets, and the intents it handles."""

from __future__ import annotations


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
