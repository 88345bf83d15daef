"""``lab/scripts/rl_table.py``: docs/rl.md's baselines table from the rl study's raw runs."""

from __future__ import annotations

import json

import pytest

from study_scripts import load_script
from risk.tournament.stats import wilson_interval

rl_table = load_script("rl_table")


def write_games(path, games) -> None:
    path.write_text("".join(json.dumps(game) + "\n" for game in games), encoding="utf-8")


def tournament_game(rotation: int, winner: int) -> dict:
    return {"rotation": rotation, "seats": ["a", "b", "c", "d"], "winner": winner}


def test_the_agent_is_found_in_its_rotated_seat_and_a_short_batch_says_so(tmp_path):
    # rotation r puts seat 0's spec (the agent) in seat -r mod 4: 0, 3, 2, 1
    games = [tournament_game(0, 0), tournament_game(1, 3), tournament_game(2, 0), tournament_game(3, 1)]
    write_games(tmp_path / "rl-ppo-vs-threshold.jsonl", games)
    low, high = wilson_interval(3, 4)
    assert rl_table.cell(tmp_path, "ppo", "threshold") == (
        f"3/4 (of 100 declared): **75.0%** [{100 * low:.1f}, {100 * high:.1f}]")


def test_mcts_lines_name_their_seat_and_missing_batches_are_not_measured(tmp_path):
    games = [{"mcts_seat": seat, "winner": winner} for seat, winner in [(0, 0), (1, 2)] * 4]
    write_games(tmp_path / "rl-mcts-vs-random.jsonl", games)
    assert rl_table.cell(tmp_path, "mcts", "random").startswith("4/8: **50.0%**")
    assert rl_table.cell(tmp_path, "mcts", "threshold") == "not measured (8 declared)"
    assert rl_table.cell(tmp_path, "threshold", "threshold") == "25% by symmetry"
    assert rl_table.table(tmp_path).count("\n") == 2 + len(rl_table.AGENTS) - 1


def test_a_line_that_is_not_json_is_named(tmp_path):
    (tmp_path / "rl-dqn-vs-random.jsonl").write_text('{"rotation": 0}\n{oops\n', encoding="utf-8")
    with pytest.raises(SystemExit, match=r"rl-dqn-vs-random.jsonl:2: not a JSON line"):
        rl_table.cell(tmp_path, "dqn", "random")
