"""A teacher's decisions as training data: what a built-in bot chose, in the codec's numbering.

A policy learns from another player by imitation (behavioural cloning): the observation of the
seat the teacher plays, the mask of its legal indices, and the index of its move. The teacher
chooses engine actions with any army count; :func:`nearest_index` names each with the codec's
index of the same move, or of the same kind of move on the same territories with the nearest
army count when the buckets do not hold it (``deploy alaska 7`` from a pool of 10 becomes
``deploy alaska half``, 5).

:func:`teacher_games` plays seeded games (the teacher in a seat that turns with each game, the
opponents in the others) and collects the teacher's decisions; ``examples/imitate_bot.py``
trains a policy on them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from risk.match import seat_seed
from risk.phase import Phase
from risk.rl.codec import ActionCodec
from risk.rl.observation import ObservationEncoder
from risk.rl.setup import game_options
from risk.state import GameState, RandomSource

_COUNTS = ("armies", "stop_at", "dice")


def nearest_index(codec: ActionCodec, action, state: GameState) -> int:
    """The codec index of ``action`` in ``state``, or, when the codec has no index for it, the
    legal index of the same kind on the same territories whose army count is nearest (for a
    trade, the codec's one trade). Raises ``ValueError`` if no legal index is of that kind."""
    legal = codec.legal_indices(state)
    try:
        index = codec.encode(action, state)
        if index in legal:
            return index
    except (ValueError, KeyError, LookupError):
        pass
    same_kind = [index for index in legal if type(codec.concrete(index, state)) is type(action)]
    if not same_kind:
        raise ValueError(f"the codec has no move like '{action.text(state.board)}' here")
    scored = [(_distance(codec.concrete(index, state), action), index) for index in same_kind]
    scored = [(distance, index) for distance, index in scored if distance is not None]
    # No index on the same territories: the one trade the codec names (its best) stands for any.
    return min(scored)[1] if scored else same_kind[0]


def _distance(candidate, action) -> float | None:
    """How far two moves of the same kind are apart: None if they differ in anything but numbers."""
    mine, theirs = _fields(candidate), _fields(action)
    if {k: v for k, v in mine.items() if k not in _COUNTS} != {k: v for k, v in theirs.items() if k not in _COUNTS}:
        return None
    return sum(abs(float(mine[k]) - float(theirs[k])) for k in mine if k in _COUNTS)


def _fields(action) -> dict:
    return {name: getattr(action, name) for name in getattr(action, "__slots__", ())}


@dataclass
class Decisions:
    """The teacher's decisions: ``observations`` (float32, one row each), ``actions`` (the
    index chosen) and the legal indices of each, flat in ``legal`` with row ``k``'s from
    ``offsets[k]`` to ``offsets[k + 1]`` (a mask per row would take 1,551 bytes)."""

    observations: list[np.ndarray] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    legal: list[int] = field(default_factory=list)
    offsets: list[int] = field(default_factory=lambda: [0])
    wins: int = 0
    games: int = 0

    def add(self, observation: np.ndarray, legal: Sequence[int], action: int) -> None:
        self.observations.append(observation)
        self.actions.append(action)
        self.legal.extend(legal)
        self.offsets.append(len(self.legal))

    def masks(self, rows: np.ndarray, size: int) -> np.ndarray:
        """The masks (bool, one row each) of the decisions ``rows``."""
        out = np.zeros((len(rows), size), bool)
        for k, row in enumerate(rows):
            out[k, self.legal[self.offsets[row]:self.offsets[row + 1]]] = True
        return out


def teacher_games(teacher: str, opponents: Sequence[str], games: int, seed: int, **options) -> Decisions:
    """Play ``games`` seeded games, the ``teacher`` bot in seat ``g % players`` of game ``g`` and
    the ``opponents`` (one spec per other seat) in the others, and collect the teacher's
    decisions. ``options`` are those of :mod:`risk.rl.setup` (``max_turns``, ``rules``, ...);
    the number of players is one more than the opponents."""
    from risk.players import make_player

    config = game_options({**options, "players": len(opponents) + 1})
    codec, encoder = ActionCodec(config.board, config.rules), ObservationEncoder(config.board)
    specs = [teacher, *opponents]
    bots = [make_player(spec) for spec in specs]
    out = Decisions()
    for number in range(games):
        game_seed = int(np.random.SeedSequence(seed, spawn_key=(number,)).generate_state(1)[0])
        game = GameState.new(players=config.players, seed=game_seed, rules=config.rules, board=config.board)
        teacher_seat = number % config.players
        seats = [teacher_seat] + [s for s in range(config.players) if s != teacher_seat]
        by_seat = {seat: bot for seat, bot in zip(seats, bots)}
        sources = {}
        for seat, bot in by_seat.items():
            bot_seed = seat_seed(game_seed, seat, getattr(bot, "seed", None))
            sources[seat] = RandomSource(bot_seed)
            if getattr(bot, "reset", None) is not None:
                bot.reset(bot_seed)
        while game.phase != Phase.GAME_OVER:
            seat = game.current_player
            action = by_seat[seat].act(game.view(seat, sources[seat]))
            if seat == teacher_seat:
                out.add(encoder.encode(game, seat), codec.legal_indices(game), nearest_index(codec, action, game))
            game.apply(action)
        out.games += 1
        out.wins += game.winner == teacher_seat
    return out
