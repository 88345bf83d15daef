"""Where games are saved: a per-user folder, overridable for tests and portable installs.

* ``MARKOV_RISK_AUTOSAVE``: the autosave file itself;
* ``MARKOV_RISK_DATA``: the folder for the autosave and the ``saves/`` folder;
* otherwise ``$XDG_DATA_HOME/markov-risk`` or ``~/.local/share/markov-risk``.
"""

from __future__ import annotations

import os
import threading
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
    from risk.schema import MAX_RECORD_BYTES, read_bounded

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


def describe_save(path: Path) -> str:
    """A saved game as a list shows it: its map, how far it got (player turns and rounds), who
    plays, when it was saved. Replays the game (a fraction of a second for a long one), so the
    load dialog asks on a thread (:class:`SaveDescriptions`). A damaged file says so."""
    from risk.errors import RiskError
    from risk.gui.session import player_names
    from risk.gui.stats import Rounds

    when = time.strftime("%d %b %H:%M", time.localtime(Path(path).stat().st_mtime))
    try:
        record, _ = read_save(path)
        rounds: Rounds | None = None

        def count(state, events):
            nonlocal rounds
            if rounds is None:
                rounds = Rounds()
            rounds.observe(events)

        state = record.replay(str(path), on_events=count)
    except (RiskError, OSError, ValueError) as exc:
        return f"damaged ({_without_path(str(exc), path)}) · {when}"
    board_name = str(record.map_data.get("name", "a map"))
    names = player_names(list(record.players), state.players, -1)
    if state.phase.is_setup:
        where = "set-up"
    else:
        round_ = rounds.round if rounds is not None and rounds.round else 1
        where = f"turn {state.turn}, round {round_}" + (", finished" if state.is_terminal() else "")
    return f"{board_name} · {where} · {', '.join(names)} · {when}"


class SaveDescriptions:
    """:func:`describe_save` for a list of files, worked out on a thread of its own: the dialog
    lists the files at once and fills the descriptions in as they come."""

    def __init__(self, paths: list[Path]):
        self.found: dict[Path, str] = {}
        self._thread = threading.Thread(target=self._run, args=(list(paths),), name="save-descriptions",
                                        daemon=True)
        self._thread.start()

    def _run(self, paths: list[Path]) -> None:
        for path in paths:
            try:
                self.found[path] = describe_save(path)
            except OSError:
                self.found[path] = "cannot be read"

    def get(self, path: Path) -> str | None:
        return self.found.get(path)
