"""Small bots for the tournament and tuning tests, loadable by import path
(``tests.support.bots:CrashBot``; pytest puts tests/ on sys.path, subprocesses get PYTHONPATH).

The tests that kill a run watch its games through a directory named by ``$TOURNAMENT_BOTS_DIR``:
a bot that stalls or waits drops a file there named by its process id (the worker's), so the
test knows that worker is in the middle of a game; :class:`GateBot` waits while the file
``closed`` is there.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from ai.agent import BaseAgent
from ai.angry import AngryAgent
from risk.actions import EndPhase
from risk.phase import Phase


class CrashBot(BaseAgent):
    """Plays like angry through the set-up, then raises on its first turn."""

    name = "crash"

    def act(self, view):
        if view.phase > Phase.PLACE:
            raise RuntimeError("boom")
        return AngryAgent().act(view)


class StallBot(BaseAgent):
    """Plays like angry through the set-up, then computes forever (pure Python)."""

    name = "stall"

    def act(self, view):
        if view.phase > Phase.PLACE:
            _mark_busy()
            spins = 0
            while True:  # a bot stuck in its own loop; only the move clock can stop it
                spins += 1
        return AngryAgent().act(view)


class StubbornBot(BaseAgent):
    """Stalls, and swallows every Exception it sees, as a careless bot might."""

    name = "stubborn"

    def act(self, view):
        while True:
            try:
                while True:
                    pass
            except Exception:
                continue


class IllegalBot(BaseAgent):
    """Tries to end the claiming phase, which the rules do not allow."""

    name = "illegal"

    def act(self, view):
        return EndPhase()


class MixBot(BaseAgent):
    """Plays angry's move with probability ``share`` and a random legal move otherwise: its
    strength grows with ``share``, which gives the tuner a parameter with a known direction."""

    name = "mix"

    def __init__(self, seed: int | None = None, share: float = 0.5, depth: int = 3):
        super().__init__(seed)
        self.share = share
        self.depth = depth  # an integer parameter the tuner can sweep (it changes nothing)

    def act(self, view):
        if view.rng.random() < self.share:
            return AngryAgent().act(view)
        actions = view.legal_actions()
        return actions[view.rng.below(len(actions))]


class PassBot(BaseAgent):
    """Never attacks: ends each phase as soon as the rules allow, else plays the first legal
    action. Two of them can only reach the turn cap."""

    name = "pass"

    def act(self, view):
        actions = view.legal_actions()
        return next((action for action in actions if isinstance(action, EndPhase)), actions[0])


class ExitBot(BaseAgent):
    """Ends its whole process on its first turn, as a bot crashing the interpreter would."""

    name = "exit"

    def act(self, view):
        if view.phase > Phase.PLACE:
            os._exit(3)
        return AngryAgent().act(view)


class GateBot(BaseAgent):
    """Plays like angry, slowly: when it is the first mover (seat 0) and the gate is closed, it
    waits at each move after the set-up until the gate opens, then plays on. In a tournament of
    two, rotation 0 games wait and rotation 1 games finish."""

    name = "gate"

    def act(self, view):
        directory = os.environ.get("TOURNAMENT_BOTS_DIR")
        if directory and view.phase > Phase.PLACE and view.current_player == 0:
            gate = Path(directory, "closed")
            if gate.exists():
                _mark_busy()
                while gate.exists():
                    time.sleep(0.02)
        return AngryAgent().act(view)


def _mark_busy() -> None:
    directory = os.environ.get("TOURNAMENT_BOTS_DIR")
    if directory:
        Path(directory, str(os.getpid())).touch()
