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

import pytest

from risk.tournament.runner import _terminate, _worker_context
from tests.support import ROOT


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


@pytest.mark.parametrize("lock, signals", [("risk.protocol.reaper._lock", 1),
                                           ("risk.protocol.external._parked_lock", 2)])
def test_a_terminated_worker_exits_even_while_its_main_thread_holds_the_programs_lock(lock, signals):
    # SIGTERM runs the worker's handler on the main thread wherever it was: here inside a lock
    # that ending the bot programs takes too. A worker stuck so was found after a local run of
    # the old code: sent SIGTERM twice, its second handler waited inside its first on the parked
    # programs' lock, and the pool (and the interpreter's exit) waited on the worker.
    module, name = lock.rsplit(".", 1)
    script = textwrap.dedent(f"""
        import os, signal, time
        import {module} as holder
        from risk.tournament.runner import _end_worker
        signal.signal(signal.SIGTERM, _end_worker)
        with holder.{name}:
            for _ in range({signals}):
                os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(600)
    """)
    ended = subprocess.run([sys.executable, "-c", script], cwd=ROOT, timeout=120)
    assert ended.returncode == 1


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
