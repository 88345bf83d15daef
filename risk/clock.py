"""The move clock: how long a bot may think over one move, and a bank it may borrow from.

:class:`MoveClock` is the clock's setting (a frozen value); :class:`GameClock` is one game's
clock, which keeps what is left of each seat's bank. :class:`risk.match.Match` runs every
``act`` and ``reset`` of a bot inside :meth:`GameClock.move`, which raises :class:`MoveTimeout`
when the bot runs over.

The clock interrupts a pure-Python bot in the middle of its computation: in a thread that may
handle signals (a process's main thread) it is a ``SIGALRM`` timer; elsewhere a timer thread
raises the timeout asynchronously in the playing thread. A move that ends after its allowance
without having been interrupted (the bot was inside C code) is a timeout all the same, measured
with the clock's ``timer`` (which tests replace by a fake one).
"""

from __future__ import annotations

import ctypes
import signal
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterator


class MoveTimeout(BaseException):
    """A bot ran past the move clock.

    A BaseException, not an Exception, so that a bot's own ``except Exception`` cannot swallow
    it and the match does not mistake it for a crash.
    """


@dataclass(frozen=True)
class MoveClock:
    """Seconds a bot may take over one move (``move_limit``), and a bank of seconds per seat and
    game (``bank``) that pays for the time a move takes beyond it. None (or 0) for either: no
    such limit; with neither, the bots think as long as they like."""

    move_limit: float | None = None
    bank: float | None = None
    timer: Callable[[], float] = time.monotonic

    def start(self, seats: int) -> "GameClock":
        """The clock of one game between ``seats`` bots, every bank full."""
        return GameClock(self, seats)


class GameClock:
    """One game's clock: the setting and what is left of each seat's bank."""

    def __init__(self, setting: MoveClock, seats: int):
        self.setting = setting
        self.bank_left = [float(setting.bank or 0.0)] * seats

    def allowance(self, seat: int) -> float | None:
        """The seconds ``seat`` may take over its next move (None: no limit)."""
        if not self.setting.move_limit and not self.setting.bank:
            return None
        return (self.setting.move_limit or 0.0) + self.bank_left[seat]

    def describe_timeout(self, allowed: float) -> str:
        """What a timed-out bot is told: its allowance for the move it did not finish."""
        return f"no move within {allowed:g} s"

    @contextmanager
    def move(self, seat: int) -> Iterator[None]:
        """Time one move of ``seat``; raises :class:`MoveTimeout` if it takes longer than its
        allowance. The time beyond the move limit is taken from the seat's bank."""
        allowed = self.allowance(seat)
        if allowed is None:
            yield
            return
        timer = self.setting.timer
        started = timer()
        with time_limit(allowed):
            yield
        elapsed = timer() - started
        overrun = max(0.0, elapsed - (self.setting.move_limit or 0.0))
        self.bank_left[seat] = max(0.0, self.bank_left[seat] - overrun)
        if elapsed > allowed:
            raise MoveTimeout()


# -- interrupting a bot ---------------------------------------------------------------------------

@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Raise :class:`MoveTimeout` inside the block if it runs longer than ``seconds``."""
    if not seconds:
        yield
    elif threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer"):
        with _alarm(seconds):
            yield
    else:
        with _async_timer(seconds):
            yield


@contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    armed = True

    def on_alarm(signum, frame):
        if armed:  # an alarm that lands after the move finished is ignored
            raise MoveTimeout()

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        armed = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def _async_timer(seconds: float) -> Iterator[None]:
    # Threads cannot receive signals, but CPython can raise an exception in another thread at
    # its next bytecode; that interrupts a pure-Python loop just as well.
    target = threading.get_ident()
    lock = threading.Lock()
    state = {"armed": True}

    def fire():
        with lock:
            if state["armed"]:
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(target),
                                                           ctypes.py_object(MoveTimeout))

    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        with lock:
            state["armed"] = False
        timer.cancel()
