"""Small bots for the tournament and tuning tests, loadable by import path
(``tournament_bots:CrashBot``; pytest puts tests/ on sys.path, subprocesses get PYTHONPATH).
"""

from __future__ import annotations

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


class ExitBot(BaseAgent):
    """Ends its whole process on its first turn, as a bot crashing the interpreter would."""

    name = "exit"

    def act(self, view):
        if view.phase > Phase.PLACE:
            import os
            os._exit(3)
        return AngryAgent().act(view)
