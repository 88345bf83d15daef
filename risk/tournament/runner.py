"""Where games are played: in this process, on a local process pool, or on a Ray cluster.

All three backends run the same :func:`risk.tournament.worker.play_game` on the same tasks, and a
game's result depends only on its task and the setup, so they give identical results for the
same seed. Results come back as games finish (not in game order); the caller writes them.

- ``jobs == 1`` with the process backend plays in this process: no start-up cost, and the move
  clock runs on this process's main thread.
- ``process``: a :class:`concurrent.futures.ProcessPoolExecutor` of ``jobs`` workers. Workers are
  forked from a *forkserver* (spawned where there is none), never from this process directly,
  so threads here (the progress bar's, Ray's) cannot leave a worker holding a dead lock.
- ``ray``: one Ray task per game on the cluster at ``RAY_ADDRESS``, or on a local Ray instance
  of ``jobs`` CPUs that is started here and stopped at the end.

At most ``2 * jobs`` games are in flight. When the caller's ``stop`` says so (a sequential test
has decided), no new game starts; the games already in flight still finish and are reported.

A run that is killed takes its games with it. While a runner is open, ``SIGTERM`` raises
:class:`KeyboardInterrupt` like Ctrl-C, so leaving the runner abandons the running games (the
pool's workers are terminated, a local Ray is stopped). ``SIGKILL`` leaves no chance to clean
up, and a pool worker is a child of the forkserver, not of this process, so it would go on
playing for nobody: the forkserver is killed by the kernel the moment this process dies
(:mod:`risk.tournament.lifeline`), each worker is told when the forkserver dies, and each also
watches this process and exits within about a second of its death (:func:`_watch_parent`); a
worker ends its bot programs, and all they started, before it exits.
"""

from __future__ import annotations

import concurrent.futures as futures
import logging
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, Iterable, Iterator

from risk.errors import RiskError, UsageError
from risk.protocol.external import end_all_programs
from risk.protocol.reaper import die_with_parent
from risk.tournament import BACKENDS
from risk.tournament.lifeline import RUN_VARIABLE
from risk.tournament.schedule import GameTask
from risk.tournament.worker import GameSetup, play_game


WORKER_GRACE = 2.0
"""Seconds a terminated worker has to end its bot programs before it exits regardless (and
twice that before the run kills it)."""


class TournamentError(RiskError):
    """A run cannot go on (a worker process died, the cluster is unreachable, ...)."""


class Runner:
    """A context manager that plays tasks on one backend: ``with Runner(setup) as r: r.play(...)``."""

    def __init__(self, setup: GameSetup, backend: str = "process", jobs: int | None = None):
        if backend not in BACKENDS:
            raise UsageError(f"unknown backend '{backend}'; the backends are: {', '.join(BACKENDS)}")
        self.setup = setup
        self.backend = backend
        self.jobs = jobs
        self._executor: futures.ProcessPoolExecutor | None = None
        self._ray = None
        self._ray_started_here = False
        self._remote_play = None
        self._setup_ref = None
        self._previous_sigterm = None

    # -- starting and stopping -----------------------------------------------------------------

    def __enter__(self) -> "Runner":
        self._remember_sigterm()  # first: ray.init replaces the handler and shutdown keeps its own
        if self.backend == "ray":
            self._start_ray()
        else:
            self.jobs = self.jobs or os.cpu_count() or 1
            if self.jobs > 1:
                os.environ[RUN_VARIABLE] = str(os.getpid())  # the forkserver dies with this process
                self._executor = futures.ProcessPoolExecutor(
                    max_workers=self.jobs, mp_context=_worker_context(),
                    initializer=_init_worker, initargs=(self.setup, _this_process()))
        self._catch_sigterm()  # last: ray.init installs a SIGTERM handler of its own
        return self

    def __exit__(self, kind, error, traceback) -> None:
        try:
            if self._executor is not None:
                if error is None:
                    self._executor.shutdown(wait=True)
                else:  # interrupted: do not wait for games nobody will read (or a stalled bot)
                    _terminate(self._executor)
                self._executor = None
            if self._ray_started_here:
                self._ray.shutdown()
                self._ray_started_here = False
        finally:
            self._restore_sigterm()

    def _remember_sigterm(self) -> None:
        if threading.current_thread() is threading.main_thread():  # only it may set handlers
            self._previous_sigterm = signal.getsignal(signal.SIGTERM)

    def _catch_sigterm(self) -> None:
        # kill and pkill send SIGTERM, whose default action ends this process on the spot: the
        # workers would be left playing (until their watchdog notices) and a local Ray would
        # not be stopped. As a KeyboardInterrupt it stops the run as Ctrl-C does.
        if self._previous_sigterm is not None:
            signal.signal(signal.SIGTERM, _interrupt)

    def _restore_sigterm(self) -> None:
        # The handler from before the run, not Ray's: a stopped Ray's handler would turn a
        # later SIGTERM into SystemExit in the middle of whatever this process does next.
        if self._previous_sigterm is not None:
            signal.signal(signal.SIGTERM, self._previous_sigterm)
            self._previous_sigterm = None

    def _start_ray(self) -> None:
        try:
            import ray
        except ImportError:
            raise UsageError("--backend ray needs Ray: pip install 'markov-risk[ray]'") from None
        self._ray = ray
        if not ray.is_initialized():
            # "local" starts a new instance even where a `ray start` cluster runs (or its stale
            # address file remains), which address=None would try to join.
            address = os.environ.get("RAY_ADDRESS") or "local"
            # Sizing options are for a local instance only: Ray refuses them for a cluster.
            local = {} if address != "local" else {"num_cpus": self.jobs or os.cpu_count() or 1,
                                                   "include_dashboard": False}
            try:
                ray.init(address=address, logging_level=logging.WARNING, **local)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise TournamentError(f"cannot start or reach Ray ({address}): {exc}") from None
            self._ray_started_here = True
        if not self.jobs:
            self.jobs = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._remote_play = ray.remote(num_cpus=1)(play_game)
        self._setup_ref = ray.put(self.setup)

    # -- playing ---------------------------------------------------------------------------------

    def play(self, tasks: Iterable[GameTask],
             stop: Callable[[], bool] = lambda: False) -> Iterator[dict[str, Any]]:
        """Play ``tasks`` and yield each result as its game finishes.

        ``stop`` is asked after every result; once it says yes no further game is started.
        """
        pending = iter(tasks)
        if self._executor is None and self.backend == "process":
            for task in pending:
                yield play_game(self.setup, task)
                if stop():
                    return
            return
        in_flight: dict[futures.Future, GameTask] = {}
        stopped = False

        def fill():
            while not stopped and len(in_flight) < 2 * self.jobs:
                task = next(pending, None)
                if task is None:
                    return
                in_flight[self._submit(task)] = task

        fill()
        while in_flight:
            done, _ = futures.wait(in_flight, return_when=futures.FIRST_COMPLETED)
            for future in sorted(done, key=lambda f: in_flight[f].game):
                task = in_flight.pop(future)
                yield self._result(future, task)
                stopped = stopped or stop()
            fill()

    def _submit(self, task: GameTask) -> futures.Future:
        if self._executor is not None:
            return self._executor.submit(_play_in_worker, task)
        return self._remote_play.remote(self._setup_ref, task).future()

    def _result(self, future: futures.Future, task: GameTask) -> dict[str, Any]:
        try:
            return future.result()
        except BrokenProcessPool:
            raise TournamentError(
                f"a worker process died while playing (game {task.game} or a neighbour); a bot "
                "may have crashed the interpreter. Finished games are saved: run again with "
                "--resume") from None
        except Exception as exc:
            if self._ray is not None and isinstance(exc, self._ray.exceptions.RayError):
                # A task's error reads "ray::play_game() (pid=..)", its traceback, then the
                # exception itself: the last line is the one that says what went wrong.
                lines = [line for line in str(exc).splitlines() if line.strip()]
                raise TournamentError(f"Ray failed to play game {task.game}: "
                                      f"{lines[-1].strip() if lines else type(exc).__name__}") from None
            raise


# -- the worker side -------------------------------------------------------------------------------

_WORKER_SETUP: GameSetup | None = None


def _init_worker(setup: GameSetup, parent: tuple[int, str | None]) -> None:
    global _WORKER_SETUP
    _WORKER_SETUP = setup
    # Terminated (by the pool), or orphaned (its forkserver gone with the run): end the bot
    # programs this worker started, and everything they started, then exit.
    signal.signal(signal.SIGTERM, _end_worker)
    die_with_parent(signal.SIGTERM)
    threading.Thread(target=_watch_parent, args=parent, name="watch-parent", daemon=True).start()


def _end_worker(signum=None, frame=None) -> None:
    # As a signal handler this runs on the main thread wherever it was, perhaps holding a lock
    # that ending the programs takes: done on a thread of its own, and waited for a little
    # only, so the worker exits even then (the pool's manager waits for it). A stopped pool's
    # worker is sent SIGTERM twice (by the pool itself and by _terminate); a second handler run
    # inside the first once waited for ever on the lock the first held, so it is not run.
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    cleaner = threading.Thread(target=end_all_programs, name="end-programs", daemon=True)
    cleaner.start()
    cleaner.join(WORKER_GRACE)
    os._exit(1)  # no clean-up: nobody is left to read this worker's results


def _watch_parent(pid: int, started: str | None) -> None:
    """Exit this worker once the run's main process ``pid`` is gone, whatever it is playing.

    A worker's parent is the forkserver, which outlives the main process as long as any worker
    does, so neither ``os.getppid()`` nor ``PR_SET_PDEATHSIG`` can tell. A thread can: a game in
    pure Python gives it the interpreter every few milliseconds (a bot inside a long C call
    that holds the GIL delays it until the call returns).
    """
    if hasattr(signal, "pthread_sigmask"):
        # Signals are for the playing thread: the move clock's SIGALRM must interrupt a bot
        # blocked in a system call there, not wake this thread instead.
        signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
    while _is_running(pid, started):
        time.sleep(1)
    _end_worker()


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def _this_process() -> tuple[int, str | None]:
    pid = os.getpid()
    return pid, _proc_stat(pid)[1]


def _proc_stat(pid: int) -> tuple[str, str | None]:
    """A process's state and start time (in clock ticks after boot) from /proc/<pid>/stat:
    ("", None) where there is no /proc or no such process."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            stat = handle.read().decode("ascii", "replace")
    except OSError:
        return "", None
    # The fields after the command name, which is in parentheses and may hold anything.
    fields = stat[stat.rindex(")") + 2:].split()
    return fields[0], fields[19]   # fields 3 and 22 of proc(5)


def _is_running(pid: int, started: str | None) -> bool:
    """Whether the process ``pid`` that started at ``started`` (None: unknown) still runs."""
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, PermissionError):  # gone, or the pid is another user's now
        return False
    if started is None:  # no /proc: the pid alone has to do
        return True
    # A killed process stays a zombie until its parent reaps it, and a pid is reused once it
    # is reaped: only the same start time and a live state mean the same, running process.
    state, start = _proc_stat(pid)
    return start == started and state not in ("Z", "X")


def _play_in_worker(task: GameTask) -> dict[str, Any]:
    return play_game(_WORKER_SETUP, task)


def _worker_context():
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        # Workers start with the engine already imported (it is the slow part of starting).
        context.set_forkserver_preload(["risk.tournament.lifeline", "risk.tournament.worker", "ai"])
        return context
    return multiprocessing.get_context("spawn")


def _terminate(executor: futures.ProcessPoolExecutor) -> None:
    # Python 3.14's terminate_workers() only sends the signal, and older Pythons have no public
    # way to stop a worker in the middle of a game: the pool's own processes are reached here.
    workers = list((getattr(executor, "_processes", None) or {}).values())
    for worker in workers:
        worker.terminate()  # SIGTERM: the worker ends its bot programs first
    # The pool's manager thread joins every worker without a time limit, and the interpreter's
    # exit joins that thread: one worker that outlives its SIGTERM would hang this process at
    # exit. After the grace period a worker is killed.
    deadline = time.monotonic() + 2 * WORKER_GRACE
    for worker in workers:
        worker.join(max(0.0, deadline - time.monotonic()))
        if worker.is_alive():
            worker.kill()
            worker.join(WORKER_GRACE)
    executor.shutdown(wait=False, cancel_futures=True)
