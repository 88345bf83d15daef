"""Very large battles, rolled round by round instead of solved.

The engine's blitz needs one draw from a battle's outcome distribution, and solving that
distribution costs time and memory in proportion to attackers × defenders. Under the variant
laws (the sea-lane die, the seeing defender, the commander's six) the samplers solve it below
:data:`ROLLED_STATES` states and keep it (a draw is then a bisection); beyond, in a stalemate of
thousands of armies, they roll the battle round by round with the very round laws the solvers
use (a plain battle is drawn in strides of many rounds instead, :mod:`risk.battle.strides`). That is exact in distribution too, costs time in proportion to the
armies only, and keeps nothing. The rounds come from a :class:`random.Random` seeded by the
caller's one uniform draw, so the game's own generator advances exactly as for a small battle
and a game replays exactly.

The commander's six (FAQ Q2.9) is the one approximation at this size: its optimal policy needs a
table of every state of the battle, so a rolled battle spends the six on the first roll it
improves (at this size, where a six moves the odds by a hair, that is also what the policy does
to a good approximation).
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from risk.battle.model import RoundModel

#: Battles with more states than this (attackers × defenders) are rolled, not solved.
ROLLED_STATES = 250_000


def is_rolled(attackers: int, defenders: int) -> bool:
    """Whether a battle this large is rolled round by round (either convention: the bound is
    far from where a one-army difference matters)."""
    return attackers * defenders > ROLLED_STATES


def _pick(outcomes: Sequence[tuple], draw: float) -> tuple:
    """The outcome whose probability (last element) interval holds ``draw``."""
    for outcome in outcomes:
        draw -= outcome[-1]
        if draw < 0.0:
            return outcome
    return outcomes[-1]  # rounding: the draw fell a hair past the last interval


def roll_battle(u: float, base: RoundModel, opening: Sequence[RoundModel], attackers: int,
                defenders: int, stop: int, *, below: Callable[[int, int], bool] | None = None,
                six_rounds: Callable[[int, int, bool], Sequence[tuple]] | None = None
                ) -> tuple[int, int, int, bool]:
    """Roll one battle, Tan's convention: (attackers left, defenders left, opening rounds fought,
    whether the six was spent).

    ``opening``: the laws of the first rounds (the sea-lane die), then ``base``. The attacker
    stops at ``stop`` armies, or before any round but the first in which ``below(a, d)`` says
    the odds have fallen too low (as :func:`~risk.battle.analysis.blitz_distribution` does). ``six_rounds(a, d, opening_round)``, if given, is the commander's joint law
    of a round, outcomes ``(la, ld, la_with_six, ld_with_six, p)``.
    """
    rng = random.Random(int(u * (1 << 53)))
    a, d, fought, spent = attackers, defenders, 0, False
    first = True  # the first round is always fought: the caller decided to attack
    while a > stop and d > 0 and (first or below is None or not below(a, d)):
        first = False
        in_opening = fought < len(opening)
        if six_rounds is not None and not spent:
            la, ld, la6, ld6, _ = _pick(six_rounds(a, d, in_opening), rng.random())
            if (la6, ld6) != (la, ld):  # a six can only help: any change improves the roll
                la, ld, spent = la6, ld6, True
        else:
            law = opening[fought] if in_opening else base
            la, ld, _ = _pick(law.float_outcomes(a, d), rng.random())
        a, d = max(0, a - la), max(0, d - ld)
        fought += in_opening
    return a, d, fought, spent
