"""The exact solution of a battle: against brute force, the published figures, itself, and Tan's
absorbing chain (dense inverse and sparse solve)."""

from fractions import Fraction
from functools import lru_cache
from itertools import product

import numpy as np
import pytest
import scipy.sparse as sp

from risk.battle import (STANDARD_DICE, BattleError, DiceRules, battle_odds, battle_table, blitz_distribution,
                         distribution_exact, expected_losses, final_distribution, round_model, solve_dense,
                         solve_exact, solve_sparse, solve_table, tan_chain, win_probability)
from risk.battle.markov import absorption_probabilities_dense
from risk.errors import RiskError


# -- an independent brute force: every roll of every round, in Fractions ---------------------------

@lru_cache(maxsize=None)
def _brute_finals(a: int, d: int, stop: int, dice: DiceRules) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    if a <= stop or d == 0:
        return (((a, d), Fraction(1)),)
    n_attack = min(dice.attacker_max, a)
    n_defend = 1 if d < dice.defender_two_dice_needs else min(dice.defender_max, d)
    weight = Fraction(1, 6 ** (n_attack + n_defend))
    result: dict[tuple[int, int], Fraction] = {}
    for roll in product(range(1, 7), repeat=n_attack + n_defend):
        attack = sorted(roll[:n_attack], reverse=True)
        defend = sorted(roll[n_attack:], reverse=True)
        lost_a = lost_d = 0
        for i in range(min(n_attack, n_defend)):
            if attack[i] > defend[i]:
                lost_d += 1
            else:
                lost_a += 1
        for state, p in _brute_finals(a - lost_a, d - lost_d, stop, dice):
            result[state] = result.get(state, Fraction(0)) + weight * p
    return tuple(sorted(result.items()))


def brute_force(attackers: int, defenders: int, stop: int = 0, dice: DiceRules = STANDARD_DICE):
    """Final (a, d) -> probability (Tan's convention), by rolling every die of every round.

    Written from the rules alone: it shares no code with the solver or with resolve_roll. (The
    recursion is memoised on the state, so each state's rolls are enumerated once.)
    """
    return dict(_brute_finals(attackers, defenders, stop, dice))


def summary(final):
    win = sum(p for (a, d), p in final.items() if d == 0)
    attackers_left = sum(p * a for (a, d), p in final.items())
    defenders_left = sum(p * d for (a, d), p in final.items())
    return win, attackers_left, defenders_left


SMALL_BATTLES = [(a, d) for a in range(1, 6) for d in range(1, 5)]


@pytest.mark.parametrize("a, d", SMALL_BATTLES)
def test_exact_solver_equals_brute_force(a, d):
    truth = brute_force(a, d)
    model = round_model()
    assert distribution_exact(model, a, d) == truth
    table = solve_exact(model, a, d)
    assert (table.win[a][d], table.attacker_left[a][d], table.defender_left[a][d]) == summary(truth)


@pytest.mark.parametrize("a, d", SMALL_BATTLES)
def test_numpy_solver_equals_brute_force(a, d):
    truth = brute_force(a, d)
    win, attackers_left, defenders_left = summary(truth)
    table = solve_table(round_model(), a, d)
    assert table.win[a, d] == pytest.approx(float(win), abs=1e-14)
    assert table.attacker_left[a, d] == pytest.approx(float(attackers_left), abs=1e-13)
    assert table.defender_left[a, d] == pytest.approx(float(defenders_left), abs=1e-13)
    conquests, stopped = final_distribution(round_model(), a, d)
    for (left, defenders_end), p in truth.items():
        got = conquests[left] if defenders_end == 0 else stopped[defenders_end, left]
        assert got == pytest.approx(float(p), abs=1e-14)


@pytest.mark.parametrize("dice", [DiceRules(defender_max=3), DiceRules(defender_two_dice_needs=3),
                                  DiceRules(attacker_max=2), DiceRules(attacker_max=1, defender_max=1)])
def test_dice_variants_equal_brute_force(dice):
    model = round_model("standard", dice)
    for a, d in [(4, 3), (2, 5)]:
        assert distribution_exact(model, a, d) == brute_force(a, d, dice=dice)


# -- known values ---------------------------------------------------------------------------------

def test_tan_3_2_is_the_haskell_write_ups_exact_rational():
    exact = Fraction(6610505, 10077696)
    assert battle_odds(3, 2, convention="tan", exact=True).attacker_win == exact
    # Seed 002's (4, 2) counts the army that stays behind: it is the board convention.
    assert battle_odds(4, 2, convention="board", exact=True).attacker_win == exact
    assert win_probability(4, 2) == pytest.approx(float(exact), abs=1e-15)


@pytest.mark.parametrize("a, d, published", [
    (5, 5, 0.506), (10, 10, 0.568), (3, 3, 0.470), (10, 5, 0.916), (5, 10, 0.118),
])
def test_osborne_2003_table(a, d, published):
    assert round(battle_odds(a, d, convention="tan").attacker_win, 3) == published
    assert round(win_probability(a + 1, d), 3) == published


def test_tan_20_10_correct_numbers():
    odds = battle_odds(20, 10, convention="tan")
    assert odds.attacker_win == pytest.approx(0.97465, abs=5e-6)
    assert odds.expected_attacker_losses == pytest.approx(8.283, abs=5e-4)
    assert expected_losses(21, 10)[0] == pytest.approx(8.283, abs=5e-4)


# -- consistency ----------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["standard", "seeing-defender", "tan1997"])
@pytest.mark.parametrize("stop", [0, 1, 3])
def test_numpy_solver_equals_state_by_state_solver(variant, stop):
    model = round_model(variant)
    fast = solve_table(model, 25, 21, stop)
    slow = solve_exact(model, 25, 21, stop, exact=False)
    assert np.abs(fast.win - np.array(slow.win)).max() < 1e-12
    assert np.abs(fast.attacker_left - np.array(slow.attacker_left)).max() < 1e-12
    assert np.abs(fast.defender_left - np.array(slow.defender_left)).max() < 1e-12
    for a, d in [(25, 21), (stop + 1, 21), (25, 1), (stop + 3, 2)]:
        conquests, stopped = final_distribution(model, a, d, stop)
        reference = distribution_exact(model, a, d, stop, exact=False)
        assert conquests.sum() + stopped.sum() == pytest.approx(1.0, abs=1e-12)
        for (left, defenders_end), p in reference.items():
            got = conquests[left] if defenders_end == 0 else stopped[defenders_end, left]
            assert got == pytest.approx(p, abs=1e-12)


def test_exact_and_float_modes_agree():
    exact = battle_odds(12, 9, exact=True, stop_at=3)
    floats = battle_odds(12, 9, stop_at=3)
    for key in ("attacker_win", "expected_attacker_losses", "expected_defender_losses"):
        assert float(getattr(exact, key)) == pytest.approx(getattr(floats, key), abs=1e-12)
    assert exact.attacker_survivors.keys() == floats.attacker_survivors.keys()
    for k, p in exact.attacker_survivors.items():
        assert float(p) == pytest.approx(floats.attacker_survivors[k], abs=1e-12)
    assert sum(exact.defender_survivors.values()) == 1


def test_distribution_agrees_with_backward_values():
    table = solve_table(round_model(), 40, 40)
    for a, d in [(40, 40), (17, 23), (3, 30), (40, 2)]:
        odds = battle_odds(a, d, convention="tan")
        assert sum(odds.attacker_survivors.values()) == pytest.approx(1.0, abs=1e-12)
        assert sum(odds.defender_survivors.values()) == pytest.approx(1.0, abs=1e-12)
        assert odds.attacker_win == pytest.approx(table.win[a, d], abs=1e-12)
        assert odds.expected_attacker_losses == pytest.approx(a - table.attacker_left[a, d], abs=1e-10)
        assert odds.expected_defender_losses == pytest.approx(d - table.defender_left[a, d], abs=1e-10)


@pytest.mark.parametrize("a, d", [(2, 1), (4, 2), (11, 7), (30, 30)])
def test_board_is_tan_with_one_army_behind(a, d):
    board = battle_odds(a, d, convention="board")
    tan = battle_odds(a - 1, d, convention="tan")
    assert board.attacker_win == tan.attacker_win
    assert board.expected_attacker_losses == pytest.approx(tan.expected_attacker_losses, abs=1e-12)
    assert {k - 1: p for k, p in board.attacker_survivors.items()} == tan.attacker_survivors
    assert win_probability(a, d) == pytest.approx(tan.attacker_win, abs=1e-14)


def test_blitz_distribution_is_in_the_board_convention():
    final = blitz_distribution(6, 3)
    assert sum(final.values()) == pytest.approx(1.0, abs=1e-14)
    assert all(a >= 2 for (a, d) in final if d == 0)    # a conquest leaves the attacker 2+
    assert all(a == 1 for (a, d) in final if d > 0)     # failing leaves exactly the one behind
    tan = battle_odds(5, 3, convention="tan").final_states
    assert {(a - 1, d): p for (a, d), p in final.items()} == pytest.approx(tan, abs=1e-15)


def test_cached_tables_grow_and_stay_right():
    small = win_probability(5, 4)
    large = win_probability(300, 200)            # grows the cached table
    assert win_probability(5, 4) == small
    assert large == pytest.approx(battle_odds(299, 200, convention="tan").attacker_win, abs=1e-12)
    table = battle_table(round_model(), 10, 10)
    assert table.max_attackers >= 299 and table.max_defenders >= 200


def test_more_armies_never_hurt_the_attacker():
    win = solve_table(round_model(), 60, 60).win
    assert np.all(np.diff(win[1:, 1:], axis=0) >= -1e-15)   # more attackers: better
    assert np.all(np.diff(win[1:, 1:], axis=1) <= 1e-15)    # more defenders: worse


def test_large_battle_is_a_probability():
    odds = battle_odds(1000, 1000)
    assert 0.99 < odds.attacker_win < 1.0   # 3 dice against 2 wins the long run
    assert sum(odds.attacker_survivors.values()) == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize("call", [
    lambda: win_probability(1, 3),
    lambda: win_probability(5, 0),
    lambda: win_probability(5, -1),
    lambda: win_probability(5.5, 3),
    lambda: win_probability(5, 3, stop_at=5),
    lambda: win_probability(5, 3, stop_at=0),
    lambda: expected_losses(True, 3),
    lambda: blitz_distribution(5, 3, stop_below=1.5),
    lambda: battle_odds(0, 3, convention="tan"),
    lambda: battle_odds(3, 3, convention="dice"),
    lambda: battle_odds(3, 3, variant="lucky"),
])
def test_bad_battles_raise_a_battle_error(call):
    with pytest.raises(BattleError) as info:
        call()
    assert isinstance(info.value, RiskError) and isinstance(info.value, ValueError)


# Tan's absorbing chain (dense inverse and sparse solve) against the O(A*D) solver.

CASES = [("standard", DiceRules()), ("seeing-defender", DiceRules()), ("tan1997", DiceRules()),
         ("standard", DiceRules(defender_max=3)), ("standard", DiceRules(defender_two_dice_needs=3))]


@pytest.mark.parametrize("variant, dice", CASES)
def test_dense_and_sparse_chain_equal_the_solver(variant, dice):
    model = round_model(variant, dice)
    A, D = 14, 11
    chain = tan_chain(model, A, D)
    table = solve_table(model, A, D)
    for solution in (solve_dense(chain), solve_sparse(chain)):
        for a in range(1, A + 1):
            for d in range(1, D + 1):
                win, attackers_left, defenders_left = solution.at(a, d)
                assert win == pytest.approx(table.win[a, d], abs=1e-12)
                assert attackers_left == pytest.approx(table.attacker_left[a, d], abs=1e-12)
                assert defenders_left == pytest.approx(table.defender_left[a, d], abs=1e-12)


def test_chain_follows_tans_layout():
    chain = tan_chain(round_model(), 6, 4)
    assert chain.Q.shape == (24, 24) and chain.R.shape == (24, 10)
    # Every row of P = [Q R] sums to one.
    assert np.allclose(np.asarray(chain.Q.sum(axis=1)).ravel() + np.asarray(chain.R.sum(axis=1)).ravel(), 1.0)
    # In Tan's order every transition goes to an earlier state: Q is strictly lower triangular,
    # which is why one pass over the states solves (I - Q) x = b.
    assert sp.triu(chain.Q).nnz == 0
    # The transition (3, 2) -> (3, 0) is the 3-vs-2 "defender loses two" odds, in R.
    i = chain.transient_index(3, 2)
    assert chain.R[i, chain.absorbing_index(3, 0)] == pytest.approx(2890 / 7776, abs=1e-15)
    assert chain.Q[i, chain.transient_index(2, 1)] == pytest.approx(2611 / 7776, abs=1e-15)
    assert chain.R[i, chain.absorbing_index(0, 2)] == 0.0 and chain.Q[i, chain.transient_index(1, 2)] == \
        pytest.approx(2275 / 7776, abs=1e-15)


def test_absorption_matrix_rows_are_distributions_and_match_the_exact_solver():
    model = round_model()
    chain = tan_chain(model, 5, 4)
    F = absorption_probabilities_dense(chain)
    assert np.allclose(F.sum(axis=1), 1.0, atol=1e-13)
    exact = solve_exact(model, 5, 4)
    # Tan's P_Z: the last A columns of F, the attacker's wins.
    for a in range(1, 6):
        for d in range(1, 5):
            assert F[chain.transient_index(a, d), 4:].sum() == pytest.approx(float(exact.win[a][d]), abs=1e-13)
