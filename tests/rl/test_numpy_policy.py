"""Policies as numpy weights (``rl:policy.npz``): the file, the bot, the shipped policy, and the
scripts that write them (those that need torch skip, saying so, without it)."""

from __future__ import annotations

import sys

import numpy as np
import pytest

from risk.errors import UsageError
from risk.match import Match
from risk.players import make_player
from risk.rl.numpy_policy import NumpyPolicy
from risk.rl.policy_agent import SHIPPED
from risk.rules import Rules
from tests.support import ROOT

NO_TORCH = "torch (the rl-train extra) is not installed"


def small_policy(path, seed: int = 0, observation: int = 829, actions: int = 1551):
    """A seeded random policy of the classic map's sizes (the plumbing, not the play)."""
    rng = np.random.default_rng(seed)
    layers = [(rng.normal(0, 0.1, (16, observation)), rng.normal(0, 0.1, 16)),
              (rng.normal(0, 0.1, (actions, 16)), rng.normal(0, 0.1, actions))]
    NumpyPolicy(layers, "tanh", {"trainer": "test"}).save(path)
    return path


def test_a_policy_file_round_trips_in_float16(tmp_path):
    path = small_policy(tmp_path / "p.npz")
    policy = NumpyPolicy.load(path)
    assert (policy.observation_size, policy.actions, policy.activation) == (829, 1551, "tanh")
    assert policy.meta["trainer"] == "test"
    observation = np.random.default_rng(1).random(829).astype(np.float32)
    mask = np.zeros(1551, bool)
    mask[[3, 70, 900]] = True
    probabilities = policy.probabilities(observation, mask)
    assert probabilities.sum() == pytest.approx(1.0) and set(np.flatnonzero(probabilities)) == {3, 70, 900}
    batch = policy.logits(np.stack([observation, observation]))
    assert batch.shape == (2, 1551) and np.allclose(batch[0], policy.logits(observation), atol=1e-6)


@pytest.mark.parametrize("content, message", [
    (b"not a zip", "is not a markov-risk-policy file"),
    (None, "no 'format' entry"),
])
def test_a_file_that_is_not_a_policy_is_one_line(tmp_path, content, message):
    path = tmp_path / "bad.npz"
    if content is None:
        np.savez(path, w0=np.zeros((2, 2)))
    else:
        path.write_bytes(content)
    with pytest.raises(UsageError, match=message) as refused:
        make_player(f"rl:{path}")
    assert "\n" not in str(refused.value)


def test_a_policy_is_read_only_from_a_bounded_regular_file(tmp_path, monkeypatch):
    import os
    import zipfile

    from risk.rl import numpy_policy

    fifo = tmp_path / "fifo.npz"
    os.mkfifo(fifo)  # opening it for reading would wait for a writer that never comes
    with pytest.raises(UsageError, match=r"fifo.npz: is a pipe \(FIFO\), not a markov-risk-policy file"):
        NumpyPolicy.load(fifo)
    with pytest.raises(UsageError, match=r"is a folder"):
        NumpyPolicy.load(tmp_path)
    # a small archive whose member unpacks to more than the limit is refused before unpacking
    bomb = tmp_path / "bomb.npz"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("w0.npy", b"\0" * 4096)
    monkeypatch.setattr(numpy_policy, "MAX_UNPACKED_BYTES", 1024)
    with pytest.raises(UsageError, match=r"would unpack to 4,096 bytes, over 1,024"):
        NumpyPolicy.load(bomb)
    monkeypatch.setattr(numpy_policy, "MAX_POLICY_BYTES", 64)
    with pytest.raises(UsageError, match=r"is larger than"):
        NumpyPolicy.load(small_policy(tmp_path / "p.npz"))


def test_layers_that_do_not_chain_are_named(tmp_path):
    path = tmp_path / "p.npz"
    NumpyPolicy([(np.zeros((4, 3)), np.zeros(4)), (np.zeros((2, 5)), np.zeros(2))], "relu", {}).save(path)
    with pytest.raises(UsageError, match="layer 1 takes 5 inputs but layer 0 gives 4"):
        NumpyPolicy.load(path)


@pytest.mark.parametrize("options", ["", ",deterministic=true"])
def test_a_numpy_policy_plays_whole_seeded_games(tmp_path, options):
    spec = f"rl:{small_policy(tmp_path / 'p.npz')}{options}"

    def play():
        match = Match([make_player(s) for s in (spec, "random", "random", "random")], seed=11,
                      rules=Rules(max_turns=15))
        return match.play(), match

    (result, match), (again, _) = play(), play()
    assert result.places and (again.places, again.actions) == (result.places, result.actions)
    assert sum(1 for action in match.record.actions if action[0] == 0) > 10


def test_the_shipped_policy_is_small_named_by_its_name_and_plays():
    shipped = sorted(SHIPPED.glob("*.npz"))
    assert shipped, "the package ships a trained policy"
    for path in shipped:
        assert path.stat().st_size < 1_000_000  # kilobytes, not megabytes
        policy = NumpyPolicy.load(path)
        assert policy.meta["command"].startswith("python examples/") and "seed" in policy.meta
        agent = make_player(f"rl:{path.stem}")
        match = Match([agent, make_player("random"), make_player("random"), make_player("random")], seed=3,
                      rules=Rules(max_turns=10))
        assert match.play().places
    with pytest.raises(UsageError, match="the shipped policies: " + shipped[0].stem):
        make_player("rl:no-such-policy")


def test_a_bots_move_outside_the_buckets_maps_to_the_nearest_index():
    from risk.actions import Deploy
    from risk.rl.codec import ActionCodec
    from risk.rl.imitation import nearest_index
    from risk.state import GameState

    game = GameState.new(players=3, seed=1, rules=Rules.parse("setup=deal,placement=auto"))
    codec = ActionCodec(game.board, game.rules)
    territory = game.territories_of(game.player)[0]
    game.pool = 9  # buckets 1, 3, 5, 9: a deploy of 7 has no index; 5 and 9 are 2 away, 5 first
    assert codec.decode(nearest_index(codec, Deploy(territory, 7), game), game) == Deploy(territory, 5)
    assert codec.decode(nearest_index(codec, Deploy(territory, 9), game), game) == Deploy(territory, 9)


def test_teacher_games_record_the_teachers_decisions():
    from risk.rl.imitation import teacher_games

    found = teacher_games("angry", ["random", "random"], games=3, seed=2, max_turns=12)
    assert found.games == 3 and len(found.actions) == len(found.observations) == len(found.offsets) - 1 > 30
    masks = found.masks(np.arange(len(found.actions)), 1551)
    assert masks[np.arange(len(found.actions)), found.actions].all()  # every choice is legal
    again = teacher_games("angry", ["random", "random"], games=3, seed=2, max_turns=12)
    assert again.actions == found.actions


def _example(name):
    pytest.importorskip("torch", reason=NO_TORCH)
    sys.path.insert(0, str(ROOT / "examples"))
    try:
        return __import__(name)
    finally:
        sys.path.pop(0)


def test_the_imitation_script_writes_a_policy_that_plays(tmp_path):
    script = _example("imitate_bot")
    out = tmp_path / "imitate"
    assert script.main(["--teacher", "angry", "--games", "4", "--max-turns", "10", "--epochs", "2",
                        "--net", "16", "--out", str(out)]) == 0
    policy = NumpyPolicy.load(out / "policy.npz")
    assert policy.meta["trainer"] == "behavioural cloning of angry" and policy.meta["decisions"] > 20
    assert script.main(["--teacher", "angry", "--games", "4", "--max-turns", "10", "--epochs", "1",
                        "--net", "16", "--out", str(out)]) == 0  # the decisions are read back
    match = Match([make_player(f"rl:{out / 'policy.npz'}"), make_player("random")], seed=5,
                  rules=Rules(max_turns=6))
    assert match.play().places


def test_the_ppo_scripts_policy_file_is_its_torch_policy(tmp_path):
    pytest.importorskip("sb3_contrib", reason=NO_TORCH)
    script = _example("train_maskable_ppo")
    import torch
    from sb3_contrib import MaskablePPO

    import risk.rl

    out = tmp_path / "ppo"
    assert script.main(["--steps", "64", "--envs", "2", "--n-steps", "32", "--batch-size", "32", "--net", "16",
                        "--max-turns", "3", "--log-every", "32", "--save-every", "32", "--out", str(out)]) == 0
    model = MaskablePPO.load(str(out / "model.zip"), device="cpu")
    policy = NumpyPolicy.load(out / "policy.npz")
    env = risk.rl.gym_env(players=4)
    observation, _ = env.reset(seed=5)
    mask = env.action_masks()
    with torch.no_grad():
        tensor, _ = model.policy.obs_to_tensor(observation)
        expected = model.policy.get_distribution(tensor, action_masks=mask[None, :]).distribution.probs[0].numpy()
    assert np.allclose(policy.probabilities(observation, mask), expected, atol=1e-3)  # float16 weights


def test_the_dqn_script_trains_and_its_greedy_policy_plays(tmp_path):
    pytest.importorskip("tree", reason="dm-tree (the rl extra) is not installed")
    script = _example("train_openspiel_dqn")
    out = tmp_path / "dqn"
    assert script.main(["--games", "2", "--max-turns", "6", "--log-every", "1", "--net", "16",
                        "--out", str(out)]) == 0
    policy = NumpyPolicy.load(out / "dqn.npz")
    assert policy.activation == "relu" and policy.meta["trainer"] == "open_spiel.python.pytorch.dqn"
    match = Match([make_player(f"rl:{out / 'dqn.npz'},deterministic=true"), make_player("random"),
                   make_player("random")], seed=5, rules=Rules(max_turns=6))
    assert match.play().places


def test_the_shipped_policy_plays_in_the_window(tmp_path, monkeypatch):
    """``risk play`` seats it as any bot (the window builds its seats with the same factory)."""
    pygame = pytest.importorskip("pygame")
    from risk.cli import main

    monkeypatch.setenv("MARKOV_RISK_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("MARKOV_RISK_AUTOSAVE", raising=False)
    png = tmp_path / "shot.png"
    try:
        code = main(["play", "--bots-only", "--bots", "rl:angry-clone,random,random,random", "--speed", "max",
                     "--seed", "2", "--screenshot", str(png), "--quit-after-turns", "8"])
    finally:
        pygame.display.quit()
    assert code == 0 and png.stat().st_size > 0
