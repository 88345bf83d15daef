"""The results file: JSON Lines, one object per finished game, safe against being killed.

Each game's line is written with a single ``os.write`` of the whole line (newline included) on a
file opened for appending, then ``fsync``-ed, as soon as the game finishes. A run killed at any
moment (even ``kill -9``) therefore leaves complete lines for every game it finished and at most
one torn last line without its newline; :meth:`ResultsFile.open` with ``resume`` drops that torn
line and continues, and any other malformed line is reported with its line number. When a run
ends normally the file is rewritten in game order (to a temporary file, then renamed), so a
finished run's file is byte-identical whatever ``--jobs`` or interruptions it went through.

A line holds at least::

    {"game": 0, "group": 0, "rotation": 0, "seed": 123, "seats": ["angry", "random"],
     "players": ["angry", "random"], "winner": 0, "winner_bot": "angry", "places": [1, 2],
     "turns": 27, "reason": "conquest", "actions": 311, "fault": null, "rules": {},
     "setup": "1a2b3c4d5e6f"}

with ``"rules"`` the rule options that differ from the standard rules (``Rules.changes()``, as
``--rules`` names them: ``{}`` for the standard rules, ``{"fortify": "connected"}`` ...),
``"fault": {"seat", "bot", "kind", "error"}`` when a bot forfeited, ``"tag"`` on tuning
games, and ``"record"``, the name of the game's record in the ``--records`` folder, when the run
kept records (see docs/tournaments.md). ``"seats"`` holds the specs, ``"players"`` the entrants'
labels (their names, see :mod:`risk.tournament.entrants`).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Iterable

from risk.errors import RecordError, UsageError
from risk.schema import MAX_RESULTS_BYTES, RESULTS_LINE, JsonProblem, problem, read_bounded, read_json


class ResultsFile:
    """An append-only results file and the games already in it."""

    def __init__(self, path: str | Path, records: dict[int, dict[str, Any]],
                 lines: dict[int, int]):
        self.path = Path(path)
        self.records = records      # game index -> result line
        self.lines = lines          # game index -> line number in the file as it was read
        self._fd: int | None = None
        self._torn_at: int | None = None   # where a torn last line starts, until it is cut

    # -- opening ---------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path, resume: bool) -> "ResultsFile":
        """Open ``path`` for a run: new (or empty) unless ``resume``, which keeps its games."""
        path = Path(path)
        if path.is_dir():
            raise RecordError("is a folder, not a results file", str(path))
        exists = path.exists() and path.stat().st_size > 0
        if exists and not resume:
            raise UsageError(f"{path} already holds results; add --resume to continue it, "
                             "or choose another --out")
        records: dict[int, dict[str, Any]] = {}
        lines: dict[int, int] = {}
        if exists:
            data = _read_bytes(path)
            complete = data.rfind(b"\n") + 1
            records, lines = parse_results(data[:complete].decode("utf-8", "replace"), str(path))
        results = cls(path, records, lines)
        if exists and complete < len(data):
            # The run was killed in the middle of writing its last line: that game is not
            # finished as far as the file is concerned, and will be played again. The torn line
            # is cut just before the first new line is written, so a resume refused on the way
            # (other options than the file's) leaves the file exactly as it was.
            results._torn_at = complete
        try:
            results._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        except OSError as exc:
            raise RecordError(f"cannot be written ({exc.strerror or exc})", str(path)) from None
        return results

    @classmethod
    def read(cls, path: str | Path) -> tuple["ResultsFile", bool]:
        """Read a results file for a report: (results, whether a torn last line was ignored)."""
        path = Path(path)
        data = _read_bytes(path)
        complete = data.rfind(b"\n") + 1
        records, lines = parse_results(data[:complete].decode("utf-8", "replace"), str(path))
        return cls(path, records, lines), complete < len(data)

    # -- writing ---------------------------------------------------------------------------------

    def append(self, record: dict[str, Any]) -> None:
        """Make one finished game durable: one write of the whole line, then fsync."""
        if self._fd is None:
            raise ValueError("the results file is not open for writing")
        if self._torn_at is not None:
            os.ftruncate(self._fd, self._torn_at)
            self._torn_at = None
        data = (json.dumps(record) + "\n").encode()
        written = os.write(self._fd, data)
        while written < len(data):  # only on a full disk or the like; the line may then tear
            written += os.write(self._fd, data[written:])
        os.fsync(self._fd)
        self.records[record["game"]] = record

    def finish(self) -> None:
        """Rewrite the file in game order (atomically) and close it."""
        self.close()
        ordered = "".join(json.dumps(self.records[game]) + "\n" for game in sorted(self.records))
        write_durably(self.path, ordered)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def in_order(self) -> list[dict[str, Any]]:
        return [self.records[game] for game in sorted(self.records)]


def write_durably(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` so that a crash leaves either the old or the new file."""
    temporary = path.with_name(path.name + ".tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)
    directory = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


# -- reading and validating ------------------------------------------------------------------------

def _read_bytes(path: Path) -> bytes:
    """The file's bytes; RecordError naming it if it is missing, a folder, unreadable or huge."""
    return read_bounded(path, MAX_RESULTS_BYTES, RecordError, "results file", text=False)


def parse_results(text: str, path: str) -> tuple[dict[int, dict[str, Any]], dict[int, int]]:
    """Every game line of ``text``, checked; RecordError names the first bad line."""
    records: dict[int, dict[str, Any]] = {}
    lines: dict[int, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        try:
            record = read_json(line)
        except JsonProblem as exc:
            raise RecordError(f"not a JSON line ({exc.detail})", path, number) from None
        found = record_problem(record) or problem(record, RESULTS_LINE)
        if found:
            raise RecordError(found, path, number)
        game = record["game"]
        if game in records:
            raise RecordError(f"game {game} is already on line {lines[game]}", path, number)
        records[game] = record
        lines[game] = number
    return records, lines


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def record_problem(record: Any) -> str | None:
    """What is wrong with one result line, or None."""
    if not isinstance(record, dict):
        return "a result line must be a JSON object"
    for key in ("game", "group", "seed", "turns"):
        if not _is_int(record.get(key)) or record[key] < 0:
            return f"'{key}' must be a whole number, 0 or more"
    seats = record.get("seats")
    if not isinstance(seats, list) or not 2 <= len(seats) <= 6 or not _all_str(seats):
        return "'seats' must list 2 to 6 bot specs"
    players = record.get("players", seats)
    if not isinstance(players, list) or len(players) != len(seats) or not _all_str(players):
        return "'players' must name the entrant in each seat"
    if len(set(players)) != len(players):
        return "'players' must not name an entrant twice"
    winner = record.get("winner")
    if winner is not None and not (_is_int(winner) and 0 <= winner < len(seats)):
        return f"'winner' must be a seat from 0 to {len(seats) - 1}, or null"
    places = record.get("places")
    if (not isinstance(places, list) or len(places) != len(seats)
            or not all(_is_int(p) and 1 <= p <= len(seats) for p in places)):
        return f"'places' must give each of the {len(seats)} seats a place from 1 to {len(seats)}"
    if not isinstance(record.get("reason"), str):
        return "'reason' must be a string"
    fault = record.get("fault")
    if fault is not None and not (isinstance(fault, dict) and _is_int(fault.get("seat"))
                                  and 0 <= fault["seat"] < len(seats)):
        return "'fault' must be null or an object naming the faulting 'seat'"
    if "tag" in record and not isinstance(record["tag"], dict):
        return "'tag' must be an object"
    if "record" in record and not _plain_file_name(record["record"]):
        return "'record' must name a file in the records folder (a plain file name, no folders)"
    return None


def _plain_file_name(name: Any) -> bool:
    # A results file is data: the record it names must stay inside the records folder.
    return (isinstance(name, str) and 0 < len(name) <= 200 and name not in (".", "..")
            and "/" not in name and "\\" not in name and "\0" not in name)


def _all_str(items: Iterable) -> bool:
    return all(isinstance(item, str) for item in items)
