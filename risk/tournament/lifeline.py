"""Imported by a run's forkserver as it starts (its preload list): the forkserver dies with the run.

A pool's workers are children of a forkserver, which is a child of the run's main process. The
main process names itself in :data:`RUN_VARIABLE` before it starts the pool; the forkserver
imports this module and asks the kernel to kill it the moment that process dies
(``PR_SET_PDEATHSIG``), so a run killed with ``kill -9`` leaves no forkserver behind, even for a
moment. Each worker is tied to the forkserver the same way (:func:`risk.tournament.runner._init_worker`)
and, told so, ends its bot programs and everything they started before it exits. In any other
process importing this module does nothing: its parent is not the process named.
"""

from __future__ import annotations

import os
import signal

from risk.protocol.reaper import die_with_parent

RUN_VARIABLE = "MARKOV_RISK_RUN_PID"

if os.environ.get(RUN_VARIABLE) == str(os.getppid()):
    die_with_parent(signal.SIGKILL)
