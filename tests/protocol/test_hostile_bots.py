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
import sys
import time
import tracemalloc
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
from tests.support import DATA

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
            process.write(b"x" * (1 << 20) + b"\n", time.monotonic() + 3)
        assert caught.value.kind == TIMED_OUT
        assert MAX_PENDING // 2 < process.pending_bytes() <= MAX_PENDING + 100
    finally:
        process.kill()


def test_a_flooding_program_forfeits_on_time_in_a_game():
    started = time.monotonic()
    fault = play_fault(hostile("flood", startup_timeout=2, timeout=2))
    assert fault.kind == TIMED_OUT and time.monotonic() - started < 30
