"""Every dice rule of the variants, solved exactly, against brute-force enumeration of the dice.

The commander's six, a decision after the roll, has its own brute force in test_battle_commander.py.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from itertools import product

import pytest

from risk.battle import (DiceRules, blitz_distribution, phased_distribution, phased_outcomes, resolve_roll,
                         sample_phased, seeing_defender_dice)
from risk.battle.dice import FACES

CASES = {
    "three defender dice": dict(dice=DiceRules(defender_max=3)),
    "two dice from three armies": dict(dice=DiceRules(defender_two_dice_needs=3)),
    "seeing defender": dict(seeing=True),
    "sea lane": dict(sea_rounds=4),
    "sea lane, two rounds left": dict(sea_rounds=2),
    "three defender dice and sea lane": dict(dice=DiceRules(defender_max=3), sea_rounds=4),
    "seeing defender, two dice from three armies": dict(dice=DiceRules(defender_two_dice_needs=3), seeing=True),
    "seeing defender and sea lane": dict(seeing=True, sea_rounds=4),
    "seeing defender, two sea-lane rounds": dict(seeing=True, sea_rounds=2),
}


def brute_force(attackers: int, defenders: int, dice=DiceRules(), seeing=False, sea_rounds=0):
    """Roll every possible die of every round, board convention, until conquest or 1 army left."""

    @lru_cache(maxsize=None)
    def battle(a: int, d: int, round_number: int):
        if a <= 1 or d == 0:
            return {(a, d): Fraction(1)}
        out: dict = defaultdict(Fraction)
        attack_count = min(dice.attacker_max, a - 1)
        for attack in product(FACES, repeat=attack_count):
            roll = sorted(attack, reverse=True)
            usual = dice.defender_dice(d)
            defend_count = seeing_defender_dice(d, roll, usual) if seeing else usual
            if round_number < sea_rounds:
                defend_count = min(3, defend_count + 1)
            for defend in product(FACES, repeat=defend_count):
                lost_a, lost_d = resolve_roll(roll, defend)
                weight = Fraction(1, 6 ** (attack_count + defend_count))
                for state, p in battle(a - lost_a, d - min(lost_d, d), min(round_number + 1, 5)).items():
                    out[state] += weight * p
        return dict(out)

    return battle(attackers, defenders, 0)


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("attackers, defenders", [(2, 1), (3, 2), (4, 3), (5, 2), (5, 3)])
def test_exact_solution_equals_brute_force(name, attackers, defenders):
    laws = CASES[name]
    exact = phased_distribution(attackers, defenders, exact=True, **laws)
    assert exact == brute_force(attackers, defenders, **laws)
    floats = phased_distribution(attackers, defenders, **laws)
    assert set(floats) == set(exact)
    assert all(abs(floats[k] - float(exact[k])) < 1e-12 for k in exact)


def test_no_variant_is_the_ordinary_battle():
    assert phased_distribution(9, 6) == pytest.approx(blitz_distribution(9, 6))


def test_sea_rounds_fought_are_reported():
    outcomes = phased_outcomes(6, 3, 3, sea_rounds=4, exact=True)
    assert sum(outcomes.values()) == 1
    assert {used for (_, _, used) in outcomes} <= {1, 2, 3, 4}
    # A battle that ended in the first round fought exactly one sea-lane round.
    assert all(used >= 1 for (_, _, used) in outcomes)


def test_sampling_follows_the_distribution():
    distribution = phased_distribution(8, 5, sea_rounds=4, seeing=True)
    counts: dict = defaultdict(int)
    n = 20_000
    for i in range(n):
        left, defenders, _ = sample_phased(8, 5, (i + 0.5) / n, sea_rounds=4, seeing=True)
        counts[(left, defenders)] += 1
    # Stratified draws: every outcome's share is within a few draws of its probability.
    for state, p in distribution.items():
        assert abs(counts[state] / n - p) < 3 / n + 1e-9


def test_odds_command_covers_the_variants(capsys):
    import json

    from risk.cli import main

    assert main(["odds", "4", "2", "--commander", "--exact", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    exact = sum(p for (_, d), p in phased_distribution(4, 2, six=True, exact=True).items() if d == 0)
    assert report["attacker_win_exact"] == f"{exact.numerator}/{exact.denominator}" and report["commander"]
    assert main(["odds", "10", "5", "--sea-lane", "--retreat", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["sea_lane_rounds"] == 4
    assert abs(report["attacker_win"] - sum(p for (_, d), p in phased_distribution(10, 5, sea_rounds=4).items()
                                            if d == 0)) < 1e-12
    assert report["retreat"]["attacker_losses"] == 1 and report["retreat"]["possible"]
    assert main(["odds", "8", "5", "--sea-lane", "--seeing-defender", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert abs(report["attacker_win"] - sum(p for (_, d), p in phased_distribution(8, 5, seeing=True, sea_rounds=4)
                                            .items() if d == 0)) < 1e-12
    assert main(["odds", "9", "4", "--defender-two-dice-needs", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    expected = sum(p for (_, d), p in phased_distribution(9, 4, dice=DiceRules(defender_two_dice_needs=3)).items()
                   if d == 0)
    assert abs(report["attacker_win"] - expected) < 1e-12


@pytest.mark.parametrize("args, message", [
    (["odds", "5", "3", "--sea-lane", "9"], "at most 4 rolls"),
    (["odds", "5", "3", "--commander", "--mc", "100"], "do not combine with --mc"),
    (["odds", "500", "500", "--commander", "--sea-lane"], "too large"),
    (["odds", "120", "5", "--commander", "--exact"], "limited to 100 armies"),
    (["odds", "--commander", "--plot", "x.png"], "needs a battle"),
])
def test_odds_variant_errors(capsys, args, message):
    from risk.cli import main

    assert main(args) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
