"""Everything about one battle: the full report behind ``risk odds`` and the window's odds.

:func:`battle_odds` sits on top of every solver: the cached tables and distributions of
:mod:`risk.battle.analysis`, the exact state-by-state solver for Fractions, and for the sea-lane
die and the commander's six :mod:`risk.battle.phased` and :mod:`risk.battle.commander`. Either
convention (see :mod:`risk.battle.analysis`).

>>> battle_odds(3, 2, convention="tan", exact=True).attacker_win
Fraction(6610505, 10077696)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Union

from risk.battle.analysis import check_stop_below, final_states, tan_battle
from risk.battle.commander import commander_final_states
from risk.battle.dice import STANDARD_DICE, BattleError, DiceRules
from risk.battle.exact import distribution_exact
from risk.battle.phased import phased_final_states
from risk.battle.rounds import VARIANTS, round_model
from risk.battle.sealane import battle_laws

__all__ = ["BattleOdds", "Probability", "battle_odds"]

Probability = Union[float, Fraction]


@dataclass(frozen=True)
class BattleOdds:
    """Everything about one battle, in the stated convention (floats, or Fractions if exact).

    ``final_states`` maps (attacker armies left, defender armies left) to its probability.
    ``attacker_survivors[k]`` is the probability that the attacker ends with ``k`` armies: in
    the board convention the armies on the attacking territory (before any move in; 1 or fewer
    than ``stop_at`` when he lost or stopped), in Tan's the attacking armies left (0 when all
    were lost). It covers conquests and failures alike. ``defender_survivors[k]`` is the same
    for the defender (``k = 0``: conquered).
    """

    attackers: int
    defenders: int
    convention: str
    stop_at: int
    variant: str
    dice: DiceRules
    exact: bool
    stop_below: float | None
    attacker_win: Probability
    expected_attacker_losses: Probability
    expected_defender_losses: Probability
    final_states: dict[tuple[int, int], Probability] = field(repr=False)
    attacker_survivors: dict[int, Probability] = field(repr=False)
    defender_survivors: dict[int, Probability] = field(repr=False)
    #: With the commander's six: the chance that the policy spends it in this battle.
    six_spent: Probability | None = None


def battle_odds(attackers: int, defenders: int, *, convention: str = "board", stop_at: int | None = None,
                dice: DiceRules = STANDARD_DICE, variant: str = "standard", exact: bool = False,
                stop_below: float | None = None, six: bool = False, sea_rounds: int = 0) -> BattleOdds:
    """Win probability, expected losses and survivor distributions of one battle.

    ``stop_at`` is in the stated convention (default: fight to the end, 1 on the board, 0 in
    Tan's). ``variant`` is one of :data:`~risk.battle.rounds.VARIANTS`. ``exact`` gives
    Fractions (from the state-by-state solver; fine up to a few hundred armies a side).
    ``six``: the attacker may turn a die he rolled into a six once, on the roll where that
    raises the chance of conquest most (:mod:`risk.battle.commander`); ``sea_rounds`` gives the
    defender the sea-lane extra die for that many first rolls (:mod:`risk.battle.phased`).
    """
    a, d, stop = tan_battle(attackers, defenders, stop_at, convention)
    six_spent = None
    if variant not in VARIANTS:
        raise BattleError(f"unknown battle variant {variant!r}; choose one of: {', '.join(VARIANTS)}")
    threshold = check_stop_below(stop_below)
    model = round_model(variant, dice)
    if six or sea_rounds:
        if threshold is not None or variant == "tan1997":
            raise BattleError("the commander's six and the sea lane combine with neither --stop-below nor tan1997")
        final, six_spent = _phased_final(a, d, stop, dice, variant == "seeing-defender", six, sea_rounds, exact)
        zero: Probability = Fraction(0) if exact else 0.0
    elif exact:
        final = distribution_exact(model, a, d, stop, exact=True, stop_below=threshold)
        zero = Fraction(0)
    else:
        final = final_states(model, a, d, stop, threshold)
        zero = 0.0
    shift = attackers - a   # 1 in the board convention: the army that stays behind
    states: dict[tuple[int, int], Probability] = {}
    attacker_survivors: dict[int, Probability] = {}
    defender_survivors: dict[int, Probability] = {}
    win = attacker_left = defender_left = zero
    for (left, defenders_left), p in final.items():
        states[(left + shift, defenders_left)] = p
        attacker_survivors[left + shift] = attacker_survivors.get(left + shift, zero) + p
        defender_survivors[defenders_left] = defender_survivors.get(defenders_left, zero) + p
        if defenders_left == 0:
            win += p
        attacker_left += p * left
        defender_left += p * defenders_left
    return BattleOdds(
        attackers=attackers, defenders=defenders, convention=convention, stop_at=stop + shift,
        variant=variant, dice=dice, exact=exact, stop_below=threshold, attacker_win=win,
        expected_attacker_losses=a - attacker_left, expected_defender_losses=d - defender_left,
        final_states=states, attacker_survivors=dict(sorted(attacker_survivors.items())),
        defender_survivors=dict(sorted(defender_survivors.items())), six_spent=six_spent)


def _phased_final(a: int, d: int, stop: int, dice: DiceRules, seeing: bool, six: bool, sea_rounds: int,
                  exact: bool) -> tuple[dict[tuple[int, int], Probability], Probability | None]:
    """Final states (Tan's convention) of a battle with the sea-lane die or the commander's six,
    and the chance that the six is spent (None without it)."""
    final: dict[tuple[int, int], Probability] = {}
    six_spent: Probability | None = None
    if six:
        outcomes = commander_final_states(a, d, stop, dice, seeing, sea_rounds, exact)
        six_spent = sum((p for (_, _, _, used), p in outcomes.items() if used), Fraction(0) if exact else 0.0)
        items = (((left, defenders_left), p) for (left, defenders_left, _, _), p in outcomes.items())
    else:
        base, opening = battle_laws(dice, seeing=seeing, sea_rounds=sea_rounds)
        items = (((left, defenders_left), p)
                 for (left, defenders_left, _), p in phased_final_states(base, opening, a, d, stop, exact).items())
    for state, p in items:
        final[state] = final.get(state, 0) + p
    return final, six_spent
