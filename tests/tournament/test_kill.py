"""A run that is killed takes its games with it: no worker goes on playing for nobody.

Each test starts a run in a subprocess whose games stall or wait (tests/support/bots.py),
waits until both workers are in the middle of a game, kills the run and checks that every
process it started is gone. Timeouts are generous and only keep a broken run from hanging the
suite; /proc is read directly (no psutil), so these tests run on Linux only.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from risk.cli import main
from risk.tournament.runner import _is_running, _proc_stat
from tests.support import DATA, ROOT

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")

TINY = str(DATA / "tiny.json")
SETUP = ["--map", TINY, "--max-turns", "30", "--jobs", "2"]


# -- processes, from /proc -------------------------------------------------------------------------

def descendants(pid: int) -> dict[int, str]:
    """Every process below ``pid`` (the forkserver's workers included), with its start time."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:      # gone meanwhile
                continue
            fields = stat[stat.rindex(")") + 2:].split()
            parents[int(entry.name)] = (int(fields[1]), fields[19])
    found, frontier = {}, [pid]
    while frontier:
        parent = frontier.pop()
        for child, (ppid, started) in parents.items():
            if ppid == parent and child not in found:
                found[child] = started
                frontier.append(child)
    return found


def alive(processes: dict[int, str]) -> list[int]:
    """Those still running (a zombie is not: it holds no memory and plays no game)."""
    return [pid for pid, started in processes.items() if _is_running(pid, started)]


def wait_for(condition, what: str, run: "Run | None" = None, timeout: float = 120):
    deadline = time.monotonic() + timeout
    while not condition():
        if run is not None and run.process.poll() is not None:
            pytest.fail(f"the run ended (status {run.process.returncode}) before {what}:\n"
                        f"{run.stderr.read_text()}")
        if time.monotonic() > deadline:
            pytest.fail(f"still waiting after {timeout} s for {what}")
        time.sleep(0.05)


class Run:
    """``python -m risk ARGS`` in its own process group, its bots reporting to ``marks``."""

    def __init__(self, tmp_path: Path, args: list[str]):
        self.marks = tmp_path / "marks"
        self.marks.mkdir()
        (self.marks / "closed").touch()     # GateBot waits until the test removes it
        self.stderr = tmp_path / "stderr.txt"
        path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
        environment = dict(os.environ, PYTHONPATH=path, TOURNAMENT_BOTS_DIR=str(self.marks))
        environment.pop("RAY_ADDRESS", None)        # Ray: a local instance, not a cluster
        with open(self.stderr, "wb") as stderr:
            self.process = subprocess.Popen([sys.executable, "-m", "risk", *args], cwd=ROOT,
                                            env=environment, stdout=subprocess.DEVNULL,
                                            stderr=stderr, start_new_session=True)
        self.tree: dict[int, str] = {}

    def busy_workers(self) -> set[int]:
        """The run's processes that have said they are stalled or waiting in a game."""
        below = descendants(self.process.pid)
        return {int(p.name) for p in self.marks.iterdir() if p.name.isdigit()} & set(below)

    def wait_until_busy(self, workers: int = 2) -> None:
        wait_for(lambda: len(self.busy_workers()) >= workers,
                 f"{workers} workers in the middle of a game", self)

    def kill(self, signum: int) -> None:
        self.tree = descendants(self.process.pid)   # what must go with it
        self.process.send_signal(signum)
        self.process.wait(timeout=120)              # its exit status

    def assert_all_gone(self, timeout: float = 20) -> None:
        wait_for(lambda: not alive(self.tree), "the run's processes to exit", timeout=timeout)

    def cleanup(self) -> None:
        # Only if a test failed: leave nothing running behind.
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        for pid in alive(self.tree):
            os.kill(pid, signal.SIGKILL)


@pytest.fixture
def runs():
    started: list[Run] = []

    def start(tmp_path: Path, args: list[str]) -> Run:
        started.append(Run(tmp_path, args))
        return started[-1]

    yield start
    for run in started:
        run.cleanup()


# -- the watchdog's test of the main process ------------------------------------------------------

def test_a_process_is_running_until_it_exits_even_before_it_is_reaped():
    me = os.getpid()
    assert _is_running(me, _proc_stat(me)[1])
    assert _is_running(me, None)                           # no /proc: the pid alone
    assert not _is_running(me, "1")                        # same pid, another start: reused
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    started = _proc_stat(child.pid)[1]
    wait_for(lambda: _proc_stat(child.pid)[0] == "Z", "the child to exit")
    assert not _is_running(child.pid, started)             # a zombie is dead
    child.wait()
    assert not _is_running(child.pid, started)             # reaped: no such process


# -- killing a run ---------------------------------------------------------------------------------

@pytest.mark.parametrize("command", [
    # workers spinning in a bot's own loop: the watchdog needs no help from the game
    ["tournament", "--bots", "tests.support.bots:StallBot,random", "--games", "8", "--seed", "1"],
    # workers asleep in a game of a tuning run
    ["tune", "tests.support.bots:MixBot", "--param", "share", "--values", "0.2,0.5,0.8",
     "--opponents", "tests.support.bots:GateBot", "--games-per-value", "8", "--seed", "1"],
], ids=["tournament", "tune"])
def test_kill_minus_nine_ends_every_worker_and_the_forkserver(tmp_path, runs, command):
    run = runs(tmp_path, [*command, *SETUP, "--out", str(tmp_path / "r.jsonl")])
    run.wait_until_busy()
    run.kill(signal.SIGKILL)
    assert run.process.returncode == -signal.SIGKILL
    assert len(run.tree) >= 3                       # the forkserver and two workers at least
    run.assert_all_gone()


def test_sigterm_stops_the_run_like_ctrl_c_and_resume_finishes_it(tmp_path, runs, capsys):
    options = ["tournament", "--bots", "tests.support.bots:GateBot,random", "--games", "12",
               "--seed", "9", *SETUP]
    out = tmp_path / "r.jsonl"
    run = runs(tmp_path, [*options, "--out", str(out)])
    # GateBot waits in rotation 0 games and plays rotation 1 games: one worker waits in game 0
    # while the other finishes game 1, then waits in game 2 (games counted from 0, as in the file).
    run.wait_until_busy()
    wait_for(lambda: out.exists() and out.read_bytes().endswith(b"\n"), "a finished game")
    before = out.read_bytes()

    run.kill(signal.SIGTERM)
    assert run.process.returncode == 130
    assert run.stderr.read_text() == "risk: interrupted\n"       # one line, no traceback
    run.assert_all_gone()
    after = out.read_bytes()
    assert after.startswith(before) and after.endswith(b"\n")  # every finished game, no torn line

    (run.marks / "closed").unlink()                              # the gate opens: games finish
    finished = after.count(b"\n")
    assert main([*options, "--out", str(out), "--resume"]) == 0
    assert f"resuming after {finished} finished games" in capsys.readouterr().err
    straight = tmp_path / "straight.jsonl"
    assert main([*options, "--out", str(straight)]) == 0
    assert out.read_bytes() == straight.read_bytes()


def test_sigterm_stops_the_local_ray_the_run_started(tmp_path, runs):
    pytest.importorskip("ray")
    run = runs(tmp_path, ["tournament", "--bots", "tests.support.bots:GateBot,random", "--games",
                          "12", "--seed", "9", *SETUP, "--backend", "ray"])
    run.wait_until_busy()      # Ray's workers are children of its raylet, a child of the run
    run.kill(signal.SIGTERM)
    assert run.process.returncode == 130
    assert run.stderr.read_text().splitlines()[-1] == "risk: interrupted"  # after Ray's own logs
    run.assert_all_gone(timeout=60)
