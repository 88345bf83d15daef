"""Beyond the seeds: stopping at k armies, the defender who sees the dice, and Tan's 1997 table."""

from fractions import Fraction
from itertools import product

import pytest

from risk.battle import (BattleError, DiceRules, battle_odds, blitz_distribution, distribution_exact,
                         expected_losses_unlimited, faq_seeing_defender_losses, faq_standard_losses,
                         long_run_loss_ratio, round_model, seeing_defender_dice, seeing_defender_model,
                         solve_table, tan1997_round, win_probability)
from risk.battle.dice import resolve_roll
from risk.battle.variants import comparison_win_probability, seeing_defender_round

from tests.battle.test_solver import brute_force  # the brute force lives with the solver's tests


# -- stop at k ------------------------------------------------------------------------------------

@pytest.mark.parametrize("a, d, stop", [(5, 4, 1), (5, 4, 2), (5, 3, 4), (4, 4, 3)])
def test_stop_at_k_equals_brute_force(a, d, stop):
    truth = brute_force(a, d, stop)
    assert distribution_exact(round_model(), a, d, stop) == truth
    odds = battle_odds(a, d, convention="tan", stop_at=stop, exact=True)
    assert odds.attacker_win == sum(p for (_, left), p in truth.items() if left == 0)
    assert odds.expected_attacker_losses == a - sum(p * left for (left, _), p in truth.items())


def test_stopping_earlier_lowers_the_odds_and_the_losses():
    wins = [win_probability(20, 12, stop_at=k) for k in range(1, 20)]
    assert all(x > y for x, y in zip(wins, wins[1:]))
    losses = [battle_odds(20, 12, stop_at=k).expected_attacker_losses for k in range(1, 20)]
    assert all(x > y for x, y in zip(losses, losses[1:]))


def test_stop_at_k_final_states():
    final = blitz_distribution(12, 6, stop_at=5)
    assert sum(final.values()) == pytest.approx(1.0, abs=1e-14)
    # A failed attack ends at 5 armies, or at 4 when the last round cost two.
    assert {a for (a, d) in final if d > 0} == {4, 5}
    assert all(a >= 6 for (a, d) in final if d == 0)


def test_stop_below_stops_where_the_odds_are_poor():
    threshold = 0.4
    final = blitz_distribution(15, 12, stop_below=threshold)
    for (a, d), p in final.items():
        if d > 0 and a > 1:   # stopped by the threshold, not by running out of armies
            assert win_probability(a, d) < threshold
    # The state-by-state reference solver gives the same distribution.
    reference = distribution_exact(round_model(), 14, 12, 0, exact=False, stop_below=threshold)
    assert {(a - 1, d): p for (a, d), p in final.items()} == pytest.approx(reference, abs=1e-12)
    # Stopping early keeps armies: the expected losses fall, and so do the odds.
    plain = battle_odds(15, 12)
    careful = battle_odds(15, 12, stop_below=threshold)
    assert careful.expected_attacker_losses < plain.expected_attacker_losses
    assert careful.attacker_win < plain.attacker_win


def test_stop_below_always_fights_the_first_round():
    assert win_probability(3, 10) < 0.01
    final = blitz_distribution(3, 10, stop_below=0.5)
    assert (3, 10) not in final
    assert sum(final.values()) == pytest.approx(1.0, abs=1e-14)


# -- the seeing defender (FAQ Q3.1) ---------------------------------------------------------------

@pytest.mark.parametrize("armies, roll, dice", [
    (5, (6, 3, 1), 2), (5, (6, 4, 1), 1), (3, (6, 3, 3), 2), (3, (5, 4, 4), 1),
    (2, (6, 4, 1), 2), (2, (6, 5, 5), 1),                         # exactly 2: "4 or less"
    (4, (4, 4, 2), 2), (4, (5, 4, 2), 1), (4, (6, 2, 1), 2),      # exactly 4: "or 4-4"
    (1, (1, 1, 1), 1), (7, (6,), 2), (7, (6, 6), 1),
])
def test_seeing_defender_policy(armies, roll, dice):
    allowed = 1 if armies == 1 else 2
    assert seeing_defender_dice(armies, roll, allowed) == dice


def test_seeing_defender_rounds_sum_to_one():
    for attack_dice, armies in product((1, 2, 3), range(1, 7)):
        assert sum(seeing_defender_round(attack_dice, armies).values()) == 1


def test_faq_formula_for_the_standard_defender():
    for n in range(1, 21):
        assert float(expected_losses_unlimited(n)) == pytest.approx(faq_standard_losses(n), abs=1e-6)
    # The slope: expected attacker losses per defending army destroyed, deep in the battle.
    assert long_run_loss_ratio() == Fraction(2387, 2797)
    assert float(Fraction(2387, 2797)) == pytest.approx(0.8534144, abs=1e-7)


def test_faq_formula_for_the_seeing_defender():
    without_four_rule = seeing_defender_model(four_army_exception=False)
    full_policy = seeing_defender_model()
    for n in range(1, 21):
        fitted = faq_seeing_defender_losses(n)
        assert float(expected_losses_unlimited(n, without_four_rule)) == pytest.approx(fitted, abs=1e-6)
        # The 4-army exception helps the defender a little: the attacker loses about 2e-4 more
        # from N = 4 on, so the FAQ's fit must predate it.
        extra = float(expected_losses_unlimited(n, full_policy)) - fitted
        if n < 4:
            assert abs(extra) < 1e-6
        else:
            assert 1e-4 < extra < 3e-4


def test_faq_ratio_about_1_001_for_three_dice():
    # "the ratio when the attacker rolls 3 dice is about 1.001": losses per round, 5+ defenders.
    assert float(long_run_loss_ratio("seeing-defender")) == pytest.approx(1.0010293, abs=1e-7)


def test_seeing_defender_policy_is_optimal_for_the_unlimited_attacker():
    """No single choice can be improved: policy improvement finds nothing (defender maximises losses)."""
    model = seeing_defender_model()
    losses = [float(expected_losses_unlimited(n, model)) for n in range(0, 8)]
    for armies in range(2, 8):
        for attack in product(range(1, 7), repeat=3):
            values = {}
            for chosen in (1, 2):
                total = 0.0
                for defend in product(range(1, 7), repeat=chosen):
                    la, ld = resolve_roll(attack, defend)
                    total += la + losses[armies - ld]
                values[chosen] = total / 6 ** chosen
            policy = seeing_defender_dice(armies, attack)
            assert values[policy] >= max(values.values()) - 1e-12, (armies, attack, values)


def test_seeing_defender_battle_is_harder_for_the_attacker():
    for a, d in [(5, 5), (10, 4), (20, 20)]:
        assert battle_odds(a, d, variant="seeing-defender").attacker_win < battle_odds(a, d).attacker_win


def test_seeing_defender_needs_a_two_dice_defender():
    with pytest.raises(BattleError):
        battle_odds(5, 5, variant="seeing-defender", dice=DiceRules(defender_max=3))


# -- Tan 1997 -------------------------------------------------------------------------------------

def test_tan1997_reproduces_table_3():
    """Tan's printed entries, each within its last digit (he truncates some and rounds others)."""
    def close(attack, defend, printed):
        odds = tan1997_round(attack, defend)
        for outcome, value in printed.items():
            assert abs(float(odds[outcome]) - value) < 1e-3, (attack, defend, outcome)

    close(1, 1, {(1, 0): 0.583, (0, 1): 0.417})                          # case I
    close(2, 1, {(1, 0): 0.422, (0, 1): 0.578})                          # case II
    close(3, 1, {(1, 0): 0.341, (0, 1): 0.659})                          # case III
    # Case IV: Tan prints 0.254 / 0.746 against the wrong target states; the numbers agree.
    close(1, 2, {(1, 0): 0.746, (0, 1): 0.254})
    # Cases V and VI; Tan's "each loses one" is 1 minus his two printed entries.
    for (attack, defend), (defender_two, attacker_two, each) in {
            (2, 2): (0.152, 0.373, 0.475), (3, 2): (0.259, 0.237, 0.504)}.items():
        close(attack, defend, {(0, 2): defender_two, (2, 0): attacker_two})
        assert round(1 - defender_two - attacker_two, 3) == each
    # The truth is far from case VI.
    assert abs(float(tan1997_round(3, 2)[(0, 2)]) - 2890 / 7776) > 0.1


def test_tan1997_comparisons_and_the_slip():
    assert abs(float(comparison_win_probability(3, 2, 1)) - 0.471) < 1e-3
    # His printed P(Y(2) > Z(2)) = 0.551 leaves out the y = 2 term of his own sum.
    assert comparison_win_probability(3, 2, 2, lowest_attacker_face=3) == Fraction(4284, 7776)
    assert round(4284 / 7776, 3) == 0.551
    assert comparison_win_probability(3, 2, 2) == Fraction(4724, 7776)
    # Independence alone (without the slip) is still wrong.
    independent = tan1997_round(3, 2, as_printed=False)
    assert independent[(0, 2)] == Fraction(3667, 7776) * Fraction(4724, 7776) != Fraction(2890, 7776)
    # The 2-vs-2 entries are his complete sums.
    assert tan1997_round(2, 2) == tan1997_round(2, 2, as_printed=False)


def test_tan1997_mode_gives_his_20_vs_10_numbers():
    published = battle_odds(20, 10, convention="tan", variant="tan1997")
    assert round(published.attacker_win, 2) == 0.98                     # "98%"
    assert round(published.expected_attacker_losses) == 9               # "about 9 armies"
    correct = battle_odds(20, 10, convention="tan")
    assert correct.expected_attacker_losses == pytest.approx(8.283, abs=5e-4)


def test_tans_equal_armies_claim_holds_only_for_his_numbers():
    published = solve_table(round_model("tan1997"), 30, 30).win
    correct = solve_table(round_model(), 30, 30).win
    # "when both attacker and defender have the same number of armies, the probability that the
    # attacker wins is below 50%": his numbers say so up to 12 against 12; the truth only up to 4.
    assert all(published[n, n] < 0.5 for n in range(1, 13)) and published[13, 13] > 0.5
    assert all(correct[n, n] < 0.5 for n in range(1, 5))
    assert all(correct[n, n] > 0.5 for n in range(5, 31))
