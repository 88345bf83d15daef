"""Game records, replay, and save/load of a game in progress."""

from __future__ import annotations

import json

import pytest

from ai import make_agent
from ai.registry import make_trusted_agent
from risk.cli import main
from risk.errors import RecordError
from risk.match import Match
from risk.record import GameRecord
from risk.rules import Rules


def play(seed=4, bots=("random",) * 3, max_turns=25, **rules):
    match = Match([make_agent(b) for b in bots], seed=seed, rules=Rules(max_turns=max_turns, **rules))
    match.play()
    return match


def test_record_replays_to_the_same_position(tmp_path):
    match = play()
    path = tmp_path / "game.jsonl"
    match.record.write(path)
    record = GameRecord.load(path)
    state = record.replay(str(path))
    assert state.fingerprint() == match.state.fingerprint()
    assert record.result["winner"] == match.state.winner


def test_record_holds_everything_to_replay(tmp_path, tiny):
    match = Match([make_agent("random")] * 2, seed=8, board=tiny,
                  rules=Rules(max_turns=15, fortify="connected", card_values="fixed"))
    match.play()
    path = tmp_path / "tiny.jsonl"
    match.record.write(path)
    header = json.loads(path.read_text().splitlines()[0])
    assert header["seed"] == 8 and header["rules"]["fortify"] == "connected"
    assert header["map"]["name"] == "Tiny" and header["players"] == ["random", "random"]
    assert GameRecord.load(path).replay().fingerprint() == match.state.fingerprint()


def test_save_and_load_resume_identically(tmp_path):
    uninterrupted = play(seed=12, max_turns=30)

    match = Match([make_agent("random") for _ in range(3)], seed=12, rules=Rules(max_turns=30))
    for _ in range(300):
        match.step()
    path = tmp_path / "save.jsonl"
    match.save(path)
    resumed = Match.load(path, make_trusted_agent)
    assert resumed.state.fingerprint() == match.state.fingerprint()
    resumed.play()
    assert resumed.state.fingerprint() == uninterrupted.state.fingerprint()
    assert resumed.record.actions == uninterrupted.record.actions


def test_replay_cli(tmp_path, capsys):
    path = tmp_path / "game.jsonl"
    assert main(["simulate", "--bots", "random,random,random", "--seed", "3", "--max-turns", "20",
                 "--record", str(path), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    assert "matches the record" in capsys.readouterr().out


def corrupt(path, line_number, new_text):
    lines = path.read_text().splitlines()
    lines[line_number - 1] = new_text
    path.write_text("\n".join(lines) + "\n")


@pytest.mark.parametrize("line, text, message", [
    (1, "not json", "not valid JSON"),
    (1, '{"format": "something else"}', "not a game record"),
    (3, '{"p": 1, "a": "attack alaska atlantis 3"}', "unknown territory"),
    (3, '{"p": 0, "a": "claim alaska"}', "it is player 1's turn"),
    (3, '{"x": 1}', "unexpected line"),
    (4, '{"p": 2, "a": "end"}', "illegal action"),
])
def test_corrupt_records_are_reported_with_their_line(tmp_path, capsys, line, text, message):
    match = play(seed=6, max_turns=12)
    path = tmp_path / "game.jsonl"
    match.record.write(path)
    corrupt(path, line, text)
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("risk: error: ")
    assert message in err
    assert f"{path}:" in err


def test_changed_result_is_detected(tmp_path, capsys):
    match = play(seed=6, max_turns=12)
    path = tmp_path / "game.jsonl"
    match.record.write(path)
    lines = path.read_text().splitlines()
    result = json.loads(lines[-1])
    result["result"]["winner"] = (result["result"]["winner"] or 0) + 1
    lines[-1] = json.dumps(result)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(RecordError, match="but the record says"):
        GameRecord.load(path).replay(str(path))


def test_empty_and_missing_records(tmp_path, capsys):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert main(["replay", str(empty)]) == 1
    assert "empty" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "nope.jsonl")]) == 1
    assert "no such file" in capsys.readouterr().err


def test_corrupt_save_is_refused(tmp_path):
    match = Match([make_agent("random") for _ in range(3)], seed=2, rules=Rules(max_turns=10))
    for _ in range(50):
        match.step()
    path = tmp_path / "save.jsonl"
    match.save(path)
    lines = path.read_text().splitlines()
    lines[-1] = json.dumps({"save": {"seat_rngs": [{"oops": 1}] * 3}})
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(RecordError, match="corrupt"):
        Match.load(path, make_trusted_agent)
