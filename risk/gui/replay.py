"""A game record opened for watching again, step by step, without pygame.

:class:`Replay` plays the record through once when it is opened (so a damaged record is refused
before anything is shown, with RecordError naming the line), keeping a copy of the position
every :data:`CHECKPOINT_EVERY` actions, the log lines each action wrote and the statistics of
every round. :meth:`Replay.state_at` then rebuilds any position from the nearest checkpoint,
so stepping back costs no more than stepping forward. Everything is shown, every player's
cards included: a replay has no hidden seat.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from pathlib import Path

from risk.errors import RecordError, RiskError
from risk.events import GameOver, TurnStarted
from risk.gui.session import _KINDS, LogLine, player_names, telling_order
from risk.gui.stats import TurnStats
from risk.record import GameRecord
from risk.state import GameState, RandomSource

CHECKPOINT_EVERY = 48


def _copy(state: GameState) -> GameState:
    """A copy with its own random source in the same state (``copy`` alone would share it)."""
    rng = RandomSource(0)
    rng.set_state(state.rng.get_state())
    return state.copy(rng)


@dataclass(frozen=True)
class Step:
    """What one action of the record did: who made it, its text, the turn it was made in, the
    first of its log lines, and the territories it touched (to highlight)."""

    player: int
    text: str
    turn: int
    first_line: int
    territories: tuple[int, ...]


class Replay:
    """A record with a position cursor: ``index`` actions of ``len(self)`` have been made."""

    def __init__(self, record: GameRecord, path: str | None = None):
        self.record = record
        self.path = path
        state = record.first_position(path)
        specs = ["player" if spec == "human" else spec for spec in record.players]
        names = player_names(specs, state.players, state.neutral)
        self.names = [f"Human {i + 1}" if spec == "human" else name
                      for i, (spec, name) in enumerate(zip(record.players + ["neutral"], names))]
        self.log: list[LogLine] = []
        self.stats = TurnStats(state.players)
        self.steps: list[Step] = []
        self.turn_starts: list[int] = [0]  # positions (actions made) where a turn begins
        self.checkpoints: dict[int, GameState] = {0: _copy(state)}
        if state.turn >= 1:
            self.stats.sample(state, state.turn - 1, position=0)
        self._play_through(state)
        self.final = state
        self.index = 0

    @classmethod
    def open(cls, path: str | Path) -> "Replay":
        """Read a record, a save or a finished game; RecordError naming the file if it is bad."""
        return cls(GameRecord.load(path), str(path))

    def _play_through(self, state: GameState) -> None:
        path = self.path
        for index, (player, text) in enumerate(self.record.actions):
            line = index + 2
            if state.is_terminal():
                raise RecordError("an action follows the end of the game", path, line)
            if player != state.current_player:
                raise RecordError(f"the record says player {player} acts, but it is player "
                                  f"{state.current_player}'s turn", path, line)
            turn = state.turn
            try:
                events = state.apply_text(text)
            except RiskError as exc:
                raise RecordError(str(exc), path, line) from None
            first = len(self.log)
            self._observe(state, events, index + 1)
            touched = []
            for event in events:
                for name in ("territory", "source", "target"):
                    t = getattr(event, name, None)
                    if isinstance(t, int) and t not in touched:
                        touched.append(t)
            self.steps.append(Step(player, text, turn, first, tuple(touched)))
            made = index + 1
            if any(isinstance(e, TurnStarted) for e in events):
                self.turn_starts.append(made)
            if made % CHECKPOINT_EVERY == 0:
                self.checkpoints[made] = _copy(state)
        if self.turn_starts[-1] != len(self.record.actions):
            self.turn_starts.append(len(self.record.actions))

    def _observe(self, state, events, position: int) -> None:
        self.stats.observe(state, events, position)
        for event in telling_order(events):
            player = getattr(event, "player", None)
            if isinstance(event, GameOver):
                player = event.winner if event.winner is not None else -1
            self.log.append(LogLine(event.describe(state.board, self.names), -1 if player is None else player,
                                    state.turn, _KINDS.get(type(event), "other")))

    # -- positions --------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.steps)

    def state_at(self, index: int) -> GameState:
        """The position after ``index`` actions (a fresh copy: changing it changes nothing here)."""
        index = max(0, min(len(self), index))
        start = (index // CHECKPOINT_EVERY) * CHECKPOINT_EVERY
        state = _copy(self.checkpoints[start])
        for _, text in self.record.actions[start:index]:
            state.apply_text(text)
        return state

    def lines_upto(self, index: int) -> list[LogLine]:
        """The log as it stood after ``index`` actions."""
        end = self.steps[index].first_line if index < len(self) else len(self.log)
        return self.log[:end]

    def stats_upto(self, turn: int) -> tuple[list[int], dict[str, list[list[int]]]]:
        """The statistics' samples taken up to ``turn`` turns: (turns, {series name: values})."""
        count = bisect_right(self.stats.turns, turn)
        series = {name: [values[:count] for values in self.stats.series(name)]
                  for name in ("territories", "armies", "income")}
        return self.stats.turns[:count], series

    def stats_at(self, index: int) -> tuple[list[int], dict[str, list[list[int]]]]:
        """The statistics' samples taken by the position after ``index`` actions, as
        :meth:`stats_upto` gives them: a chart never shows a round the map has not reached."""
        count = bisect_right(self.stats.positions, index)
        series = {name: [values[:count] for values in self.stats.series(name)]
                  for name in ("territories", "armies", "income")}
        return self.stats.turns[:count], series

    # -- moving -----------------------------------------------------------------------------------

    def seek(self, index: int) -> int:
        self.index = max(0, min(len(self), index))
        return self.index

    def step(self, count: int = 1) -> int:
        """Forward (or back, when negative) by ``count`` actions."""
        return self.seek(self.index + count)

    def next_turn(self) -> int:
        """To the start of the next turn (or the end)."""
        i = bisect_right(self.turn_starts, self.index)
        return self.seek(self.turn_starts[i] if i < len(self.turn_starts) else len(self))

    def previous_turn(self) -> int:
        """To the start of this turn, or of the one before when already there."""
        i = bisect_left(self.turn_starts, self.index) - 1
        return self.seek(self.turn_starts[i] if i >= 0 else 0)

    def last_step(self) -> Step | None:
        """The action that led to the current position."""
        return self.steps[self.index - 1] if self.index else None

    def notable(self) -> list[int]:
        """Positions right after a conquest or an elimination (for the timeline's marks)."""
        out = []
        for i, step in enumerate(self.steps):
            end = self.steps[i + 1].first_line if i + 1 < len(self.steps) else len(self.log)
            if any(line.kind in ("elimination",) for line in self.log[step.first_line:end]):
                out.append(i + 1)
        return out

