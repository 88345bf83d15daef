"""``lab/scripts/dom_duels.py``: how a batch reaches its last duel, from results and trajectories."""

from __future__ import annotations

import json

from study_scripts import load_script

dom_duels = load_script("dom_duels")


def write(path, records) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


def turn(me: int, territories, armies) -> dict:
    return {"turn": 1, "me": me, "territories": territories, "armies": armies, "cards": [0, 0, 0], "next_set": 4}


def test_the_duel_start_its_armies_ratio_and_who_took_the_third_player(tmp_path, capsys):
    results = tmp_path / "run.jsonl"
    write(results, [{"winner_spec": "ext:strategist"}, {"winner_spec": "hard"}, {"winner_spec": "hard"}])
    write(tmp_path / "run.trajectory.jsonl", [
        {"first": True}, turn(0, [10, 10, 10], [20, 20, 20]), turn(0, [18, 12, 0], [40, 20, 0]),  # took it, 2x
        {"first": False}, turn(2, [10, 10, 10], [20, 20, 20]), turn(2, [0, 25, 5], [0, 50, 10]),   # rival took it
        {"first": False}, turn(1, [10, 10, 10], [20, 20, 20]), turn(1, [15, 0, 15], [0, 0, 0]),   # out first
    ])
    duels = dom_duels.duel_starts(results)
    assert [(d["won"], d["ratio"], d["taker"], d["victim"]) for d in duels] == [(True, 2.0, "seat", 10),
                                                                                (False, 0.2, "rival", 10)]
    assert dom_duels.main([str(results)]) == 0
    out = capsys.readouterr().out
    assert "3 games, 2 duels reached, 1 won" in out and "taken by the seat: 1 duels, 1 won" in out
    assert "taken by the rival, " not in out  # the victim held ten territories at the seat's turn before


def test_a_small_victim_the_rival_took_is_counted(tmp_path, capsys):
    results = tmp_path / "run.jsonl"
    write(results, [{"winner_spec": "hard"}])
    write(tmp_path / "run.trajectory.jsonl", [
        {"first": False}, turn(0, [12, 28, 2], [20, 40, 3]), turn(0, [12, 30, 0], [20, 45, 0]),
    ])
    assert dom_duels.main([str(results)]) == 0
    assert "of those taken by the rival, 1 held at most 3 territories at the seat's turn before (0 of those duels won)" \
        in capsys.readouterr().out


def test_a_missing_trajectory_is_named(tmp_path, capsys):
    results = tmp_path / "run.jsonl"
    write(results, [{"winner_spec": "hard"}])
    assert dom_duels.main([str(results)]) == 2
    assert "does not exist" in capsys.readouterr().err
