"""Game records, replay, and save/load of a game in progress; records of every version replay as
they were played."""

from __future__ import annotations

import gzip
import json

import pytest

from ai import make_agent
from ai.registry import make_trusted_agent
from risk.battle.sampling import clear_samplers, sample_blitz, sample_blitz_first_way
from risk.battle.strides import is_strided
from risk.cli import main
from risk.errors import RecordError
from risk.match import Match
from risk.record import RECORD_VERSION, GameRecord
from risk.rules import Rules
from risk.state import GameState


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


# Records of every version replay as they were played.
#
# Version 2 draws a blitz of more than 10,000 army pairs in strides (risk.battle.strides);
# version 1 drew it by inversion up to 250,000 pairs and rolled it round by round beyond. The
# same uniform gives other outcomes, so an old record replays only the old way.
# ``big-blitz-v1.jsonl.gz`` was written by the engine before strides (commit 5f352d4): three
# ``angry`` bots on the classic map, seed 7, with blitzes from stacks of up to 205 armies
# (compressed since: it wrote plain text).

OLD_RECORD = "big-blitz-v1.jsonl.gz"


@pytest.fixture
def old_record(data_dir):
    return data_dir / "records" / OLD_RECORD


def test_a_version_1_record_replays_to_its_result(old_record):
    record = GameRecord.load(old_record)
    assert record.version == 1
    state = record.replay(str(old_record))  # raises unless every action is legal and the result matches
    assert state.is_terminal() and state.rng.blitz_draws == 1


def test_the_old_record_needs_the_old_draws(old_record):
    """The record meets a battle the two ways draw differently: read as version 2 it fails."""
    lines = gzip.decompress(old_record.read_bytes()).decode().splitlines()
    header = json.loads(lines[0])
    header["version"] = 2
    text = "\n".join([json.dumps(header)] + lines[1:])
    with pytest.raises(RecordError):
        GameRecord.parse(text).replay()


def test_new_records_are_version_2(tmp_path):
    match = Match([make_trusted_agent("random")] * 2, seed=3)
    for _ in range(50):
        match.step()
    path = tmp_path / "game.jsonl"
    match.record.write(path)
    assert json.loads(path.read_text().splitlines()[0])["version"] == RECORD_VERSION == 2
    assert GameRecord.load(path).replay().rng.blitz_draws == 2


def test_a_game_resumed_from_an_old_save_stays_old(old_record, tmp_path):
    """A save cut from the old record resumes the old way and is written back as version 1."""
    record = GameRecord.load(old_record)
    record.actions = record.actions[:1200]
    record.result = None
    cut = tmp_path / "cut.jsonl"
    record.write(cut)
    match = Match.load(cut, make_trusted_agent)
    assert match.state.rng.blitz_draws == 1
    for _ in range(40):
        match.step()
    again = tmp_path / "again.jsonl"
    match.save(again)
    reread = GameRecord.load(again)
    assert reread.version == 1
    assert reread.replay().fingerprint() == match.state.fingerprint()


def test_the_way_survives_the_written_position(old_record):
    state = GameRecord.load(old_record).replay(upto=1000)
    back = GameState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert back.rng.blitz_draws == 1
    assert back.fingerprint() == state.fingerprint()
    assert GameState.new(players=3, seed=1).to_dict()["rng"].get("blitz_draws") is None


@pytest.mark.parametrize("attackers, defenders", [(30, 20), (150, 80), (260, 40), (700, 400)])
def test_the_two_ways_agree_below_the_strides_and_keep_apart_above(attackers, defenders):
    uniforms = [i / 97 for i in range(97)]
    clear_samplers()
    current = [sample_blitz(attackers, defenders, u) for u in uniforms]
    first = [sample_blitz_first_way(attackers, defenders, u) for u in uniforms]
    # Drawn again after the other way has cached its tables: neither way reads the other's.
    assert [sample_blitz(attackers, defenders, u) for u in uniforms] == current
    clear_samplers()
    assert [sample_blitz_first_way(attackers, defenders, u) for u in uniforms] == first
    if not is_strided(attackers, defenders):
        assert first == current
    else:
        assert first != current
    for left, defenders_left in first:
        assert 1 <= left <= attackers and 0 <= defenders_left <= defenders
        assert left == 1 or defenders_left == 0


@pytest.mark.parametrize("version", [0, 3, True, "2"])
def test_unknown_versions_are_refused(version, old_record):
    lines = gzip.decompress(old_record.read_bytes()).decode().splitlines()
    header = json.loads(lines[0])
    header["version"] = version
    with pytest.raises(RecordError, match="version"):
        GameRecord.parse("\n".join([json.dumps(header)] + lines[1:3]))
