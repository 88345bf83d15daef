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


def keep_unfinished(path: Path) -> Path | None:
    """Move the unfinished game in ``path`` (the autosave another game is about to replace) into
    the saves folder; its new path, or None when there was nothing to keep. OSError if it cannot
    be moved."""
    if not unfinished(path):
        return None
    target = new_save_path()
    ensure_parent(target)
    os.replace(path, target)
    return target


def ensure_parent(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)


def unfinished(path: Path) -> bool:
    """Whether ``path`` holds a game that can be resumed (readable and not finished)."""
    return resume_problem(path) is None


def resume_problem(path: Path) -> str | None:
    """Why the game in ``path`` cannot be resumed, in a few words for the menu, or None."""
    from risk.errors import RiskError

    if not Path(path).is_file():
        return "no game saved yet"
    try:
        record, _ = read_save(path)
        if record.result is not None:
            return "the last game is finished"
        record.replay(str(path))
    except (RiskError, OSError, ValueError) as exc:
        return f"the autosave is damaged ({_without_path(str(exc), path)})"
    return None


def _without_path(text: str, path) -> str:
    prefix = f"{path}:"
    if text.startswith(prefix):
        text = text[len(prefix):].lstrip()
        head, _, rest = text.partition(": ")
        text = f"line {head}: {rest}" if head.isdigit() and rest else text
    return text


def read_save(path) -> tuple:
    """(the record, a note or None): the save in ``path``, or, for a save cut short in the
    middle of a line (a full disk, a copy interrupted), everything before that line, with a
    note saying so. Raises RecordError for any other damage, and for a file that is not a
    save at all, saying so rather than quoting the JSON reader."""
    from risk.errors import RecordError
    from risk.record import GameRecord
    from risk.files import read_bounded
    from risk.schema import MAX_RECORD_BYTES

    try:
        return GameRecord.load(path), None
    except RecordError as exc:
        if exc.line == 1 and "not valid JSON" in str(exc):
            head = read_bounded(Path(path), MAX_RECORD_BYTES, RecordError, "game record")[:200]
            if "markov-risk-record" in head:
                raise RecordError("the file was cut short in its first line, the game's header: nothing to "
                                  "resume", str(path)) from None
            raise RecordError("not a saved game (its first line is not a game record's header)", str(path)) from None
        if exc.line is None or exc.line <= 1:
            raise
        lines = read_bounded(Path(path), MAX_RECORD_BYTES, RecordError, "game record").splitlines()
        if any(line.strip() for line in lines[exc.line:]):
            raise  # a broken line in the middle: damage, not a file cut short
        record = GameRecord.parse("\n".join(lines[:exc.line - 1]), str(path))
        note = (f"the save was cut short (line {exc.line} is incomplete): resumed after its last "
                f"complete action, the {len(record.actions)}th")
        return record, note

