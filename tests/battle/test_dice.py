"""One round of dice: the rules, resolve_roll, and the enumerated odds against the known facts."""

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from risk.battle import (STANDARD_DICE, BattleError, DiceRules, expected_round_losses, order_statistic,
                         resolve_roll, round_outcomes)
from risk.errors import RiskError, RulesError


# -- the facts (DESIGN.md section 3, the FAQ's Q3.2) ----------------------------------------------

def test_three_dice_against_two():
    odds = round_outcomes(3, 2)
    assert odds == {(0, 2): Fraction(2890, 7776), (1, 1): Fraction(2611, 7776), (2, 0): Fraction(2275, 7776)}


def test_two_dice_against_two():
    odds = round_outcomes(2, 2)
    assert odds == {(0, 2): Fraction(295, 1296), (1, 1): Fraction(420, 1296), (2, 0): Fraction(581, 1296)}


@pytest.mark.parametrize("attack, defend, defender_loses", [
    (3, 1, Fraction(855, 1296)),
    (2, 1, Fraction(125, 216)),
    (1, 2, Fraction(55, 216)),
    (1, 1, Fraction(15, 36)),
])
def test_single_comparisons(attack, defend, defender_loses):
    odds = round_outcomes(attack, defend)
    assert odds[(0, 1)] == defender_loses
    assert odds[(1, 0)] == 1 - defender_loses


@pytest.mark.parametrize("attack, defend", list(product((1, 2, 3), repeat=2)))
def test_every_pairing_sums_to_one_and_removes_one_army_per_comparison(attack, defend):
    odds = round_outcomes(attack, defend)
    assert sum(odds.values()) == 1
    assert all(la + ld == min(attack, defend) for la, ld in odds)


def test_three_defender_dice_are_enumerated_too():
    odds = round_outcomes(3, 3)
    assert sum(odds.values()) == 1
    assert set(odds) == {(0, 3), (1, 2), (2, 1), (3, 0)}
    # Ties go to the defender: three equal dice on both sides cost the attacker three armies.
    assert odds[(3, 0)] > odds[(0, 3)]


def test_expected_round_losses_give_the_faq_ratio():
    attacker, defender = expected_round_losses(round_outcomes(3, 2))
    assert (attacker, defender) == (Fraction(7161, 7776), Fraction(8391, 7776))
    assert attacker / defender == Fraction(2387, 2797)
    assert float(attacker) == pytest.approx(0.921, abs=5e-4)   # the FAQ's "0.921 ... 1.079"
    assert float(defender) == pytest.approx(1.079, abs=5e-4)


def test_order_statistics_match_tans_table_2():
    assert order_statistic(1, 1) == tuple(Fraction(1, 6) for _ in range(6))
    assert order_statistic(2, 1) == tuple(Fraction(n, 36) for n in (1, 3, 5, 7, 9, 11))
    assert order_statistic(2, 2) == tuple(Fraction(n, 36) for n in (11, 9, 7, 5, 3, 1))
    assert order_statistic(3, 1) == tuple(Fraction(n, 216) for n in (1, 7, 19, 37, 61, 91))
    assert order_statistic(3, 2) == tuple(Fraction(n, 216) for n in (16, 40, 52, 52, 40, 16))


# -- resolve_roll ---------------------------------------------------------------------------------

@pytest.mark.parametrize("attack, defend, losses", [
    ([6, 1, 3], [3, 3], (1, 1)),
    ([5, 4, 3], [6, 3], (1, 1)),      # Tan's example war, turn 1
    ([5, 5, 2], [5, 5], (2, 0)),      # turn 2: ties go to the defender
    ([6], [4, 3], (0, 1)),            # turn 3
    ([5], [6], (1, 0)),               # turn 4
    ([6, 6, 6], [5, 5], (0, 2)),
    ([1, 1], [1], (1, 0)),
])
def test_resolve_roll_examples(attack, defend, losses):
    assert resolve_roll(attack, defend) == losses


@settings(derandomize=True, max_examples=200)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=3), st.lists(st.integers(1, 6), min_size=1, max_size=3))
def test_resolve_roll_properties(attack, defend):
    la, ld = resolve_roll(attack, defend)
    assert la + ld == min(len(attack), len(defend))
    # Order of the dice does not matter.
    assert resolve_roll(list(reversed(attack)), list(reversed(defend))) == (la, ld)
    # Raising every attacking die to a 6 can only help the attacker.
    assert resolve_roll([6] * len(attack), defend)[1] >= ld


# -- DiceRules ------------------------------------------------------------------------------------

def test_standard_dice_counts():
    assert [STANDARD_DICE.attacker_dice(n) for n in range(0, 7)] == [0, 0, 1, 2, 3, 3, 3]
    assert [STANDARD_DICE.defender_dice(n) for n in range(0, 5)] == [0, 1, 2, 2, 2]


def test_variant_dice_counts():
    italian = DiceRules(defender_max=3)
    assert [italian.defender_dice(n) for n in range(1, 6)] == [1, 2, 3, 3, 3]
    new_zealand = DiceRules(defender_two_dice_needs=3)
    assert [new_zealand.defender_dice(n) for n in range(1, 6)] == [1, 1, 2, 2, 2]
    assert new_zealand.steady_defender_armies == 3


def test_dice_rules_are_hashable_values():
    assert DiceRules() == STANDARD_DICE and hash(DiceRules()) == hash(STANDARD_DICE)
    assert len({DiceRules(), DiceRules(defender_max=3), DiceRules(defender_max=3)}) == 2


@pytest.mark.parametrize("kwargs", [dict(attacker_max=0), dict(attacker_max=4), dict(defender_max=0),
                                    dict(defender_max=4), dict(defender_two_dice_needs=1),
                                    dict(attacker_max=2.5), dict(defender_max=True)])
def test_bad_dice_rules_are_refused(kwargs):
    with pytest.raises(RulesError):
        DiceRules(**kwargs)


def test_round_outcomes_refuses_impossible_dice():
    with pytest.raises(BattleError):
        round_outcomes(0, 2)
    with pytest.raises(RiskError):
        round_outcomes(4, 1)


# -- the written-out counts ------------------------------------------------------------------------

def test_the_written_out_counts_are_the_enumeration():
    """round_outcomes reads ROLL_COUNTS instead of rolling every die: the table must be exactly
    what rolling every combination counts, key order included, for every pair of dice counts."""
    from risk.battle.dice import ROLL_COUNTS, count_rolls

    assert set(ROLL_COUNTS) == {(a, d) for a in (1, 2, 3) for d in (1, 2, 3)}
    for (attack, defend), counts in ROLL_COUNTS.items():
        enumerated = count_rolls(attack, defend)
        assert list(counts.items()) == list(enumerated.items())
        assert sum(counts.values()) == 6 ** (attack + defend)
        assert round_outcomes(attack, defend) == {
            losses: Fraction(count, 6 ** (attack + defend)) for losses, count in enumerated.items()}


def test_count_rolls_refuses_impossible_dice():
    from risk.battle.dice import count_rolls

    with pytest.raises(BattleError):
        count_rolls(4, 1)
