"""Risk as a PettingZoo AEC environment (PettingZoo 1.27 conventions, as its classic games).

>>> import risk.rl
>>> env = risk.rl.env(players=3, seed=1)
>>> env.reset(seed=1)
>>> env.agent_selection, int(env.action_space("player_0").n)
('player_0', 1551)

=====================  ==============================================================================
agents                 ``player_0`` .. ``player_{n-1}`` (seat k is ``player_k``; a 2-player game's
                       neutral army is no agent: it never decides)
agent_selection        whoever must decide: the player whose turn it is, or the defender choosing
                       its dice (old UK rules) or whether to retreat (FAQ 4.2)
action space           ``Discrete(codec.size)``: the indices of :mod:`risk.rl.codec`
observation space      ``Dict(observation=Box(0, 1, (size,), float32), action_mask=Box(0, 1,
                       (codec.size,), int8))``: :mod:`risk.rl.observation`, the seat's own view;
                       the mask is all 0 for an agent that is not to move
rewards                at the end only: by place (``rank``, default: 1 first .. -1 last) or ``win``;
                       an eliminated player gets its place's reward when it falls
terminations           an eliminated player at once (then stepped with ``None`` and removed, as the
                       PettingZoo docs say); everyone when the game is won
truncations            everyone at the turn cap (``max_turns``); ``infos[agent]["place"]`` holds the
                       adjudicated place (rewards only with ``truncation_rewards=True``)
state()                the observations of all six seat slots in absolute seat order, concatenated:
                       everything but the deck order (for centralised critics)
render_mode            ``ansi`` (a text board), ``rgb_array`` (the window's map drawn off-screen),
                       ``human`` (prints the text board)
=====================  ==============================================================================

Options (constructor keywords, and ``reset(options=...)`` for the next games): those of
:mod:`risk.rl.setup` (``players``, ``rules``, ``preset``, ``map``, ``max_turns``, ``reward``,
``truncation_rewards``). The spaces stay the same objects until an option changes the map or the
fortify rule (which change the sizes); ``players`` changes ``possible_agents``. An illegal action
index raises :class:`~risk.errors.ActionIndexError`.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from risk.rl.codec import ActionCodec
from risk.rl.incremental import ObservationTracker, TableTracker
from risk.rl.masks import MaskTracker
from risk.rl.observation import SEATS, ObservationEncoder
from risk.phase import Phase
from risk.rl.setup import GAME_KEYS, GameOptions, game_options
from risk.state import GameState


def env(**options: Any) -> "AECEnv":
    """The environment, wrapped as PettingZoo's own are (order enforcing: ``reset`` first)."""
    return _OrderEnforcing(raw_env(**options))


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order enforcing, with ``last`` and ``step`` handed to the environment in one call: the
    inherited ``last`` reads five attributes through the wrapper's ``__getattr__``, a tenth of a
    step's cost. Before ``reset`` it refuses as the inherited one does."""

    def last(self, observe: bool = True):
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)

    def step(self, action) -> None:
        env = self.env
        if self._has_reset and env.agents:  # the usual step, without the inherited lookups
            self._has_updated = True
            env.step(action)
        else:
            super().step(action)  # PettingZoo's own errors and warnings


class raw_env(AECEnv):
    """Risk for PettingZoo (see the module for the API). ``seed`` seeds the first ``reset``
    without one; ``render_mode`` is ``None``, ``"ansi"``, ``"rgb_array"`` or ``"human"``."""

    metadata = {"render_modes": ["human", "ansi", "rgb_array"], "name": "markov_risk_v0",
                "is_parallelizable": False, "render_fps": 2}

    def __init__(self, render_mode: str | None = None, seed: int | None = None, **options: Any):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode={render_mode!r} is not one of: {', '.join(self.metadata['render_modes'])}")
        unknown = sorted(set(options) - set(GAME_KEYS))
        if unknown:
            raise TypeError(f"unknown option(s) {', '.join(unknown)}; the options are: {', '.join(GAME_KEYS)}")
        self.render_mode = render_mode
        self._seed = seed
        self._seeder: np.random.Generator | None = None
        self._renderer = None
        self.codec: ActionCodec | None = None
        self.encoder: ObservationEncoder | None = None
        self._configure(game_options(options))
        self.game: GameState | None = None

    # -- configuration -------------------------------------------------------------------------

    def _configure(self, config: GameOptions) -> None:
        old = getattr(self, "config", None)
        self.config = config
        if self.codec is None or not self.codec.compatible(config.board, config.rules):
            self.codec = ActionCodec(config.board, config.rules)
            self.encoder = ObservationEncoder(config.board)
            self._masks = MaskTracker(self.codec)
            table = TableTracker(self.encoder)  # the seats' views share the table of the game
            self._views = [ObservationTracker(self.encoder, seat, table) for seat in range(SEATS)]
            observation = spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32)
            mask = spaces.Box(0, 1, (self.codec.size,), np.int8)
            self._observation_space = spaces.Dict({"observation": observation, "action_mask": mask})
            self._action_space = spaces.Discrete(self.codec.size)
            self.state_space = spaces.Box(0.0, 1.0, (SEATS * self.encoder.size,), np.float32)
        if old is None or old.players != config.players:
            self.possible_agents = [f"player_{seat}" for seat in range(config.players)]
            self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        if old is None or old.players != config.players or self.observation_spaces.get("player_0") \
                is not self._observation_space:
            self.observation_spaces = {agent: self._observation_space for agent in self.possible_agents}
            self.action_spaces = {agent: self._action_space for agent in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    # -- the episode ---------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game. ``seed`` fixes the deal, the dice and every later unseeded reset;
        ``options`` may change the game (keys of :mod:`risk.rl.setup`; other keys are warned about
        and ignored)."""
        if options:
            unknown = sorted(set(options) - set(GAME_KEYS))
            if unknown:
                warnings.warn(f"markov_risk: ignoring unknown reset option(s) {', '.join(map(str, unknown))}",
                              stacklevel=2)
            known = {key: value for key, value in options.items() if key in GAME_KEYS}
            if known:
                self._configure(game_options(known, self.config))
        if seed is None and self._seeder is None:
            seed = self._seed
        if seed is not None:
            self._seeder = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            if self._seeder is None:
                self._seeder = np.random.default_rng()
            game_seed = int(self._seeder.integers(2**63 - 1))
        config = self.config
        self.game = GameState.new(players=config.players, seed=game_seed, rules=config.rules, board=config.board)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._fallen = 0
        self._masked_at = -1  # the move the mask tracker was last updated at
        self._paid = False  # whether rewards holds a payment to clear before the next move
        self._moves = 0
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self.game.current_player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat_of[agent]
        observation = self._views[seat].observe(self.game)
        if seat == self.game.current_player:
            mask = self._mask().copy()
        else:
            mask = np.zeros(self.codec.size, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def _mask(self) -> np.ndarray:
        """The mask of the seat to move (the tracker's array, updated once per move)."""
        if self._masked_at != self._moves:
            self._masked_at = self._moves
            return self._masks.update(self.game)
        return self._masks.mask

    def state(self) -> np.ndarray:
        out = np.zeros(SEATS * self.encoder.size, dtype=np.float32)
        size = self.encoder.size
        for seat in range(self.game.players):
            out[seat * size:(seat + 1) * size] = self._views[seat].update(self.game)
        return out

    def step(self, action: int | None) -> None:
        """Play the action index of ``agent_selection`` (``None`` for a finished agent).
        Raises :class:`~risk.errors.ActionIndexError` if the index is not legal now."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        self._mask()  # decoding checks the index against the mask of this move
        move = self._masks.decode(int(action), game)
        self._cumulative_rewards[agent] = 0.0
        if self._paid:  # rewards are paid at the end only: most moves have none to clear or add
            self._clear_rewards()
            self._paid = False
        game.push(move)  # legal: the mask said so
        self._moves += 1
        self._settle()
        if self.render_mode == "human":
            self.render()

    def _settle(self) -> None:
        """Terminations, truncations and rewards after a move; the next agent to act."""
        game, config = self.game, self.config
        names = self.possible_agents
        players = config.players
        if len(game.eliminated) == self._fallen and game.phase != Phase.GAME_OVER:
            self.agent_selection = names[game.current_player]  # the usual move: nobody fell, no end
            return
        for victim in game.eliminated[self._fallen:]:
            self._fallen += 1
            agent = names[victim]
            place = players - self._fallen + 1
            self.terminations[agent] = True
            self.rewards[agent] = config.place_reward(place)
            self.infos[agent] = {"place": place, "end_reason": "eliminated"}
        outcome = game.outcome()
        if outcome is not None:
            truncated = outcome.reason == "turn limit"
            for agent in self.agents:
                if self.terminations[agent]:
                    continue
                place = outcome.places[self._seat_of[agent]]
                self.infos[agent] = {"place": place, "end_reason": outcome.reason}
                if truncated:
                    self.truncations[agent] = True
                    if config.truncation_rewards:
                        self.rewards[agent] = config.place_reward(place)
                else:
                    self.terminations[agent] = True
                    self.rewards[agent] = config.place_reward(place)
        else:
            self.agent_selection = names[game.current_player]
        self._accumulate_rewards()
        self._paid = True
        self._deads_step_first()

    # -- rendering -----------------------------------------------------------------------------

    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None:
            warnings.warn("markov_risk: render() without a render_mode does nothing", stacklevel=2)
            return None
        if self.game is None:
            raise RuntimeError("call reset() before render()")
        if self.render_mode == "rgb_array":
            from risk.rl.render import MapPicture
            if self._renderer is None or self._renderer.board is not self.game.board:
                self._renderer = MapPicture(self.game.board)
            return self._renderer.draw(self.game)
        from risk.rl.render import text_board
        text = text_board(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        if self._renderer is not None:
            self._renderer.close()
            self._renderer = None
