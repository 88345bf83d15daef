"""The commander's six solved by dynamic programming, against a brute force that knows nothing of it.

The brute force is an expectimax over every die of every roll: after each roll, with the six in
hand, it tries turning *each* die into a six and keeping the roll, and follows whichever
continuation conquers most often (a tie keeps the roll; among equal changes the lowest die).
"""

from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from itertools import product

import pytest

from risk.battle import (DiceRules, battle_odds, commander_outcomes, phased_distribution, resolve_roll,
                         sample_commander, seeing_defender_dice, six_choice, six_round, with_six)
from risk.battle.dice import FACES


def brute_force(attackers: int, defenders: int, stop_at: int = 1, dice=DiceRules(), seeing=False, sea_rounds=0):
    """{(armies left, defenders left, sea-lane rounds fought, six spent): p}, board convention."""

    @lru_cache(maxsize=None)
    def battle(a: int, d: int, fought: int, six: bool):
        """(P(conquest), final states) from here, deciding every roll by looking ahead."""
        if d == 0 or a <= stop_at:
            return Fraction(int(d == 0)), {(a, d, fought, not six): Fraction(1)}
        win, out = Fraction(0), defaultdict(Fraction)
        count = min(dice.attacker_max, a - 1)
        for attack in product(FACES, repeat=count):
            roll = sorted(attack, reverse=True)
            usual = dice.defender_dice(d)
            chosen = seeing_defender_dice(d, roll, usual) if seeing else usual
            if fought < sea_rounds:
                chosen = min(3, chosen + 1)
            weight = Fraction(1, 6 ** (count + chosen))
            after = min(fought + 1, sea_rounds)
            for defend in product(FACES, repeat=chosen):
                lost_a, lost_d = resolve_roll(roll, defend)
                best = battle(a - lost_a, d - min(lost_d, d), after, six)
                if six:
                    for i in reversed(range(count)):
                        lost_a, lost_d = resolve_roll(roll[:i] + [6] + roll[i + 1:], defend)
                        option = battle(a - lost_a, d - min(lost_d, d), after, False)
                        if option[0] > best[0]:
                            best = option
                win += weight * best[0]
                for state, p in best[1].items():
                    out[state] += weight * p
        return win, dict(out)

    return battle(attackers, defenders, 0, True)[1]


CASES = {
    "standard": {},
    "three defender dice": dict(dice=DiceRules(defender_max=3)),
    "two dice from three armies": dict(dice=DiceRules(defender_two_dice_needs=3)),
    "seeing defender": dict(seeing=True),
    "sea lane": dict(sea_rounds=4),
    "sea lane, one round left": dict(sea_rounds=1),
    "seeing defender and sea lane": dict(seeing=True, sea_rounds=2),
    "three defender dice and sea lane": dict(dice=DiceRules(defender_max=3), sea_rounds=2),
}


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("attackers, defenders, stop_at", [(2, 1, 1), (3, 2, 1), (4, 2, 1), (5, 3, 1), (5, 3, 3)])
def test_dynamic_programming_equals_brute_force(name, attackers, defenders, stop_at):
    laws = CASES[name]
    exact = commander_outcomes(attackers, defenders, stop_at, exact=True, **laws)
    assert exact == brute_force(attackers, defenders, stop_at, **laws)
    floats = commander_outcomes(attackers, defenders, stop_at, **laws)
    assert set(floats) == set(exact)
    assert all(abs(floats[k] - float(exact[k])) < 1e-12 for k in exact)


def test_the_lowest_die_is_always_the_one_to_turn():
    for count in (1, 2, 3):
        for attack in product(FACES, repeat=count):
            roll = sorted(attack, reverse=True)
            lowest = with_six(roll)
            for defend_count in (1, 2, 3):
                for defend in product(FACES, repeat=defend_count):
                    best_a, best_d = resolve_roll(lowest, defend)
                    for i in range(count):
                        la, ld = resolve_roll(roll[:i] + [6] + roll[i + 1:], defend)
                        assert best_a <= la and best_d >= ld


def test_joint_law_has_the_ordinary_round_as_marginal():
    from risk.battle import round_outcomes

    joint = six_round(3, 2)
    assert sum(joint.values()) == 1
    marginal: dict = defaultdict(Fraction)
    for (la, ld, la6, ld6), p in joint.items():
        marginal[(la, ld)] += p
        assert la6 <= la and ld6 >= ld
    assert dict(marginal) == round_outcomes(3, 2)


def test_the_six_helps_and_blitz_odds_use_it():
    for a, d in [(4, 2), (10, 5), (12, 10)]:
        plain = battle_odds(a, d)
        six = battle_odds(a, d, six=True)
        assert six.attacker_win > plain.attacker_win and 0 < six.six_spent <= 1
        distribution = phased_distribution(a, d, six=True)
        assert abs(sum(p for (_, left), p in distribution.items() if left == 0) - six.attacker_win) < 1e-12
    exact = battle_odds(4, 2, six=True, exact=True)
    assert exact.attacker_win == sum(p for (_, d, _, _), p in commander_outcomes(4, 2, exact=True).items() if d == 0)


def test_six_choice_agrees_with_the_solved_battle():
    # From 10 vs 5, a roll of 3 dice against 2: the chance of the whole battle is the
    # expectation of the better choice after each roll.
    joint = six_round(3, 2)
    total = 0.0
    for (la, ld, la6, ld6), p in joint.items():
        kept, spent = six_choice((10 - la, 5 - ld), (10 - la6, 5 - ld6))
        total += float(p) * max(kept, spent)
    assert abs(total - battle_odds(10, 5, six=True).attacker_win) < 1e-12


def test_sampling_follows_the_distribution():
    distribution = commander_outcomes(8, 5, sea_rounds=4)
    counts: dict = defaultdict(int)
    n = 20_000
    for i in range(n):
        counts[sample_commander(8, 5, (i + 0.5) / n, sea_rounds=4)] += 1
    for state, p in distribution.items():
        assert abs(counts[state] / n - p) < 3 / n + 1e-9


def test_odds_command_says_how_the_six_is_used(capsys):
    from risk.cli import main

    assert main(["odds", "4", "2", "--commander"]) == 0
    text = capsys.readouterr().out
    assert "the commander's six, used on the roll where it helps most" in text and "The six is spent in" in text
    assert main(["odds", "6", "3", "--commander", "--sea-lane", "--seeing-defender", "--exact", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    outcomes = commander_outcomes(6, 3, seeing=True, sea_rounds=4, exact=True)
    win = sum(p for (_, d, _, _), p in outcomes.items() if d == 0)
    spent = sum(p for (_, _, _, used), p in outcomes.items() if used)
    assert report["attacker_win_exact"] == f"{win.numerator}/{win.denominator}"
    assert report["commander"] is True and "where it helps most" in report["commander_policy"]
    assert report["commander_six_spent_exact"] == f"{spent.numerator}/{spent.denominator}"
