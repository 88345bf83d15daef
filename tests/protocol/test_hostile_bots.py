"""Hostile bot programs: whatever a program writes, and whatever it starts, the referee survives.

A bot's line of any kind (nested 100,000 deep, numbers JSON cannot hold, bytes that are not
UTF-8, a surrogate, a reply of the wrong shape) is refused as unreadable output, with the
retries a refused reply gets, and never crashes the referee. A program that stops reading and
floods the referee with lines costs it bounded memory. A program's children, even those that
leave its process group (``setsid``) or its process tree (a double fork), end with it: checked
in the process table.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from risk.match import CRASHED, ILLEGAL_MOVE, TIMED_OUT, UNREADABLE_OUTPUT, AgentFault, Match
from risk.players import make_player
from risk.protocol.channel import MAX_PENDING, BotProcess, ChannelFault
from risk.protocol.external import ExternalAgent
from risk.protocol.messages import ProtocolError, decode_line, read_message
from risk.rules import Rules
from tests.support import DATA, ROOT

HOSTILE = DATA / "protocol_bots" / "hostile.py"


def hostile(mode: str, *args: str, **settings) -> ExternalAgent:
    agent = ExternalAgent([sys.executable, str(HOSTILE), mode, *args], spec=f"hostile-{mode}", **settings)
    agent.transcript = []
    return agent


def play_fault(agent: ExternalAgent, seed: int = 4) -> AgentFault:
    match = Match([make_player("random"), agent], seed=seed, rules=Rules(max_turns=20))
    with pytest.raises(AgentFault) as caught:
        match.play()
    return caught.value


#: Lines a bot may send in place of its answer, each unreadable in its own way.
HOSTILE_LINES = {
    "deep-array": b"[" * 100_000 + b"]" * 100_000,
    "deep-in-a-reply": b'{"type": "action", "id": 1, "action": ' + b"[" * 50_000 + b"]" * 50_000 + b"}",
    "deep-object": b'{"a":' * 30_000 + b"1" + b"}" * 30_000,
    "long-number": b'{"type": "action", "id": ' + b"9" * 5000 + b', "action": "end"}',
    "huge-float": b'{"type": "action", "id": 1e400, "action": "end"}',
    "nan": b'{"type": "action", "id": NaN, "action": "end"}',
    "not-utf-8": b'{"type": "action", "id": 1, "action": "\xff\xfe"}',
    "surrogate": b'{"type": "action", "id": 1, "action": "\\ud800"}',
    "utf-16": '{"type": "log", "text": "x"}'.encode("utf-16"),
    "array": b"[1, 2, 3]",
    "bool-id": b'{"type": "action", "id": true, "action": "end"}',
}


@pytest.mark.parametrize("name", sorted(HOSTILE_LINES))
def test_a_hostile_line_is_unreadable_output_with_its_retries(name, tmp_path):
    reply = tmp_path / "reply"
    reply.write_bytes(HOSTILE_LINES[name])
    agent = hostile("reply", str(reply), retries=2)
    fault = play_fault(agent)
    assert fault.kind in (UNREADABLE_OUTPUT, ILLEGAL_MOVE), fault
    assert "\n" not in str(fault) and len(str(fault)) < 2000
    errors = [m for d, m in agent.transcript if d == "engine" and m.get("type") == "error"]
    assert [e["retries_left"] for e in errors] == [1, 0]  # the retries were given, not skipped


@settings(max_examples=300, deadline=None)
@given(st.one_of(
    st.binary(max_size=200),
    st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=20)),
                 lambda inner: st.one_of(st.lists(inner, max_size=4),
                                         st.dictionaries(st.sampled_from(["type", "id", "action", "text", "x"]),
                                                         inner, max_size=4)),
                 max_leaves=20).map(lambda value: json.dumps(value, allow_nan=True).encode()),
    st.integers(1, 200_000).map(lambda depth: b"[" * depth + b"]" * depth),
))
def test_reading_any_line_is_a_message_or_a_protocol_error(line):
    """What ``ExternalAgent`` does with a line from a bot, in-process: the only failure it can
    meet is :class:`ProtocolError`, the unreadable output a bot is told about and retried on."""
    for reader in (decode_line, read_message):
        try:
            reader(line)
        except ProtocolError as exc:
            assert "\n" not in str(exc) and len(str(exc)) < 1000


def test_a_program_flooding_while_it_does_not_read_costs_bounded_memory():
    """The referee, blocked writing a message bigger than the program's input pipe, keeps
    reading the program's output meanwhile, but never more than MAX_PENDING bytes of it."""
    process = BotProcess([sys.executable, str(HOSTILE), "flood"])
    try:
        process.write(b'{"type": "hello", "protocol": 1}\n', time.monotonic() + 5)
        process.read_line(time.monotonic() + 5)  # its hello: from here on it floods
        with pytest.raises(ChannelFault) as caught:
            process.write(b"x" * (1 << 20) + b"\n", time.monotonic() + 1)
        assert caught.value.kind == TIMED_OUT
        assert MAX_PENDING // 2 < process.pending_bytes() <= MAX_PENDING + 100
    finally:
        process.kill()


def test_a_flooding_program_forfeits_on_time_in_a_game():
    started = time.monotonic()
    fault = play_fault(hostile("flood", startup_timeout=1, timeout=1))
    assert fault.kind == TIMED_OUT and time.monotonic() - started < 30


# -- what a program starts ends with it --------------------------------------------------------------

def running(pids: list[int]) -> list[int]:
    """Those of ``pids`` still running, from the process table (a zombie does not run)."""
    from risk.protocol.reaper import process_table

    table = process_table()
    return [pid for pid in pids if pid in table and table[pid].state not in ("Z", "X")]


def started_pids(pid_file: Path, at_least: int) -> list[int]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        pids = [int(line) for line in pid_file.read_text().split()] if pid_file.exists() else []
        if len(pids) >= at_least:
            return pids
        time.sleep(0.02)
    raise AssertionError(f"the program started {pid_file.read_text() if pid_file.exists() else 'nothing'}")


@pytest.mark.parametrize("mode", ["setsid", "double-fork"])
def test_what_a_program_starts_ends_with_its_forfeit(mode, tmp_path, monkeypatch):
    pid_file = tmp_path / "pids"
    monkeypatch.setenv("HOSTILE_PID_FILE", str(pid_file))
    fault = play_fault(hostile(mode, timeout=1))
    assert fault.kind == TIMED_OUT
    pids = started_pids(pid_file, 2)  # the program, and the sleeper that left it
    assert running(pids) == []


BOT_FILE = {"command": [sys.executable, str(HOSTILE), "{mode}"], "timeout": 1, "reuse": False}


@pytest.mark.parametrize("mode, command", [
    ("setsid", ["simulate", "--bots", "{bot},random", "--seed", "1", "--max-turns", "3", "--quiet"]),
    ("double-fork", ["tournament", "--bots", "{bot},random", "--games", "2", "--seed", "1", "--max-turns", "3",
                     "--jobs", "1"]),
])
def test_nothing_a_program_starts_outlives_a_command(mode, command, tmp_path):
    bot = tmp_path / "hostile.json"
    bot.write_text(json.dumps({**BOT_FILE, "command": [sys.executable, str(HOSTILE), mode]}))
    pid_file = tmp_path / "pids"
    environment = {**os.environ, "HOSTILE_PID_FILE": str(pid_file), "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "risk", *[part.format(bot=bot) for part in command]],
                         capture_output=True, text=True, timeout=120, cwd=tmp_path, env=environment)
    assert run.returncode in (0, 1) and "Traceback" not in run.stderr, run.stderr  # 1: simulate's forfeit
    pids = started_pids(pid_file, 2)
    assert running(pids) == []


def test_a_run_killed_with_kill_minus_nine_takes_every_process_with_it(tmp_path):
    """The run's forkserver and workers, the programs they started and what those started in
    sessions of their own: all end when the run's main process is killed outright."""
    from risk.protocol.reaper import process_table

    bot = tmp_path / "hostile.json"
    bot.write_text(json.dumps({**BOT_FILE, "command": [sys.executable, str(HOSTILE), "setsid"], "timeout": 300}))
    pid_file = tmp_path / "pids"
    environment = {**os.environ, "HOSTILE_PID_FILE": str(pid_file), "PYTHONPATH": str(ROOT)}
    run = subprocess.Popen([sys.executable, "-m", "risk", "tournament", "--bots", f"{bot},random", "--games", "4",
                            "--seed", "1", "--max-turns", "3", "--jobs", "2"], cwd=tmp_path, env=environment,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        started = started_pids(pid_file, 4)        # two programs, each with its sleeper, in two workers
        table = process_table()
        tree = [pid for pid in table if pid != run.pid and _descends(pid, run.pid, table)]
        assert len(tree) >= 3                      # the forkserver and two workers at least
        run.kill()
        run.wait(timeout=60)
        deadline = time.monotonic() + 60           # only keeps a broken run from hanging the suite
        while running(started + tree) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert running(started + tree) == []
    finally:
        if run.poll() is None:
            os.killpg(run.pid, 9)
            run.wait()
        for pid in running(started_pids(pid_file, 0)):
            os.kill(pid, 9)


def _descends(pid: int, ancestor: int, table) -> bool:
    while pid in table and pid > 1:
        pid = table[pid].ppid
        if pid == ancestor:
            return True
    return False
