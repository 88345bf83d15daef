"""A bot program's faults: each forfeits with its own named fault, and leaves nothing running."""

import sys
import time
from pathlib import Path

import pytest

from risk.clock import MoveClock
from risk.match import (BROKEN_PIPE, CRASHED, HANDSHAKE_FAILED, ILLEGAL_MOVE, TIMED_OUT, UNKNOWN_MESSAGE, UNREADABLE_OUTPUT,
                        WRONG_REQUEST_ID, AgentFault, Match)
from risk.players import make_player
from risk.protocol.channel import MAX_LOG, BotProcess, ChannelFault
from risk.protocol.external import ExternalAgent
from risk.rules import Rules
from tests.support import DATA

FAULTY = DATA / "protocol_bots" / "faulty.py"


def faulty(mode: str, **settings) -> ExternalAgent:
    return ExternalAgent([sys.executable, str(FAULTY), mode], spec=f"faulty-{mode}", **settings)


def group_members(pgid: int) -> list[int]:
    """The live processes of process group ``pgid``, read from /proc."""
    members = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            members.append(int(entry.name))
    return members


def play_fault(agent: ExternalAgent, clock: MoveClock | None = None) -> AgentFault:
    match = Match([make_player("random"), agent], seed=4, rules=Rules(max_turns=20), clock=clock)
    with pytest.raises(AgentFault) as caught:
        match.play()
    fault = caught.value
    assert fault.seat == 1
    assert agent.pid is not None
    assert group_members(agent.pid) == [], "the bot's process group outlived its fault"
    return fault


@pytest.mark.parametrize("mode, kind, words", [
    ("crash", CRASHED, "exit code 3"),
    ("garbage", UNREADABLE_OUTPUT, "unreadable JSON"),
    ("long-line", UNREADABLE_OUTPUT, "longer than"),
    ("illegal", ILLEGAL_MOVE, "fortify alaska argentina 99"),
    ("stale-id", WRONG_REQUEST_ID, "answered request"),
    ("unknown", UNKNOWN_MESSAGE, "banana"),
    ("close-input", BROKEN_PIPE, "closed its input"),
])
def test_each_fault_forfeits_with_its_name_and_kills_the_group(mode, kind, words):
    fault = play_fault(faulty(mode))
    assert fault.kind == kind
    assert words in fault.detail
    assert "\n" not in str(fault)


def test_a_sleeping_bot_forfeits_on_the_move_clock():
    fault = play_fault(faulty("sleep"), MoveClock(move_limit=0.5))
    assert fault.kind == TIMED_OUT


def test_without_a_clock_the_bots_own_timeout_still_ends_the_wait():
    fault = play_fault(faulty("sleep", timeout=0.5))
    assert fault.kind == TIMED_OUT


def test_a_bot_flooding_log_lines_still_runs_out_of_time(tmp_path):
    fault = play_fault(faulty("log-flood", timeout=0.5, log_path=tmp_path / "flood.log"))
    assert fault.kind == TIMED_OUT
    assert (tmp_path / "flood.log").stat().st_size < MAX_LOG + 100  # the log is bounded too


def test_a_program_that_never_reads_its_input_cannot_block_the_referee():
    process = BotProcess(["sleep", "30"])
    try:
        with pytest.raises(ChannelFault) as caught:
            process.write(b"x" * (4 << 20), time.monotonic() + 0.3)
        assert caught.value.kind == TIMED_OUT and "did not read its input" in caught.value.detail
    finally:
        process.kill()
    assert group_members(process.pid) == []


def test_a_refused_reply_is_retried_then_the_game_goes_on():
    agent = faulty("illegal-then-legal", retries=1)
    agent.transcript = []
    match = Match([make_player("random"), agent], seed=4, rules=Rules(max_turns=3))
    match.play()
    errors = [m for d, m in agent.transcript if m.get("type") == "error"]
    assert errors and all(e["retries_left"] == 0 for e in errors)
    assert "occupy" in errors[0]["reason"]
    assert group_members(agent.pid) == []


def test_with_no_retries_the_first_illegal_move_forfeits():
    agent = faulty("illegal-then-legal", retries=0)
    assert play_fault(agent).kind == ILLEGAL_MOVE


@pytest.mark.parametrize("mode, options, words", [
    ("protocol-2", {}, "speaks protocol 2"),
    ("first-legal", {"width": 3}, "option 'width' is not one the bot declares (depth)"),
    ("first-legal", {"depth": "deep"}, "option depth='deep' is not a valid int"),
])
def test_a_failed_handshake_is_named(mode, options, words):
    fault = play_fault(faulty(mode, options=options))
    assert fault.kind == HANDSHAKE_FAILED and words in fault.detail


def test_a_program_that_cannot_start_is_a_crash_with_its_name():
    agent = ExternalAgent(["/nonexistent/bot-program"], spec="missing")
    match = Match([make_player("random"), agent], seed=4, rules=Rules(max_turns=5))
    with pytest.raises(AgentFault) as caught:
        match.play()
    assert caught.value.kind == CRASHED and "/nonexistent/bot-program" in caught.value.detail


def test_the_other_program_is_stopped_when_one_faults():
    good = faulty("first-legal")
    bad = faulty("crash")
    match = Match([good, bad], seed=4, rules=Rules(max_turns=20))
    with pytest.raises(AgentFault):
        match.play()
    assert group_members(good.pid) == [] and group_members(bad.pid) == []


def test_stderr_and_log_messages_go_to_the_bounded_log(tmp_path):
    log = tmp_path / "bot.log"
    play_fault(faulty("crash", log_path=log))
    assert "about to crash" in log.read_text()
    agent = faulty("first-legal", log_path=tmp_path / "good.log")
    Match([make_player("random"), agent], seed=4, rules=Rules(max_turns=2)).play()
    assert "request 1" in (tmp_path / "good.log").read_text()


def test_a_reused_program_plays_the_next_game_and_a_faulty_one_is_never_kept():
    from risk.protocol.external import stop_parked_programs

    served = [sys.executable, "-m", "risk.protocol.serve", "angry"]
    try:
        pids = []
        for seed in (1, 2):
            agent = ExternalAgent(served, spec="served angry", reuse=True)
            match = Match([agent, make_player("random")], seed=seed, rules=Rules(max_turns=3))
            match.play()
            pids.append(agent.pid)
            here = Match([make_player("angry"), make_player("random")], seed=seed, rules=Rules(max_turns=3))
            here.play()
            assert match.record.actions == here.record.actions  # new_game starts the bot afresh
        assert pids[0] == pids[1] and group_members(pids[0]) != []  # kept, and used again
        bad = faulty("crash", reuse=True)
        play_fault(bad)  # its group is gone (checked there): a faulty program is not kept
    finally:
        stop_parked_programs()
    assert group_members(pids[0]) == []
