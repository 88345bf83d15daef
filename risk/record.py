"""Game records and saves: JSON Lines that replay a game exactly.

A record is one JSON object per line::

    {"format": "markov-risk-record", "version": 2, "seed": 1, "players": ["random", ...],
     "rules": {...}, "map": {...the whole map...}}
    {"p": 0, "a": "claim alaska"}
    ...
    {"result": {"winner": 2, "turns": 57, "reason": "conquest", "places": [3, 2, 1]}}

The header holds everything needed to rebuild the start (seed, rules, the map itself, the number
of players); the actions, applied in order, give back every event, because the game's only
randomness is its seeded generator. A save is the same file without a result and with a last
line ``{"save": {"seat_rngs": [...]}}`` holding the bots' random sources, so that a loaded game
continues exactly as it would have. Files are written to a temporary name and renamed, so an
interrupted write never leaves half a file.

A record whose name ends in ``.gz`` is written gzip-compressed (a tournament keeps one per game:
a fifth of the size or less), and every reader takes a compressed file whatever its name, by its
first bytes. A game written twice gives the same bytes twice: the gzip header holds no time.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from risk.board import board_from_dict
from risk.errors import MapError, RecordError, RiskError
from risk.files import read_bounded, write_atomically as write_file
from risk.randomness import BLITZ_DRAWS
from risk.rules import Rules
from risk.schema import (MAX_RECORD_BYTES, RECORD_ACTION, RECORD_HEADER, RECORD_RESULT, SAVE,
                         JsonProblem, problem, read_json, short_form)

RECORD_FORMAT = "markov-risk-record"
#: Version 2 draws big blitzes in strides (:mod:`risk.battle.strides`); a record of version 1
#: replays with the way its game drew them (:data:`~risk.randomness.BLITZ_DRAWS`).
RECORD_VERSION = 2
READABLE_VERSIONS = BLITZ_DRAWS  # each version a way of drawing, each way still readable
#: The first two bytes of every gzip file (RFC 1952): how a compressed record is recognised.
GZIP_MAGIC = b"\x1f\x8b"


@dataclass
class GameRecord:
    """A game's header, its actions so far, and (when finished) its result."""

    seed: int | None
    players: list[str]
    rules: Rules
    map_data: dict[str, Any]
    actions: list[tuple[int, str]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    save: dict[str, Any] | None = None
    #: The record's version: how its game draws a big blitz (a game resumed from an old save
    #: keeps its version, so that the file it is saved to replays too).
    version: int = RECORD_VERSION

    # -- building ------------------------------------------------------------------------------

    @classmethod
    def start(cls, state, players: list[str]) -> "GameRecord":
        """A record for a game that is just beginning (the state as ``GameState.new`` made it)."""
        return cls(seed=state.rng.seed, players=list(players), rules=state.rules,
                   map_data=state.board.to_dict(), version=state.rng.blitz_draws)

    def add(self, player: int, action_text: str) -> None:
        self.actions.append((player, action_text))

    def finish(self, state) -> None:
        self.result = result_of(state)

    # -- writing -------------------------------------------------------------------------------

    def header(self) -> dict[str, Any]:
        return {"format": RECORD_FORMAT, "version": self.version, "seed": self.seed,
                "players": self.players, "rules": self.rules.to_dict(), "map": self.map_data}

    def lines(self) -> list[str]:
        out = [json.dumps(self.header(), separators=(",", ":"))]
        out.extend(json.dumps({"p": p, "a": a}) for p, a in self.actions)
        if self.result is not None:
            out.append(json.dumps({"result": self.result}))
        if self.save is not None:
            out.append(json.dumps({"save": self.save}))
        return out

    def write(self, path: str | Path) -> None:
        """Write atomically: a temporary file in the same folder, renamed over ``path``;
        gzip-compressed when the name ends in ``.gz``."""
        path = Path(path)
        text = "\n".join(self.lines()) + "\n"
        if path.suffix.lower() == ".gz":
            # mtime=0: the header would otherwise hold the time of writing, and the same game
            # must give the same bytes (a run's records are compared across --jobs).
            write_atomically(path, gzip.compress(text.encode("utf-8"), mtime=0))
        else:
            write_atomically(path, text)

    # -- reading -------------------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | Path) -> "GameRecord":
        """Read a record or save, gzip-compressed or not; :class:`RecordError` naming the file
        for anything malformed."""
        path = Path(path)
        return cls.parse(read_record_text(path), str(path))

    @classmethod
    def parse(cls, text: str, path: str | None = None) -> "GameRecord":
        """Read the text of a record: every line is checked against its schema in
        ``risk.schema`` (the header's rules and map by their own code, when replayed)."""
        lines = text.splitlines()
        if not lines or not lines[0].strip():
            raise RecordError("the file is empty", path, 1 if lines else None)
        header = _json_line(lines[0], path, 1)
        if not isinstance(header, dict) or header.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a game record (the first line must be a {RECORD_FORMAT} header)", path, 1)
        version = header.get("version")
        if isinstance(version, bool) or version not in READABLE_VERSIONS:
            raise RecordError(f"record version {short_form(version)} is not supported "
                              f"(this program reads versions 1 to {RECORD_VERSION})", path, 1)
        players = header.get("players")
        if not isinstance(players, list) or not 2 <= len(players) <= 6 or not all(isinstance(p, str) for p in players):
            raise RecordError("the header needs 'players': a list of 2 to 6 bot names", path, 1)
        seed = header.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
            raise RecordError(f"the header's seed {short_form(seed)} is not a non-negative whole number", path, 1)
        mismatch = problem(header, RECORD_HEADER)
        if mismatch:
            raise RecordError(f"the header is malformed: {mismatch}", path, 1)
        try:
            rules = Rules.from_dict(header.get("rules", {}))
        except (RiskError, TypeError, ValueError, KeyError, AttributeError) as exc:
            # The rules' own checks name the option; a value of a type they never expected
            # (a list where a number belongs) is refused the same way.
            raise RecordError(f"the header's rules are invalid: {exc}", path, 1) from None
        if not isinstance(header.get("map"), dict):
            raise RecordError("the header needs the 'map' it was played on", path, 1)
        record = cls(seed=seed, players=players, rules=rules, map_data=header["map"], version=version)
        for number, line in enumerate(lines[1:], start=2):
            if not line.strip():
                continue
            entry = _json_line(line, path, number)
            if record.result is not None or record.save is not None:
                if isinstance(entry, dict) and "save" in entry and record.save is None:
                    record.save = _save_entry(entry["save"], path, number)
                    continue
                raise RecordError("nothing may follow the result or save line", path, number)
            if isinstance(entry, dict) and set(entry) == {"p", "a"}:
                mismatch = problem(entry, RECORD_ACTION)
                if mismatch:
                    raise RecordError("an action line needs a player number 'p' and an action text 'a': "
                                      + mismatch, path, number)
                record.actions.append((entry["p"], entry["a"]))
            elif isinstance(entry, dict) and set(entry) == {"result"} and isinstance(entry["result"], dict):
                mismatch = problem(entry["result"], RECORD_RESULT)
                if mismatch:
                    raise RecordError(f"the result line is malformed: {mismatch}", path, number)
                record.result = entry["result"]
            elif isinstance(entry, dict) and set(entry) == {"save"}:
                record.save = _save_entry(entry["save"], path, number)
            else:
                raise RecordError(f"unexpected line (expected an action, a result or a save): {line[:60]}",
                                  path, number)
        return record

    # -- replaying -----------------------------------------------------------------------------

    def board(self, path: str | None = None):
        try:
            return board_from_dict(self.map_data)
        except MapError as exc:
            raise RecordError(f"the map in the header is invalid: {exc}", path, 1) from None

    def first_position(self, path: str | None = None):
        """The game's first position, before any action: its seed, rules and map, drawing as
        the record's version drew. Raises :class:`RecordError` if the game cannot start."""
        from risk.state import GameState

        board = self.board(path)
        try:
            state = GameState.new(players=len(self.players), seed=self.seed, rules=self.rules, board=board)
        except RiskError as exc:
            raise RecordError(f"the game cannot start: {exc}", path, 1) from None
        state.rng.blitz_draws = self.version  # the record versions number the ways of drawing
        return state

    def replay(self, path: str | None = None, upto: int | None = None, on_events=None):
        """Rebuild the game from the seed by applying the actions; check the result if there is one.

        Raises :class:`RecordError` (with the line) when an action is illegal, is made by the
        wrong player, or when the end differs from the recorded result.
        """
        state = self.first_position(path)
        actions = self.actions if upto is None else self.actions[:upto]
        for index, (player, text) in enumerate(actions):
            line = index + 2
            if state.is_terminal():
                raise RecordError("an action follows the end of the game", path, line)
            if player != state.current_player:
                raise RecordError(f"the record says player {player} acts, but it is player "
                                  f"{state.current_player}'s turn", path, line)
            try:
                events = state.apply_text(text)
            except RiskError as exc:
                raise RecordError(str(exc), path, line) from None
            if on_events is not None:
                on_events(state, events)
        if upto is None and self.result is not None:
            replayed = result_of(state) if state.is_terminal() else None
            if replayed != self.result:
                raise RecordError(f"replaying gives {describe_result(replayed)}, but the record says "
                                  f"{describe_result(self.result)}", path, len(self.actions) + 2)
        return state

    def digest(self) -> str:
        """A short hash of the whole record (to compare two runs)."""
        return hashlib.sha256("\n".join(self.lines()).encode()).hexdigest()[:16]


def read_record_text(path: Path) -> str:
    """The text of the record at ``path``, uncompressed if it is gzip; RecordError naming the
    file if it is missing, too large (compressed or not), damaged or not UTF-8."""
    data = read_bounded(path, MAX_RECORD_BYTES, RecordError, "game record", text=False)
    if data.startswith(GZIP_MAGIC):
        data = _gunzip(data, path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("not a game record (not UTF-8 text)", str(path)) from None


def _gunzip(data: bytes, path: Path) -> bytes:
    # Read at most one byte past the limit: a small file that inflates without end (a "zip
    # bomb") costs no more memory than the largest record allowed.
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
            text = stream.read(MAX_RECORD_BYTES + 1)
    except (OSError, EOFError, zlib.error) as exc:  # BadGzipFile is an OSError
        raise RecordError(f"a damaged compressed record ({exc or type(exc).__name__})", str(path)) from None
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(f"is larger than {MAX_RECORD_BYTES >> 20} MB uncompressed: not a game record",
                          str(path))
    return text


def result_of(state) -> dict[str, Any]:
    """The result line of a game: its :class:`~risk.position.Outcome` (all None while it goes
    on) and the turns played."""
    outcome = state.outcome()
    return {"winner": outcome.winner if outcome else None, "turns": state.turn,
            "reason": outcome.reason if outcome else None, "places": list(outcome.places) if outcome else None}


def describe_result(result: dict[str, Any] | None) -> str:
    if result is None:
        return "an unfinished game"
    # Seats count from 0 in the record and from 1 (P1, P2, ...) everywhere a person reads them.
    who = "a draw" if result.get("winner") is None else f"a win for P{result['winner'] + 1}"
    return f"{who} after {result.get('turns')} turns ({result.get('reason')})"


def _json_line(line: str, path: str | None, number: int) -> Any:
    try:
        return read_json(line)
    except JsonProblem as exc:
        raise RecordError(str(exc), path, number) from None


def _save_entry(entry: Any, path: str | None, number: int) -> dict[str, Any]:
    if not isinstance(entry, dict) or not isinstance(entry.get("seat_rngs"), list):
        raise RecordError("the save line needs 'seat_rngs'", path, number)
    mismatch = problem(entry, SAVE)
    if mismatch:
        raise RecordError(f"the save's random sources are corrupt: {mismatch}", path, number)
    return entry


def write_atomically(path: Path, text: str | bytes) -> None:
    """Write a record or save (text, or a compressed one's bytes) through
    :func:`risk.files.write_atomically`: whole or not at all, regular files only; any failure is
    a :class:`RecordError` naming ``path``."""
    write_file(path, text, RecordError)
