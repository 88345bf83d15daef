"""Playing one tournament game in a worker, with a move clock and the fault policy.

:func:`play_game` is the whole job of a worker process (or Ray task): build the bots from their
specs, play the game with :class:`risk.match.Match`, and return the result line as a dict. A bot
that raises, returns an illegal move, or runs past the move timeout *forfeits*: the game ends
there, the faulting seat is placed last, the other seats are placed by the turn-limit
adjudication (most territories, then most armies; eliminated players after them, last out
last), and the adjudicated leader, if unique, is the winner. The fault is recorded with the
seat, the bot, the kind of fault and the error, and the tournament goes on.

The move clock interrupts a pure-Python bot in the middle of its computation: in a thread that
may handle signals (a worker's main thread) it is a ``SIGALRM`` timer; elsewhere a timer thread
raises the timeout asynchronously in the playing thread.
"""

from __future__ import annotations

import ctypes
import hashlib
import json
import signal
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Iterator

from risk.board import Board
from risk.match import AgentFault, Match, seat_seed
from risk.rules import Rules
from risk.state import GameState
from risk.tournament.schedule import GameTask

TIMED_OUT = "timed out"


class MoveTimeout(BaseException):
    """A bot ran past the move timeout.

    A BaseException, not an Exception, so that a bot's own ``except Exception`` cannot swallow
    it and :meth:`Match.choose` does not mistake it for a crash.
    """


@dataclass(frozen=True)
class GameSetup:
    """What every game of a run shares: the rules (with the turn cap), the map, the move clock."""

    rules: Rules
    board: Board
    move_timeout: float | None = None

    @cached_property
    def fingerprint(self) -> str:
        """A short digest of the setup, recorded with each game so a resume can check it."""
        data = {"rules": self.rules.to_dict(), "map": self.board.to_dict(),
                "move_timeout": self.move_timeout}
        text = json.dumps(data, sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()[:12]


# -- the move clock ------------------------------------------------------------------------------

@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Raise :class:`MoveTimeout` inside the block if it runs longer than ``seconds``."""
    if not seconds:
        yield
    elif threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer"):
        with _alarm(seconds):
            yield
    else:
        with _async_timer(seconds):
            yield


@contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    armed = True

    def on_alarm(signum, frame):
        if armed:  # an alarm that lands after the move finished is ignored
            raise MoveTimeout()

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        armed = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def _async_timer(seconds: float) -> Iterator[None]:
    # Threads cannot receive signals, but CPython can raise an exception in another thread at
    # its next bytecode; that interrupts a pure-Python loop just as well.
    target = threading.get_ident()
    lock = threading.Lock()
    state = {"armed": True}

    def fire():
        with lock:
            if state["armed"]:
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(target),
                                                           ctypes.py_object(MoveTimeout))

    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        with lock:
            state["armed"] = False
        timer.cancel()


# -- one game ------------------------------------------------------------------------------------

def play_game(setup: GameSetup, task: GameTask) -> dict[str, Any]:
    """Play ``task`` under ``setup`` and return its result line."""
    from ai import make_agent

    agents = [make_agent(spec) for spec in task.seats]
    state = GameState.new(players=len(agents), seed=task.seed, rules=setup.rules, board=setup.board)
    # Passing the state makes Match skip the bots' reset(), which is done below on the move
    # clock with the same seeds Match would use, so that a bot that hangs there is caught too.
    match = Match(agents, state=state)
    seat = 0
    fault = None
    try:
        for seat, agent in enumerate(agents):
            reset = getattr(agent, "reset", None)
            if reset is not None:
                with time_limit(setup.move_timeout):
                    _reset(reset, seat, match, task.seed, agent)
        while not state.is_terminal():
            seat = state.current_player
            with time_limit(setup.move_timeout):
                action = match.choose()
            match.step(action)
    except AgentFault as exc:
        fault = {"seat": exc.seat, "bot": task.seats[exc.seat], "kind": exc.kind,
                 "error": exc.detail}
    except MoveTimeout:
        fault = {"seat": seat, "bot": task.seats[seat], "kind": TIMED_OUT,
                 "error": f"no move within {setup.move_timeout:g} s"}

    record: dict[str, Any] = {"game": task.game, "group": task.group, "rotation": task.rotation,
                              "seed": task.seed, "seats": list(task.seats),
                              "players": list(task.players)}
    if fault is None:
        winner, places, reason = state.winner, list(state.places), state.end_reason
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
    return record


def _reset(reset, seat: int, match: Match, seed: int, agent) -> None:
    try:
        reset(seat_seed(seed, seat, getattr(agent, "seed", None)))
    except Exception as exc:  # a bot's bug in reset() is a crash like any other
        raise AgentFault(seat, match.specs[seat], "crashed",
                         f"in reset: {type(exc).__name__}: {exc}") from exc


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
