"""Battles whose first rounds follow a different law: the sea-lane die, with any other variant.

A battle is a short list of *opening* round laws followed by the usual law
(:func:`~risk.battle.sealane.battle_laws`: the sea-lane die for the first
:data:`~risk.battle.sealane.SEA_LANE_ROUNDS` rounds, the seeing defender for the whole battle).
Its outcome distribution is exact: the opening rounds are pushed forward state by state, and each
state they reach is finished with the cached distribution of the ordinary battle (floats from
the vectorised solver, or :class:`~fractions.Fraction` values from the exact one).

**The commander's six** (US 1980, FAQ Q2.9) is not a round law but a decision the attacker takes
after seeing a roll, solved in :mod:`risk.battle.commander`; ``six=True`` below hands the battle
to it (the six used where it raises the chance of conquest most), with every law above.

The round laws themselves (:func:`special_round`, :func:`variant_model`, :func:`battle_laws`,
:data:`~risk.battle.sealane.SEA_LANE_ROUNDS`) live in :mod:`risk.battle.sealane`; ``battle_laws`` is re-exported here.

Board convention outside (armies on the attacking territory), Tan's convention inside.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from typing import Union

from risk.battle.analysis import final_states
from risk.battle.caches import register
from risk.battle.commander import commander_outcomes
from risk.battle.dice import STANDARD_DICE, BattleError, DiceRules
from risk.battle.exact import distribution_exact
from risk.battle.model import RoundModel
from risk.battle.rolled import is_rolled, roll_battle
from risk.battle.sampling import SamplerCache
from risk.battle.sealane import battle_laws, special_round, variant_model

__all__ = ["battle_laws", "phased_distribution", "phased_final_states", "phased_outcomes",
           "phased_win_probability", "sample_phased", "special_round", "variant_model"]

Number = Union[float, Fraction]


def _push(model: RoundModel, states: dict, stop: int, exact: bool, final: dict, used: int) -> dict:
    """One round from every live state; states already finished go to ``final`` with the number
    of opening rounds fought (``used``)."""
    after: dict[tuple[int, int], Number] = defaultdict(Fraction if exact else float)
    for (a, d), p in states.items():
        if a <= stop or d == 0:
            final[(a, d, used)] = final.get((a, d, used), 0) + p
            continue
        outcomes = model.outcomes(a, d) if exact else model.float_outcomes(a, d)
        for attacker_losses, defender_losses, q in outcomes:
            after[(max(0, a - attacker_losses), max(0, d - defender_losses))] += p * q
    return after


def phased_final_states(base: RoundModel, opening: tuple[RoundModel, ...], a: int, d: int, stop: int,
                        exact: bool = False) -> dict[tuple[int, int, int], Number]:
    """Final (attackers, defenders, opening rounds fought), Tan's convention, of a battle that
    opens with the ``opening`` laws and goes on under ``base``."""
    final: dict[tuple[int, int, int], Number] = {}
    states: dict[tuple[int, int], Number] = {(a, d): Fraction(1) if exact else 1.0}
    for used, model in enumerate(opening):
        states = _push(model, states, stop, exact, final, used)
    done = len(opening)
    for (aa, dd), p in states.items():
        if aa <= stop or dd == 0:
            final[(aa, dd, done)] = final.get((aa, dd, done), 0) + p
            continue
        rest = (distribution_exact(base, aa, dd, stop, exact=True) if exact
                else final_states(base, aa, dd, stop))
        for (fa, fd), q in rest.items():
            final[(fa, fd, done)] = final.get((fa, fd, done), 0) + p * q
    return {state: p for state, p in sorted(final.items()) if p}


@register
@lru_cache(maxsize=512)
def _phased_items(base: RoundModel, opening: tuple[RoundModel, ...], a: int, d: int, stop: int):
    return tuple(phased_final_states(base, opening, a, d, stop).items())


def _checked(attackers: int, defenders: int, stop_at: int) -> None:
    if attackers < 2 or defenders < 1 or not 1 <= stop_at < attackers:
        raise BattleError(f"no battle from {attackers} armies (stopping at {stop_at}) against {defenders}")


def phased_outcomes(attackers: int, defenders: int, stop_at: int = 1, *, dice: DiceRules = STANDARD_DICE,
                    seeing: bool = False, six: bool = False, sea_rounds: int = 0,
                    exact: bool = False) -> dict[tuple[int, int, int], Number]:
    """Every final (armies left on the attacking territory, defenders left, sea-lane rounds
    fought), board convention. ``six``: the commander's six may be spent, where it raises the
    chance of conquest most (:mod:`risk.battle.commander`)."""
    _checked(attackers, defenders, stop_at)
    if six:
        return _with_six(attackers, defenders, stop_at, dice, seeing, sea_rounds, exact)
    base, opening = battle_laws(dice, seeing=seeing, sea_rounds=sea_rounds)
    if exact:
        items = phased_final_states(base, opening, attackers - 1, defenders, stop_at - 1, exact=True).items()
    else:
        items = _phased_items(base, opening, attackers - 1, defenders, stop_at - 1)
    return {(left + 1, defenders_left, min(used, sea_rounds)): p for (left, defenders_left, used), p in items}


def _with_six(attackers: int, defenders: int, stop_at: int, dice: DiceRules, seeing: bool, sea_rounds: int,
              exact: bool) -> dict[tuple[int, int, int], Number]:
    out: dict[tuple[int, int, int], Number] = {}
    for (left, defenders_left, fought, _), p in commander_outcomes(attackers, defenders, stop_at, dice=dice,
                                                                   seeing=seeing, sea_rounds=sea_rounds,
                                                                   exact=exact).items():
        out[(left, defenders_left, fought)] = out.get((left, defenders_left, fought), 0) + p
    return out


def phased_distribution(attackers: int, defenders: int, stop_at: int = 1, *,
                        dice: DiceRules = STANDARD_DICE, seeing: bool = False, six: bool = False,
                        sea_rounds: int = 0, exact: bool = False) -> dict[tuple[int, int], Number]:
    """Every final (armies left on the attacking territory, defenders left), board convention."""
    out: dict[tuple[int, int], Number] = {}
    for (left, defenders_left, _), p in phased_outcomes(attackers, defenders, stop_at, dice=dice, seeing=seeing,
                                                        six=six, sea_rounds=sea_rounds, exact=exact).items():
        out[(left, defenders_left)] = out.get((left, defenders_left), 0) + p
    return dict(sorted(out.items()))


def phased_win_probability(attackers: int, defenders: int, stop_at: int = 1, **laws) -> float:
    """P(conquest) of :func:`phased_distribution`'s battle (floats)."""
    return sum(p for (_, left), p in phased_distribution(attackers, defenders, stop_at, **laws).items()
               if left == 0)


_SAMPLERS = register(SamplerCache())


def sample_phased(attackers: int, defenders: int, u: float, stop_at: int = 1, *,
                  dice: DiceRules = STANDARD_DICE, seeing: bool = False,
                  sea_rounds: int = 0) -> tuple[int, int, int]:
    """One draw of (armies left, defenders left, sea-lane rounds fought) from the uniform ``u``
    (with the commander's six: :func:`risk.battle.commander.sample_commander`); a very large
    battle is rolled round by round (:mod:`risk.battle.rolled`)."""
    if is_rolled(attackers, defenders):
        _checked(attackers, defenders, stop_at)
        base, opening = battle_laws(dice, seeing=seeing, sea_rounds=sea_rounds)
        left, defenders_left, fought, _ = roll_battle(u, base, opening, attackers - 1, defenders, stop_at - 1)
        return left + 1, defenders_left, fought
    key = (attackers, defenders, stop_at, dice, seeing, sea_rounds)
    return _SAMPLERS.draw(key, lambda: phased_outcomes(attackers, defenders, stop_at, dice=dice, seeing=seeing,
                                                       sea_rounds=sea_rounds), u)
