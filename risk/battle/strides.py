"""Big battles sampled in strides of many rounds: the exact law, in microseconds.

Solving a battle's outcome distribution costs time in proportion to attackers × defenders, once
per new pair of armies; on a big map with stacks in the hundreds every blitz meets a new pair.
But away from its end a battle repeats one round, the one where both sides roll all their
dice, and ``k`` such rounds remove armies by a fixed law: the ``k``-fold convolution of the
round's. From (a, d) no round can take more than :attr:`~risk.battle.model.RoundModel.most_losses`
armies from a side, so while both sides stay clear of the states where fewer dice are rolled
or the attacker stops, the next ``k`` rounds are all full rounds, and their sum is one draw from
a table of that law. Strides cover the distance to the nearest such state (strides of every length up to 8
rounds, then each about a fifth longer than the last, tabulated once per round model); each
stride leaves the battle about half as far from it, so a battle of hundreds takes about ten
draws, and its last rounds
(fewer dice) are rolled one at a time. The result is distributed exactly as rolling every
round is (tests/battle/test_strides.py checks it against the solved distribution by a
chi-square test).

The draws come from a stream seeded by the caller's one uniform, so the caller's generator
advances by one draw per blitz, as for a solved battle, and a game replays exactly.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache
from typing import Callable

from risk.battle.caches import register
from risk.battle.model import RoundModel

#: Battles of more than this many army pairs (board convention, attackers × defenders), or with
#: more than :data:`STRIDE_SIDE` armies on a side, are sampled in strides; smaller ones from
#: their solved distribution, as before (each new pair costs a solution in proportion to its
#: pairs: a thousand against five is as dear as a hundred against fifty). The golden games
#: (tests/engine/test_golden.py) and the stored records reach 92 × 77 = 7,084 pairs and 161
#: armies a side at most, so they keep their draws.
STRIDE_CELLS = 10_000
STRIDE_SIDE = 200
#: The longest stride, in rounds (its table holds 2 × 1024 + 1 outcomes under standard dice).
LONGEST = 1024

_MASK = (1 << 64) - 1
_UNIT = 1.0 / 9007199254740992.0


def is_strided(attackers: int, defenders: int) -> bool:
    """Whether a plain battle this large (board convention) is sampled in strides."""
    return attackers * defenders > STRIDE_CELLS or attackers > STRIDE_SIDE or defenders > STRIDE_SIDE


Stride = tuple[list[float], list[tuple[int, int]]]


def stride_lengths() -> list[int]:
    """The strides tabulated, in rounds: every length up to 8, then about a fifth longer each
    (a stride takes as many rounds as are safe, less at most a fifth)."""
    lengths = list(range(1, 9))
    while lengths[-1] < LONGEST:
        lengths.append(min(LONGEST, lengths[-1] + max(1, lengths[-1] // 5)))
    return lengths


def _convolved(first: dict[tuple[int, int], float], second: dict[tuple[int, int], float]) -> dict[tuple[int, int], float]:
    out: dict[tuple[int, int], float] = {}
    for (la, ld), p in first.items():
        for (ma, md), q in second.items():
            key = (la + ma, ld + md)
            out[key] = out.get(key, 0.0) + p * q
    # Outcomes too rare for a double to tell apart from none are left out.
    return {key: p for key, p in sorted(out.items()) if p > 1e-300}


def _power(law: dict[tuple[int, int], float], k: int, powers: dict[int, dict]) -> dict[tuple[int, int], float]:
    """The law of ``k`` rounds, from those of 1, 2, 4, ... rounds (``powers``, filled as needed)."""
    result = None
    bit = 1
    while bit <= k:
        if bit not in powers:
            powers[bit] = _convolved(powers[bit // 2], powers[bit // 2])
        if k & bit:
            result = powers[bit] if result is None else _convolved(result, powers[bit])
        bit *= 2
    return result if result is not None else law


@register
@lru_cache(maxsize=None)
def strides(model: RoundModel) -> tuple[list[Stride], list[int], int]:
    """(the inversion tables (cumulative probabilities, (attacker losses, defender losses)) of
    :func:`stride_lengths` full rounds of ``model``, for every safe number of rounds up to
    :data:`LONGEST` the index of the longest stride that fits, and the most armies a round
    takes from a side)."""
    full = model.float_outcomes(model.dice.attacker_max, model.steady_defenders)
    law: dict[tuple[int, int], float] = {}
    for la, ld, p in full:
        law[(la, ld)] = law.get((la, ld), 0.0) + p
    powers = {1: law}
    lengths = stride_lengths()
    tables = []
    for k in lengths:
        kth = _power(law, k, powers)
        outcomes = list(kth)
        cumulative, total = [], 0.0
        for key in outcomes:
            total += kth[key]
            cumulative.append(total)
        cumulative = [c / total for c in cumulative]
        cumulative[-1] = 1.0
        tables.append((cumulative, outcomes))
    fits = [0] * (LONGEST + 1)
    index = 0
    for rounds in range(1, LONGEST + 1):
        while index + 1 < len(lengths) and lengths[index + 1] <= rounds:
            index += 1
        fits[rounds] = index
    return tables, fits, model.most_losses


def sample_strided(u: float, model: RoundModel, attackers: int, defenders: int, stop: int,
                   levels: tuple[list[int], list[int]] | None = None,
                   below: Callable[[int, int], bool] | None = None) -> tuple[int, int]:
    """One battle, Tan's convention: (attackers left, defenders left) drawn by the uniform ``u``.

    The attacker stops at ``stop`` armies, or, after the first round, in a state (a, d) with
    ``a <= levels[d]`` (``levels``: the stop levels of ``stop_below`` as the solver takes them,
    and their running maximum over d) or where ``below(a, d)`` holds (for a battle beyond the
    levels' table, which is then rolled round by round)."""
    # A 64-bit linear congruential stream (Knuth's MMIX constants), its top 53 bits a uniform:
    # for drawing a few dozen outcomes its quality is ample, and it costs one multiplication.
    state = int(u * 9007199254740992.0)
    tables, fits, most = strides(model)
    steady_d = model.steady_defenders
    floor_a = model.dice.attacker_max if model.dice.attacker_max > stop + 1 else stop + 1
    stop_levels, ceiling = levels if levels is not None else (None, None)
    a, d = attackers, defenders
    first = True
    while d > 0 and a > stop:
        if not first:
            if stop_levels is not None and a <= stop_levels[d]:
                break
            if below is not None and below(a, d):
                break
        first = False
        state = (state * 6364136223846793005 + 1442695040888963407) & _MASK
        draw = (state >> 11) * _UNIT
        if below is None:
            lowest = floor_a if ceiling is None or ceiling[d] < floor_a else ceiling[d] + 1
            # Every state within `safe` full rounds of here fights a full round next.
            safe = (a - lowest) // most
            other = (d - steady_d) // most
            if other < safe:
                safe = other
            if safe >= 0:
                cumulative, outcomes = tables[fits[safe + 1 if safe < LONGEST else LONGEST]]
                la, ld = outcomes[bisect_right(cumulative, draw)]
                a -= la
                d -= ld
                continue
        la, ld = _pick(model.float_outcomes(a, d), draw)
        a, d = max(0, a - la), max(0, d - ld)
    return a, d


def _pick(outcomes, draw: float) -> tuple[int, int]:
    for la, ld, p in outcomes:
        draw -= p
        if draw < 0.0:
            return la, ld
    la, ld, _ = outcomes[-1]  # rounding: the draw fell a hair past the last interval
    return la, ld
