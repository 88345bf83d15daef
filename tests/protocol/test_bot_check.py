"""``risk bot check``: the recording relay, the conversation checks, and verdicts on real bots."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("jsonschema")

from risk.bot_check import MessageValidator, conversation_problems, read_transcript  # noqa: E402
from risk.cli import main  # noqa: E402
from tests.support import ROOT  # noqa: E402

PY_BOT = ROOT / "examples" / "bots" / "random_bot.py"

HELLO = {"type": "hello", "protocol": 1, "engine": "markov-risk", "engine_version": "0.1.0"}
BOT_HELLO = {"type": "hello", "protocol": 1, "name": "t", "options": []}
LEGAL = [{"action": "deploy alaska", "min": 1, "max": 3}, {"action": "end"}]


def record(side: str, message) -> dict:
    text = message if isinstance(message, str) else json.dumps(message)
    return {"from": side, "text": text, "size": len(text), "truncated": False}


def request(number: int) -> dict:
    return record("engine", {"type": "request", "id": number, "view": VIEW, "legal": LEGAL,
                             "time_left_ms": None})


VIEW = {"turn": 1, "phase": "DEPLOY", "current_player": 0, "seat": 0, "owners": [0, 1],
        "armies": [1, 1], "hand": [], "hand_sizes": [0, 0], "pool": 3, "pending": None,
        "occupy": None, "next_trade_value": 4, "mission": None, "eliminated": []}


def problems_of(*records):
    return [p.what for p in conversation_problems(records, MessageValidator(), game=1)]


def test_a_good_conversation_has_no_problem():
    assert problems_of(record("engine", HELLO), record("bot", BOT_HELLO), request(1),
                       record("bot", {"type": "action", "id": 1, "action": "deploy alaska 3"}),
                       record("bot", {"type": "log", "text": "thinking"}), request(2),
                       record("bot", {"type": "action", "id": 2, "action": "end"}),
                       record("engine", {"type": "game_over", "places": [1, 2], "winner": 0,
                                         "reason": "conquest"}),
                       record("engine", {"type": "quit"})) == []


@pytest.mark.parametrize("bot_line, expected", [
    ({"type": "hello", "protocol": 1, "name": "t", "options": [{"name": "n", "type": "integer", "default": 1}]},
     "the bot's hello message fails the schema: at .options[0].type: 'integer' is not one of"),
    ({"type": "hello", "protocol": 2, "name": "t"}, "at .protocol: 1 was expected"),
    ("{'type': 'hello'}", "the bot sent a line that is not JSON"),
    ({"type": "move", "id": 1}, "the bot sent a message of unknown type 'move'"),
    ({"type": "action", "id": 1, "action": "end"}, "the bot's first message must be hello, not action"),
])
def test_a_bad_hello_is_named(bot_line, expected):
    found = problems_of(record("engine", HELLO), record("bot", bot_line))
    assert any(expected in what for what in found), found


def test_actions_must_answer_the_open_request():
    found = problems_of(record("engine", HELLO), record("bot", BOT_HELLO),
                        record("bot", {"type": "action", "id": 0, "action": "end"}), request(5),
                        record("bot", {"type": "action", "id": 4, "action": "end"}),
                        record("bot", {"type": "action", "id": "5", "action": "end"}))
    assert found[0] == "the bot sent an action with no request open"
    assert found[1] == "the bot answered request 4 but the open request is 5"
    assert "at .id: '5' is not of type 'integer'" in found[2]


def test_a_refused_action_is_a_problem_quoting_the_action():
    action = {"type": "action", "id": 3, "action": "attack alaska peru 3"}
    found = conversation_problems([record("engine", HELLO), record("bot", BOT_HELLO), request(3),
                                   record("bot", action),
                                   record("engine", {"type": "error", "id": 3, "retries_left": 2,
                                                     "reason": "alaska is not adjacent to peru"})],
                                  MessageValidator(), game=2)
    assert [p.text() for p in found] == [
        "game 2: the engine refused the bot's answer to request 3: alaska is not adjacent to peru"
        f"\n      {json.dumps(action)}"]


def test_an_engine_message_failing_the_schema_is_blamed_on_the_engine():
    found = problems_of(record("engine", {"type": "request", "id": 1, "view": {}, "legal": [],
                                          "time_left_ms": None}))
    assert found and "(an engine bug, not the bot's)" in found[0]


def test_a_huge_line_is_named_by_its_size():
    huge = {"from": "bot", "text": "x" * 100, "size": 10_000_000, "truncated": True}
    assert problems_of(record("engine", HELLO), huge) == ["the bot sent a line longer than 1048576 bytes"]


def test_the_relay_passes_lines_both_ways_and_records_them(tmp_path):
    transcript = tmp_path / "t.jsonl"
    lines = [HELLO, {"type": "option", "name": "seed", "value": 3},
             {"type": "new_game", "seat": 1, "seed": 5},
             {"type": "request", "id": 1, "legal": LEGAL}, {"type": "quit"}]
    sent = "".join(json.dumps(line) + "\n" for line in lines)
    done = subprocess.run([sys.executable, "-m", "risk.bot_tap", str(transcript), "--",
                           sys.executable, str(PY_BOT)], input=sent, capture_output=True,
                          text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["type"] for r in replies] == ["hello", "action"]
    records = read_transcript(transcript)
    assert [r["text"] for r in records if r["from"] == "engine"] == [json.dumps(line) for line in lines]
    assert [json.loads(r["text"]) for r in records if r["from"] == "bot"] == replies


def test_the_relay_keeps_a_bounded_piece_of_a_huge_line(tmp_path):
    from risk import bot_tap

    transcript = tmp_path / "t.jsonl"
    flood = "import sys; sys.stdout.write('x' * 3_000_000 + '\\nok\\n'); sys.stdout.flush()"
    done = subprocess.run([sys.executable, "-m", "risk.bot_tap", str(transcript), "--",
                           sys.executable, "-c", flood], input="", capture_output=True, timeout=60, cwd=ROOT)
    assert len(done.stdout) == 3_000_004  # passed on whole
    huge, short = read_transcript(transcript)
    assert huge["truncated"] and len(huge["text"]) == bot_tap.KEPT_BYTES < huge["size"] < 3_000_000
    assert short == {"from": "bot", "text": "ok", "size": 2, "truncated": False}


def test_the_relay_names_a_program_it_cannot_start(tmp_path):
    done = subprocess.run([sys.executable, "-m", "risk.bot_tap", str(tmp_path / "t.jsonl"), "--",
                           str(tmp_path / "no-such-bot")], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 127 and "cannot start" in done.stderr


def test_bot_without_a_tool_prints_help(capsys):
    assert main(["bot"]) == 2
    assert "check" in capsys.readouterr().out


# -- verdicts on real programs ---------------------------------------------------------------------

NODE = shutil.which("node")

#: Small broken bots: each gets one thing wrong after a correct handshake (unless it is the hello).
BROKEN = {
    "always_end": ('hello = {"type": "hello", "protocol": 1, "name": "always-end", "options": []}\n'
                   'def answer(m): return {"type": "action", "id": m["id"], "action": "end"}\n'),
    "string_id": ('hello = {"type": "hello", "protocol": 1, "name": "string-id", "options": []}\n'
                  'def answer(m): return {"type": "action", "id": str(m["id"]), "action": m["legal"][0]["action"]}\n'),
    "bad_option": ('hello = {"type": "hello", "protocol": 1, "name": "bad-option",\n'
                   '         "options": [{"name": "depth", "type": "integer", "default": 2}]}\n'
                   'def answer(m): return {"type": "action", "id": m["id"], "action": m["legal"][0]["action"]}\n'),
    "flood": ('hello = {"type": "hello", "protocol": 1, "name": "flood", "options": []}\n'
              'def answer(m):\n'
              '    while True:\n'
              '        sys.stdout.write("garbage " * 100000); sys.stdout.flush()\n'),
    "sleeper": ('hello = {"type": "hello", "protocol": 1, "name": "sleeper", "options": []}\n'
                'def answer(m): time.sleep(600)\n'),
}
LOOP = """
import json, sys, time
{body}
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps(hello), flush=True)
    elif m["type"] in ("request", "error"):
        print(json.dumps(answer(m)), flush=True)
    elif m["type"] == "quit":
        break
"""


def broken_bot(tmp_path, name: str) -> list[str]:
    path = tmp_path / f"{name}.py"
    path.write_text(LOOP.format(body=BROKEN[name]))
    return [sys.executable, str(path)]


def check(capsys, *args) -> tuple[int, str]:
    status = main(["bot", "check", "--games", "2", "--max-turns", "15", *args])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return status, captured.out


def test_the_python_example_passes(capsys):
    status, out = check(capsys, "--", sys.executable, str(PY_BOT))
    assert status == 0, out
    assert out.splitlines()[-1].startswith("verdict: ok (2 games, ")
    assert "game 2: seed 2, seat 1 of 3 against angry, random: played" in out  # seats from 0


@pytest.mark.skipif(NODE is None, reason="node is not installed: the JavaScript example bot cannot run here")
def test_the_node_example_passes_as_a_cmd_spec(capsys):
    status, out = check(capsys, f"cmd:{NODE} {ROOT / 'examples' / 'bots' / 'random_bot.js'}")
    assert status == 0 and "verdict: ok" in out, out


def test_a_built_in_bot_passes_served_over_the_protocol(capsys):
    status, out = check(capsys, "--games", "1", "angry")
    assert status == 0 and "verdict: ok (1 game, " in out, out


@pytest.mark.parametrize("name, expected", [
    ("always_end", ["the engine refused the bot's answer to request 1: 'end': the claim phase cannot be ended early",
                    '      {"type": "action", "id": 1, "action": "end"}',
                    "made an illegal move"]),
    ("string_id", ["the bot's action message fails the schema: at .id: '1' is not of type 'integer'",
                   '      {"type": "action", "id": "1", "action": "claim alaska"}']),
    ("bad_option", ["the bot's hello message fails the schema: at .options[0].type: 'integer' is not one of",
                    "failed the handshake"]),
    ("flood", ["the bot sent a line longer than 1048576 bytes\n      garbage garbage",
               "wrote unreadable output: a line longer than 1048576 bytes"]),
    ("sleeper", ["timed out: no move within 1 s", "the last line, from the engine: {\"type\":\"request\",\"id\":1,"]),
])
def test_a_broken_bot_fails_with_the_message_that_showed_it(capsys, tmp_path, name, expected):
    # only the sleeper should run out of time, even on a busy machine
    move_time = "1" if name == "sleeper" else "20"
    status, out = check(capsys, "--move-time", move_time, "--", *broken_bot(tmp_path, name))
    assert status == 1
    verdict = out[out.index("verdict: FAILED"):]
    for text in expected:
        assert text in verdict, verdict


@pytest.mark.parametrize("name", ["sleeper", "flood"])
def test_a_forfeiting_bot_leaves_no_process_behind(capsys, tmp_path, name):
    command = broken_bot(tmp_path, name)
    check(capsys, "--move-time", "1" if name == "sleeper" else "20", "--", *command)
    table = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
    assert command[1] not in table  # neither the bot nor the relay that ran it


def test_the_transcripts_and_logs_can_be_kept(capsys, tmp_path):
    """One program plays both games (kept between them, as by default): its handshake opens
    game 1's transcript, game 2's starts with its new_game, and its one log has both games."""
    status, _ = check(capsys, "--transcripts", str(tmp_path / "kept"), "--", sys.executable, str(PY_BOT))
    assert status == 0
    first, second = (read_transcript(tmp_path / "kept" / f"game-{n}.jsonl") for n in (1, 2))
    assert [json.loads(r["text"])["type"] for r in first[:3]] == ["hello", "hello", "new_game"]
    assert json.loads(first[-1]["text"])["type"] == "game_over"
    assert json.loads(second[0]["text"])["type"] == "new_game"
    assert [json.loads(r["text"])["type"] for r in second[-2:]] == ["game_over", "quit"]
    log = (tmp_path / "kept" / "bot.log").read_text()  # the bot's stderr, and the referee's notes
    assert log.count("game over") == 2 and log.count("[referee] started") == 1
    assert log.count("[referee] next game") == 1


@pytest.mark.parametrize("args, message", [
    (["no-such-file.json"], "bot file no-such-file.json: cannot read it"),
    (["angry:depth=3"], "unknown parameter 'depth'"),
    (["--opponents", "nobody", "angry"], "unknown bot 'nobody'"),
])
def test_bad_check_arguments_get_one_line(capsys, args, message):
    assert main(["bot", "check", *args]) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_progress_lines_and_the_verdict_make_the_report():
    from risk.bot_check import check_bot

    lines: list[str] = []
    report = check_bot([sys.executable, str(PY_BOT)], games=2, seed=9, max_turns=10, progress=lines.append)
    assert report.ok and len(lines) == 3
    assert "\n".join([*lines, report.verdict()]) == report.text()


def test_a_program_that_cannot_be_found_is_named_before_any_game(capsys):
    assert main(["bot", "check", "--", "no-such-bot-program-here", "--flag"]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["risk: error: cannot start the bot: no program 'no-such-bot-program-here' (not found on PATH)"]
