"""``lab/scripts/dom_losses.py``: where the project's seat's armies go in Domination's games."""

from __future__ import annotations

import json
from pathlib import Path

from study_scripts import load_script


def load():
    return load_script("dom_losses")


def write(path: Path, records) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in records))


def phase(turn, state, armies, territories, cards=0):
    return {"turn": turn, "state": state, "armies": armies, "territories": territories, "cards": cards}


def test_a_turn_is_split_into_deployment_attack_cost_and_defence_loss():
    turns = load().turns_of([phase(13, 2, 10, 5), phase(13, 3, 14, 5), phase(13, 5, 12, 6),
                             phase(13, 6, 11, 7), phase(19, 2, 8, 6), phase(19, 3, 11, 6)])
    rows = load().flows(turns)
    # Turn 13: 4 deployed (10 -> 14), 3 lost attacking (14 -> 11), then 3 lost and 1 territory
    # lost before turn 19 began (11/7 -> 8/6).
    assert rows[0] == {"stretch": 1, "deploy": 4, "attack_cost": 3, "defence_loss": 3, "taken": 2, "lost": 1}
    # The last turn has nothing after it to lose.
    assert rows[1]["defence_loss"] is None and rows[1]["deploy"] == 3


def test_a_turn_without_an_attack_decision_counts_no_deployment():
    rows = load().flows(load().turns_of([phase(7, 2, 9, 4), phase(7, 6, 12, 4), phase(13, 2, 12, 4)]))
    assert rows[0]["deploy"] == 0 and rows[0]["attack_cost"] == 0 and rows[0]["defence_loss"] == 0


def test_the_table_splits_won_and_lost_games(tmp_path, capsys):
    results = tmp_path / "run.jsonl"
    write(results, [{"winner_spec": "ext:strategist"}, {"winner_spec": "hard"}])
    game = [phase(13, 2, 10, 5), phase(13, 3, 14, 5), phase(13, 6, 11, 7), phase(19, 2, 8, 6)]
    write(tmp_path / "run.phases.jsonl", [{"game": True}, *game, {"game": True}, *game])
    assert load().main([str(results)]) == 0
    out = capsys.readouterr().out
    assert "2 games, 1 won" in out
    # Turn 13 deployed 4 and lost 3 attacking; turn 19 had no attack decision: 0 and 0.
    assert "| won | 12-23 | 2 | 2.0 | 1.5 | 3.0 | 1.00 | 1.00 |" in out
    assert "| lost | 12-23 | 2 | 2.0 | 1.5 | 3.0 | 1.00 | 1.00 |" in out


def test_a_malformed_phase_log_is_one_line(tmp_path, capsys):
    results = tmp_path / "run.jsonl"
    write(results, [{"winner_spec": "hard"}])
    (tmp_path / "run.phases.jsonl").write_text('{"game": true}\nnot json\n')
    try:
        load().main([str(results)])
    except SystemExit as stop:
        assert "line 2 is not JSON" in str(stop)
    else:
        raise AssertionError("a malformed line was read")


def test_a_missing_phase_log_is_one_line(tmp_path, capsys):
    results = tmp_path / "run.jsonl"
    write(results, [{"winner_spec": "hard"}])
    assert load().main([str(results)]) == 1
    assert capsys.readouterr().err.count("\n") == 1


def test_a_gzipped_phase_log_is_read(tmp_path, capsys):
    import gzip

    results = tmp_path / "run.jsonl"
    write(results, [{"winner_spec": "hard"}])
    game = [{"game": True}, phase(13, 2, 10, 5), phase(13, 3, 14, 5), phase(13, 6, 11, 7), phase(19, 2, 8, 6)]
    with gzip.open(tmp_path / "run.phases.jsonl.gz", "wt") as out:
        out.write("".join(json.dumps(r) + "\n" for r in game))
    assert load().main([str(results)]) == 0
    assert "| lost | 12-23 | 2 | 2.0 | 1.5 | 3.0 | 1.00 | 1.00 |" in capsys.readouterr().out


def test_a_phase_record_without_its_fields_is_one_line(tmp_path, capsys):
    results = tmp_path / "run.jsonl"
    write(results, [{"winner_spec": "hard"}])
    write(tmp_path / "run.phases.jsonl", [{"game": True}, {"turn": 13, "state": 2}])
    assert load().main([str(results)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "armies" in err
