"""One uniform draw gives the whole outcome of a blitz.

A blitz ("attack until conquest or until down to ``stop_at``") has a known, finite outcome
distribution (:func:`~risk.battle.analysis.blitz_distribution`). Sampling it by inversion, one
cumulative table and a bisection, costs well under a microsecond once the table is built, and
the result is distributed exactly as rolling every round would be. The tables are cached per
battle. Building one costs time in proportion to attackers × defenders, so a big battle (more
than :data:`~risk.battle.strides.STRIDE_CELLS` army pairs or :data:`~risk.battle.strides.STRIDE_SIDE`
armies a side, which every blitz on a big map meets anew) is drawn instead in strides of many
rounds from the same law (:mod:`risk.battle.strides`). Either way the caller supplies one
uniform from its own seeded generator, so games stay reproducible.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate
from typing import Callable, Mapping, TypeVar

from risk.battle.analysis import MAX_CACHED_ARMIES, battle_table, blitz_distribution, check_stop_below
from risk.battle.caches import register
from risk.battle.dice import STANDARD_DICE, BattleError, DiceRules
from risk.battle.large import win_estimate
from risk.battle.model import standard_model
from risk.battle.solver import stop_levels_below
from risk.battle.rolled import is_rolled, roll_battle
from risk.battle.strides import is_strided, sample_strided

T = TypeVar("T")

#: Each sampler cache is emptied once its tables hold this many outcomes in all (about 100 MB):
#: a long game meets many battles, and a cache bounded only by their number is not bounded.
MAX_CACHED_OUTCOMES = 1_000_000


class SamplerCache:
    """Inversion tables by battle, built on first use and bounded by the outcomes they hold."""

    __slots__ = ("tables", "outcomes")

    def __init__(self) -> None:
        self.tables: dict[tuple, tuple[list[float], list]] = {}
        self.outcomes = 0

    def draw(self, key: tuple, distribution: Callable[[], Mapping], u: float):
        """One outcome of the battle ``key`` for the uniform ``u`` (``distribution()`` builds
        its outcome distribution the first time)."""
        table = self.tables.get(key)
        if table is None:
            table = inversion_table(distribution())
            if self.outcomes + len(table[1]) > MAX_CACHED_OUTCOMES:
                self.clear()
            self.tables[key] = table
            self.outcomes += len(table[1])
        cumulative, outcomes = table
        return outcomes[bisect_right(cumulative, u)]

    def __len__(self) -> int:
        return len(self.tables)

    def clear(self) -> None:
        self.tables.clear()
        self.outcomes = 0


#: Standard dice, keyed (attackers, defenders, stop_at, stop_below); other dice add the dice.
_STANDARD_SAMPLERS = register(SamplerCache())
_SAMPLERS = register(SamplerCache())
#: The first way's tables of battles the current way draws in strides, kept apart so that a
#: game of either way draws the same whatever the other has cached.
_FIRST_WAY_SAMPLERS = register(SamplerCache())


def clear_samplers() -> None:
    _SAMPLERS.clear()
    _STANDARD_SAMPLERS.clear()
    _FIRST_WAY_SAMPLERS.clear()


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


def sample_blitz(attackers: int, defenders: int, u: float, stop_at: int = 1,
                 dice: DiceRules = STANDARD_DICE, stop_below: float | None = None) -> tuple[int, int]:
    """The final (armies left on the attacking territory, defenders left) of one blitz.

    Board convention; ``u`` is one uniform draw in [0, 1) from the caller's generator. The
    battle is the one :func:`~risk.battle.analysis.blitz_distribution` describes (same
    arguments, same meaning of ``stop_at`` and ``stop_below``). After the first call for a
    battle this is a dict look-up and a bisection; a big battle
    (:func:`~risk.battle.strides.is_strided`) is drawn in strides of many rounds
    (:mod:`risk.battle.strides`), from the same law, in about ten draws of its own stream.
    """
    if not 0.0 <= u < 1.0:
        raise BattleError(f"u must be a uniform draw in [0, 1), not {u!r}")
    if dice is STANDARD_DICE:
        cache, key = _STANDARD_SAMPLERS, (attackers, defenders, stop_at, stop_below)
    else:
        cache, key = _SAMPLERS, (attackers, defenders, stop_at, dice, stop_below)
    table = cache.tables.get(key)
    if table is not None:
        return table[1][bisect_right(table[0], u)]
    if is_strided(attackers, defenders):
        return _strided_blitz(attackers, defenders, u, stop_at, dice, stop_below)
    return cache.draw(key, lambda: blitz_distribution(attackers, defenders, stop_at, dice, stop_below), u)


def sample_blitz_first_way(attackers: int, defenders: int, u: float, stop_at: int = 1,
                           dice: DiceRules = STANDARD_DICE) -> tuple[int, int]:
    """:func:`sample_blitz` as games drew it before big battles were drawn in strides (records
    of version 1, :data:`~risk.randomness.BLITZ_DRAWS`): by inversion up to
    :data:`~risk.battle.rolled.ROLLED_STATES` army pairs, rolled round by round beyond. The same
    law, other outcomes for the same ``u``: an old record replays only this way."""
    if not is_strided(attackers, defenders):
        return sample_blitz(attackers, defenders, u, stop_at, dice)
    if not 0.0 <= u < 1.0:
        raise BattleError(f"u must be a uniform draw in [0, 1), not {u!r}")
    _check_armies(attackers, defenders, stop_at)
    if is_rolled(attackers, defenders):
        left, defenders_left, _, _ = roll_battle(u, standard_model(dice), (), attackers - 1, defenders, stop_at - 1)
        return left + 1, defenders_left
    return _FIRST_WAY_SAMPLERS.draw((attackers, defenders, stop_at, dice),
                                    lambda: blitz_distribution(attackers, defenders, stop_at, dice), u)


def _check_armies(attackers: int, defenders: int, stop_at: int) -> None:
    """BattleError unless a blitz from ``attackers`` (board convention) against ``defenders``,
    stopping at ``stop_at``, can be fought (the solved tables check this themselves)."""
    if attackers < 2 or defenders < 1 or not 1 <= stop_at < attackers:
        raise BattleError(f"no blitz from {attackers} armies (stopping at {stop_at}) against {defenders}")


def _strided_blitz(attackers: int, defenders: int, u: float, stop_at: int, dice: DiceRules,
                   stop_below: float | None) -> tuple[int, int]:
    _check_armies(attackers, defenders, stop_at)
    model = standard_model(dice)
    stop = stop_at - 1
    levels = below = None
    if stop_below is not None:
        levels, below = _stop_rule(model, stop, check_stop_below(stop_below), attackers - 1, defenders)
    left, defenders_left = sample_strided(u, model, attackers - 1, defenders, stop, levels, below)
    return left + 1, defenders_left


#: (model, stop, stop_below) -> (the table they were read from, stop levels, their running maximum).
_LEVELS: dict[tuple, tuple[object, list[int], list[int]]] = register({})


def _stop_rule(model, stop: int, stop_below: float, attackers: int, defenders: int):
    """How a strided battle knows where ``stop_below`` stops it (Tan's convention): stop levels
    per column from the cached table, as the solver reads them; beyond the cached tables, or
    where a column's stop states are not a run at its bottom, the odds state by state."""
    if attackers > MAX_CACHED_ARMIES or defenders > MAX_CACHED_ARMIES:
        win = win_estimate(model, stop)
        return None, lambda a, d: win(a, d) < stop_below
    table = battle_table(model, attackers, defenders, stop)
    key = (model, stop, stop_below)
    known = _LEVELS.get(key)
    if known is None or known[0] is not table:
        found = stop_levels_below(table, stop_below)
        if found is None:
            win = table.win
            return None, lambda a, d: bool(win[a, d] < stop_below)
        levels = [int(level) for level in found]
        ceiling = list(levels)
        for d in range(1, len(ceiling)):
            ceiling[d] = max(ceiling[d], ceiling[d - 1])
        known = _LEVELS[key] = (table, levels, ceiling)
    return (known[1], known[2]), None
