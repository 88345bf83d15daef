"""Where games are saved: a per-user folder, overridable for tests and portable installs.

* ``MARKOV_RISK_AUTOSAVE``: the autosave file itself;
* ``MARKOV_RISK_DATA``: the folder for the autosave and the ``saves/`` folder;
* otherwise ``$XDG_DATA_HOME/markov-risk`` or ``~/.local/share/markov-risk``.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

AUTOSAVE_NAME = "autosave.jsonl"


def data_dir() -> Path:
    folder = os.environ.get("MARKOV_RISK_DATA")
    if folder:
        return Path(folder)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "markov-risk"


def autosave_path() -> Path:
    override = os.environ.get("MARKOV_RISK_AUTOSAVE")
    return Path(override) if override else data_dir() / AUTOSAVE_NAME


def saves_dir() -> Path:
    return data_dir() / "saves"


def new_save_path() -> Path:
    """A fresh file name in the saves folder, by date and time."""
    folder = saves_dir()
    stamp = time.strftime("%Y-%m-%d_%H-%M-%S")
    path = folder / f"game_{stamp}.jsonl"
    n = 2
    while path.exists():
        path = folder / f"game_{stamp}_{n}.jsonl"
        n += 1
    return path


def list_saves(limit: int = 12) -> list[Path]:
    """Saved games, newest first (the autosave first if there is one)."""
    found = []
    auto = autosave_path()
    if auto.is_file():
        found.append(auto)
    folder = saves_dir()
    if folder.is_dir():
        found.extend(sorted(folder.glob("*.jsonl"), key=lambda p: p.stat().st_mtime, reverse=True))
    return found[:limit]


def ensure_parent(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)


def unfinished(path: Path) -> bool:
    """Whether ``path`` holds a game that can be resumed (readable and not finished)."""
    from risk.errors import RiskError
    from risk.record import GameRecord

    try:
        return GameRecord.load(path).result is None
    except (RiskError, OSError, ValueError):
        return False
