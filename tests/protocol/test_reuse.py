"""Programs kept between games, the default for ``cmd:`` specs and bot files: one program plays
game after game, each from a clean ``new_game``; a fault costs only its own game, and the next
game gets a fresh program; ``"reuse": false`` starts a program per game."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

from risk.players import make_player
from risk.match import CRASHED, WRONG_REQUEST_ID, AgentFault, Match
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
        if MODE == "log-between-games":
            send({"type": "log", "text": "between games"})
        if MODE == "action-between-games":  # answers no request: judged at the next one
            send({"type": "action", "id": 999, "action": "end"})
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
    agents = [make_player("random"), make_player("angry")]
    agent = make_player(spec)
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
    """The second game begins with new_game (its own seat, no new handshake); a log line the
    program wrote between the games goes to its log, whenever it is read."""
    spec = scripted(tmp_path, "log-between-games")
    first, _ = play(spec, seat=0, seed=5)
    agent = make_player(spec)
    agent.transcript = []
    agents = [make_player("random"), make_player("angry"), agent]
    Match(agents, seed=6, rules=Rules(max_turns=8)).play()
    assert agent.pid == first.pid
    sent = [message for direction, message in agent.transcript if direction == "engine"]
    assert sent[0]["type"] == "new_game" and sent[0]["seat"] == 2 and sent[0]["game"].endswith("-1")
    assert all(message["type"] != "hello" for message in sent)
    assert [message["id"] for message in sent if message["type"] == "request"][:2] == [1, 2]
    # the line written after game 1, read in game 2 (the one after game 2 waits for a game 3)
    assert (tmp_path / "bot.log").read_text().count("between games") == 1


def test_an_action_written_between_games_is_judged_at_the_next_request(tmp_path):
    """As any line written while no request is open: it answers request 1 of the next game with
    a stale id, whenever it arrives, so that game is forfeited (the same every run); the game
    after it starts a fresh program."""
    spec = scripted(tmp_path, "action-between-games")
    first, _ = play(spec, seat=0, seed=5)
    with pytest.raises(AgentFault) as caught:
        play(spec, seat=1, seed=6)
    assert caught.value.kind == WRONG_REQUEST_ID and "answered request 999 while request 1" in caught.value.detail
    third, match = play(spec, seat=2, seed=7)
    assert match.state.is_terminal() and third.pid != first.pid


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
    input_pipe = Path(f"/proc/{first.pid}/fd/0")
    for _ in range(3000):  # until it has closed its input (it does so on reading game_over)
        if not input_pipe.exists():
            break
        time.sleep(0.01)
    assert not input_pipe.exists() and first.kept_program_alive()  # kept: it still runs, deaf
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
