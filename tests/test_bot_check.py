"""``risk bot check``: the recording relay, the conversation checks, and verdicts on real bots."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("jsonschema")

from risk.bot_check import MessageValidator, conversation_problems, read_transcript  # noqa: E402
from risk.cli import main  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
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
    assert problems_of(record("engine", HELLO), huge) == ["the bot sent a line of 10000000 bytes"]


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
    flood = "import sys; sys.stdout.write('x' * 3_000_000 + '\\n'); sys.stdout.flush()"
    done = subprocess.run([sys.executable, "-m", "risk.bot_tap", str(transcript), "--",
                           sys.executable, "-c", flood], input="", capture_output=True, timeout=60, cwd=ROOT)
    assert len(done.stdout) == 3_000_001  # passed on whole
    [entry] = read_transcript(transcript)
    assert entry["size"] == 3_000_000 and entry["truncated"] and len(entry["text"]) == bot_tap.KEPT_BYTES


def test_the_relay_names_a_program_it_cannot_start(tmp_path):
    done = subprocess.run([sys.executable, "-m", "risk.bot_tap", str(tmp_path / "t.jsonl"), "--",
                           str(tmp_path / "no-such-bot")], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 127 and "cannot start" in done.stderr


def test_bot_without_a_tool_prints_help(capsys):
    assert main(["bot"]) == 2
    assert "check" in capsys.readouterr().out
