"""The one game loop: Match on a move clock, its faults, observers, stepping, saves, and the
refusal to import a bot named by a file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ai import make_agent
from ai.agent import BaseAgent
from ai.registry import is_import_path, make_trusted_agent
from risk.actions import Claim, EndPhase
from risk.cli import main
from risk.clock import MoveClock
from risk.errors import RecordError, UsageError
from risk.match import CRASHED, ILLEGAL_MOVE, TIMED_OUT, AgentFault, Match
from risk.phase import Phase
from risk.players import make_player
from risk.rules import Rules
from tests.support import ROOT

EVIL = "os:system:command=touch pwned"


class FakeTime:
    """A clock that moves only when a bot says it thought: no wall-clock time is measured."""

    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class SlowBot(BaseAgent):
    """Plays random, but each move after the set-up "takes" ``seconds`` on the fake clock."""

    name = "slow"

    def __init__(self, time: FakeTime, seconds: float, in_reset: bool = False):
        super().__init__()
        self.time, self.seconds, self.in_reset = time, seconds, in_reset
        self.inner = make_agent("random")

    def reset(self, seed):
        if self.in_reset:
            self.time.now += self.seconds
        self.inner.reset(seed)

    def act(self, view):
        if view.phase > Phase.PLACE:
            self.time.now += self.seconds
        return self.inner.act(view)


class CrashBot(BaseAgent):
    name = "crash"

    def act(self, view):
        raise RuntimeError("boom")


class ResetCrashBot(BaseAgent):
    name = "reset-crash"

    def reset(self, seed):
        raise ValueError("no seed for me")

    def act(self, view):  # pragma: no cover - the reset fails first
        return EndPhase()


class IllegalBot(BaseAgent):
    name = "illegal"

    def act(self, view):
        return EndPhase()  # never legal while territories are being claimed


class WronglyTypedBot(BaseAgent):
    name = "wrongly-typed"

    def act(self, view):
        return Claim("alaska")  # a name where the territory's id belongs


class SpinBot(BaseAgent):
    name = "spin"

    def act(self, view):
        while True:
            pass


def rules(turns=20):
    return Rules(max_turns=turns)


# -- the same game as simulate -------------------------------------------------------------------

def test_match_plays_the_game_simulate_plays(tmp_path):
    path = tmp_path / "sim.jsonl"
    assert main(["simulate", "--seed", "3", "--bots", "angry,random,threshold", "--max-turns", "30",
                 "--quiet", "--record", str(path)]) == 0
    game_rules = Rules.parse("max_turns=30", Rules.preset("us-1993"))
    match = Match([make_agent(s) for s in ("angry", "random", "threshold")], seed=3, rules=game_rules)
    match.play()
    assert path.read_text().splitlines() == list(match.record.lines())


def test_observers_see_every_step_with_its_seat_and_turn():
    seen = []
    match = Match([make_agent("random") for _ in range(3)], seed=4, rules=rules(),
                  observers=[lambda state, step: seen.append(step)])
    match.play()
    assert len(seen) == len(match.record.actions)
    assert [step.seat for step in seen] == [seat for seat, _ in match.record.actions]
    assert [step.action.text(match.state.board) for step in seen] == [t for _, t in match.record.actions]
    assert seen[-1].turn == match.state.turn and all(isinstance(s.events, list) for s in seen)


def test_a_bot_thinking_elsewhere_plays_the_same_game():
    """bot_turn() and step(action, rng=...) (the window's way) give what step() gives."""
    direct = Match([make_agent("random") for _ in range(3)], seed=6, rules=rules())
    direct.play()
    match = Match([make_agent("random") for _ in range(3)], seed=6, rules=rules())
    while not match.state.is_terminal():
        turn = match.bot_turn()
        before = match.seat_rngs[turn.seat].get_state()
        action = turn.agent.act(turn.view)
        assert match.seat_rngs[turn.seat].get_state() == before  # untouched while it thinks
        match.step(action, rng=turn.rng)
    assert match.record.actions == direct.record.actions
    assert [r.get_state() for r in match.seat_rngs] == [r.get_state() for r in direct.seat_rngs]


def test_load_takes_built_bots_or_a_builder(tmp_path):
    match = Match([make_agent("random") for _ in range(3)], seed=12, rules=rules(30))
    for _ in range(200):
        match.step()
    path = tmp_path / "save.jsonl"
    match.save(path)
    by_list = Match.load(path, [make_agent("random") for _ in range(3)])
    by_builder = Match.load(path, make_trusted_agent)
    assert by_list.state.fingerprint() == by_builder.state.fingerprint() == match.state.fingerprint()
    with pytest.raises(RecordError, match="2"):
        Match.load(path, [make_agent("random")] * 2)


# -- faults --------------------------------------------------------------------------------------

def test_a_slow_bot_times_out_on_the_clock():
    time = FakeTime()
    match = Match([SlowBot(time, 5.0), make_agent("random")], seed=2, rules=rules(),
                  clock=MoveClock(move_limit=1.0, timer=time))
    with pytest.raises(AgentFault) as fault:
        match.play()
    assert (fault.value.seat, fault.value.kind) == (0, TIMED_OUT)
    assert fault.value.detail == "no move within 1 s" and fault.value.bot.startswith("slow")
    assert match.state.phase > Phase.PLACE  # it played the set-up in time


def test_the_bank_pays_for_slow_moves_until_it_is_empty():
    time = FakeTime()
    match = Match([make_agent("random"), SlowBot(time, 1.5)], seed=2, rules=rules(),
                  clock=MoveClock(move_limit=1.0, bank=2.0, timer=time))
    slow_moves = []
    match.observers.append(lambda state, step: slow_moves.append(step) if step.seat == 1
                           and step.turn > 0 else None)
    with pytest.raises(AgentFault) as fault:
        match.play()
    # Each slow move borrows 0.5 s: four are paid for, the fifth has 1 s and takes 1.5 s.
    assert len(slow_moves) == 4 and match.clock.bank_left == [2.0, 0.0]
    assert (fault.value.seat, fault.value.kind) == (1, TIMED_OUT)


def test_a_bot_that_hangs_in_reset_times_out_there():
    time = FakeTime()
    match = Match([make_agent("random"), SlowBot(time, 3.0, in_reset=True)], seed=2, rules=rules(),
                  clock=MoveClock(move_limit=2.0, timer=time))
    with pytest.raises(AgentFault) as fault:
        match.step()
    assert (fault.value.seat, fault.value.kind, fault.value.detail) == (1, TIMED_OUT, "no move within 2 s")
    assert not match.record.actions


def test_the_clock_interrupts_a_bot_that_never_answers():
    match = Match([SpinBot(), make_agent("random")], seed=1, rules=rules(),
                  clock=MoveClock(move_limit=0.05))
    with pytest.raises(AgentFault) as fault:
        match.step()
    assert (fault.value.seat, fault.value.kind) == (0, TIMED_OUT)


@pytest.mark.parametrize("bot, kind, detail", [(CrashBot(), CRASHED, "RuntimeError: boom"),
                                               (ResetCrashBot(), CRASHED, "in reset: ValueError"),
                                               (IllegalBot(), ILLEGAL_MOVE, "'end'"),
                                               (WronglyTypedBot(), ILLEGAL_MOVE, "Claim(territory='alaska')")])
def test_a_faulty_bot_ends_the_game_with_agent_fault(bot, kind, detail):
    match = Match([make_agent("random"), bot], seed=3, rules=rules())
    with pytest.raises(AgentFault) as fault:
        match.play()
    assert (fault.value.seat, fault.value.bot, fault.value.kind) == (1, bot.name, kind)
    assert detail in fault.value.detail
    assert f"seat 1 {kind}" in str(fault.value)  # seats from 0, as in fault.seat and the protocol


# -- specs read from a file are never imported ---------------------------------------------------

def test_an_import_path_is_refused_from_a_file_and_kept_on_the_command_line():
    assert is_import_path(EVIL) and is_import_path("tests.support.bots:CrashBot")
    assert not is_import_path("threshold:attack_threshold=0.6") and not is_import_path("random")
    with pytest.raises(UsageError, match="os:system"):
        make_trusted_agent(EVIL)
    assert make_trusted_agent("threshold:attack_threshold=0.6").name == "threshold"
    assert type(make_player("tests.support.bots:CrashBot")).__name__ == "CrashBot"


def _evil_save(tmp_path: Path, human: bool) -> Path:
    match = Match([make_agent("random") for _ in range(3)], seed=5, rules=rules())
    for _ in range(60):
        match.step()
    path = tmp_path / "evil.jsonl"
    match.save(path)
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["players"] = ["human" if human else "random", EVIL, "random"]
    lines[0] = json.dumps(header)
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_save_naming_an_import_path_is_refused_and_nothing_runs(tmp_path, monkeypatch, capsys):
    from risk.gui.session import load_session

    monkeypatch.chdir(tmp_path)
    path = _evil_save(tmp_path, human=True)
    with pytest.raises(RecordError, match="os:system:command=touch pwned"):
        load_session(path)
    assert main(["play", "--load", str(path), "--speed", "max", "--quit-after-turns", "1"]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and EVIL in err
    assert not (tmp_path / "pwned").exists()


def test_a_record_is_replayed_without_building_its_bots(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    path = _evil_save(tmp_path, human=False)
    with pytest.raises(UsageError, match="os:system"):
        Match.load(path, make_trusted_agent)
    assert main(["replay", str(path)]) == 0
    assert "replayed 60 actions" in capsys.readouterr().out
    assert not (tmp_path / "pwned").exists()


# -- layering ------------------------------------------------------------------------------------

def test_the_library_does_not_import_the_command_line_or_the_bots():
    code = ("import sys; import risk.match, risk.clock, risk.tournament, risk.tournament.runner, "
            "risk.tournament.session, risk.tournament.worker; "
            "print(sorted(m for m in sys.modules if m.startswith(('risk.commands', 'risk.cli', 'ai'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         check=True).stdout
    assert out.strip() == "[]"


def test_the_window_does_not_reach_into_the_registry():
    for path in (ROOT / "risk" / "gui").rglob("*.py"):
        assert "_BUILTIN_MODULES" not in path.read_text(), path
