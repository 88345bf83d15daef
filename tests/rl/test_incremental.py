"""The environments keep the observation and the mask up to date move by move
(:mod:`risk.rl.incremental`): after every step of random games, under every variant whose state
differs, each must equal a full rebuild (``ObservationEncoder.encode``, ``ActionCodec.mask``)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import risk.rl  # noqa: E402
from risk.rl.incremental import ObservationTracker, TableTracker  # noqa: E402
from risk.rl.masks import MaskTracker  # noqa: E402
from risk.state import GameState  # noqa: E402

#: (players, rules, max_turns): the standard game and the variants that change what is observed
#: (missions, capitals, the commander's six and retreats with the defender deciding, the old UK
#: turn with the seeing defender, the 2-player neutral army, claims and placements by hand), and
#: the limits and trades that the mask's kept phases leave to a rebuild (risk.rl.masks).
GAMES = [
    (4, "", 40),
    (3, "missions=true,setup=deal,placement=auto", 40),
    (4, "capitals=true,setup=deal,placement=auto", 30),
    (3, "commanders=true,retreat=true,sea_lane_defence=true,setup=deal,placement=auto", 30),
    (3, "reinforce_or_attack=true,defender_sees_dice=true,setup=deal,placement=auto", 30),
    (2, "setup=deal,placement=auto", 60),
    (6, "", 25),
    (4, "setup_limit=4,army_limit=12,trade_anytime=true", 40),
]


def _rebuilt(env, seat: int) -> tuple[np.ndarray, np.ndarray]:
    game = env.unwrapped.game
    mask = env.unwrapped.codec.mask(game) if seat == game.current_player and not game.is_terminal() \
        else np.zeros(env.unwrapped.codec.size, np.int8)
    return env.unwrapped.encoder.encode(game, seat), mask


@pytest.mark.parametrize("players,rules,max_turns", GAMES, ids=[g[1] or "standard" for g in GAMES])
@pytest.mark.parametrize("every_seat", [True, False], ids=["every seat", "the mover only"])
def test_pettingzoo_observation_and_mask_equal_a_rebuild(players, rules, max_turns, every_seat):
    """Observing every seat after every step (small changes between updates), or only the seat to
    move (a seat's tracker then skips the other players' whole turns)."""
    env = risk.rl.env(players=players, rules=rules or None, max_turns=max_turns)
    rng = np.random.default_rng(players)
    for game_seed in (1, 2):
        env.reset(seed=game_seed)
        steps = 0
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            seat = int(agent.split("_")[1])
            expected_observation, expected_mask = _rebuilt(env, seat)
            assert np.array_equal(observation["observation"], expected_observation), (steps, agent)
            assert np.array_equal(observation["action_mask"], expected_mask), (steps, agent)
            if every_seat:
                for other in env.agents:
                    seen = env.observe(other)
                    again = _rebuilt(env, int(other.split("_")[1]))
                    assert np.array_equal(seen["observation"], again[0]) and np.array_equal(seen["action_mask"],
                                                                                             again[1])
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        assert steps > 100


@pytest.mark.parametrize("players,rules,max_turns", GAMES[:5], ids=[g[1] or "standard" for g in GAMES[:5]])
def test_gymnasium_observation_and_mask_equal_a_rebuild(players, rules, max_turns):
    env = risk.rl.gym_env(players=players, rules=rules or None, max_turns=max_turns, opponents="random",
                          seat="rotate")
    rng = np.random.default_rng(5)
    for game_seed in (3, 4):
        observation, info = env.reset(seed=game_seed)
        done = False
        steps = 0
        while not done:
            game, seat = env.game, env.seat
            assert np.array_equal(observation, env.encoder.encode(game, seat)), steps
            mask = env.action_masks()
            assert np.array_equal(mask, env.codec.mask(game).astype(bool)), steps
            assert np.array_equal(info["action_mask"], mask.astype(np.int8))
            observation, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
            done = terminated or truncated
            steps += 1
        assert np.array_equal(observation, env.encoder.encode(env.game, env.seat))
        assert not env.action_masks().any() and steps > 20


def test_a_tracker_follows_one_game_and_starts_over_on_another():
    first, second = GameState.new(players=3, seed=1), GameState.new(players=3, seed=2)
    env = risk.rl.raw_env(players=3)
    tracker, masks = ObservationTracker(env.encoder, 1), MaskTracker(env.codec)
    rng = np.random.default_rng(0)
    for game in (first, second, first):
        for _ in range(60):
            assert np.array_equal(tracker.update(game), env.encoder.encode(game, 1))
            assert np.array_equal(masks.update(game), env.codec.mask(game))
            game.apply(masks.decode(int(rng.choice(np.flatnonzero(masks.mask))), game))


def test_decoding_an_index_the_mask_refuses_says_why():
    from risk.errors import ActionIndexError

    game = GameState.new(players=3, seed=1)
    env = risk.rl.raw_env(players=3)
    masks = MaskTracker(env.codec)
    masks.update(game)
    illegal = int(np.flatnonzero(masks.mask == 0)[5])
    with pytest.raises(ActionIndexError, match="is not legal here"):
        masks.decode(illegal, game)
    with pytest.raises(ActionIndexError, match="out of range"):
        masks.decode(env.codec.size, game)


def test_claims_and_deployments_are_kept_not_rebuilt(monkeypatch):
    """Under the standard rules the mask of a claim or a deployment is rewritten where the last
    move changed it, never rebuilt from the engine's whole list of legal runs."""
    from risk.phase import Phase

    env = risk.rl.raw_env(players=4)
    game = GameState.new(players=4, seed=3)
    masks = MaskTracker(env.codec)
    rebuilt: list[Phase] = []
    legal_indices = env.codec.legal_indices
    monkeypatch.setattr(env.codec, "legal_indices", lambda state: rebuilt.append(state.phase) or legal_indices(state))
    rng = np.random.default_rng(3)
    kept = {Phase.CLAIM: 0, Phase.DEPLOY: 0}
    while game.turn < 12 and not game.is_terminal():
        mask = masks.update(game).copy()
        assert np.array_equal(mask, legal_mask(env.codec, game, legal_indices))
        if game.phase in kept:
            kept[game.phase] += 1
        game.apply(masks.decode(int(rng.choice(np.flatnonzero(mask))), game))
    assert kept[Phase.CLAIM] == 42 and kept[Phase.DEPLOY] > 20
    assert Phase.CLAIM not in rebuilt and Phase.DEPLOY not in rebuilt


def legal_mask(codec, game, legal_indices) -> np.ndarray:
    mask = np.zeros(codec.size, np.int8)
    mask[legal_indices(game)] = 1
    return mask


def test_seats_share_one_table_and_observe_gives_an_array_of_its_own():
    """The seats' trackers follow a move once, in the table they share; what ``observe`` returns
    is the caller's to keep (the next move and the other seats' views leave it as it was)."""
    env = risk.rl.raw_env(players=3)
    game = GameState.new(players=3, seed=4)
    table = TableTracker(env.encoder)
    views = [ObservationTracker(env.encoder, seat, table) for seat in range(3)]
    masks = MaskTracker(env.codec)
    rng = np.random.default_rng(4)
    kept = []
    for _ in range(120):
        seen = [view.observe(game) for view in views]
        for seat, observation in enumerate(seen):
            assert np.array_equal(observation, env.encoder.encode(game, seat))
        kept.append((seen[0], seen[0].copy()))
        game.apply(masks.decode(int(rng.choice(np.flatnonzero(masks.update(game)))), game))
    assert all(np.array_equal(observation, copy) for observation, copy in kept)
    assert len({id(view.table) for view in views}) == 1
