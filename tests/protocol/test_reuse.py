"""Programs kept between games, the default for ``cmd:`` specs and bot files: one program plays
game after game, each from a clean ``new_game``; a fault costs only its own game, and the next
game gets a fresh program; ``"reuse": false`` starts a program per game."""

from __future__ import annotations

import json
import sys

import pytest

from ai import make_agent
from risk.match import CRASHED, AgentFault, Match
from risk.protocol.channel import BotProcess
from risk.protocol.external import PARK_LIMIT, _park, _parked, stop_parked_programs
from risk.rules import Rules
from tests.support import ROOT

BORDER = ROOT / "examples" / "bots" / "border_bot.py"

#: A bot answering with the first legal item; MODE changes what it does between games.
SCRIPTED = """
import json, os, sys, time
MODE = sys.argv[1]
games = 0
def send(message):
    print(json.dumps(message), flush=True)
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        send({"type": "hello", "protocol": 1, "name": "scripted", "options": []})
    elif m["type"] == "new_game":
        games += 1
    elif m["type"] in ("request", "error"):
        if MODE == "crash-in-second-game" and games == 2:
            sys.exit(5)
        item = m["legal"][0]
        send({"type": "action", "id": m["id"], "action": item["action"] + (f" {item['min']}" if "min" in item else "")})
    elif m["type"] == "game_over":
        if MODE == "chatty":  # lines that answer nothing, written after the game
            send({"type": "action", "id": 999, "action": "end"})
            send({"type": "log", "text": "between games"})
        if MODE == "leave-after-game":
            break
        if MODE == "stop-reading-after-game":  # still running, but the next new_game meets a closed pipe
            os.close(0)
            time.sleep(120)
    elif m["type"] == "quit":
        break
"""


def scripted(tmp_path, mode: str, **settings) -> str:
    """A bot file running the scripted bot in ``mode`` (its log in tmp_path/bot.log)."""
    script = tmp_path / "scripted.py"
    script.write_text(SCRIPTED)
    bot_file = tmp_path / f"{mode}.json"
    bot_file.write_text(json.dumps({"command": [sys.executable, str(script), mode], "log": "bot.log", **settings}))
    return str(bot_file)


def play(spec: str, seat: int, seed: int, max_turns: int = 8):
    """One game, the bot built from ``spec`` afresh as a tournament builds it: (agent, match)."""
    agents = [make_agent("random"), make_agent("angry")]
    agent = make_agent(spec)
    agents.insert(seat, agent)
    match = Match(agents, seed=seed, rules=Rules(max_turns=max_turns))
    match.play()
    return agent, match


@pytest.mark.parametrize("kind", ["cmd", "bot file"])
def test_cmd_specs_and_bot_files_keep_their_program_by_default(kind, tmp_path):
    if kind == "cmd":
        spec = f"cmd:{sys.executable} {BORDER}"
    else:
        spec = str(tmp_path / "border.json")
        (tmp_path / "border.json").write_text(json.dumps({"command": [sys.executable, str(BORDER)]}))
    pids = [play(spec, seat=seed % 3, seed=seed)[0].pid for seed in (1, 2, 3)]
    assert pids[0] is not None and pids == [pids[0]] * 3


def test_reuse_false_starts_a_program_for_every_game(tmp_path):
    spec = scripted(tmp_path, "plain", reuse=False)
    pids = [play(spec, seat=1, seed=seed)[0].pid for seed in (1, 2)]
    assert pids[0] != pids[1]
    log = (tmp_path / "bot.log").read_text()
    assert log.count("[referee] started") == 2 and "[referee] next game" not in log


def test_a_kept_program_starts_each_game_from_a_clean_new_game(tmp_path):
    """The second game begins with new_game (its own seat, no new handshake); what the program
    wrote after the first game answered nothing, and is dropped (noted in its log), not read
    as an answer to the next game's first request."""
    spec = scripted(tmp_path, "chatty")
    first, _ = play(spec, seat=0, seed=5)
    agent = make_agent(spec)
    agent.transcript = []
    agents = [make_agent("random"), make_agent("angry"), agent]
    Match(agents, seed=6, rules=Rules(max_turns=8)).play()
    assert agent.pid == first.pid
    sent = [message for direction, message in agent.transcript if direction == "engine"]
    assert sent[0]["type"] == "new_game" and sent[0]["seat"] == 2
    assert all(message["type"] != "hello" for message in sent)
    log = (tmp_path / "bot.log").read_text()
    assert "dropped a line written between games" in log and "between games" in log


def test_a_crash_costs_only_its_own_game(tmp_path):
    spec = scripted(tmp_path, "crash-in-second-game")
    first, _ = play(spec, seat=0, seed=1)
    with pytest.raises(AgentFault) as caught:
        play(spec, seat=1, seed=2)
    assert caught.value.kind == CRASHED and caught.value.seat == 1 and "exit code 5" in caught.value.detail
    third, match = play(spec, seat=2, seed=3)  # a fresh program: its first game again
    assert match.state.is_terminal() and third.pid != first.pid
    log = (tmp_path / "bot.log").read_text()
    assert log.count("[referee] started") == 2


def test_a_program_that_ends_after_game_over_is_replaced_for_the_next_game(tmp_path):
    spec = scripted(tmp_path, "leave-after-game")
    first, _ = play(spec, seat=0, seed=1)
    assert not first.kept_program_alive(wait=30)  # it leaves: wait until it has
    second, match = play(spec, seat=1, seed=2)
    assert match.state.is_terminal() and second.pid != first.pid


def test_a_kept_program_that_stopped_reading_is_replaced_without_a_fault(tmp_path):
    spec = scripted(tmp_path, "stop-reading-after-game")
    first, _ = play(spec, seat=0, seed=1)
    assert first.kept_program_alive()  # kept: it still runs, its input closed
    second, match = play(spec, seat=1, seed=2)
    assert match.state.is_terminal() and second.pid != first.pid
    log = (tmp_path / "bot.log").read_text()
    assert log.count("[referee] started") == 2 and log.count("[referee] next game") == 1


def test_risk_bot_check_names_a_bot_that_ends_after_game_over(tmp_path, monkeypatch):
    from risk import bot_check

    monkeypatch.setattr(bot_check, "KEPT_GRACE", 30.0)  # it leaves at once: wait for it however busy
    script = tmp_path / "scripted.py"
    script.write_text(SCRIPTED)
    report = bot_check.check_bot([sys.executable, str(script), "leave-after-game"], games=2, max_turns=6)
    assert [problem.text() for problem in report.problems] == [
        "game 1: the bot's program ended after game_over: the referee keeps a program for the next "
        "game, so a bot must wait for the next new_game or quit"]


def test_the_kept_programs_are_bounded_the_longest_idle_stopped_first():
    programs = [BotProcess(["sleep", "60"]) for _ in range(PARK_LIMIT + 1)]
    try:
        for number, program in enumerate(programs):
            assert _park(("sleeper", number), program, None)
        assert programs[0].closed and not any(program.closed for program in programs[1:])
        assert len(_parked) == PARK_LIMIT
    finally:
        stop_parked_programs()
    assert all(program.closed and program.process.poll() is not None for program in programs)  # killed, reaped
