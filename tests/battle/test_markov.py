"""Tan's absorbing chain (dense inverse and sparse solve) against the O(A*D) solver."""

import numpy as np
import pytest
import scipy.sparse as sp

from risk.battle import DiceRules, round_model, solve_dense, solve_exact, solve_sparse, solve_table, tan_chain
from risk.battle.markov import absorption_probabilities_dense

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
