"""Stopping a run's pool leaves nothing for the interpreter's exit to wait for.

The pool's manager thread joins every worker with no time limit and the interpreter joins that
thread as it exits, so a worker that outlives its SIGTERM would hang the whole process after the
run had reported (a CI run once printed its results and then waited until it was killed). The
waits below only keep a broken build from hanging the suite; nothing is timed.
"""

from __future__ import annotations

import concurrent.futures as futures
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from risk.cli import main
from risk.tournament.runner import _terminate, _worker_context
from tests.support import DATA, ROOT

TINY = str(DATA / "tiny.json")


def _deaf_to_sigterm() -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def _play_for_a_long_time(started: Path, seconds: float) -> None:
    started.touch()  # after the pool's initializer, which runs first in a worker
    time.sleep(seconds)


def _wait_until_started(markers: list[Path]) -> None:
    deadline = time.monotonic() + 120
    while not all(marker.exists() for marker in markers):
        assert time.monotonic() < deadline, "the pool's workers did not start"
        time.sleep(0.05)


def test_a_worker_that_ignores_sigterm_is_killed_so_the_pool_manager_can_finish(tmp_path):
    pool = futures.ProcessPoolExecutor(max_workers=2, mp_context=_worker_context(),
                                       initializer=_deaf_to_sigterm)
    markers = [tmp_path / f"worker-{k}" for k in range(2)]
    for marker in markers:
        pool.submit(_play_for_a_long_time, marker, 600)
    _wait_until_started(markers)   # both workers deaf to SIGTERM, each in the middle of a task
    workers = list(pool._processes.values())
    manager = pool._executor_manager_thread

    _terminate(pool)

    assert not any(worker.is_alive() for worker in workers)
    manager.join(60)
    assert not manager.is_alive()


def test_a_terminated_worker_exits_even_while_its_main_thread_holds_the_programs_lock():
    # SIGTERM runs the worker's handler on the main thread wherever it was: here inside the
    # reaper's lock, which ending the bot programs takes too.
    script = textwrap.dedent("""
        import os, signal, time
        from risk.protocol import reaper
        from risk.tournament.runner import _end_worker
        signal.signal(signal.SIGTERM, _end_worker)
        with reaper._lock:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(600)
    """)
    ended = subprocess.run([sys.executable, "-c", script], cwd=ROOT, timeout=120)
    assert ended.returncode == 1


def test_a_run_gives_back_the_sigterm_handler_it_found(tmp_path, monkeypatch):
    def ours(signum, frame):
        raise AssertionError("not called")

    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    previous = signal.signal(signal.SIGTERM, ours)
    try:
        for backend in ("process", "ray"):
            code = main(["tournament", "--bots", "angry,random", "--games", "2", "--seed", "3",
                         "--map", TINY, "--max-turns", "20", "--jobs", "2", "--backend", backend,
                         "--out", str(tmp_path / f"{backend}.jsonl")])
            assert code == 0
            assert signal.getsignal(signal.SIGTERM) is ours, backend
    finally:
        signal.signal(signal.SIGTERM, previous)


def test_the_suite_names_the_test_that_left_a_pool_running(tmp_path):
    from tests.support import pools

    pool = futures.ProcessPoolExecutor(max_workers=1, mp_context=_worker_context())
    marker = tmp_path / "worker"
    pool.submit(_play_for_a_long_time, marker, 600)
    _wait_until_started([marker])
    pools.note("the test that left it")
    try:
        assert pools.still_running(grace=0.0) == ["the test that left it"]
    finally:
        _terminate(pool)
    assert pools.still_running(grace=60.0) == []
