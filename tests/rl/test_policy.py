"""The ``rl:model.zip`` bot spec and the MaskablePPO training script.

Torch is not in the test extra: the tests that load or train a model skip, saying so, when torch
or sb3-contrib is missing (``pip install -e '.[rl-train]'`` runs them)."""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import pytest

from risk.errors import UsageError
from risk.match import Match
from risk.players import make_player, make_trusted_player
from risk.rules import Rules
from tests.support import ROOT

NO_TORCH = "torch and sb3-contrib (the rl-train extra) are not installed"


def needs_torch():
    pytest.importorskip("torch", reason=NO_TORCH)
    pytest.importorskip("sb3_contrib", reason=NO_TORCH)
    pytest.importorskip("gymnasium", reason="gymnasium (the rl extra) is not installed")


def test_a_spec_read_from_a_file_never_loads_a_model(tmp_path):
    model = tmp_path / "model.zip"
    model.write_bytes(b"not looked at")
    with pytest.raises(UsageError, match="loads a trained model, refused in a file"):
        make_trusted_player(f"rl:{model}")


@pytest.mark.parametrize("spec, message", [
    ("rl:", "give the model file"),
    ("rl:a.zip,path=b.zip", "the model file comes right after rl:"),
    ("rl:a.zip,greedy", "parameter 'greedy' needs the form name=value"),
    ("rl:no/such/model.zip", "bot 'rl:no/such/model.zip': no model file no/such/model.zip"),
])
def test_a_missing_model_is_a_one_line_usage_error(spec, message):
    with pytest.raises(UsageError, match=message) as refused:
        make_player(spec)
    assert "\n" not in str(refused.value)


def test_without_torch_a_model_spec_says_how_to_install_it(tmp_path, monkeypatch):
    model = tmp_path / "model.zip"
    model.write_bytes(b"PK\x05\x06" + bytes(18))  # an empty zip: a file, so the import is tried
    monkeypatch.setitem(sys.modules, "torch", None)  # import torch now raises ImportError
    with pytest.raises(UsageError, match=r"needs torch and sb3-contrib .*rl-train") as refused:
        make_player(f"rl:{model}")
    assert "\n" not in str(refused.value)


def test_a_broken_model_file_is_a_one_line_usage_error(tmp_path):
    needs_torch()
    broken = tmp_path / "broken.zip"
    broken.write_bytes(b"PK\x03\x04 a truncated zip")
    with pytest.raises(UsageError, match="is not a MaskablePPO model") as refused:
        make_player(f"rl:{broken}")
    assert "\n" not in str(refused.value)


def untrained_model(path: Path, players: int = 4) -> Path:
    """A MaskablePPO policy with the spaces of the classic map's codec and observation (its
    weights are the seeded initial ones: what is tested is the plumbing, not the play)."""
    import gymnasium
    import numpy as np
    from sb3_contrib import MaskablePPO

    from risk.rl.codec import ActionCodec
    from risk.rl.observation import ObservationEncoder
    from risk.state import GameState

    game = GameState.new(players=players, seed=1)
    codec, encoder = ActionCodec(game.board, game.rules), ObservationEncoder(game.board)

    class Spaces(gymnasium.Env):
        observation_space = gymnasium.spaces.Box(0.0, 1.0, (encoder.size,), np.float32)
        action_space = gymnasium.spaces.Discrete(codec.size)

    MaskablePPO("MlpPolicy", Spaces(), seed=3, device="cpu", n_steps=64,
                policy_kwargs={"net_arch": [32]}).save(str(path))
    return path


def play(specs, seed, max_turns=15):
    agents = [make_player(spec) for spec in specs]
    match = Match(agents, seed=seed, rules=Rules(max_turns=max_turns))
    return match.play(), match


@pytest.mark.parametrize("options", ["", ",deterministic=true"])
def test_a_policy_plays_whole_seeded_games_as_a_bot(tmp_path, options):
    needs_torch()
    model = untrained_model(tmp_path / "policy.zip")
    spec = f"rl:{model}{options}"
    result, match = play([spec, "random", "random", "random"], seed=11)
    again, _ = play([spec, "random", "random", "random"], seed=11)
    assert result.reason in ("turn limit", "conquest") and result.places
    assert match.specs[0] == spec  # the record names the bot as it was asked for
    assert (again.places, again.actions) == (result.places, result.actions)
    assert sum(1 for action in match.record.actions if action[0] == 0) > 10


def test_a_policy_trained_for_other_rules_is_refused_clearly(tmp_path):
    needs_torch()
    from risk.match import AgentFault

    model = untrained_model(tmp_path / "policy.zip")  # adjacent fortifying: 1,551 actions
    agents = [make_player(f"rl:{model}"), make_player("random"), make_player("random")]
    with pytest.raises(AgentFault, match="trained for 1551 actions .* have 6219 actions"):
        Match(agents, seed=2, rules=Rules(fortify="connected")).play()


def test_the_training_script_trains_saves_and_writes_its_curve(tmp_path):
    needs_torch()
    sys.path.insert(0, str(ROOT / "examples"))
    try:
        import train_maskable_ppo as script
    finally:
        sys.path.pop(0)
    out = tmp_path / "run"
    argv = ["--steps", "256", "--seed", "5", "--out", str(out), "--max-turns", "3",
            "--n-steps", "128", "--batch-size", "64", "--net", "32", "--log-every", "128",
            "--window", "5", "--save-every", "128"]
    assert script.main(argv) == 0
    with (out / "curve.csv").open(newline="") as file:
        rows = list(csv.DictReader(file))
    assert rows and int(rows[-1]["steps"]) >= 128 and int(rows[-1]["games"]) >= 1
    assert 0.0 <= float(rows[-1]["win_rate"]) <= 1.0
    result, _ = play([f"rl:{out / 'model.zip'}", "random", "random", "random"], seed=4, max_turns=5)
    assert result.places
