"""A results file given to ``--resume`` is untrusted: only this run's own lines are kept, each
checked against the run's schedule and rules, and nothing else is ever dropped or printed raw.

A file that is not this tournament's results (notes, random bytes, another program's JSON) is
refused in one line and left exactly as it was; only a torn last line of this tournament's own
file is cut, and the run says so. A line whose fields contradict the run or each other (a reason
no game ends with, a turn count the rules never allow, another turn cap, a winner's name that is
not the winner's bot) is refused with its line number, and no control or bidirectional
character from the file reaches the terminal.
"""

from __future__ import annotations

import json
import random
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from risk.cli import main
from tests.support import DATA

TINY = str(DATA / "tiny.json")
RUN = ["tournament", "--bots", "random,angry", "--games", "4", "--seed", "1", "--map", TINY,
       "--max-turns", "5", "--jobs", "1"]


def run(out: Path, *extra: str) -> int:
    return main([*RUN, "--out", str(out), *extra])


def one_line(capsys) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    return err[0]


@pytest.fixture(scope="module")
def good_lines(tmp_path_factory) -> list[dict]:
    out = tmp_path_factory.mktemp("good") / "results.jsonl"
    assert run(out) == 0
    return [json.loads(line) for line in out.read_text().splitlines()]


def _write(path: Path, lines: list[dict]) -> bytes:
    data = "".join(json.dumps(line) + "\n" for line in lines).encode()
    path.write_bytes(data)
    return data


@pytest.mark.parametrize("content", [
    b"my notes",                                        # the issue's own example: no newline at all
    b"my notes\nmore notes",
    bytes(random.Random(4).randrange(256) for _ in range(1 << 20)).replace(b"\n", b" "),
    b'{"format": "markov-risk-record", "version": 1}\n',  # another file of this program
    b"\n",
])
def test_a_file_that_is_not_this_runs_results_is_refused_and_left_alone(tmp_path, capsys, content):
    notes = tmp_path / "notes.jsonl"
    notes.write_bytes(content)
    assert run(notes, "--resume") == 1
    message = one_line(capsys)
    assert message.startswith(f"risk: error: {notes}") and "Traceback" not in message
    assert notes.read_bytes() == content


def test_a_torn_line_of_this_runs_own_file_is_cut_and_said(tmp_path, capsys, good_lines):
    out = tmp_path / "results.jsonl"
    whole = _write(out, good_lines)
    lines = whole.splitlines(keepends=True)
    out.write_bytes(b"".join(lines[:2]) + lines[2][:25])
    assert run(out, "--resume") == 0
    err = capsys.readouterr().err
    assert "torn last line" in err and "25 bytes" in err
    assert out.read_bytes() == whole


def test_a_torn_first_line_is_this_runs_when_it_starts_as_its_lines_do(tmp_path, capsys, good_lines):
    out = tmp_path / "results.jsonl"
    whole = _write(out, good_lines)
    out.write_bytes(whole[:7])
    assert run(out, "--resume") == 0
    assert "torn last line" in capsys.readouterr().err
    assert out.read_bytes() == whole


def _tampered(line: dict, change) -> dict:
    line = json.loads(json.dumps(line))
    change(line)
    return line


def _set(key, value):
    return lambda line: line.__setitem__(key, value)


def _other_winner(line):
    line["winner_bot"] = line["seats"][1 - line["winner"]] if line["winner"] is not None else "angry"


TAMPERINGS = {
    "reason": (_set("reason", "x"), "reason"),
    "turns-zero": (_set("turns", 0), "turns"),
    "turns-over-the-cap": (_set("turns", 6), "turns"),
    "turn-cap": (lambda line: line["rules"].__setitem__("max_turns", 1e308), "rules"),
    "other-rules": (lambda line: line["rules"].__setitem__("fortify", "connected"), "rules"),
    "winner-bot-control": (_set("winner_bot", "random\x00\u202eangry"), "winner_bot"),
    "winner-bot-another": (_other_winner, "winner_bot"),
    "places": (_set("places", [1, 1]), "place"),
    "players": (lambda line: line.__setitem__("players", line["players"][::-1]), "players"),
    "fault-kind": (lambda line: line.update(reason="fault", fault={"seat": 0, "bot": line["seats"][0],
                                                                   "kind": "x", "error": ""}), "fault"),
    "fault-without-reason": (_set("fault", {"seat": 0, "bot": "random", "kind": "crashed", "error": ""}), "fault"),
    "actions": (_set("actions", -1), "actions"),
}


@pytest.mark.parametrize("name", sorted(TAMPERINGS))
def test_a_tampered_line_is_refused_with_its_line_number(tmp_path, capsys, good_lines, name):
    change, word = TAMPERINGS[name]
    out = tmp_path / "results.jsonl"
    lines = [good_lines[0], _tampered(good_lines[1], change)]
    before = _write(out, lines)
    assert run(out, "--resume") == 1
    message = one_line(capsys)
    assert message.startswith(f"risk: error: {out}:2: ") and word in message, message
    assert _shows_nothing_raw(message)
    assert out.read_bytes() == before


def _shows_nothing_raw(text: str) -> bool:
    return not any(unicodedata.category(c) in ("Cc", "Cf") for c in text)


@pytest.mark.parametrize("field", ["seats", "error"])
def test_a_report_never_prints_control_or_bidirectional_characters(tmp_path, capsys, good_lines, field):
    hostile = "\x1b[2J\x07\u202egnirts\u2066"
    line = json.loads(json.dumps(good_lines[0]))
    line.update(reason="fault", winner=1, places=[2, 1],
                fault={"seat": 0, "bot": line["seats"][0], "kind": "crashed", "error": hostile})
    if field == "seats":
        line["seats"] = line["players"] = [line["seats"][0] + hostile, line["seats"][1]]
        line["fault"]["bot"] = line["seats"][0]
    line["winner_bot"] = line["seats"][1]
    out = tmp_path / "results.jsonl"
    _write(out, [line])
    main(["tournament", "--report", str(out)])
    captured = capsys.readouterr()
    assert _shows_nothing_raw(captured.out.replace("\n", "")) and _shows_nothing_raw(captured.err.replace("\n", ""))


#: The fields this run decides by itself, whatever its games do: any change is another run's line.
DECIDED = ["seed", "group", "rotation", "seats", "players", "rules", "setup", "game"]
#: The fields a game's play decides: a value of the wrong kind or out of range is refused.
PLAYED = ["reason", "turns", "winner", "winner_bot", "places", "actions", "fault"]

VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 10 ** 6), st.floats(allow_nan=False),
                   st.text(max_size=8), st.lists(st.integers(0, 3), max_size=3),
                   st.dictionaries(st.sampled_from(["max_turns", "fortify", "seat", "kind"]),
                                   st.integers(-1, 10 ** 9), max_size=2))


def _resume_with(tmp_path_factory, good_lines, index, key, value) -> tuple[int, bool, bool]:
    out = tmp_path_factory.mktemp("fuzz") / "results.jsonl"
    lines = list(good_lines)
    lines[index] = _tampered(good_lines[index], lambda line: line.__setitem__(key, value))
    before = _write(out, lines)
    code = run(out, "--resume", "--json")
    return code, json.dumps(lines[index]) == json.dumps(good_lines[index]), out.read_bytes() == before


@settings(max_examples=40, deadline=None)
@given(index=st.integers(0, 3), key=st.sampled_from(DECIDED), value=VALUES)
def test_a_changed_field_the_run_decides_is_refused(tmp_path_factory, good_lines, index, key, value):
    code, same, untouched = _resume_with(tmp_path_factory, good_lines, index, key, value)
    assert code == (0 if same else 1) and (same or untouched)


@settings(max_examples=40, deadline=None)
@given(index=st.integers(0, 3), key=st.sampled_from(PLAYED),
       value=st.one_of(st.text(max_size=8).filter(lambda t: t not in ("conquest", "turn limit", "random", "angry")),
                       st.integers(-10, -1), st.integers(10 ** 13, 10 ** 14), st.floats(allow_nan=False),
                       st.lists(st.text(max_size=2), min_size=1, max_size=3)))
def test_a_played_field_of_the_wrong_kind_is_refused(tmp_path_factory, good_lines, index, key, value):
    code, same, untouched = _resume_with(tmp_path_factory, good_lines, index, key, value)
    assert code == 1 and untouched
