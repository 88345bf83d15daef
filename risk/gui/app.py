"""The window: the scene stack, the main loop, and turning input into intents.

One frame: pygame events become intents (:mod:`risk.gui.intents`, by :mod:`risk.gui.keys`)
handed to the scene on top; every scene updates (the game scene moves bots on unless an overlay
pauses it); the scenes are drawn from the top-most opaque one upwards. Nothing here blocks: bots
think on a worker thread. Scenes are opened by name (:data:`risk.gui.scenes.SCENES`).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from risk.gui import intents, theme
from risk.gui.keys import InputMapper

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (800, 560)


@dataclass
class PlayConfig:
    """What ``risk play`` asked for."""

    players: int = 4
    bots: list[str] = field(default_factory=list)  # one spec per bot seat, in seat order
    seat: int = 0                                   # the human's seat (0-based); None: bots only
    bots_only: bool = False
    seed: int | None = None
    rules: object = None
    board: object = None
    load: Path | None = None
    speed: str = "normal"
    screenshot: Path | None = None
    quit_after_turns: int | None = None
    menu: bool = False
    size: tuple[int, int] = DEFAULT_SIZE
    #: The seats played by people at this window (hot-seat when more than one); None: [seat],
    #: or none with bots_only. ``bots`` then names the other seats' bots, in seat order.
    humans: list[int] | None = None

    def human_seats(self) -> list[int]:
        if self.bots_only:
            return []
        return sorted(self.humans) if self.humans is not None else [self.seat]

    @classmethod
    def for_seats(cls, seats: list[str], seed: int | None = None, rules=None, board=None, **options) -> "PlayConfig":
        """A new game from one entry per seat, in seat order: "human" for a person at the window
        (several make a hot-seat game) or a bot spec ("angry", "mcts:iterations=200"). For a
        new-game screen: ``app.switch("game.new", PlayConfig.for_seats([...], seed, rules, board))``."""
        from risk.gui.session import HUMAN_SPEC

        humans = [seat for seat, spec in enumerate(seats) if spec == HUMAN_SPEC]
        bots = [spec for spec in seats if spec != HUMAN_SPEC]
        return cls(players=len(seats), bots=bots, seat=humans[0] if humans else 0, bots_only=not humans,
                   seed=seed, rules=rules, board=board, humans=humans, **options)


def display_problem(environ=None, platform: str | None = None) -> str | None:
    """Why no window can open here, in one line, or None. Without a display SDL falls back to
    an invisible driver and the game would run unseen for ever; an explicit SDL_VIDEODRIVER
    (the tests' "dummy") is taken as meant."""
    import sys

    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if environ.get("SDL_VIDEODRIVER"):
        return None
    if platform.startswith("linux") or "bsd" in platform:
        if not environ.get("DISPLAY") and not environ.get("WAYLAND_DISPLAY"):
            return "no display (neither DISPLAY nor WAYLAND_DISPLAY is set); run it under xvfb-run, or on a desktop"
    return None


def check_driver() -> None:
    """After pygame's display is up: refuse SDL's invisible drivers unless they were asked for.
    Raises UsageError."""
    from risk.errors import UsageError

    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy") and not os.environ.get("SDL_VIDEODRIVER"):
        pygame.display.quit()
        raise UsageError(f"cannot open a window: SDL found no display, only its '{driver}' driver "
                         "(run it under xvfb-run, or on a desktop)")


class App:
    """The window and its stack of scenes."""

    def __init__(self, config: PlayConfig):
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        pygame.display.init()
        check_driver()
        pygame.font.init()
        self.config = config
        pygame.display.set_caption("Markov Risk")
        icon = _icon()
        if icon is not None:
            pygame.display.set_icon(icon)
        self.screen = pygame.display.set_mode(config.size, pygame.RESIZABLE)
        self.stack: list = []
        self.mapper = InputMapper()
        self.clock = pygame.time.Clock()
        self.running = False
        self.speed = config.speed
        self.quit_after_frame = False
        self.frames = 0
        self.last = time.monotonic()
        self.toast: tuple[str, float] | None = None

    # -- the stack ---------------------------------------------------------------------------------

    @property
    def top(self):
        return self.stack[-1]

    def push(self, scene) -> None:
        self.stack.append(scene)
        scene.update(0.0)  # build its widgets before it is first drawn

    def pop(self, scene=None) -> None:
        if scene is None:
            self.stack.pop()
        elif scene in self.stack:
            self.stack.remove(scene)

    def replace_all(self, scene) -> None:
        for old in self.stack:
            old.on_quit()
        self.stack = [scene]

    def find(self, kind):
        for scene in reversed(self.stack):
            if isinstance(scene, kind):
                return scene
        return None

    # -- scenes by name ----------------------------------------------------------------------------

    def make(self, name: str, *args, **kwargs):
        """The scene called ``name`` in :data:`risk.gui.scenes.SCENES`, made for this window with
        these arguments (not yet shown)."""
        from risk.gui.scenes import scene_maker

        return scene_maker(name)(self, *args, **kwargs)

    def open(self, name: str, *args, **kwargs):
        """Make the scene called ``name`` and put it on top of the others."""
        scene = self.make(name, *args, **kwargs)
        self.push(scene)
        return scene

    def switch(self, name: str, *args, **kwargs):
        """Make the scene called ``name`` and put it in the place of every scene (each is told that
        it quits, once the new one is made)."""
        scene = self.make(name, *args, **kwargs)
        self.replace_all(scene)
        return scene

    # -- starting ----------------------------------------------------------------------------------

    def start(self) -> None:
        config = self.config
        if config.load is not None:
            self.switch("game.loaded", config.load)
        elif config.menu:
            self.switch("menu")
        else:
            self.switch("game.new", config)
        self.running = True

    # -- the loop ----------------------------------------------------------------------------------

    def frame(self) -> None:
        """Handle input, move the game on, draw: one frame."""
        for event in pygame.event.get():
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self._resized()
                continue
            for intent in self.mapper.translate(event, self.top):
                self.dispatch(intent)
            if not self.running:
                return
        now = time.monotonic()
        dt, self.last = now - self.last, now
        for scene in list(self.stack):
            scene.update(dt)
        self.draw()
        pygame.display.flip()
        self.frames += 1
        if self.quit_after_frame:
            self.quit()

    def dispatch(self, intent) -> None:
        if isinstance(intent, intents.Quit):
            self.quit()
        elif isinstance(intent, intents.Screenshot):
            path = Path.cwd() / f"risk-screenshot-{time.strftime('%Y%m%d-%H%M%S')}.png"
            pygame.image.save(self.screen, str(path))
            self.notify(f"Screenshot saved: {path.name}")
        elif isinstance(intent, intents.ToggleSound):
            from risk.gui import sound
            self.notify("Sound on" if sound.toggle() else "Sound off (M turns it on)")
        elif self.stack:
            self.top.handle(intent)

    def draw(self) -> None:
        surface = self.screen
        start = 0
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index].opaque:
                start = index
                break
        for scene in self.stack[start:]:
            scene.draw(surface)
        if self.toast is not None:
            text, until = self.toast
            if time.monotonic() > until:
                self.toast = None
            else:
                label = theme.render(text, 15, theme.TEXT, bold=True)
                box = label.get_rect(midtop=(surface.get_width() // 2, 44)).inflate(24, 12)
                pygame.draw.rect(surface, theme.PANEL_LIGHT, box, border_radius=8)
                pygame.draw.rect(surface, theme.ACCENT, box, 1, border_radius=8)
                surface.blit(label, label.get_rect(center=box.center))

    def show_progress(self, text: str) -> None:
        """``text`` in a box over the window as it stands, on the screen at once: for work done
        between two frames that a person may notice (preparing a map the first time). Input that
        comes meanwhile waits in pygame's queue for the next frame."""
        surface = self.screen
        label = theme.render(text, 18, theme.TEXT, bold=True)
        box = label.get_rect(center=(surface.get_width() // 2, surface.get_height() // 2)).inflate(48, 28)
        pygame.draw.rect(surface, theme.PANEL_LIGHT, box, border_radius=10)
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=10)
        surface.blit(label, label.get_rect(center=box.center))
        pygame.display.flip()
        pygame.event.pump()  # the window manager sees a live window

    def notify(self, text: str, seconds: float = 2.5) -> None:
        """A short message at the top of the window."""
        self.toast = (text, time.monotonic() + seconds)

    def _resized(self) -> None:
        surface = pygame.display.get_surface()
        w, h = surface.get_size()
        if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
            surface = pygame.display.set_mode((max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])), pygame.RESIZABLE)
        self.screen = surface

    def quit(self) -> None:
        if not self.running:
            return
        self.running = False
        for scene in reversed(self.stack):
            scene.on_quit()

    def run(self) -> int:
        self.start()
        try:
            while self.running:
                self.frame()
                self.clock.tick(60)
            if self.config.screenshot is not None:
                self.save_screenshot(self.config.screenshot)
        finally:
            pygame.display.quit()
        return 0

    def save_screenshot(self, path) -> None:
        path = Path(path)
        if path.parent and not path.parent.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))


def _icon() -> pygame.Surface | None:
    from risk.paths import assets_dir

    try:
        return pygame.image.load(str(assets_dir() / "icon.png"))
    except (FileNotFoundError, pygame.error):
        return None
