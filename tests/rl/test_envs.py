"""The RL environments: PettingZoo's and Gymnasium's own checks, eliminations, truncation, the
defender's decisions, and observations that hold nothing a seat may not see."""

from __future__ import annotations

import copy
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

import risk.rl
from risk.board import board_from_dict
from risk.errors import ActionIndexError, RulesError, UsageError
from risk.phase import Phase
from risk.rl.observation import ObservationEncoder
from risk.rules import Rules
from risk.state import RandomSource, classic_board


def americas_board():
    """The classic map's two Americas (13 territories): games end in a few hundred steps."""
    data = copy.deepcopy(classic_board().to_dict())  # to_dict is the board's own source: never change it
    keep = {"North America", "South America"}
    names = {t["name"] for t in data["territories"] if t["continent"] in keep}
    data["name"] = "Americas"
    data["continents"] = [c for c in data["continents"] if c["name"] in keep]
    data["territories"] = [t for t in data["territories"] if t["name"] in names]
    data["borders"] = [b for b in data["borders"] if set(b) <= names]
    data["sea_routes"] = [r for r in data["sea_routes"] if set(r) <= names]
    return board_from_dict(data)


SMALL = dict(map=americas_board(), rules=Rules(starting_armies_override=8))


def aggressive(mask, codec, rng) -> int:
    """A random legal index, but a blitz whenever one is legal (random play never ends a game)."""
    legal = np.flatnonzero(mask)
    blitzes = legal[(legal >= codec.ATTACK) & (legal < codec.OCCUPY) & ((legal - codec.ATTACK) % 4 == 1)]
    return int(rng.choice(blitzes if len(blitzes) else legal))


def play_aec(env, seed: int, limit: int = 5000):
    """Play aggressive random legal indices to the end; returns (rewards summed by agent, last infos)."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    codec = env.unwrapped.codec
    totals = {agent: 0.0 for agent in env.possible_agents}
    infos = {}
    for steps, agent in enumerate(env.agent_iter()):
        observation, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            infos[agent] = info
            env.step(None)
            continue
        assert steps < limit
        env.step(aggressive(observation["action_mask"], codec, rng))
    return totals, infos


def test_pettingzoo_api_test():
    api_test(risk.rl.env(players=3, max_turns=12), num_cycles=400)
    api_test(risk.rl.env(players=3, **SMALL), num_cycles=400)  # games end, with eliminations


def test_pettingzoo_seed_test():
    seed_test(lambda **kwargs: risk.rl.env(players=4, max_turns=8, **kwargs), num_cycles=60)


def test_pettingzoo_render_test():
    def build(render_mode=None):
        return risk.rl.env(players=3, render_mode=render_mode, **SMALL)

    render_test(build)
    picture_env = build("rgb_array")
    picture_env.reset(seed=2)
    picture = picture_env.render()
    assert picture.shape[2] == 3 and picture.dtype == np.uint8 and picture.std() > 10  # a map, not a blank


def test_eliminations_and_rank_rewards():
    env = risk.rl.env(players=3, **SMALL)
    for seed in range(3):
        totals, infos = play_aec(env, seed)
        places = sorted(info["place"] for info in infos.values())
        assert places == [1, 2, 3]
        by_place = {infos[agent]["place"]: totals[agent] for agent in infos}
        assert by_place == {1: 1.0, 2: 0.0, 3: -1.0}
        eliminated = [agent for agent, info in infos.items() if info["end_reason"] == "eliminated"]
        assert eliminated, "someone falls in a game won by conquest"


def test_win_reward_option():
    env = risk.rl.env(players=3, reward="win", **SMALL)
    totals, infos = play_aec(env, 4)
    assert sorted(totals.values()) == [0.0, 0.0, 1.0]


def test_turn_cap_is_a_truncation_with_places():
    env = risk.rl.env(players=4, max_turns=6)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    seen = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0.0
            seen[agent] = info["place"]
            env.step(None)
            continue
        env.step(aggressive(observation["action_mask"], env.unwrapped.codec, rng))
    assert sorted(seen) == env.possible_agents and 1 in seen.values()
    paid = risk.rl.env(players=4, max_turns=6, truncation_rewards=True)
    totals, infos = play_aec(paid, 5)
    assert {agent: info["place"] for agent, info in infos.items()} == seen
    assert totals[min(seen, key=seen.get)] == 1.0


def test_agent_selection_follows_the_defender():
    env = risk.rl.env(players=3, preset="uk-old", max_turns=40)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    defended = 0
    for agent in env.agent_iter(6000):
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        game = env.unwrapped.game
        assert agent == f"player_{game.current_player}"
        if game.phase == Phase.DEFEND:
            assert game.current_player != game.player
            defended += 1
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert defended > 0


def test_observations_hold_no_other_seats_cards_or_mission():
    """Each seat's observation equals the one built from its bot view, in which every other seat's
    cards are redrawn at random and their missions hidden: so it cannot depend on them."""
    rules = Rules(missions=True, capitals=True, setup="deal")
    env = risk.rl.env(players=4, rules=rules, max_turns=25)
    raw = env.unwrapped
    encoder = raw.encoder
    env.reset(seed=9)
    rng = np.random.default_rng(9)
    checked_hands = 0
    for step, agent in enumerate(env.agent_iter(3000)):
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        game = raw.game
        if step % 7 == 0:
            for seat in range(game.players):
                own = raw.observe(f"player_{seat}")["observation"]
                for k in range(2):
                    view = game.view(seat, RandomSource(step * 10 + k))
                    assert np.array_equal(own, encoder.encode(view, seat))
                checked_hands += any(game.hands[other] for other in range(game.players) if other != seat)
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert checked_hands > 0


def test_observation_is_rotated_and_within_bounds():
    env = risk.rl.env(players=3)
    env.reset(seed=3)
    raw = env.unwrapped
    encoder, game = raw.encoder, raw.game
    for _ in range(30):
        agent = env.agent_selection
        env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))
    owner = encoder.fields["owner"]
    for seat in range(3):
        obs = raw.observe(f"player_{seat}")["observation"]
        assert obs.dtype == np.float32 and obs.min() >= 0 and obs.max() <= 1
        slots = obs[owner].reshape(-1, 7)
        for t, holder in enumerate(game.owner):
            if holder >= 0:
                assert slots[t, (holder - seat) % 3] == 1
    assert raw.state().shape == raw.state_space.shape
    assert ObservationEncoder(classic_board()).size == encoder.size == 829


def test_reset_options_change_the_game_and_refuse_bad_values():
    env = risk.rl.env(players=3)
    env.reset(seed=1, options={"players": 5})
    assert env.possible_agents == [f"player_{k}" for k in range(5)] and env.agents == env.possible_agents
    space = env.observation_space("player_0")
    env.reset(seed=1, options={"preset": "italian"})
    assert env.unwrapped.game.rules.defender_max_dice == 3 and env.observation_space("player_4") is space
    with pytest.warns(UserWarning, match="unknown reset option"):
        env.reset(seed=1, options={"colour": "red"})
    with pytest.raises(RulesError, match="players"):
        env.reset(options={"players": 9})
    with pytest.raises(RulesError, match="unknown rules preset"):
        risk.rl.env(preset="martian")
    with pytest.raises(TypeError, match="unknown option"):
        risk.rl.env(colour="red")


def test_illegal_index_raises_a_named_error():
    env = risk.rl.env(players=3)
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(ActionIndexError):
        env.step(int(np.flatnonzero(mask == 0)[0]))


def test_gymnasium_check_env():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the checker's advice on unbounded episodes
        check_env(risk.rl.gym_env(players=3, max_turns=10))
        check_env(gymnasium.make("risk.rl.gymnasium_env:MarkovRisk-v0", players=3, max_turns=10,
                                 render_mode="rgb_array").unwrapped)


def test_gym_env_plays_games_against_bots_with_masks():
    env = risk.rl.gym_env(opponents=["random", "angry"], players=3, seat="rotate", **SMALL)
    rng = np.random.default_rng(0)
    seats, places = set(), []
    for seed in range(4):
        observation, info = env.reset(seed=seed)
        seats.add(info["seat"])
        while True:
            masks = env.action_masks()
            assert masks.dtype == bool and masks.any() and np.array_equal(masks, info["action_mask"] == 1)
            observation, reward, terminated, truncated, info = env.step(aggressive(masks, env.codec, rng))
            if terminated or truncated:
                break
        places.append(info["place"])
        assert reward == {1: 1.0, 2: 0.0, 3: -1.0}[info["place"]]
        assert not env.action_masks().any()
    assert len(seats) > 1


def test_gym_env_is_deterministic_under_a_seed():
    def trajectory():
        env = risk.rl.gym_env(players=3, opponents="random", max_turns=8)
        observation, _ = env.reset(seed=11)
        out = [observation]
        done = False
        while not done:
            action = int(np.flatnonzero(env.action_masks())[-1])
            observation, reward, terminated, truncated, _ = env.step(action)
            out.append(observation)
            done = terminated or truncated
        return np.array(out)

    assert np.array_equal(trajectory(), trajectory())


def test_gym_env_illegal_actions():
    env = risk.rl.gym_env(players=3)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -1.0 and info["illegal_action"]
    strict = risk.rl.gym_env(players=3, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(ActionIndexError):
        strict.step(illegal)
    with pytest.raises(UsageError, match="bot"):
        risk.rl.gym_env(opponents="no-such-bot")
    with pytest.raises(UsageError, match="one per other seat"):
        risk.rl.gym_env(players=4, opponents=["random"])


def test_import_risk_rl_is_light():
    import subprocess
    import sys

    code = ("import sys, risk.rl; heavy = [m for m in ('pettingzoo', 'gymnasium', 'pyspiel', 'torch') "
            "if m in sys.modules]; print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_gym_env_vectorises():
    envs = gymnasium.make_vec("risk.rl.gymnasium_env:MarkovRisk-v0", num_envs=2, vectorization_mode="sync",
                              players=3, max_turns=3)
    observations, infos = envs.reset(seed=[1, 2])
    assert observations.shape == (2, 829) and infos["action_mask"].shape == (2, 1551)
    ended = 0
    for _ in range(300):
        actions = [int(np.flatnonzero(mask)[0]) if mask.any() else 0 for mask in infos["action_mask"]]
        observations, rewards, terminated, truncated, infos = envs.step(np.array(actions))
        ended += int(terminated.sum() + truncated.sum())
    assert ended > 0  # and the vector env reset them
    envs.close()


# The vectorised environment: many games in one process, each the same as the single-agent
# environment with its seed, reset in the same step when it ends.

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
