"""One uniform draw gives the whole outcome of a blitz.

A blitz ("attack until conquest or until down to ``stop_at``") has a known, finite outcome
distribution (:func:`~risk.battle.analysis.blitz_distribution`). Sampling it by inversion, one
cumulative table and a bisection, costs a few microseconds whatever the size of the battle, and
the result is distributed exactly as rolling every round would be. The tables are cached per
battle; the caller supplies the uniform from its own seeded generator, so games stay
reproducible.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate
from typing import Mapping, TypeVar

from risk.battle.analysis import blitz_distribution
from risk.battle.dice import STANDARD_DICE, BattleError, DiceRules

T = TypeVar("T")

#: (attackers, defenders, stop_at, dice, stop_below) -> (cumulative probabilities, outcomes)
_SAMPLERS: dict[tuple, tuple[list[float], list[tuple[int, int]]]] = {}
#: The same for the standard dice, keyed without them: (attackers, defenders, stop_at, stop_below).
_STANDARD_SAMPLERS: dict[tuple, tuple[list[float], list[tuple[int, int]]]] = {}
#: Bound on each cache: past it, it is emptied and refilled (the tables are cheap to rebuild).
MAX_SAMPLERS = 50_000


def clear_samplers() -> None:
    _SAMPLERS.clear()
    _STANDARD_SAMPLERS.clear()


def inversion_table(distribution: Mapping[T, float]) -> tuple[list[float], list[T]]:
    """(cumulative probabilities, outcomes) to draw from ``distribution`` by inversion:
    ``outcomes[bisect_right(cumulative, u)]`` for a uniform ``u`` in [0, 1). Impossible outcomes
    are left out."""
    outcomes = [outcome for outcome, p in distribution.items() if p > 0]
    cumulative = list(accumulate(distribution[outcome] for outcome in outcomes))
    # Rounding can leave the total a hair off 1: scale so that every u in [0, 1) lands inside.
    total = cumulative[-1]
    cumulative = [c / total for c in cumulative]
    cumulative[-1] = 1.0
    return cumulative, outcomes


def _build_sampler(attackers: int, defenders: int, stop_at: int, dice: DiceRules,
                   stop_below: float | None) -> tuple[list[float], list[tuple[int, int]]]:
    entry = inversion_table(blitz_distribution(attackers, defenders, stop_at, dice, stop_below))
    if dice is STANDARD_DICE:
        cache, key = _STANDARD_SAMPLERS, (attackers, defenders, stop_at, stop_below)
    else:
        cache, key = _SAMPLERS, (attackers, defenders, stop_at, dice, stop_below)
    if len(cache) >= MAX_SAMPLERS:
        cache.clear()
    cache[key] = entry
    return entry


def sample_blitz(attackers: int, defenders: int, u: float, stop_at: int = 1,
                 dice: DiceRules = STANDARD_DICE, stop_below: float | None = None) -> tuple[int, int]:
    """The final (armies left on the attacking territory, defenders left) of one blitz.

    Board convention; ``u`` is one uniform draw in [0, 1) from the caller's generator. The
    battle is the one :func:`~risk.battle.analysis.blitz_distribution` describes (same
    arguments, same meaning of ``stop_at`` and ``stop_below``). After the first call for a
    battle this is a dict look-up and a bisection.
    """
    if dice is STANDARD_DICE:
        entry = _STANDARD_SAMPLERS.get((attackers, defenders, stop_at, stop_below))
    else:
        entry = _SAMPLERS.get((attackers, defenders, stop_at, dice, stop_below))
    if entry is None:
        entry = _build_sampler(attackers, defenders, stop_at, dice, stop_below)
    if not 0.0 <= u < 1.0:
        raise BattleError(f"u must be a uniform draw in [0, 1), not {u!r}")
    cumulative, outcomes = entry
    return outcomes[bisect_right(cumulative, u)]
