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
from risk.files import decode, open_for_append, output_problem, read_bytes, write_atomically
from risk.schema import (END_REASONS, MAX_RESULTS_BYTES, RESULTS_LINE, JsonProblem, problem, read_json,
                         short_form)


#: How every line of a results file begins (:func:`result_line` puts the game first): a torn last
#: line is this run's own only if it begins so too.
LINE_START = b'{"game": '


def result_line(record: dict[str, Any]) -> str:
    """The line of one game, its number first."""
    return json.dumps({"game": record["game"], **record}) + "\n"


class ResultsFile:
    """An append-only results file and the games already in it."""

    def __init__(self, path: str | Path, records: dict[int, dict[str, Any]],
                 lines: dict[int, int]):
        self.path = Path(path)
        self.records = records      # game index -> result line
        self.lines = lines          # game index -> line number in the file as it was read
        self.torn_bytes = 0         # the length of a torn last line, cut before the first new line
        self._fd: int | None = None
        self._torn_at: int | None = None   # where a torn last line starts, until it is cut

    # -- opening ---------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path, resume: bool) -> "ResultsFile":
        """Open ``path`` for a run: new (or empty) unless ``resume``, which keeps its games.

        The file is untrusted: anything but a regular file is refused, every complete line must
        be a result line (:func:`parse_results`), and a torn last line is cut only if it begins
        as a result line does; otherwise the file is not this run's and is left as it was."""
        path = Path(path)
        problem = output_problem(path)
        if problem:
            raise RecordError(problem, str(path))
        exists = path.exists() and path.stat().st_size > 0
        if exists and not resume:
            raise UsageError(f"{path} already holds results; add --resume to continue it, "
                             "or choose another --out")
        results = cls(path, {}, {})
        if exists:
            results = cls.read(path, resuming=True)[0]
        results._fd = open_for_append(path, RecordError)
        return results

    @classmethod
    def read(cls, path: str | Path, resuming: bool = False) -> tuple["ResultsFile", bool]:
        """Read a results file: (results, whether a torn last line was left out). For a run
        that resumes the file (``resuming``) the torn line must begin as a result line does: it
        will be cut."""
        path = Path(path)
        data = _read_bytes(path)
        complete = data.rfind(b"\n") + 1
        torn = data[complete:]
        number = data.count(b"\n") + 1
        if resuming and torn and not (torn.startswith(LINE_START) or LINE_START.startswith(torn)):
            raise RecordError("not a line of a results file, and not the torn end of one: this is not "
                              "this tournament's results file (left as it is)", str(path), number)
        text = decode(data[:complete], str(path), "results file", RecordError)
        records, lines = parse_results(text, str(path))
        results = cls(path, records, lines)
        if torn:
            # The run was killed in the middle of writing its last line: that game is not
            # finished as far as the file is concerned, and will be played again. The torn line
            # is cut just before the first new line is written, so a resume refused on the way
            # (other options than the file's) leaves the file exactly as it was.
            results._torn_at, results.torn_bytes = complete, len(torn)
        return results, bool(torn)

    # -- writing ---------------------------------------------------------------------------------

    def append(self, record: dict[str, Any]) -> None:
        """Make one finished game durable: one write of the whole line, then fsync."""
        if self._fd is None:
            raise ValueError("the results file is not open for writing")
        if self._torn_at is not None:
            os.ftruncate(self._fd, self._torn_at)
            self._torn_at = None
        data = result_line(record).encode()
        written = os.write(self._fd, data)
        while written < len(data):  # only on a full disk or the like; the line may then tear
            written += os.write(self._fd, data[written:])
        os.fsync(self._fd)
        self.records[record["game"]] = record

    def finish(self) -> None:
        """Rewrite the file in game order (atomically) and close it."""
        self.close()
        ordered = "".join(result_line(self.records[game]) for game in sorted(self.records))
        write_atomically(self.path, ordered, RecordError)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def in_order(self) -> list[dict[str, Any]]:
        return [self.records[game] for game in sorted(self.records)]


# -- reading and validating ------------------------------------------------------------------------

def _read_bytes(path: Path) -> bytes:
    """The file's bytes; RecordError naming it if it is missing, a folder, unreadable or huge."""
    return read_bytes(path, MAX_RESULTS_BYTES, "results file", RecordError)


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
    """What is wrong with one result line on its own (its fields against each other), or None.
    What a line must hold for one run in particular (its seeds, seats and rules) is checked by
    the run that resumes it (``risk.tournament.session``)."""
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
    return _outcome_problem(record, seats, places, winner, fault)


def _outcome_problem(record: dict[str, Any], seats: list, places: list, winner, fault) -> str | None:
    """How the outcome fields contradict each other, as no game's end could have written them."""
    reason = record["reason"]
    if reason not in END_REASONS:
        return f"'reason' {short_form(reason)} is not how a game ends ({', '.join(END_REASONS)})"
    if any(place != 1 + sum(other < place for other in places) for place in places):
        return f"'places' {places} is not a ranking (a place is 1 + the seats placed before it)"
    leaders = places.count(1)
    if winner is None:
        if leaders < 2 or reason not in ("turn limit", "fault"):
            return "'winner' is null, but only a draw at the turn limit or after a fault has none"
    elif places[winner] != 1 or leaders != 1:
        return f"'winner' {winner} is not the only seat placed first"
    expected_bot = None if winner is None else seats[winner]
    if record.get("winner_bot", expected_bot) != expected_bot:
        return f"'winner_bot' {short_form(record.get('winner_bot'))} is not the winner's bot {short_form(expected_bot)}"
    if (fault is None) != (reason != "fault"):
        return "'fault' must be there exactly when the 'reason' is fault"
    if fault is not None:
        if fault.get("bot") != seats[fault["seat"]]:
            return f"'fault' names bot {short_form(fault.get('bot'))}, not the one in seat {fault['seat']}"
        if places[fault["seat"]] != len(seats):
            return "'fault': the faulting seat must be placed last"
    elif record["turns"] < 1:
        return "'turns' is 0, but a game that ends without a fault ends in a turn"
    return None


def _plain_file_name(name: Any) -> bool:
    # A results file is data: the record it names must stay inside the records folder.
    return (isinstance(name, str) and 0 < len(name) <= 200 and name not in (".", "..")
            and "/" not in name and "\\" not in name and "\0" not in name)


def _all_str(items: Iterable) -> bool:
    return all(isinstance(item, str) for item in items)
