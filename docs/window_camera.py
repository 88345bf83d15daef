"""What the window's screenshot scripts share: moments, the camera, a private home, the command line.

A *moment* is a function of ``docs/window_shots.py`` or ``docs/window_map_shots.py`` that plays
seeded games (or opens a screen) to a chosen point and takes its pictures with a
:class:`Camera`. It declares the names of its pictures and the window sizes the documentation
shows it at, so the names every script makes are known without running it (``tests/docs``
checks each picture a page shows against them), and the camera refuses a picture the moment
did not declare and a moment that leaves one of its pictures untaken.

Every moment runs in a fresh, empty home folder: a person's saves, settings and maps never
change a picture nor are changed by one, one moment's autosave never shows in the next, and the
screens that name a folder name it as a person sees it (``~/.local/share/markov-risk/maps``).

The command line of both scripts::

    python docs/window_shots.py FOLDER                       # the docs' moments at the docs' sizes
    python docs/window_shots.py FOLDER 800x560               # the docs' moments at 800x560
    python docs/window_shots.py FOLDER 1280x800 attack cards # these moments at that size
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

Size = tuple[int, int]

DEFAULT_SIZE: Size = (1280, 800)
SMALLEST_SIZE: Size = (800, 560)

#: Variables that point the window at a person's own files instead of the home folder's.
PERSONAL_VARIABLES = ("MARKOV_RISK_DATA", "MARKOV_RISK_AUTOSAVE", "MARKOV_RISK_CACHE", "XDG_DATA_HOME",
                      "XDG_CACHE_HOME", "XDG_CONFIG_HOME")


class ShotError(Exception):
    """A moment that cannot be taken as declared, or a command line that names no moment."""


def file_name(picture: str, size: Size) -> str:
    """The file of ``picture`` at ``size``: the default size bare (``window-waited.png``), any
    other named (``window-waited-800x560.png``)."""
    tag = "" if tuple(size) == DEFAULT_SIZE else f"-{size[0]}x{size[1]}"
    return f"{picture}{tag}.png"


@dataclass(frozen=True)
class Moment:
    """A function taking ``pictures``, and the sizes the documentation shows them at."""

    take: Callable[[Camera], None]
    pictures: tuple[str, ...]
    sizes: tuple[Size, ...]

    @property
    def name(self) -> str:
        return self.take.__name__

    def files(self) -> list[str]:
        return [file_name(picture, size) for size in self.sizes for picture in self.pictures]


class Moments:
    """A script's moments in the order they are taken; used as a decorator that declares one::

        @moments("window-waited", "window-hotseat-handover", sizes=(DEFAULT_SIZE, SMALLEST_SIZE))
        def hot_seat(camera): ...
    """

    def __init__(self) -> None:
        self.by_name: dict[str, Moment] = {}

    def __call__(self, *pictures: str, sizes: tuple[Size, ...] = (DEFAULT_SIZE,)):
        def declare(take):
            self.by_name[take.__name__] = Moment(take, pictures, sizes)
            return take
        return declare

    def files(self) -> list[str]:
        """Every file the script makes when run for the documentation."""
        return [name for moment in self.by_name.values() for name in moment.files()]


class Camera:
    """Takes one moment's pictures at one size into ``folder``."""

    def __init__(self, folder: Path, moment: Moment, size: Size) -> None:
        self.folder, self.moment, self.size = folder, moment, size
        self.taken: list[str] = []

    def shoot(self, app, picture: str) -> None:
        """Save the window's own surface, two frames on (the first after a change can still
        show the frame before it), without the message at the top of the window: it stays up
        for seconds of the clock, so whether it showed would depend on the machine's speed."""
        import pygame

        if picture not in self.moment.pictures:
            raise ShotError(f"moment {self.moment.name} takes {picture!r}, which it does not declare")
        app.toast = None
        app.frame()
        app.frame()
        path = self.folder / file_name(picture, self.size)
        pygame.image.save(app.screen, str(path))
        self.taken.append(picture)
        print("wrote", path)

    def check_complete(self) -> None:
        missing = [picture for picture in self.moment.pictures if picture not in self.taken]
        if missing:
            raise ShotError(f"moment {self.moment.name} did not take {', '.join(missing)}")


@contextmanager
def private_home() -> Iterator[Path]:
    """An empty home folder for the window, removed afterwards, with the variables that would
    lead elsewhere unset for the while."""
    saved = {name: os.environ.get(name) for name in ("HOME", *PERSONAL_VARIABLES)}
    home = Path(tempfile.mkdtemp(prefix="risk-shots-home-"))
    try:
        for name in PERSONAL_VARIABLES:
            os.environ.pop(name, None)
        os.environ["HOME"] = str(home)
        yield home
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        shutil.rmtree(home, ignore_errors=True)


def take(moment: Moment, folder: Path, size: Size) -> None:
    import pygame

    camera = Camera(folder, moment, size)
    with private_home():
        try:
            moment.take(camera)
        finally:
            pygame.display.quit()  # the next moment opens its own window, maybe of another size
    camera.check_complete()


def parse_size(text: str) -> Size | None:
    found = re.fullmatch(r"(\d+)x(\d+)", text)
    return (int(found.group(1)), int(found.group(2))) if found else None


def main(moments: Moments, argv: list[str] | None = None) -> None:
    """``FOLDER [WxH] [MOMENT ...]``: take the moments named (by default every one the docs show),
    at the size given or else at each one's documentation sizes; a bad command line or a moment
    taken otherwise than declared ends in one line."""
    argv = sys.argv[1:] if argv is None else argv
    script = Path(sys.argv[0]).name
    try:
        if not argv:
            raise ShotError(f"usage: {script} FOLDER [WxH] [MOMENT ...]; moments: {', '.join(moments.by_name)}")
        folder, rest = Path(argv[0]), argv[1:]
        size = parse_size(rest[0]) if rest else None
        names = rest[1:] if size else rest
        if size and (size[0] < SMALLEST_SIZE[0] or size[1] < SMALLEST_SIZE[1]):
            raise ShotError(f"size {rest[0]} is below the window's smallest, {SMALLEST_SIZE[0]}x{SMALLEST_SIZE[1]}")
        unknown = [name for name in names if name not in moments.by_name]
        if unknown:
            raise ShotError(f"no moment {', '.join(unknown)}; the moments: {', '.join(moments.by_name)}")
        folder.mkdir(parents=True, exist_ok=True)
        # A moment the docs do not show (no sizes) is taken only when named, at the default size.
        for name in names or [name for name, moment in moments.by_name.items() if moment.sizes]:
            moment = moments.by_name[name]
            for each_size in (size,) if size else moment.sizes or (DEFAULT_SIZE,):
                take(moment, folder, each_size)
    except ShotError as problem:
        raise SystemExit(f"{script}: {problem}") from None
