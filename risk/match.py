"""Playing a game between bots: the loop every entry point shares.

:class:`Match` owns the live :class:`GameState`, one private random source per seat for the bots,
and the :class:`GameRecord`. Each step hands the current bot a view (never the live state),
checks the action it returns, applies it and records it. A bot that raises or returns an
illegal action ends the step with :class:`AgentFault`, naming the seat, the bot and what it did.

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
from risk.errors import RecordError, RiskError
from risk.events import Event
from risk.record import GameRecord
from risk.rules import Rules
from risk.state import GameState, RandomSource


class AgentFault(RiskError):
    """A bot crashed, returned an illegal action, or took too long."""

    def __init__(self, seat: int, bot: str, kind: str, detail: str):
        self.seat = seat
        self.bot = bot
        self.kind = kind
        self.detail = detail
        super().__init__(f"bot {bot!r} in seat {seat + 1} {kind}: {detail}")


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


def seat_seed(game_seed: int | None, seat: int, bot_seed: int | None) -> int | None:
    """The seed of a seat's private random source (None when the game itself is unseeded)."""
    if game_seed is None:
        return None
    sequence = np.random.SeedSequence(game_seed, spawn_key=(seat, 0 if bot_seed is None else bot_seed + 1))
    return int(sequence.generate_state(1, dtype=np.uint64)[0])


def agent_spec(agent) -> str:
    return getattr(agent, "spec", None) or getattr(agent, "name", type(agent).__name__)


class Match:
    """One game: the state, the bots, their random sources and the record."""

    def __init__(self, agents: Sequence, seed: int | None = None, rules: Rules | None = None,
                 board: Board | None = None, state: GameState | None = None,
                 record: GameRecord | None = None):
        self.agents = list(agents)
        self.state = state or GameState.new(players=len(self.agents), seed=seed, rules=rules, board=board)
        self.seed = self.state.rng.seed
        self.specs = [agent_spec(a) for a in self.agents]
        self.record = record or GameRecord.start(self.state, self.specs)
        self.seat_rngs = [RandomSource(seat_seed(self.seed, seat, getattr(agent, "seed", None)))
                          for seat, agent in enumerate(self.agents)]
        if state is None:
            for seat, agent in enumerate(self.agents):
                reset = getattr(agent, "reset", None)
                if reset is not None:
                    reset(seat_seed(self.seed, seat, getattr(agent, "seed", None)))

    # -- playing -------------------------------------------------------------------------------

    def choose(self) -> Any:
        """Ask the bot to move for the current player; raises AgentFault if it misbehaves."""
        state = self.state
        seat = state.current_player
        agent = self.agents[seat]
        view = state.view(seat, self.seat_rngs[seat])
        try:
            action = agent.act(view)
        except Exception as exc:  # a bot's bug must not take the program down with it
            raise AgentFault(seat, self.specs[seat], "crashed", f"{type(exc).__name__}: {exc}") from exc
        reason = state.why_illegal(action)
        if reason is not None:
            shown = action.text(state.board) if hasattr(action, "text") else repr(action)
            raise AgentFault(seat, self.specs[seat], "made an illegal move", f"'{shown}': {reason}")
        return action

    def step(self, action=None) -> list[Event]:
        """Apply ``action`` (or the current bot's choice) and record it."""
        state = self.state
        seat = state.current_player
        if action is None:
            action = self.choose()
        events = state.apply(action)
        self.record.add(seat, action.text(state.board))
        if state.is_terminal():
            self.record.finish(state)
        return events

    def play(self, on_events: Callable[[GameState, list[Event]], None] | None = None) -> GameResult:
        """Play to the end (the turn cap in the rules ends every game)."""
        while not self.state.is_terminal():
            events = self.step()
            if on_events is not None:
                on_events(self.state, events)
        return self.result()

    def result(self) -> GameResult:
        state = self.state
        winner = state.winner
        return GameResult(seed=self.seed, seats=self.specs, winner=winner,
                          winner_bot=None if winner is None else self.specs[winner],
                          turns=state.turn, reason=state.end_reason or "unfinished",
                          places=list(state.places or []), actions=len(self.record.actions))

    # -- saving --------------------------------------------------------------------------------

    def save(self, path: str | Path) -> None:
        """Write the game so far, with the bots' random sources, atomically."""
        self.record.save = {"seat_rngs": [rng.get_state() for rng in self.seat_rngs]}
        try:
            self.record.write(path)
        finally:
            self.record.save = None

    @classmethod
    def load(cls, path: str | Path, agents: Sequence | None = None) -> "Match":
        """Resume a saved game (or a finished record) with ``agents`` or the bots it names."""
        from ai import make_agent

        record = GameRecord.load(path)
        state = record.replay(str(path))
        if agents is None:
            agents = [make_agent(spec) for spec in record.players]
        if len(agents) != len(record.players):
            raise RecordError(f"the save has {len(record.players)} players, not {len(agents)}", str(path))
        saved = record.save
        record.save = None
        match = cls(agents, state=state, record=record)
        if saved is not None:
            if len(saved["seat_rngs"]) != len(agents):
                raise RecordError("the save's random sources do not match its players", str(path))
            for rng, rng_state in zip(match.seat_rngs, saved["seat_rngs"]):
                try:
                    rng.set_state(rng_state)
                except (KeyError, TypeError, ValueError):
                    raise RecordError("the save's random sources are corrupt", str(path)) from None
        return match
