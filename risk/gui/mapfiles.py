"""Where a map's files are: the file a board was read from, the folders its pictures may sit in,
and the folder of the window's caches.

A :class:`~risk.board.Board` does not know its file (a game record carries the map itself), so
the window's loaders :func:`remember` it, by the map's content: the same map read again, or
carried in a save, finds its file, its pictures and its cached geometry.
"""

from __future__ import annotations

import hashlib
import json
import os
import weakref
from pathlib import Path

#: content key -> the file the map was read from (the last one, when two files hold one map)
_FILES: dict[str, Path] = {}
_KEYS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def content_key(board) -> str:
    """A digest of everything in the map's file (the same for the same map, whatever file or save
    it came from)."""
    key = _KEYS.get(board)
    if key is None:
        text = json.dumps(board.source, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        key = _KEYS[board] = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return key


def remember(board, path) -> None:
    """``board`` was read from the file at ``path``."""
    _FILES[content_key(board)] = Path(path).resolve()


def map_file(board) -> Path | None:
    """The file ``board`` was read from, when a loader said so (None for the classic map made
    in memory, or a map known only from a save)."""
    return _FILES.get(content_key(board))


def picture_folders(board) -> list[Path]:
    """Where an imported map's pictures may be, in order: beside its file, then in the player's
    maps folder (where a map dropped on the window is copied with them)."""
    from risk.gui import saves

    folders = []
    found = map_file(board)
    if found is not None:
        folders.append(found.parent)
    folders.append(saves.data_dir() / "maps")
    return folders


def cache_dir() -> Path:
    """The window's cache folder: ``$MARKOV_RISK_CACHE``; else ``cache`` in the data folder when
    ``MARKOV_RISK_DATA`` moves it (a portable install, the tests); else
    ``$XDG_CACHE_HOME/markov-risk`` or ``~/.cache/markov-risk``."""
    folder = os.environ.get("MARKOV_RISK_CACHE")
    if folder:
        return Path(folder)
    if os.environ.get("MARKOV_RISK_DATA"):
        return Path(os.environ["MARKOV_RISK_DATA"]) / "cache"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "markov-risk"


def is_bundled(path: Path) -> bool:
    """Whether ``path`` is one of the program's own maps (never written beside)."""
    from risk.paths import maps_dir

    try:
        return path.resolve().parent == maps_dir().resolve()
    except OSError:
        return False
