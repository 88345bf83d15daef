"""Statistics of win counts: Wilson intervals and sequential probability ratio tests.

>>> lo, hi = wilson_interval(8, 10)
>>> round(lo, 4), round(hi, 4)
(0.4902, 0.9433)
>>> test = SPRT(p0=0.25, p1=0.30)
>>> round(test.upper, 4), round(test.lower, 4)
(2.9444, -2.9444)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from risk.errors import UsageError

#: The two-sided 95% quantile of the standard normal distribution.
Z95 = 1.959963984540054


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default); (0, 1) without games.

    Unlike the normal approximation it stays inside [0, 1] and behaves at 0 or all wins,
    which matter here: a weak bot often wins nothing.
    """
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


class WinRate:
    """``win_rate`` and its Wilson ``ci95`` for a record with ``wins`` and ``games``."""

    wins: int
    games: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


class _SequentialTest:
    """Wald's stopping rule, shared by both tests: needs ``alpha``, ``beta``, ``llr``,
    ``observations`` and ``decided_at``."""

    alpha: float
    beta: float
    decided_at: int | None

    @property
    def upper(self) -> float:
        """Accept H1 at or above this log likelihood ratio."""
        return math.log((1 - self.beta) / self.alpha)

    @property
    def lower(self) -> float:
        """Accept H0 at or below this log likelihood ratio."""
        return math.log(self.beta / (1 - self.alpha))

    def check(self) -> str | None:
        """Look at the evidence: ``"H1"``, ``"H0"`` or None (go on); records when it decided."""
        if self.decided_at is None:
            llr = self.llr
            if llr >= self.upper or llr <= self.lower:
                self.decided_at = self.observations
        return self.verdict

    @property
    def verdict(self) -> str | None:
        if self.decided_at is None:
            return None
        return "H1" if self.llr >= self.upper else "H0"


@dataclass
class SPRT(_SequentialTest):
    """Wald's sequential probability ratio test of a win rate: H0 p = p0 against H1 p = p1.

    Each game adds ``ln(p1/p0)`` (a win) or ``ln((1-p1)/(1-p0))`` (anything else) to the log
    likelihood ratio; the test accepts H1 once it reaches ``ln((1-beta)/alpha)`` and H0 once it
    falls to ``ln(beta/(1-alpha))`` (±ln 19 for alpha = beta = 0.05).
    """

    p0: float
    p1: float
    alpha: float = 0.05
    beta: float = 0.05
    wins: int = 0
    games: int = 0
    decided_at: int | None = None   # games played when the test decided

    def __post_init__(self) -> None:
        for name in ("p0", "p1", "alpha", "beta"):
            value = getattr(self, name)
            if not 0 < value < 1:
                raise UsageError(f"SPRT {name}={value:g} must be between 0 and 1")
        if self.p0 >= self.p1:
            raise UsageError(f"SPRT p0={self.p0:g} must be below p1={self.p1:g}")

    @property
    def llr(self) -> float:
        losses = self.games - self.wins
        return (self.wins * math.log(self.p1 / self.p0)
                + losses * math.log((1 - self.p1) / (1 - self.p0)))

    @property
    def observations(self) -> int:
        return self.games

    def add(self, wins: int, games: int = 1) -> None:
        """Add results; once decided, the test ignores anything more."""
        if self.verdict is not None:
            return
        self.wins += wins
        self.games += games

    def describe(self, subject: str) -> str:
        verdict = self.verdict
        if verdict == "H1":
            what = f"H1: {subject} wins at least {self.p1:.0%} of its games"
        elif verdict == "H0":
            what = f"H0: {subject} wins at most {self.p0:.0%} of its games"
        else:
            what = "undecided"
        return (f"SPRT p0={self.p0:g} p1={self.p1:g}: {what} (LLR {self.llr:+.2f}, bounds "
                f"[{self.lower:.2f}, {self.upper:.2f}], {self.wins}/{self.games} wins)")

    def to_json(self) -> dict[str, Any]:
        return {"p0": self.p0, "p1": self.p1, "alpha": self.alpha, "beta": self.beta,
                "llr": self.llr, "lower": self.lower, "upper": self.upper, "games": self.games,
                "wins": self.wins, "result": self.verdict or "undecided"}


def parse_sprt(text: str) -> SPRT:
    """Read ``p0=0.25,p1=0.30[,alpha=0.05,beta=0.05]``."""
    values: dict[str, float] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, eq, value = (s.strip() for s in part.partition("="))
        if not eq or key not in ("p0", "p1", "alpha", "beta"):
            raise UsageError(f"--sprt takes p0=P,p1=P[,alpha=A,beta=B], not '{part}'")
        try:
            values[key] = float(value)
        except ValueError:
            raise UsageError(f"--sprt {key}={value} is not a number") from None
    if "p0" not in values or "p1" not in values:
        raise UsageError("--sprt needs both p0 and p1, e.g. --sprt p0=0.25,p1=0.30")
    return SPRT(**values)


@dataclass
class PairedSPRT(_SequentialTest):
    """A generalised SPRT on paired games: is the gain (win rate A minus win rate B) ``delta1``
    rather than ``delta0``?

    A pair is two games on the same seed and seat, one with A and one with B; its score is
    +1 (only A won), -1 (only B won) or 0. The scores' mean is the gain; the log likelihood ratio
    is the normal approximation fishtest uses,
    ``(delta1 - delta0) / var * (sum - n (delta0 + delta1) / 2)``, with the variance estimated
    from the scores plus one virtual +1 and one virtual -1, so that the first few pairs alone
    cannot decide it.
    """

    delta1: float
    delta0: float = 0.0
    alpha: float = 0.05
    beta: float = 0.05
    pairs: int = 0
    total: int = 0
    squares: int = 0
    decided_at: int | None = None

    def __post_init__(self) -> None:
        if not -1 <= self.delta0 < self.delta1 <= 1:
            raise UsageError(f"the gain to detect ({self.delta1:g}) must be above {self.delta0:g} "
                             "and at most 1")

    @property
    def variance(self) -> float:
        n = self.pairs + 2
        mean = self.total / n
        return max((self.squares + 2) / n - mean * mean, 1e-9)

    @property
    def llr(self) -> float:
        delta0, delta1 = self.delta0, self.delta1
        return (delta1 - delta0) / self.variance * (self.total - self.pairs * (delta0 + delta1) / 2)

    def add(self, score: int) -> None:
        if self.verdict is not None:
            return
        self.pairs += 1
        self.total += score
        self.squares += score * score

    @property
    def observations(self) -> int:
        return self.pairs

    @property
    def gain(self) -> float:
        return self.total / self.pairs if self.pairs else 0.0

    def describe(self, better: str, baseline: str) -> str:
        verdict = self.verdict
        if verdict == "H1":
            what = f"the gain is real: {better} beats {baseline}"
        elif verdict == "H0":
            what = f"no real gain of {self.delta1:.0%} over {baseline}"
        else:
            what = "undecided"
        return (f"paired SPRT gain {self.delta0:g} vs {self.delta1:g}: {what} (measured gain "
                f"{self.gain:+.3f} over {self.pairs} pairs, LLR {self.llr:+.2f}, bounds "
                f"[{self.lower:.2f}, {self.upper:.2f}])")

    def to_json(self) -> dict[str, Any]:
        return {"delta0": self.delta0, "delta1": self.delta1, "alpha": self.alpha,
                "beta": self.beta, "pairs": self.pairs, "gain": self.gain, "llr": self.llr,
                "lower": self.lower, "upper": self.upper, "result": self.verdict or "undecided"}
