"""Many games of the single-agent environment stepped together in one process.

>>> import numpy as np, risk.rl
>>> envs = risk.rl.vector_env(4, players=3, opponents="random", max_turns=30)
>>> observations, infos = envs.reset(seed=1)
>>> observations.shape, envs.action_masks().shape
((4, 829), (4, 1551))
>>> actions = [int(np.flatnonzero(mask)[0]) for mask in envs.action_masks()]
>>> observations, rewards, terminated, truncated, infos = envs.step(actions)

:class:`RiskVectorEnv` is a Gymnasium ``VectorEnv`` over ``num_envs`` :class:`RiskGymEnv` games
(each with the same options: the opponents, the seat, the rules; see
:mod:`risk.rl.gymnasium_env`). One ``step`` takes an action per game and plays each game's
learner move and the bots' replies; a learner's decisions for all the games come from one call
of its policy on the stacked observations, which is where batching pays (a network's forward
pass on 16 rows costs little more than on one). No worker processes: the games share this
process, so there is nothing to pickle or send, and several such processes fill several cores.

- ``reset(seed=s)`` seeds game ``k`` with ``s + k`` (or give a list of seeds, one per game).
- ``action_masks()``: the legal actions of every game, shape ``(num_envs, actions)`` (bools), as
  sb3-contrib's ``MaskablePPO`` asks a vectorised env; ``infos["action_mask"]`` the same as int8.
- A game that ends is reset at once, in the same ``step`` (Gymnasium's ``SAME_STEP`` autoreset):
  the observation returned is the new game's first, and ``infos["final_obs"]`` /
  ``infos["final_info"]`` hold the finished game's last (``infos["_final_obs"]`` says which games
  ended), as Stable-Baselines3's ``terminal_observation`` expects. The new game's seed is drawn
  from that game's own seeded generator, so a seeded run replays.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from risk.rl.gymnasium_env import RiskGymEnv


def vector_env(num_envs: int, **options: Any) -> "RiskVectorEnv":
    """``num_envs`` games in one vectorised environment (see the module)."""
    return RiskVectorEnv(num_envs, **options)


class RiskVectorEnv(VectorEnv):
    """``num_envs`` :class:`RiskGymEnv` games stepped together (see the module)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, num_envs: int, **options: Any):
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs={num_envs!r}: give a whole number of games, at least 1")
        self.envs = [RiskGymEnv(**options) for _ in range(num_envs)]
        first = self.envs[0]
        self.num_envs = num_envs
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._observations = np.zeros((num_envs, first.encoder.size), np.float32)
        self._masks = np.zeros((num_envs, first.codec.size), np.int8)

    def reset(self, *, seed: int | Sequence[int] | None = None, options: dict | None = None):
        """Start a game in every slot; returns the stacked first observations and ``infos``."""
        if seed is None or isinstance(seed, int):
            seeds = [None if seed is None else seed + k for k in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"give one seed per game: {len(seeds)} seeds for {self.num_envs} games")
        for k, (env, game_seed) in enumerate(zip(self.envs, seeds)):
            self._observations[k], _ = env.reset(seed=game_seed, options=options)
        return self._observations.copy(), self._infos()

    def step(self, actions):
        """One action per game; returns stacked observations, rewards, terminated, truncated and
        ``infos`` (see the module for a game that ends)."""
        actions = np.asarray(actions).reshape(-1)
        if len(actions) != self.num_envs:
            raise ValueError(f"give one action per game: {len(actions)} actions for {self.num_envs} games")
        rewards = np.zeros(self.num_envs, np.float64)
        terminated = np.zeros(self.num_envs, bool)
        truncated = np.zeros(self.num_envs, bool)
        ended: dict[int, tuple[np.ndarray, dict]] = {}
        for k, env in enumerate(self.envs):
            observation, rewards[k], terminated[k], truncated[k], info = env.step(int(actions[k]))
            if terminated[k] or truncated[k]:
                ended[k] = (observation, info)
                observation, _ = env.reset()
            self._observations[k] = observation
        infos = self._infos()
        if ended:
            final = np.zeros(self.num_envs, bool)
            final[list(ended)] = True
            infos["final_obs"] = np.array([ended[k][0] if k in ended else None for k in range(self.num_envs)],
                                          dtype=object)
            infos["final_info"] = np.array([ended[k][1] if k in ended else None for k in range(self.num_envs)],
                                           dtype=object)
            infos["_final_obs"] = infos["_final_info"] = final
        return self._observations.copy(), rewards, terminated, truncated, infos

    def action_masks(self) -> np.ndarray:
        """Every game's legal actions (bools, one row per game)."""
        for k, env in enumerate(self.envs):
            self._masks[k] = env._current_mask()
        return self._masks.astype(bool)

    def _infos(self) -> dict[str, Any]:
        for k, env in enumerate(self.envs):
            self._masks[k] = env._current_mask()
        seats = np.array([env.seat for env in self.envs])
        everyone = np.ones(self.num_envs, bool)
        return {"action_mask": self._masks.copy(), "_action_mask": everyone, "seat": seats, "_seat": everyone}

    def close_extras(self, **kwargs: Any) -> None:
        for env in self.envs:
            env.close()
