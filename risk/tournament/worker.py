"""Playing one tournament game in a worker, with a move clock and the fault policy.

:func:`play_game` is the whole job of a worker process (or Ray task): build the bots from their
specs, play the game with :class:`risk.match.Match` on the move clock (:mod:`risk.clock`), and
return the result line as a dict. A bot that raises, returns an illegal move, or runs past the
move timeout *forfeits*: the game ends there, the faulting seat is placed last, the other seats
are placed by the turn-limit adjudication (most territories, then most armies; eliminated
players after them, last out last), and the adjudicated leader, if unique, is the winner. The
fault is recorded with the seat, the bot, the kind of fault and the error, and the tournament
goes on. A seat the referee cannot set up (a bot program's log folder is missing) is not a
fault: :class:`~risk.errors.RefereeError` stops the run, as no game of it could be played.

With ``records`` set, the game's record (:class:`~risk.record.GameRecord`, gzip-compressed) is
written there as ``game-00001.jsonl.gz`` (the game's number as the game lines show it, from 1)
before its result is returned, and the result line names it in ``"record"``. A faulted game's
record ends with the last legal action, without a result.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from risk.board import Board
from risk.clock import MoveClock, MoveTimeout, time_limit
from risk.match import TIMED_OUT, AgentFault, Match
from risk.rules import Rules
from risk.state import GameState
from risk.tournament.schedule import GameTask

# The clock's names, kept importable from here where the tournament's users found them.
__all__ = ["GameSetup", "MoveTimeout", "TIMED_OUT", "forfeit_places", "play_game", "record_name",
           "time_limit"]


@dataclass(frozen=True)
class GameSetup:
    """What every game of a run shares: the rules (with the turn cap), the map, the move clock,
    and the folder that keeps each game's record (None: no records)."""

    rules: Rules
    board: Board
    move_timeout: float | None = None
    # Where the records go changes no game: it is left out of the fingerprint.
    records: str | None = field(default=None, compare=False)

    @cached_property
    def fingerprint(self) -> str:
        """A short digest of the setup, recorded with each game so a resume can check it."""
        data = {"rules": self.rules.to_dict(), "map": self.board.to_dict(),
                "move_timeout": self.move_timeout}
        text = json.dumps(data, sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()[:12]


def play_game(setup: GameSetup, task: GameTask) -> dict[str, Any]:
    """Play ``task`` under ``setup`` and return its result line; RefereeError if a seat cannot
    be set up."""
    from risk.players import make_player
    from risk.tournament.entrants import check_seat

    # The specs come from the command line that started the run, never from a file.
    agents = [make_player(spec) for spec in task.seats]
    for spec, agent in zip(task.seats, agents):
        check_seat(spec, agent)
    match = Match(agents, seed=task.seed, rules=setup.rules, board=setup.board,
                  clock=MoveClock(move_limit=setup.move_timeout))
    fault = None
    try:
        match.play()
    except AgentFault as exc:
        fault = {"seat": exc.seat, "bot": task.seats[exc.seat], "kind": exc.kind,
                 "error": exc.detail}

    state = match.state
    record: dict[str, Any] = {"game": task.game, "group": task.group, "rotation": task.rotation,
                              "seed": task.seed, "seats": list(task.seats),
                              "players": list(task.players)}
    if fault is None:
        outcome = state.outcome()
        winner, places, reason = outcome.winner, list(outcome.places), outcome.reason
    else:
        places = forfeit_places(state, fault["seat"])
        leaders = [p for p, place in enumerate(places) if place == 1]
        winner = leaders[0] if len(leaders) == 1 else None
        reason = "fault"
    record.update({"winner": winner, "winner_bot": None if winner is None else task.seats[winner],
                   "places": places, "turns": state.turn, "reason": reason,
                   "actions": len(match.record.actions), "fault": fault,
                   # What was played, readable: the options that differ from the standard rules
                   # ({} for the standard game); the digest also covers the map and the clock.
                   "rules": setup.rules.changes(), "setup": setup.fingerprint})
    if task.tag is not None:
        record["tag"] = task.tag
    if setup.records is not None:
        name = record_name(task.game)
        match.record.write(Path(setup.records) / name)
        record["record"] = name
    return record


def record_name(game: int) -> str:
    """The file name of game ``game``'s record (``game`` from 0, as in the results file; the
    name counts from 1, as the game lines do)."""
    return f"game-{game + 1:05d}.jsonl.gz"


def forfeit_places(state: GameState, faulty: int) -> list[int]:
    """Places when ``faulty`` forfeits: the others by adjudication, the eliminated after them
    (last out last), the faulting seat last of all."""
    players = state.players
    standing = {p: (state.count[p], state.total_armies(p))
                for p in range(players) if state.alive[p] and p != faulty}
    places = [0] * players
    for p, key in standing.items():
        places[p] = 1 + sum(1 for other in standing.values() if other > key)
    place = len(standing)
    for victim in reversed(state.eliminated):
        if victim < players and victim != faulty:
            place += 1
            places[victim] = place
    places[faulty] = players
    return places
