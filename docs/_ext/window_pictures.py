"""The window's pictures in the pages are made by the build, not kept in git.

On ``builder-inited`` this extension runs ``docs/window_shots.py`` and
``docs/window_map_shots.py`` (seeded games in a headless window) into ``docs/_shots/``
(git-ignored), where the pages find them, when a picture is missing or older than the scripts,
the window's test helpers or any file of ``risk/gui``; otherwise it leaves them be. A script
that fails stops the build with one line naming it, its last line of output and the log that
holds the rest.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sphinx.util import logging

logger = logging.getLogger(__name__)

SCRIPTS = ("window_shots.py", "window_map_shots.py")
#: The folder of the pictures, inside the source folder, and the list of what the last run made.
FOLDER = "_shots"
MADE = "made.txt"


def sources(docs: Path) -> list[Path]:
    """The files whose change can change a picture."""
    root = docs.parent
    support = root / "tests" / "support"
    found = [docs / name for name in SCRIPTS] + [docs / "window_camera.py", support / "gui.py", support / "isles.py"]
    found += [path for path in (root / "risk" / "gui").rglob("*") if path.is_file() and "__pycache__" not in path.parts]
    return found


def up_to_date(folder: Path, sources: list[Path]) -> bool:
    made = folder / MADE
    if not made.is_file():
        return False
    pictures = [folder / name for name in made.read_text(encoding="utf-8").split()]
    if not pictures or not all(picture.is_file() for picture in pictures):
        return False
    oldest = min(picture.stat().st_mtime for picture in pictures)
    return oldest > max(source.stat().st_mtime for source in sources)


def run_script(script: Path, folder: Path) -> None:
    """Run one script headless, its output kept in ``folder``; SystemExit in one line if it fails."""
    log = folder / f"{script.stem}.log"
    environment = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                       PYGAME_HIDE_SUPPORT_PROMPT="1")
    with tempfile.TemporaryDirectory(prefix="risk-docs-shots-") as data, log.open("w", encoding="utf-8") as output:
        # Whatever a script writes outside its moments stays out of a person's data folder; each
        # moment runs in an empty home of its own besides (docs/window_camera.py).
        environment["MARKOV_RISK_DATA"] = data
        done = subprocess.run([sys.executable, str(script), str(folder)], stdout=output,
                              stderr=subprocess.STDOUT, env=environment, check=False)
    if done.returncode != 0:
        lines = log.read_text(encoding="utf-8", errors="replace").strip().splitlines()
        last = lines[-1] if lines else "no output"
        # SystemExit, not a Sphinx error: Sphinx would wrap one in a page of its own advice.
        raise SystemExit(f"docs build: {script.name} could not make the window's pictures "
                         f"(exit {done.returncode}): {last} (whole output: {log})")


def make_window_pictures(app) -> None:
    docs = Path(app.srcdir)
    folder = docs / FOLDER
    if up_to_date(folder, sources(docs)):
        return
    folder.mkdir(exist_ok=True)
    for stale in [*folder.glob("*.png"), folder / MADE]:
        stale.unlink(missing_ok=True)
    started = time.monotonic()
    for name in SCRIPTS:
        logger.info("making the window's pictures: %s", name)
        run_script(docs / name, folder)
    (folder / MADE).write_text("\n".join(sorted(path.name for path in folder.glob("*.png"))) + "\n",
                               encoding="utf-8")
    logger.info("the window's pictures made in %.0f s", time.monotonic() - started)


def setup(app):
    app.connect("builder-inited", make_window_pictures)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
