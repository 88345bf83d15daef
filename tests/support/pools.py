"""Process pools a test left running, found before they can hang the finished run.

The interpreter joins every process pool's manager thread as it exits, with no time limit, so a
pool that never finishes (one of its workers stuck) hangs a run whose results are already
printed until CI kills it, with nothing to say which test left it (this happened once). After
each test the pools it left running are noted; once the run is over they get a minute to
finish, and then the run ends with one line naming the tests that left them, every thread's
traceback, and a failing status.
"""

from __future__ import annotations

import concurrent.futures.process as process_pools
import faulthandler
import os
import sys
import threading
import time

GRACE = 60.0
"""Seconds the pools still running after the last test have to finish."""

_left_by: dict[threading.Thread, str] = {}


def note(test: str) -> None:
    """Remember ``test`` as the one that left the pools now running and not noted before."""
    for manager in list(process_pools._threads_wakeups.keys()):
        if manager.is_alive() and manager not in _left_by:
            _left_by[manager] = test


def still_running(grace: float) -> list[str]:
    """The tests whose pools are still running after waiting up to ``grace`` seconds for them."""
    note("a session fixture or the run itself")
    deadline = time.monotonic() + grace
    for manager in list(_left_by):
        manager.join(max(0.0, deadline - time.monotonic()))
    return sorted({test for manager, test in _left_by.items() if manager.is_alive()})


def end_run_if_stuck() -> None:
    """Called last: give the pools a minute, then end the run rather than hang at its exit."""
    stuck = still_running(GRACE)
    if not stuck:
        return
    sys.stderr.write(f"process pools still running {GRACE:.0f} s after the tests ended, which would hang the "
                     f"interpreter's exit; left by: {'; '.join(stuck)}\n")
    faulthandler.dump_traceback(sys.stderr, all_threads=True)
    sys.stderr.flush()
    sys.stdout.flush()
    os._exit(1)
