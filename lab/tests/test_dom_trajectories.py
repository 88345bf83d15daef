"""``lab/scripts/dom_trajectories.py``: win rates against Domination split by who played first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from study_scripts import load_script


def load():
    return load_script("dom_trajectories")


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


def test_at_a_bigger_table_the_course_of_the_seats_games_is_shown(tmp_path, capsys):
    results = tmp_path / "run.jsonl"
    seats = [{"spec": "ext:strategist"}, {"spec": "hard"}, {"spec": "hard"}]
    write(results, [{"winner_spec": "hard", "seats": seats}, {"winner_spec": "ext:strategist", "seats": seats}])
    early = {"turn": 3, "me": 0, "territories": [10, 16, 16], "armies": [20, 30, 10], "cards": [0] * 3, "next_set": 4}
    swept = {"turn": 13, "me": 0, "territories": [4, 38, 0], "armies": [4, 80, 0], "cards": [0] * 3, "next_set": 8}
    write(tmp_path / "run.trajectory.jsonl", [{"first": True}, early, swept, {"first": False}, early])
    load().main([str(results)])
    out = capsys.readouterr().out
    assert "| 0-11 | 2 | 1.00 | 0.62 |" in out  # 20 armies against a mean of 20, 10 territories against 16
    assert "| 12-23 | 1 | 0.05 | 0.11 |" in out  # one live rival left
    assert "| games won | 0 | 1 | 0 | 0 | 0 |" in out  # three players were alive at its last turn
    assert "| games lost | 1 | 0 | 0 | 0 | 0 |" in out
    # At its first turn it was not the largest (20 + 10 against 30 + 16): the game it lost with
    # two players left was not lost first; the other game had nobody out yet and was won.
    assert "| the largest | 0 | 0 |" in out
    assert "| not the largest | 2 | 0 |" in out


def test_a_seat_that_goes_out_first_is_counted_by_its_size_at_its_first_turn(tmp_path, capsys):
    results = tmp_path / "run.jsonl"
    seats = [{"spec": "ext:strategist"}, {"spec": "hard"}, {"spec": "hard"}]
    write(results, [{"winner_spec": "hard", "seats": seats}] * 2)
    opening = {"turn": 3, "me": 0, "cards": [0] * 3, "next_set": 4}
    largest = {**opening, "territories": [16, 10, 16], "armies": [40, 20, 10]}
    small = {**opening, "territories": [10, 16, 16], "armies": [20, 30, 10]}
    write(tmp_path / "run.trajectory.jsonl", [{"first": True}, largest, {"first": False}, small])
    load().main([str(results)])
    out = capsys.readouterr().out
    assert "| the largest | 1 | 1 |" in out       # both lost with all three still in: out first
    assert "| not the largest | 1 | 1 |" in out


def test_a_malformed_turn_record_at_a_bigger_table_is_one_line(tmp_path):
    results = tmp_path / "run.jsonl"
    seats = [{"spec": "ext:strategist"}, {"spec": "hard"}, {"spec": "hard"}]
    write(results, [{"winner_spec": "hard", "seats": seats}])
    turn = {"turn": 3, "me": 0, "territories": [10, 16, 16], "armies": [20, 30, 10], "cards": [0] * 3, "next_set": 4}
    write(tmp_path / "run.trajectory.jsonl", [{"first": True}, turn, {"turn": 9, "me": 0}])
    with pytest.raises(SystemExit, match="a turn record of .* is malformed: KeyError"):
        load().main([str(results)])
