"""Bots think on a worker thread, so the window keeps drawing and answering while they do.

The main thread hands the worker a *view* (a copy of the game made for that seat, with its own
random source) and later collects the action; it never shares the live state. Results carry the
job's number, so an answer to a question that no longer matters (the game was loaded or undone
meanwhile) is recognised and dropped.
"""

from __future__ import annotations

import queue
import threading
import traceback
from dataclasses import dataclass
from typing import Any


@dataclass
class Result:
    job: int
    action: Any = None
    error: str | None = None
    payload: Any = None


class BotWorker:
    """One daemon thread answering ``agent.act(view)`` questions, one at a time."""

    def __init__(self, name: str = "bot-worker"):
        self._jobs: queue.Queue = queue.Queue()
        self._results: queue.Queue = queue.Queue()
        self._counter = 0
        self.busy_job: int | None = None
        self._thread = threading.Thread(target=self._loop, name=name, daemon=True)
        self._thread.start()

    def submit(self, agent, view, payload: Any = None) -> int:
        """Queue a question; returns its job number."""
        self._counter += 1
        self.busy_job = self._counter
        self._jobs.put((self._counter, agent, view, payload))
        return self._counter

    def poll(self, timeout: float = 0.0) -> Result | None:
        """The next answer, waiting at most ``timeout`` seconds (0: do not wait)."""
        try:
            result = self._results.get(timeout=timeout) if timeout > 0 else self._results.get_nowait()
        except queue.Empty:
            return None
        if result.job == self.busy_job:
            self.busy_job = None
        return result

    def forget(self) -> None:
        """Drop interest in the job under way (its answer will be ignored)."""
        self.busy_job = None

    def stop(self) -> None:
        self._jobs.put(None)

    def _loop(self) -> None:
        while True:
            item = self._jobs.get()
            if item is None:
                return
            job, agent, view, payload = item
            try:
                action = agent.act(view)
                self._results.put(Result(job, action=action, payload=payload))
            except Exception as exc:  # a bot's bug must not take the window down
                detail = f"{type(exc).__name__}: {exc}"
                self._results.put(Result(job, error=detail, payload=payload))
                traceback.print_exc()
