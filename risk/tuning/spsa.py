"""SPSA: tuning several parameters at once, as fishtest tunes chess engines.

Simultaneous perturbation stochastic approximation estimates the gradient of the win rate from
one comparison per iteration, whatever the number of parameters. Iteration ``k``:

1. draw a random sign ``delta_i = ±1`` for every parameter;
2. play a *game pair* for every seat rotation of one group seed: the bot at ``theta + c_k delta``
   and the bot at ``theta - c_k delta`` each in the candidate's seat, same seed, same seating
   (fishtest's engines play each other with colours swapped; in a multi-player game the two
   points instead meet the same field on the same deal, which cancels the luck just as well);
3. ``result`` = the plus side's wins minus the minus side's, summed over the pairs;
4. ``theta_i += a_k / c_k * result * delta_i``, clipped to the parameter's range.

The gains follow fishtest: ``c_k = c / (k + 1)^gamma`` and ``a_k = a / (A + k + 1)^alpha`` with
``alpha = 0.602``, ``gamma = 0.101``, ``A = a_ratio * iterations``, and ``c`` and ``a`` derived
from the values at the end, ``c_end`` (the last perturbation) and ``r_end = a_end / c_end^2``:
``c = c_end * N^gamma`` and ``a = r_end * c_end^2 * (A + N)^alpha`` for ``N`` iterations.
Every parameter is scaled to [0, 1] over its range first, so ``c_end`` and ``r_end`` are
fractions of the range and one setting suits parameters of any size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np

from risk.errors import UsageError
from risk.tournament.schedule import SPSA_STREAM, GameTask, group_seed
from risk.tuning.confirm import paired_group, pair_scores
from risk.tuning.params import Number, TunedBot

PLUS, MINUS = "+", "-"


@dataclass(frozen=True)
class SpsaSettings:
    iterations: int = 100
    c_end: float = 0.1     # the last perturbation, as a fraction of each parameter's range
    r_end: float = 0.1     # a_end / c_end^2, in range units; the last step is r_end * c_end
    alpha: float = 0.602
    gamma: float = 0.101
    a_ratio: float = 0.1   # A, the gain sequence's stability constant, per iteration

    def __post_init__(self) -> None:
        for name in ("c_end", "r_end", "alpha", "gamma"):
            if not getattr(self, name) > 0:
                raise UsageError(f"SPSA {name} must be greater than 0")
        if not 0 < self.c_end <= 0.5:
            raise UsageError("SPSA c_end is a fraction of the range: between 0 and 0.5")
        if self.a_ratio < 0:
            raise UsageError("SPSA a_ratio must not be negative")


@dataclass(frozen=True)
class SpsaParameter:
    name: str
    lo: Number
    hi: Number
    start: Number


@dataclass
class SpsaStep:
    iteration: int
    plus: dict[str, Number]
    minus: dict[str, Number]
    result: int
    theta: dict[str, Number]   # after the update

    def to_json(self) -> dict[str, Any]:
        return {"iteration": self.iteration, "plus": self.plus, "minus": self.minus,
                "result": self.result, "theta": self.theta}


@dataclass
class Spsa:
    bot: TunedBot
    params: Sequence[SpsaParameter]
    settings: SpsaSettings
    master_seed: int
    theta: np.ndarray = field(init=False)          # in [0, 1] per parameter
    path: list[SpsaStep] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.theta = np.array([(p.start - p.lo) / (p.hi - p.lo) for p in self.params], dtype=float)
        s = self.settings
        n = s.iterations
        self.big_a = s.a_ratio * n
        self.c = s.c_end * n ** s.gamma
        self.a = s.r_end * s.c_end ** 2 * (self.big_a + n) ** s.alpha

    # -- the gain sequences ----------------------------------------------------------------------

    def c_k(self, k: int) -> float:
        return self.c / (k + 1) ** self.settings.gamma

    def a_k(self, k: int) -> float:
        return self.a / (self.big_a + k + 1) ** self.settings.alpha

    def flips(self, k: int) -> np.ndarray:
        """Iteration k's signs, from their own seed stream (not the games')."""
        rng = np.random.default_rng(np.random.SeedSequence(self.master_seed, spawn_key=(SPSA_STREAM, k, 1)))
        return rng.choice(np.array([-1.0, 1.0]), size=len(self.params))

    # -- one iteration ---------------------------------------------------------------------------

    def values(self, normalised: np.ndarray) -> dict[str, Number]:
        """Parameter values for a point in [0, 1]^d: ints rounded, floats to 1/10000 of the
        range (finer steps would not change a game's outcome, and the specs stay readable)."""
        clipped = np.clip(normalised, 0.0, 1.0)
        values = {}
        for p, x in zip(self.params, clipped):
            decimals = max(0, 4 - math.floor(math.log10(p.hi - p.lo)))
            values[p.name] = self.bot.coerce(p.name, round(float(p.lo + x * (p.hi - p.lo)), decimals))
        return values

    def current(self) -> dict[str, Number]:
        return self.values(self.theta)

    def points(self, k: int) -> tuple[dict[str, Number], dict[str, Number]]:
        step = self.c_k(k) * self.flips(k)
        return self.values(self.theta + step), self.values(self.theta - step)

    def tasks(self, k: int, opponents: Sequence[str], first_game: int) -> list[GameTask]:
        plus, minus = self.points(k)
        specs = (self.bot.spec_with(plus), self.bot.spec_with(minus))
        return paired_group(specs, (PLUS, MINUS), opponents, k,
                            group_seed(self.master_seed, k, SPSA_STREAM), first_game,
                            {"phase": "spsa", "iteration": k})

    def update(self, k: int, group: Sequence[dict[str, Any]]) -> SpsaStep:
        """Take iteration k's finished games and move theta."""
        plus, minus = self.points(k)
        result = sum(pair_scores(group, (PLUS, MINUS)))
        self.theta = np.clip(self.theta + self.a_k(k) / self.c_k(k) * result * self.flips(k), 0, 1)
        step = SpsaStep(k, plus, minus, result, self.current())
        self.path.append(step)
        return step
