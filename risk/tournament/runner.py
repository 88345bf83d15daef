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
"""

from __future__ import annotations

import concurrent.futures as futures
import logging
import multiprocessing
import os
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, Iterable, Iterator

from risk.errors import RiskError, UsageError
from risk.tournament.schedule import GameTask
from risk.tournament.worker import GameSetup, play_game

BACKENDS = ("process", "ray")


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

    # -- starting and stopping -----------------------------------------------------------------

    def __enter__(self) -> "Runner":
        if self.backend == "ray":
            self._start_ray()
        else:
            self.jobs = self.jobs or os.cpu_count() or 1
            if self.jobs > 1:
                self._executor = futures.ProcessPoolExecutor(
                    max_workers=self.jobs, mp_context=_worker_context(),
                    initializer=_set_worker_setup, initargs=(self.setup,))
        return self

    def __exit__(self, kind, error, traceback) -> None:
        if self._executor is not None:
            if error is None:
                self._executor.shutdown(wait=True)
            else:  # interrupted: do not wait for games nobody will read (or a stalled bot)
                _terminate(self._executor)
            self._executor = None
        if self._ray_started_here:
            self._ray.shutdown()
            self._ray_started_here = False

    def _start_ray(self) -> None:
        try:
            import ray
        except ImportError:
            raise UsageError("--backend ray needs Ray: pip install 'markov-risk[ray]'") from None
        self._ray = ray
        if not ray.is_initialized():
            address = os.environ.get("RAY_ADDRESS") or None
            # Sizing options are for a local instance only: Ray refuses them for a cluster.
            local = {} if address else {"num_cpus": self.jobs or os.cpu_count() or 1,
                                        "include_dashboard": False}
            try:
                ray.init(address=address, logging_level=logging.WARNING, **local)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise TournamentError(f"cannot start or reach Ray ({address or 'local'}): {exc}") from None
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
                raise TournamentError(f"Ray failed to play game {task.game}: "
                                      f"{str(exc).splitlines()[0]}") from None
            raise


# -- the worker side -------------------------------------------------------------------------------

_WORKER_SETUP: GameSetup | None = None


def _set_worker_setup(setup: GameSetup) -> None:
    global _WORKER_SETUP
    _WORKER_SETUP = setup


def _play_in_worker(task: GameTask) -> dict[str, Any]:
    return play_game(_WORKER_SETUP, task)


def _worker_context():
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        # Workers start with the engine already imported (it is the slow part of starting).
        context.set_forkserver_preload(["risk.tournament.worker", "ai"])
        return context
    return multiprocessing.get_context("spawn")


def _terminate(executor: futures.ProcessPoolExecutor) -> None:
    terminate_workers = getattr(executor, "terminate_workers", None)  # Python 3.14+
    if terminate_workers is not None:
        terminate_workers()
        return
    # Older Pythons have no public way to stop a worker in the middle of a game.
    for process in list((getattr(executor, "_processes", None) or {}).values()):
        process.terminate()
    executor.shutdown(wait=False, cancel_futures=True)
