"""Per-turn statistics for the game-over graphs: territories, armies and income of each player."""

from __future__ import annotations

from dataclasses import dataclass, field

from risk.events import GameOver, TurnStarted


@dataclass
class TurnStats:
    """One sample per round (every player has moved once) and one at the end: ``turns[i]`` player
    turns had been played when sample ``i`` was taken. Sampling after every player's turn would
    zig-zag, as each player gains on its own turn and loses on the others'."""

    players: int
    last_player: int = -1
    turns: list[int] = field(default_factory=list)
    territories: list[list[int]] = field(default_factory=list)
    armies: list[list[int]] = field(default_factory=list)
    income: list[list[int]] = field(default_factory=list)
    #: For each sample, the number of actions made when it was taken (None when not told): a
    #: replay shows only the samples of the positions it has reached.
    positions: list[int | None] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.territories:
            self.territories = [[] for _ in range(self.players)]
            self.armies = [[] for _ in range(self.players)]
            self.income = [[] for _ in range(self.players)]

    def observe(self, state, events, position: int | None = None) -> None:
        """Take a sample when a round starts (the position the last round left) and at the end;
        ``position``: the actions made by then."""
        for event in events:
            if isinstance(event, TurnStarted):
                if event.player <= self.last_player or not self.turns:
                    self.sample(state, event.turn - 1, position)
                self.last_player = event.player
            elif isinstance(event, GameOver):
                self.sample(state, state.turn, position)

    def sample(self, state, turn: int, position: int | None = None) -> None:
        if self.turns and self.turns[-1] == turn:
            for series in (self.territories, self.armies, self.income):
                for values in series:
                    values.pop()
            self.turns.pop()
            self.positions.pop()
        self.turns.append(turn)
        self.positions.append(position)
        for p in range(self.players):
            alive = state.alive[p]
            self.territories[p].append(state.count[p])
            self.armies[p].append(state.total_armies(p))
            self.income[p].append(state.income(p) if alive else 0)

    def series(self, name: str) -> list[list[int]]:
        return {"territories": self.territories, "armies": self.armies, "income": self.income}[name]


class Rounds:
    """Counts the rounds of a game: a round starts when a turn goes to a player seated no later
    than the one before (every living player has moved once), as :class:`TurnStats` samples."""

    def __init__(self, state=None):
        self.round = 0
        self.last_player = -1
        if state is not None and not state.phase.is_setup and state.turn >= 1:
            # A game dealt and placed for everyone starts in its first turn, with no event for it.
            self.round, self.last_player = 1, state.current_player

    def observe(self, events) -> None:
        for event in events:
            if isinstance(event, TurnStarted):
                if event.player <= self.last_player or self.round == 0:
                    self.round += 1
                self.last_player = event.player
