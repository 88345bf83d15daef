"""The options every RL environment takes: which game to play and how it is rewarded.

``players`` (2..6), ``rules`` (a :class:`~risk.rules.Rules`, a ``name=value,...`` string or a
dict), ``preset`` (an edition's rules, under ``rules``), ``map`` (a :class:`~risk.board.Board` or
the path of a map file; the classic map by default), ``max_turns`` (the turn cap, a truncation),
``reward`` (``rank``: 1 for first place down to -1 for last, evenly spaced; ``win``: 1 for the
winner, 0 for the others) and ``truncation_rewards`` (pay the adjudicated places' rewards at the
turn cap too; off by default, as a truncated episode is usually bootstrapped, not scored).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from risk.board import Board, load_map
from risk.errors import RulesError
from risk.rules import Rules
from risk.state import classic_board

GAME_KEYS = ("players", "rules", "preset", "map", "max_turns", "reward", "truncation_rewards")
REWARDS = ("rank", "win")


@dataclass(frozen=True)
class GameOptions:
    """One game's set-up for an environment (read with :func:`game_options`)."""

    players: int = 4
    rules: Rules = dataclasses.field(default_factory=Rules)
    board: Board = dataclasses.field(default_factory=classic_board)
    reward: str = "rank"
    truncation_rewards: bool = False

    def place_reward(self, place: int) -> float:
        """The terminal reward of a seat that finished in ``place`` (1 = first)."""
        if self.reward == "win":
            return 1.0 if place == 1 else 0.0
        return 1.0 - 2.0 * (place - 1) / (self.players - 1)


def game_options(options: Mapping[str, Any], base: GameOptions | None = None) -> GameOptions:
    """``options`` (keys of :data:`GAME_KEYS`; others are ignored) on top of ``base``. Raises
    :class:`RulesError` (or :class:`~risk.errors.MapError` for a map) naming a bad value."""
    base = base or GameOptions()
    players = options.get("players", base.players)
    if type(players) is not int or not 2 <= players <= 6:
        raise RulesError(f"players={players!r}: a game has 2 to 6 players")
    rules = _rules(options, base.rules)
    board = _board(options.get("map", base.board))
    reward = options.get("reward", base.reward)
    if reward not in REWARDS:
        raise RulesError(f"reward={reward!r} is not one of: {', '.join(REWARDS)}")
    truncation_rewards = options.get("truncation_rewards", base.truncation_rewards)
    if not isinstance(truncation_rewards, bool):
        raise RulesError(f"truncation_rewards={truncation_rewards!r} must be true or false")
    rules.check_players(players)
    return GameOptions(players, rules, board, reward, truncation_rewards)


def _rules(options: Mapping[str, Any], base: Rules) -> Rules:
    given = options.get("rules")
    preset = options.get("preset")
    if preset is not None:
        base = Rules.preset(str(preset))
    if given is None:
        rules = base
    elif isinstance(given, Rules):
        if preset is not None:
            raise RulesError("give the rules as a Rules value or as a preset (with changes as a string), not both")
        rules = given
    elif isinstance(given, str):
        rules = Rules.parse(given, base)
    elif isinstance(given, Mapping):
        rules = Rules.from_dict({**base.to_dict(), **dict(given)})
    else:
        raise RulesError(f"rules={given!r}: give a Rules value, a 'name=value,...' string or a dict")
    max_turns = options.get("max_turns")
    if max_turns is not None:
        if type(max_turns) is not int or max_turns < 1:
            raise RulesError(f"max_turns={max_turns!r} must be a whole number of at least 1")
        rules = dataclasses.replace(rules, max_turns=max_turns)
    return rules


def _board(value: Any) -> Board:
    if isinstance(value, Board):
        return value
    if value is None or value == "classic":
        return classic_board()
    if isinstance(value, (str, Path)):
        return load_map(value)
    raise RulesError(f"map={value!r}: give a Board or the path of a map file")
