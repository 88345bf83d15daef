"""Battles whose first rounds follow a different law, and the round laws of the dice variants.

**Sea-lane defence** (FAQ 4.10) changes only the opening of a battle: for the first 4 rounds
across a sea route the defender rolls one die more than usual (up to 3, even more dice than
armies: a defender with 2 armies who loses all 3 comparisons simply loses both).

A battle is then a short list of *opening* round laws followed by the usual law. Its outcome
distribution is exact: the opening rounds are pushed forward state by state, and each state they
reach is finished with the cached distribution of the ordinary battle (floats from the vectorised
solver, or :class:`~fractions.Fraction` values from the exact one). The seeing defender (old UK,
FAQ Q3.1) fits the same scheme as a whole-battle law, and combines with the sea lane (he chooses
his usual 1 or 2 dice by the Q3.1 policy; the sea lane adds one).

**The commander's six** (US 1980, FAQ Q2.9) is not a round law but a decision the attacker takes
after seeing a roll, solved in :mod:`risk.battle.commander`; ``six=True`` below hands the battle
to it (the six used where it raises the chance of conquest most), with every law above.

Board convention outside (armies on the attacking territory), Tan's convention inside.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Union

from risk.battle.analysis import final_states
from risk.battle.dice import FACES, STANDARD_DICE, BattleError, DiceRules, resolve_roll
from risk.battle.exact import distribution_exact
from risk.battle.rounds import RoundModel, build_model, standard_model
from risk.battle.rolled import is_rolled, roll_battle
from risk.battle.sampling import SamplerCache
from risk.battle.variants import seeing_defender_dice, seeing_defender_model

Number = Union[float, Fraction]

#: Rounds of a battle across a sea route in which the defender rolls an extra die.
SEA_LANE_ROUNDS = 4


def special_round(attack_dice: int, defender_armies: int, dice: DiceRules = STANDARD_DICE, *,
                  extra_die: bool = False, seeing: bool = False) -> dict[tuple[int, int], Fraction]:
    """Exact odds of one round under the variants, by enumerating every roll.

    ``extra_die``: the defender rolls one die more than usual, at most 3. ``seeing``: the
    defender chooses his dice by the FAQ's Q3.1 policy after seeing the attacking roll (and then
    rolls the extra die too).
    """
    usual = dice.defender_dice(defender_armies)
    odds: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for attack in product(FACES, repeat=attack_dice):
        roll = sorted(attack, reverse=True)
        defend_dice = seeing_defender_dice(defender_armies, roll, usual) if seeing else usual
        if extra_die:
            defend_dice = min(3, defend_dice + 1)
        weight = Fraction(1, 6 ** (attack_dice + defend_dice))
        for defend in product(FACES, repeat=defend_dice):
            attacker_losses, defender_losses = resolve_roll(roll, defend)
            odds[(attacker_losses, min(defender_losses, defender_armies))] += weight
    return dict(odds)


@lru_cache(maxsize=None)
def variant_model(dice: DiceRules = STANDARD_DICE, *, extra_die: bool = False, seeing: bool = False) -> RoundModel:
    """The round law of :func:`special_round` as a model the solvers take."""
    if not extra_die:
        return seeing_defender_model(dice) if seeing else standard_model(dice)
    name = "+".join(n for n, on in (("sea-lane", extra_die), ("seeing", seeing)) if on)
    # Defender losses are capped by his armies up to 3; the seeing policy tells up to 5 apart.
    steady = max(dice.steady_defender_armies, 3, 5 if seeing else 0)
    return build_model(name, dice, steady, lambda attack_dice, defenders: special_round(
        attack_dice, defenders, dice, extra_die=extra_die, seeing=seeing))


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


@lru_cache(maxsize=512)
def _phased_items(base: RoundModel, opening: tuple[RoundModel, ...], a: int, d: int, stop: int):
    return tuple(phased_final_states(base, opening, a, d, stop).items())


def battle_laws(dice: DiceRules = STANDARD_DICE, *, seeing: bool = False,
                sea_rounds: int = 0) -> tuple[RoundModel, tuple[RoundModel, ...]]:
    """(the law of the battle, its opening laws) for a battle under the given variants.

    ``sea_rounds`` is how many rounds still get the sea-lane die (0 to 4).
    """
    base = seeing_defender_model(dice) if seeing else standard_model(dice)
    return base, (variant_model(dice, extra_die=True, seeing=seeing),) * sea_rounds


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
    from risk.battle.commander import commander_outcomes

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


_SAMPLERS = SamplerCache()


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
