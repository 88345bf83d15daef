"""Risk as a single-agent Gymnasium environment: one learner, built-in bots in the other seats.

>>> import gymnasium, risk.rl.gymnasium_env
>>> env = gymnasium.make("MarkovRisk-v0", players=3, opponents="random")
>>> observation, info = env.reset(seed=1)
>>> observation.shape, int(env.action_space.n), int(env.unwrapped.action_masks().sum()) > 0
((829,), 1551, True)

Importing this module registers the id ``MarkovRisk-v0`` (:data:`GYM_ID`);
``gymnasium.make("risk.rl.gymnasium_env:MarkovRisk-v0")`` imports it on the way. ``risk.rl.gym_env(**options)``
builds the environment without the registry (and without Gymnasium's checker wrappers: the
fast path a training loop runs, one engine step and the bots' replies per ``step``).

=================  ================================================================================
observation        ``Box(0, 1, (size,), float32)``: the learner's view (:mod:`risk.rl.observation`)
action             ``Discrete(codec.size)``: :mod:`risk.rl.codec`; the legal ones are
                   ``action_masks()`` (bools, for sb3-contrib's ``MaskablePPO``) and
                   ``info["action_mask"]`` (int8)
reward             at the end: the learner's place (``rank``: 1 first .. -1 last; ``win``: 1 or 0),
                   and when it is eliminated
terminated         the game is won, or the learner is eliminated
truncated          the turn cap (``max_turns``); ``info["place"]`` holds the adjudicated place
=================  ================================================================================

Options: those of :mod:`risk.rl.setup` and ``opponents`` (one bot spec for every other seat, or a
list of one per other seat in seat order; ``random`` by default), ``seat`` (the learner's seat, or
``"rotate"``: a seeded random seat each game), ``illegal`` (``"lose"``: an illegal index ends the
game with the last place's reward and ``info["illegal_action"]``, as PettingZoo's classic games
do, so that generic checkers can sample any index; ``"raise"``: :class:`~risk.errors.ActionIndexError`).
"""

from __future__ import annotations

from typing import Any, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces

from risk.errors import ActionIndexError, UsageError
from risk.match import seat_seed
from risk.phase import Phase
from risk.rl.codec import ActionCodec
from risk.rl.incremental import ObservationTracker, TableTracker
from risk.rl.masks import MaskTracker
from risk.rl.observation import ObservationEncoder
from risk.rl.setup import GAME_KEYS, game_options
from risk.state import GameState, RandomSource

GYM_ID = "MarkovRisk-v0"
ILLEGAL = ("lose", "raise")


def gym_env(**options: Any) -> "RiskGymEnv":
    """The single-agent environment (see the module); the same as ``RiskGymEnv(**options)``."""
    return RiskGymEnv(**options)


class RiskGymEnv(gymnasium.Env):
    """One learner against built-in bots (see the module for the spaces, rewards and options)."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 2}

    def __init__(self, opponents: str | Sequence[str] = "random", seat: int | str = 0, illegal: str = "lose",
                 render_mode: str | None = None, **options: Any):
        unknown = sorted(set(options) - set(GAME_KEYS))
        if unknown:
            raise TypeError(f"unknown option(s) {', '.join(unknown)}; the options are: opponents, seat, "
                            f"illegal, render_mode, {', '.join(GAME_KEYS)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode={render_mode!r} is not one of: {', '.join(self.metadata['render_modes'])}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal={illegal!r} is not one of: {', '.join(ILLEGAL)}")
        self.config = game_options(options)
        players = self.config.players
        if seat != "rotate" and (type(seat) is not int or not 0 <= seat < players):
            raise ValueError(f"seat={seat!r}: give a seat 0..{players - 1} or 'rotate'")
        self.seat_option = seat
        self.illegal = illegal
        self.render_mode = render_mode
        self.opponent_specs = _opponent_specs(opponents, players)
        from risk.players import make_player
        self.bots = [make_player(spec) for spec in self.opponent_specs]  # UsageError names a bad spec
        self.codec = ActionCodec(self.config.board, self.config.rules)
        self.encoder = ObservationEncoder(self.config.board)
        self.observation_space = spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(self.codec.size)
        self.game: GameState | None = None
        self.seat = 0 if seat == "rotate" else seat
        self._masks = MaskTracker(self.codec)
        self._mask: np.ndarray | None = None  # the tracker's mask once updated for this move, else None
        self._table = TableTracker(self.encoder)
        self._views: dict[int, ObservationTracker] = {}  # by seat (it may rotate), sharing the table
        self._renderer = None

    # -- the episode ---------------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """A new game (``seed`` fixes the deal, the dice and the bots' choices); returns the
        learner's first observation and ``info`` (``action_mask``)."""
        super().reset(seed=seed)
        if options:
            unknown = sorted(set(options) - set(GAME_KEYS))
            if unknown:
                raise ValueError(f"unknown reset option(s) {', '.join(map(str, unknown))}; "
                                 f"the options are: {', '.join(GAME_KEYS)}")
            config = game_options(options, self.config)
            if not self.codec.compatible(config.board, config.rules) or config.players != self.config.players:
                raise ValueError("reset options may not change the map, the fortify rule or the number of players "
                                 "(they change the spaces): build a new environment")
            self.config = config
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(2**63 - 1))
        if self.seat_option == "rotate":
            self.seat = int(self.np_random.integers(self.config.players))
        config = self.config
        self.game = GameState.new(players=config.players, seed=game_seed, rules=config.rules, board=config.board)
        self.moves = 0  # engine moves this game, the learner's and the bots'
        self.seats = {}
        self.seat_rngs = {}
        others = [s for s in range(config.players) if s != self.seat]
        for seat, bot in zip(others, self.bots):
            self.seats[seat] = bot
            self.seat_rngs[seat] = RandomSource(seat_seed(game_seed, seat, getattr(bot, "seed", None)))
            reset = getattr(bot, "reset", None)
            if reset is not None:
                reset(seat_seed(game_seed, seat, getattr(bot, "seed", None)))
        self._play_bots()
        return self._observe(), self._info()

    def step(self, action):
        game = self.game
        if game is None:
            raise RuntimeError("call reset() before step()")
        if self._done():
            raise RuntimeError("the game is over: call reset()")
        try:
            self._current_mask()  # decoding checks the index against it
            move = self._masks.decode(int(action), game)
        except ActionIndexError:
            if self.illegal == "raise":
                raise
            info = self._info()
            info["illegal_action"] = True
            self._mask = self._masks.clear()
            self._ended_by_illegal = True
            return self._observe(), self.config.place_reward(self.config.players), True, False, info
        game.push(move)  # legal: the mask said so
        self.moves += 1
        self._play_bots()
        return self._observe(), self._reward(), self._terminated(), self._truncated(), self._info()

    def _play_bots(self) -> None:
        """Let the bots move until the learner must decide or the game is over."""
        game, learner = self.game, self.seat
        self._ended_by_illegal = False
        while game.phase != Phase.GAME_OVER and game.alive[learner]:
            seat = game.current_player
            if seat == learner:
                break
            bot = self.seats[seat]
            action = bot.act(game.view(seat, self.seat_rngs[seat]))
            game.apply(action)  # IllegalActionError names a bot's illegal move
            self.moves += 1
        self._mask = None

    def _done(self) -> bool:
        return self._ended_by_illegal or self.game.phase == Phase.GAME_OVER or not self.game.alive[self.seat]

    def _place(self) -> int | None:
        game = self.game
        outcome = game.outcome()
        if outcome is not None:
            return outcome.places[self.seat]
        if not game.alive[self.seat]:
            return game.players - game.eliminated.index(self.seat)
        return None

    def _terminated(self) -> bool:
        game = self.game
        if not game.alive[self.seat]:
            return True
        outcome = game.outcome()
        return outcome is not None and outcome.reason != "turn limit"

    def _truncated(self) -> bool:
        outcome = self.game.outcome()
        return outcome is not None and outcome.reason == "turn limit" \
            and self.game.alive[self.seat]

    def _reward(self) -> float:
        place = self._place()
        if place is None or (self._truncated() and not self.config.truncation_rewards):
            return 0.0
        return self.config.place_reward(place)

    def _observe(self) -> np.ndarray:
        view = self._views.get(self.seat)
        if view is None:
            view = self._views[self.seat] = ObservationTracker(self.encoder, self.seat, self._table)
        return view.observe(self.game)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._current_mask().copy(), "seat": self.seat}
        place = self._place()
        if place is not None:
            info["place"] = place
            outcome = self.game.outcome()
            info["end_reason"] = outcome.reason if outcome else "eliminated"
        return info

    def action_masks(self) -> np.ndarray:
        """The legal action indices as bools (sb3-contrib's ``MaskablePPO`` calls this); all False
        once the learner's game is over."""
        return self._current_mask().astype(bool)

    def _current_mask(self) -> np.ndarray:
        """The learner's mask now (the tracker's int8 array), updated once per move."""
        if self._mask is None:
            game = self.game
            if game is None or self._done() or game.current_player != self.seat:
                self._mask = self._masks.clear()
            else:
                self._mask = self._masks.update(game)
        return self._mask

    # -- rendering -----------------------------------------------------------------------------

    def render(self):
        if self.render_mode is None or self.game is None:
            return None
        if self.render_mode == "rgb_array":
            from risk.rl.render import MapPicture
            if self._renderer is None:
                self._renderer = MapPicture(self.game.board)
            return self._renderer.draw(self.game)
        from risk.rl.render import text_board
        return text_board(self.game)

    def close(self) -> None:
        if self._renderer is not None:
            self._renderer.close()
            self._renderer = None


def _opponent_specs(opponents: str | Sequence[str], players: int) -> list[str]:
    if isinstance(opponents, str):
        return [opponents] * (players - 1)
    specs = list(opponents)
    if len(specs) != players - 1 or not all(isinstance(spec, str) for spec in specs):
        raise UsageError(f"opponents: give one bot spec, or {players - 1} of them (one per other seat)")
    return specs


if GYM_ID not in gymnasium.registry:
    gymnasium.register(id=GYM_ID, entry_point="risk.rl.gymnasium_env:RiskGymEnv")
