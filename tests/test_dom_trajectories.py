"""``benchmarks/dom_trajectories.py``: win rates against Domination split by who played first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import load_benchmark


def load():
    return load_benchmark("dom_trajectories")


def write(path: Path, records) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in records))


def test_games_are_split_by_who_played_first(tmp_path, capsys):
    results = tmp_path / "run.jsonl"
    write(results, [{"winner_spec": "ext:strategist"}, {"winner_spec": "hard"},
                    {"winner_spec": "ext:strategist"}, {"winner_spec": "hard"}])
    turn = {"turn": 3, "me": 0, "territories": [21, 21], "armies": [40, 40], "cards": [0, 0], "next_set": 4}
    write(tmp_path / "run.trajectory.jsonl", [{"first": True}, turn, {"first": False}, turn,
                                              {"first": True}, {"first": True}])
    load().main([str(results)])
    out = capsys.readouterr().out
    assert "| played first | 3 | 2 | 66.7% |" in out
    assert "| played second or later | 1 | 0 | 0.0% |" in out
    # Both games with a recorded first turn opened from 21 territories and 40 armies each.
    assert "| played first | 1 | 1 | 21/40; 21/40 | 100.0% |" in out
    assert "| played second or later | 1 | 1 | 21/40; 21/40 | 100.0% |" in out


def test_a_short_trajectory_is_refused(tmp_path):
    results = tmp_path / "run.jsonl"
    write(results, [{"winner_spec": "hard"}, {"winner_spec": "hard"}])
    write(tmp_path / "run.trajectory.jsonl", [{"first": True}])
    with pytest.raises(SystemExit, match="has 1 game starts for 2 games"):
        load().main([str(results)])


def test_a_missing_file_is_one_line(tmp_path):
    with pytest.raises(SystemExit, match="cannot read .*run.jsonl"):
        load().main([str(tmp_path / "run.jsonl")])
