"""The plumbing every run shares: resume checks, playing, writing, progress and game lines.

A :class:`Session` owns the results file (if any), the runner and the progress bar. Its
:meth:`Session.play` takes the tasks of one phase, skips those the results file already holds
(after checking that the recorded game is the very game this run would play), plays the rest,
and makes each result durable, prints its line and advances the bar as it arrives.
"""

from __future__ import annotations

import sys
from typing import Any, Callable, Sequence

from tqdm import tqdm

from risk.errors import RecordError
from risk.schema import short_form
from risk.tournament.report import describe_game
from risk.tournament.results import ResultsFile
from risk.tournament.runner import Runner
from risk.tournament.schedule import GameTask


class Session:
    def __init__(self, runner: Runner, results: ResultsFile | None, total_games: int,
                 show_games: bool = True, stderr=None):
        self.runner = runner
        self.results = results
        self.records: dict[int, dict[str, Any]] = dict(results.records) if results else {}
        self.total_games = total_games
        self.show_games = show_games
        self._announced = False   # whether the resume was reported yet
        stream = stderr or sys.stderr
        self.progress = tqdm(total=total_games, initial=0, unit="game", file=stream,
                             disable=not stream.isatty(), dynamic_ncols=True, smoothing=0.05)

    def check_planned(self, planned: Callable[[int], bool], what: str) -> None:
        """Reject a results file holding games this run would never play (other options)."""
        if self.results is None:
            return
        for game, line in sorted(self.results.lines.items(), key=lambda item: item[1]):
            if not planned(game):
                raise RecordError(f"game {game + 1} is not part of this {what}; resume with the "
                                  "options the file was started with", str(self.results.path), line)

    def play(self, tasks: Sequence[GameTask], on_record: Callable[[dict[str, Any]], None] = None,
             stop: Callable[[], bool] = lambda: False) -> dict[int, dict[str, Any]]:
        """Play the tasks not yet recorded; every result of ``tasks`` (recorded or new) by game.

        ``on_record`` sees every result, recorded ones first in game order; ``stop`` is asked
        after each and ends the phase early once it says yes.
        """
        finished: dict[int, dict[str, Any]] = {}
        missing = []
        for task in tasks:
            record = self.records.get(task.game)
            if record is None:
                missing.append(task)
                continue
            self._check_recorded(task, record)
            finished[task.game] = record
        self._announce()
        for game in sorted(finished):
            self.progress.update(1)
            if on_record:
                on_record(finished[game])
        if stop():
            return finished
        for record in self.runner.play(missing, stop):
            if self.results is not None:
                self.results.append(record)
            self.records[record["game"]] = record
            finished[record["game"]] = record
            self.progress.update(1)
            if self.show_games:
                self.progress.write(describe_game(record, self.total_games), file=sys.stdout)
            if on_record:
                on_record(record)
        return finished

    def _check_recorded(self, task: GameTask, record: dict[str, Any]) -> None:
        """Refuse a recorded game this run would not have played as recorded: a line is
        untrusted, so everything the run decides (seed, seating, rules, map, clock) must be this
        run's, and the outcome must fit the run's turn cap (its fields among themselves were
        checked when the file was read)."""
        setup = self.runner.setup
        expected = {"group": task.group, "rotation": task.rotation, "seed": task.seed,
                    "seats": list(task.seats), "players": list(task.players),
                    "rules": setup.rules.changes(), "setup": setup.fingerprint, "tag": task.tag}
        where = (str(self.results.path), self.results.lines[task.game])
        for key, value in expected.items():
            if record.get(key, list(task.seats) if key == "players" else None) != value:
                what = "rules, map or move timeout" if key in ("setup", "rules") else key
                raise RecordError(
                    f"game {task.game + 1} was played with another {what} than this run would "
                    f"use ({short_form(record.get(key))}, not {short_form(value)}); resume with the "
                    "options the file was started with", *where)
        cap = setup.rules.max_turns
        if record["turns"] > cap or (record["reason"] == "turn limit" and record["turns"] != cap):
            raise RecordError(f"game {task.game + 1} ended by {short_form(record['reason'])} after "
                              f"{record['turns']} turns, which a run capped at {cap} turns never "
                              "records", *where)

    def _announce(self) -> None:
        """Say once what the run keeps of its results file, and what it cuts."""
        if self._announced or self.results is None:
            return
        self._announced = True
        if self.results.records:
            print(f"{self.results.path}: resuming after {len(self.results.records)} finished "
                  "games", file=sys.stderr)
        if self.results.torn_bytes:
            print(f"{self.results.path}: cutting its torn last line ({self.results.torn_bytes} bytes: "
                  "a game the interrupted run had not finished, played again)", file=sys.stderr)

    def close(self, finished: bool) -> None:
        """Stop the bar; if the run ended normally, rewrite the results file in game order."""
        self.progress.close()
        if self.results is not None:
            if finished:
                self.results.finish()
            else:
                self.results.close()


class GroupCursor:
    """Hands out complete groups in game order, however the games finish.

    Sequential tests look at the evidence only after whole seat-rotation groups, taken in game
    order: every seat is then equally represented, and the decision (and the game at which it
    is taken) is the same for any ``--jobs``.
    """

    def __init__(self, tasks: Sequence[GameTask]):
        by_group: dict[int, list[int]] = {}
        for task in tasks:
            by_group.setdefault(task.group, []).append(task.game)
        self._groups = [sorted(games) for _, games in sorted(by_group.items())]
        self._next = 0
        self._seen: dict[int, dict[str, Any]] = {}

    def add(self, record: dict[str, Any]) -> list[list[dict[str, Any]]]:
        """Take one result; return the groups it completes, in order (often none)."""
        self._seen[record["game"]] = record
        complete = []
        while self._next < len(self._groups) and all(g in self._seen for g in self._groups[self._next]):
            complete.append([self._seen[g] for g in self._groups[self._next]])
            self._next += 1
        return complete
