"""Playing a game between bots: the one loop every entry point shares.

:class:`Match` owns the live :class:`GameState`, one private random source per seat for the bots,
the :class:`GameRecord` and the move clock. It takes bots already built (the caller builds them
from specs; this module never imports the bots). Each step hands the current bot a view (never
the live state), runs it on the clock, checks the action it returns, applies it, records it and
tells the observers. A bot that raises, returns an illegal action or runs past the clock ends
the step with :class:`AgentFault`, naming the seat, the bot and the fault.

Three ways to drive it: :meth:`Match.play` to the end; :meth:`Match.step` one action at a time
(``step()`` asks the bot to move, ``step(action)`` plays a person's action); and, for a bot
that thinks elsewhere (the window's worker thread), :meth:`Match.bot_turn` then
``step(action, rng=turn.rng)``.

>>> from ai import make_agent
>>> match = Match([make_agent("random") for _ in range(3)], seed=5,
...               rules=Rules(max_turns=30))
>>> result = match.play()
>>> result.turns
30
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np

from risk.board import Board
from risk.clock import GameClock, MoveClock, MoveTimeout
from risk.errors import IllegalActionError, RecordError, RefereeError, RiskError
from risk.events import Event
from risk.record import GameRecord
from risk.rules import Rules
from risk.state import GameState, RandomSource

#: The kinds of :class:`AgentFault`.
CRASHED = "crashed"
ILLEGAL_MOVE = "made an illegal move"
TIMED_OUT = "timed out"
# The faults only a bot program (risk.protocol.ExternalAgent) can commit:
BROKEN_PIPE = "broke the pipe"
UNREADABLE_OUTPUT = "wrote unreadable output"
UNKNOWN_MESSAGE = "sent an unknown message"
WRONG_REQUEST_ID = "answered a stale or wrong request id"
HANDSHAKE_FAILED = "failed the handshake"


class AgentFault(RiskError):
    """A bot crashed, returned an illegal action, or took too long (``kind`` says which)."""

    def __init__(self, seat: int, bot: str, kind: str, detail: str):
        self.seat = seat
        self.bot = bot
        self.kind = kind
        self.detail = detail
        super().__init__(f"bot {bot!r} in seat {seat} {kind}: {detail}")  # seats from 0, as in the protocol


class BotFault(Exception):
    """Raised by a bot that found its own fault (a bot program that wrote garbage or ended);
    the match turns it into :class:`AgentFault` with this ``kind`` and ``detail``."""

    def __init__(self, kind: str, detail: str):
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


@dataclass
class GameResult:
    seed: int | None
    seats: list[str]
    winner: int | None
    winner_bot: str | None
    turns: int
    reason: str
    places: list[int]
    actions: int

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class MatchStep:
    """One action played, as the observers are told of it: who played it, in which turn (the
    turn it was chosen in), the action and what it caused."""

    seat: int
    turn: int
    action: Any
    events: list[Event]


@dataclass(frozen=True)
class BotTurn:
    """A bot's move to be thought over elsewhere: its seat, the bot, its view, and the view's own
    copy of the seat's random source (the live one stays as it was, and is saved so, until the
    answer is played with ``Match.step(action, rng=turn.rng)``)."""

    seat: int
    agent: Any
    view: GameState
    rng: RandomSource


#: Called after every step with the state after it and the step.
Observer = Callable[[GameState, MatchStep], None]


def seat_seed(game_seed: int | None, seat: int, bot_seed: int | None) -> int | None:
    """The seed of a seat's private random source (None when the game itself is unseeded)."""
    if game_seed is None:
        return None
    sequence = np.random.SeedSequence(game_seed, spawn_key=(seat, 0 if bot_seed is None else bot_seed + 1))
    return int(sequence.generate_state(1, dtype=np.uint64)[0])


def agent_spec(agent) -> str:
    return getattr(agent, "spec", None) or getattr(agent, "name", type(agent).__name__)


class Match:
    """One game: the state, the bots, their random sources, the clock and the record.

    The bots are reset (each with its seat's seed, on the clock) just before the first move; a
    match made from a ``state`` (a game resumed) does not reset them.

    A bot that runs elsewhere (``risk.protocol.ExternalAgent``, a program) may have three more
    methods, each optional: ``prepare(match, seat, allowed)``, called off the clock before each
    timed call (to start its program and learn the move's allowance); ``observe(state, step)``,
    called after every step like an observer; ``close()``, called when the game ends by a fault.
    It reports its own faults by raising :class:`BotFault`.
    """

    def __init__(self, agents: Sequence, seed: int | None = None, rules: Rules | None = None,
                 board: Board | None = None, state: GameState | None = None,
                 record: GameRecord | None = None, clock: MoveClock | None = None,
                 observers: Sequence[Observer] = ()):
        self.agents = list(agents)
        self.state = state or GameState.new(players=len(self.agents), seed=seed, rules=rules, board=board)
        self.seed = self.state.rng.seed
        self.specs = [agent_spec(a) for a in self.agents]
        self.record = record or GameRecord.start(self.state, self.specs)
        self.seat_rngs = [RandomSource(seat_seed(self.seed, seat, getattr(agent, "seed", None)))
                          for seat, agent in enumerate(self.agents)]
        self.clock: GameClock = (clock or MoveClock()).start(len(self.agents))
        # A bot that wants to see every step (a bot program, told the events its seat may see)
        # has an ``observe`` method, called like an observer.
        self.observers: list[Observer] = list(observers) + [
            agent.observe for agent in self.agents if callable(getattr(agent, "observe", None))]
        self._bots_ready = state is not None

    # -- the bots --------------------------------------------------------------------------------

    def start(self) -> None:
        """Reset the bots with their seats' seeds, once, on the clock; raises AgentFault."""
        if self._bots_ready:
            return
        self._bots_ready = True
        for seat, agent in enumerate(self.agents):
            reset = getattr(agent, "reset", None)
            if reset is not None:
                seed = seat_seed(self.seed, seat, getattr(agent, "seed", None))
                self._run_bot(seat, reset, seed, "in reset: ")

    def _run_bot(self, seat: int, call: Callable[[Any], Any], argument: Any, where: str = "") -> Any:
        allowed = self.clock.allowance(seat)
        prepare = getattr(self.agents[seat], "prepare", None)
        try:
            if prepare is not None:  # off the clock: a bot program starts, and learns its allowance
                prepare(self, seat, allowed)
            if allowed is None:  # no clock set: nothing to arm, as in most headless games
                return call(argument)
            with self.clock.move(seat):
                return call(argument)
        except MoveTimeout:
            raise AgentFault(seat, self.specs[seat], TIMED_OUT,
                             self.clock.describe_timeout(allowed)) from None
        except BotFault as fault:
            raise AgentFault(seat, self.specs[seat], fault.kind, fault.detail) from None
        except RefereeError:  # the seat could not be set up: not the bot's doing
            raise
        except Exception as exc:  # a bot's bug must not take the program down with it
            raise AgentFault(seat, self.specs[seat], CRASHED,
                             f"{where}{type(exc).__name__}: {exc}") from exc

    def choose(self) -> Any:
        """Ask the bot to move for the current player, on the clock; raises AgentFault if it
        crashes, times out or returns an illegal action."""
        action = self._ask_bot()
        reason = self.state.why_illegal(action)
        if reason is not None:
            raise self._illegal_move(action, reason)
        return action

    def _ask_bot(self) -> Any:
        """The current bot's action, unchecked, from its view on the clock; AgentFault if it
        crashes or times out."""
        self.start()
        state = self.state
        seat = state.current_player
        view = state.view(seat, self.seat_rngs[seat])
        return self._run_bot(seat, self.agents[seat].act, view)

    def _illegal_move(self, action: Any, reason: str) -> AgentFault:
        state = self.state
        seat = state.current_player
        try:
            shown = action.text(state.board)
        except Exception:  # not an action, or one whose fields cannot even be named
            shown = repr(action)
        return AgentFault(seat, self.specs[seat], ILLEGAL_MOVE, f"'{shown}': {reason}")

    def bot_turn(self) -> BotTurn:
        """The current bot's move, to be thought over elsewhere (no clock: the caller waits)."""
        self.start()
        state = self.state
        seat = state.current_player
        rng = RandomSource()
        rng.set_state(self.seat_rngs[seat].get_state())
        return BotTurn(seat, self.agents[seat], state.view(seat, rng), rng)

    # -- playing ---------------------------------------------------------------------------------

    def step(self, action=None, rng: RandomSource | None = None) -> list[Event]:
        """Play one action: ``action`` (a person's, or a bot's answer to :meth:`bot_turn`, whose
        ``rng`` then replaces the seat's random source), else the current bot's choice. Records
        it and tells the observers. Raises AgentFault (from the bot) or IllegalActionError
        (an illegal ``action``, which changes nothing)."""
        self.start()
        state = self.state
        seat, turn = state.current_player, state.turn
        if action is None:
            # The bot's action is checked once, by apply, which refuses it without a trace.
            action = self._ask_bot()
            try:
                events = state.apply(action)
            except IllegalActionError as refused:
                raise self._illegal_move(action, refused.reason) from None
        else:
            events = state.apply(action)
        if rng is not None:
            self.seat_rngs[seat].set_state(rng.get_state())
        self.record.add(seat, action.text(state.board))
        if state.is_terminal():
            self.record.finish(state)
        if self.observers:
            step = MatchStep(seat, turn, action, events)
            for observer in self.observers:
                observer(state, step)
        return events

    def play(self, on_events: Callable[[GameState, list[Event]], None] | None = None) -> GameResult:
        """Play to the end (the turn cap in the rules ends every game); raises AgentFault."""
        try:
            while not self.state.is_terminal():
                events = self.step()
                if on_events is not None:
                    on_events(self.state, events)
        except (AgentFault, RefereeError):
            self.close()
            raise
        return self.result()

    def close(self) -> None:
        """Stop the bots that run elsewhere (a bot program's process), for a game that ends
        early; a finished game has stopped them already. Harmless to call twice."""
        for agent in self.agents:
            close = getattr(agent, "close", None)
            if callable(close):
                close()

    def result(self) -> GameResult:
        state = self.state
        outcome = state.outcome()
        winner = outcome.winner if outcome else None
        return GameResult(seed=self.seed, seats=self.specs, winner=winner,
                          winner_bot=None if winner is None else self.specs[winner],
                          turns=state.turn, reason=outcome.reason if outcome else "unfinished",
                          places=list(outcome.places) if outcome else [], actions=len(self.record.actions))

    # -- saving ----------------------------------------------------------------------------------

    def save(self, path: str | Path) -> None:
        """Write the game so far, with the bots' random sources, atomically."""
        self.record.save = {"seat_rngs": [rng.get_state() for rng in self.seat_rngs]}
        try:
            self.record.write(path)
        finally:
            self.record.save = None

    @classmethod
    def load(cls, path: str | Path, agents: Sequence | Callable[[str], Any],
             clock: MoveClock | None = None) -> "Match":
        """Resume a saved game (or a finished record) with ``agents``: the bots, one per seat, or
        a function that builds a bot from the spec the file names for its seat (specs read
        from a file must be built with ``ai.registry.make_trusted_agent``, never imported).
        Raises RecordError if the file is unreadable or does not fit the bots."""
        record = GameRecord.load(path)
        state = record.replay(str(path))
        if callable(agents):
            agents = [agents(spec) for spec in record.players]
        if len(agents) != len(record.players):
            raise RecordError(f"the save has {len(record.players)} players, not {len(agents)}", str(path))
        saved = record.save
        record.save = None
        match = cls(agents, state=state, record=record, clock=clock)
        if saved is not None:
            if len(saved["seat_rngs"]) != len(agents):
                raise RecordError("the save's random sources do not match its players", str(path))
            for rng, rng_state in zip(match.seat_rngs, saved["seat_rngs"]):
                try:
                    rng.set_state(rng_state)
                except (KeyError, TypeError, ValueError):
                    raise RecordError("the save's random sources are corrupt", str(path)) from None
        return match
