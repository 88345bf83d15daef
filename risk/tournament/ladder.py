"""The ladder: a rating for every bot played here, kept game by game in a SQLite database.

``risk ladder play`` plays games and ``risk ladder add`` reads a tournament's results file; both
hand each finished game to :meth:`Ladder.add`, which records the game and moves its bots' ratings
(Plackett–Luce, :func:`risk.tournament.ratings.rate_game`) in one transaction. A process killed at
any moment, even by ``kill -9``, leaves the database as it was after its last whole game: SQLite
rolls an unfinished transaction back when the file is next opened, so the game in flight is lost
and nothing else. A game is known by its *key* (the digest of its setup, its seed and its seats),
and a game already in the ladder is never counted twice: a killed ``ladder play --seed S`` or
``ladder add FILE`` run again adds exactly what is missing.

A bot is its spec (``threshold:attack_threshold=0.5``, ``bots/deep.toml``), shown by the name its
games gave it (:mod:`risk.tournament.entrants`). Ratings move with each game in the order the
games were added, so they summarise everything the ladder saw without a fixed field: a bot added
later starts at 25 ± 25/3 and is placed by the bots it meets. A game in which one bot holds
several seats rates nothing about that bot against itself; :meth:`Ladder.add` leaves it out.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from risk.errors import RecordError
from risk.tournament.ratings import Rating, initial_rating, rate_game

LADDER_FORMAT = "markov-risk-ladder"
LADDER_VERSION = 1
#: Seconds to wait for another process that holds the database (adding its own games).
BUSY_TIMEOUT = 60.0

#: What :meth:`Ladder.add` did with a game.
ADDED, KNOWN, SHARED = "added", "already in the ladder", "one bot in several seats"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS bots (
    spec TEXT PRIMARY KEY, name TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL,
    games INTEGER NOT NULL, wins INTEGER NOT NULL, place_total INTEGER NOT NULL,
    faults INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, source TEXT NOT NULL, seed INTEGER NOT NULL,
    seats TEXT NOT NULL, names TEXT NOT NULL, places TEXT NOT NULL, winner INTEGER,
    turns INTEGER NOT NULL, reason TEXT NOT NULL, setup TEXT NOT NULL, rules TEXT NOT NULL,
    added REAL NOT NULL);
"""


def game_key(setup: str, seed: int, seats: Sequence[str]) -> str:
    """The key of a game: the same setup, seed and seating is the same game."""
    text = json.dumps([setup, seed, list(seats)], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def key_of(result: dict[str, Any]) -> str:
    """The key of a result line (a results file's, or one just played)."""
    return game_key(result.get("setup", ""), result["seed"], result["seats"])


@dataclass(frozen=True)
class Standing:
    """One bot's row of the table."""

    spec: str
    name: str
    rating: Rating
    games: int
    wins: int
    place_total: int
    faults: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def avg_place(self) -> float:
        return self.place_total / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """μ ± 2σ: where the bot's skill lies with about 95% belief."""
        return self.rating.mu - 2 * self.rating.sigma, self.rating.mu + 2 * self.rating.sigma

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"name": self.name, "spec": self.spec, "games": self.games, "wins": self.wins,
                "win_rate": self.win_rate, "avg_place": self.avg_place, "faults": self.faults,
                "mu": self.rating.mu, "sigma": self.rating.sigma, "interval": [low, high],
                "ordinal": self.rating.ordinal}


class Ladder:
    """An open ladder database: ``with Ladder(path) as ladder: ladder.add(result, "play")``."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        if self.path.is_dir():
            raise RecordError("is a folder, not a ladder database", str(self.path))
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # isolation_level=None: every transaction is begun and ended here, explicitly.
            self._db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise RecordError(f"cannot open the ladder database ({exc})", str(self.path)) from None
        try:
            self._prepare()
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise RecordError(f"not a usable ladder database ({exc})", str(self.path)) from None
        except BaseException:
            self._db.close()
            raise

    def _prepare(self) -> None:
        db = self._db
        self._write_ahead()
        db.execute("PRAGMA synchronous = NORMAL")
        with self._transaction():
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if tables and "meta" not in tables:
                raise RecordError("not a ladder database (it holds other tables)", str(self.path))
            for statement in filter(str.strip, _SCHEMA.split(";")):
                db.execute(statement)
            meta = dict(db.execute("SELECT key, value FROM meta"))
            if not meta:
                db.executemany("INSERT INTO meta VALUES (?, ?)",
                               [("format", LADDER_FORMAT), ("version", str(LADDER_VERSION))])
            elif meta.get("format") != LADDER_FORMAT:
                raise RecordError("not a ladder database", str(self.path))
            elif meta.get("version") != str(LADDER_VERSION):
                raise RecordError(f"ladder version {meta.get('version')} is not supported (this "
                                  f"program reads version {LADDER_VERSION})", str(self.path))

    def _write_ahead(self) -> None:
        """Put the database in write-ahead mode (once set it stays), waiting for another process
        that holds it: SQLite answers a change of journal mode with "locked" at once, without the
        busy timeout, when two processes open a new ladder together."""
        deadline = time.monotonic() + BUSY_TIMEOUT
        while True:
            try:
                if self._db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                    self._db.execute("PRAGMA journal_mode = WAL")
                return
            except sqlite3.OperationalError as exc:
                if exc.sqlite_errorcode != sqlite3.SQLITE_BUSY or time.monotonic() > deadline:
                    raise
                time.sleep(0.02)

    @contextmanager
    def _transaction(self):
        """One transaction, holding the write lock from its start (another process may be adding
        games too): committed whole at the end, or rolled back whole on any error."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        except sqlite3.DatabaseError as exc:  # not SQLite at all, damaged, locked too long, disk full
            raise RecordError(f"not a usable ladder database ({exc})", str(self.path)) from None

    # -- adding games ------------------------------------------------------------------------------

    def has(self, key: str) -> bool:
        return self._db.execute("SELECT 1 FROM games WHERE key = ?", (key,)).fetchone() is not None

    def add(self, result: dict[str, Any], source: str) -> str:
        """Record one finished game and move its bots' ratings, all or nothing: :data:`ADDED`,
        or :data:`KNOWN` / :data:`SHARED` when the game is left out (see the module's docstring).
        ``result`` is a result line; ``source`` says where it came from."""
        seats = list(result["seats"])
        if len(set(seats)) != len(seats):
            return SHARED
        names = list(result.get("players") or seats)
        places = list(result["places"])
        winner, fault = result.get("winner"), result.get("fault")
        db = self._db
        with self._transaction():
            key = key_of(result)
            if self.has(key):
                return KNOWN
            before = [self._rating(spec) for spec in seats]
            after = rate_game(before, places)
            db.execute("INSERT INTO games (key, source, seed, seats, names, places, winner, turns, "
                       "reason, setup, rules, added) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (key, source, result["seed"], json.dumps(seats), json.dumps(names),
                        json.dumps(places), winner, result["turns"], result["reason"],
                        result.get("setup", ""), json.dumps(result.get("rules", {})), time.time()))
            for seat, (spec, name, rating) in enumerate(zip(seats, names, after)):
                db.execute(
                    "INSERT INTO bots VALUES (?, ?, ?, ?, 1, ?, ?, ?) ON CONFLICT (spec) DO UPDATE SET "
                    "name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, "
                    "games = games + 1, wins = wins + excluded.wins, "
                    "place_total = place_total + excluded.place_total, faults = faults + excluded.faults",
                    (spec, name, rating.mu, rating.sigma, int(winner == seat), places[seat],
                     int(fault is not None and fault.get("seat") == seat)))
        return ADDED

    def _rating(self, spec: str) -> Rating:
        row = self._db.execute("SELECT mu, sigma FROM bots WHERE spec = ?", (spec,)).fetchone()
        return Rating(*row) if row else initial_rating()

    # -- reading -----------------------------------------------------------------------------------

    def standings(self) -> list[Standing]:
        """Every bot, best first: by the ordinal μ − 3σ (what the games make certain)."""
        rows = self._db.execute("SELECT spec, name, mu, sigma, games, wins, place_total, faults FROM bots")
        table = [Standing(spec, name, Rating(mu, sigma), games, wins, place_total, faults)
                 for spec, name, mu, sigma, games, wins, place_total, faults in rows]
        return sorted(table, key=lambda s: (-s.rating.ordinal, s.spec))

    def games(self) -> list[dict[str, Any]]:
        """Every game in the order it was added: key, seats, names, places, winner, source."""
        rows = self._db.execute("SELECT key, seats, names, places, winner, source FROM games ORDER BY id")
        return [{"key": key, "seats": json.loads(seats), "names": json.loads(names),
                 "places": json.loads(places), "winner": winner, "source": source}
                for key, seats, names, places, winner, source in rows]

    def game_count(self) -> int:
        return self._db.execute("SELECT COUNT(*) FROM games").fetchone()[0]

    # -- closing -----------------------------------------------------------------------------------

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> "Ladder":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()
