"""The vectorised environment: many games in one process, each the same as the single-agent
environment with its seed, reset in the same step when it ends."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import risk.rl  # noqa: E402


def test_each_game_is_the_single_environment_with_its_seed():
    options = dict(players=3, opponents="random", max_turns=12, seat="rotate")
    envs = risk.rl.vector_env(3, **options)
    singles = [risk.rl.gym_env(**options) for _ in range(3)]
    observations, infos = envs.reset(seed=10)
    for k, single in enumerate(singles):
        observation, info = single.reset(seed=10 + k)
        assert np.array_equal(observations[k], observation) and infos["seat"][k] == info["seat"]
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(400):
        masks = envs.action_masks()
        assert np.array_equal(infos["action_mask"].astype(bool), masks)
        actions = [int(rng.choice(np.flatnonzero(mask))) for mask in masks]
        observations, rewards, terminated, truncated, infos = envs.step(actions)
        for k, single in enumerate(singles):
            observation, reward, done, cut, info = single.step(actions[k])
            assert reward == rewards[k] and (done, cut) == (terminated[k], truncated[k])
            if done or cut:
                assert infos["_final_obs"][k] and np.array_equal(infos["final_obs"][k], observation)
                assert infos["final_info"][k]["place"] == info["place"]
                observation, info = single.reset()  # unseeded: drawn from the game's generator, as the vector's
                ended += 1
            assert np.array_equal(observations[k], observation)
    assert ended >= 3


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="num_envs=0"):
        risk.rl.vector_env(0)
    envs = risk.rl.vector_env(2, players=3)
    with pytest.raises(ValueError, match="one seed per game"):
        envs.reset(seed=[1, 2, 3])
    envs.reset(seed=1)
    with pytest.raises(ValueError, match="one action per game"):
        envs.step([0])
