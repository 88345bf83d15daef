"""One-draw blitz sampling and the Monte Carlo simulator, checked against the exact solution, and
the engine's blitz against rolling the same battles round by round."""

import math

import numpy as np
import pytest

from risk.actions import Attack, Blitz
from risk.battle import (BattleError, DiceRules, battle_odds, blitz_distribution, sample_blitz,
                         simulate_battles)
from risk.phase import Phase
from risk.rules import Rules
from risk.state import GameState, RandomSource
from tests.support.distributions import goodness_of_fit

DRAWS = 20_000


def assert_frequencies_match(frequencies: dict, distribution: dict, n: int) -> None:
    """Every outcome within 4 standard errors (plus a count), and nothing outside the support."""
    assert set(frequencies) <= set(distribution)
    for state, p in distribution.items():
        observed = frequencies.get(state, 0.0)
        allowed = 4 * math.sqrt(p * (1 - p) / n) + 1 / n
        assert abs(observed - p) <= allowed, (state, observed, p)


def sampled_frequencies(draws, n):
    counts: dict = {}
    for outcome in draws:
        counts[outcome] = counts.get(outcome, 0) + 1
    return {k: v / n for k, v in counts.items()}


@pytest.mark.parametrize("attackers, defenders, kwargs", [
    (10, 5, {}),
    (12, 12, {"stop_at": 4}),
    (20, 15, {"stop_below": 0.3}),
    (8, 6, {"dice": DiceRules(defender_max=3)}),
])
def test_sample_blitz_frequencies_match_the_distribution(attackers, defenders, kwargs):
    rng = np.random.default_rng(2024)
    uniforms = rng.random(DRAWS)
    draws = [sample_blitz(attackers, defenders, u, **kwargs) for u in uniforms]
    distribution = blitz_distribution(attackers, defenders, **kwargs)
    assert_frequencies_match(sampled_frequencies(draws, DRAWS), distribution, DRAWS)
    # A chi-square statistic over outcomes expected at least 5 times stays far from significance.
    frequencies = sampled_frequencies(draws, DRAWS)
    cells = [(frequencies.get(s, 0.0) * DRAWS, p * DRAWS) for s, p in distribution.items() if p * DRAWS >= 5]
    chi_square = sum((observed - expected) ** 2 / expected for observed, expected in cells)
    assert chi_square < len(cells) + 6 * math.sqrt(2 * len(cells))


def test_sample_blitz_is_inversion_of_the_cumulative_table():
    distribution = blitz_distribution(4, 2)
    outcomes = list(distribution)
    assert sample_blitz(4, 2, 0.0) == outcomes[0]
    assert sample_blitz(4, 2, 0.999999999) == outcomes[-1]
    assert sample_blitz(4, 2, distribution[outcomes[0]] / 2) == outcomes[0]
    assert sample_blitz(4, 2, distribution[outcomes[0]] + 1e-9) == outcomes[1]


@pytest.mark.parametrize("u", [1.0, -0.1, 2])
def test_sample_blitz_refuses_a_draw_outside_the_unit_interval(u):
    with pytest.raises(BattleError):
        sample_blitz(5, 3, u)


def test_sample_blitz_refuses_bad_battles():
    with pytest.raises(BattleError):
        sample_blitz(1, 3, 0.5)
    with pytest.raises(BattleError):
        sample_blitz(5, 3, 0.5, stop_at=5)


# -- Monte Carlo ------------------------------------------------------------------------------------

def assert_within_errors(simulated, exact, sigmas=4.0):
    assert abs(simulated.attacker_win - exact.attacker_win) <= sigmas * simulated.attacker_win_error + 1e-9
    assert abs(simulated.expected_attacker_losses - exact.expected_attacker_losses) <= \
        sigmas * simulated.expected_attacker_losses_error + 1e-9
    assert abs(simulated.expected_defender_losses - exact.expected_defender_losses) <= \
        sigmas * simulated.expected_defender_losses_error + 1e-9


@pytest.mark.parametrize("attackers, defenders, kwargs", [
    (60, 50, {}),
    (30, 30, {"convention": "tan"}),
    (25, 10, {"stop_at": 8}),
    (12, 9, {"dice": DiceRules(defender_max=3)}),
    (12, 9, {"dice": DiceRules(defender_two_dice_needs=3)}),
])
def test_monte_carlo_agrees_with_the_solver(attackers, defenders, kwargs):
    simulated = simulate_battles(attackers, defenders, 20_000, 7, **kwargs)
    assert_within_errors(simulated, battle_odds(attackers, defenders, **kwargs))


def test_monte_carlo_seeing_defender_agrees_with_the_model():
    simulated = simulate_battles(20, 10, 20_000, 11, convention="tan", seeing_defender=True)
    assert_within_errors(simulated, battle_odds(20, 10, convention="tan", variant="seeing-defender"))


def test_monte_carlo_frequencies_match_the_distribution():
    n = 20_000
    simulated = simulate_battles(9, 6, n, np.random.default_rng(5))
    assert_frequencies_match(simulated.frequencies(), blitz_distribution(9, 6), n)
    assert simulated.attacker_left.min() >= 1   # board convention: one army stays behind


def test_monte_carlo_is_reproducible_and_takes_no_global_randomness():
    first = simulate_battles(10, 8, 1000, 3)
    second = simulate_battles(10, 8, 1000, np.random.default_rng(3))
    assert np.array_equal(first.attacker_left, second.attacker_left)
    assert np.array_equal(first.defender_left, second.defender_left)
    with pytest.raises(BattleError):
        simulate_battles(10, 8, 1000, None)
    with pytest.raises(BattleError):
        simulate_battles(10, 8, 1, 3)


def test_standard_errors_are_the_textbook_ones():
    simulated = simulate_battles(6, 6, 4000, 1)
    p = simulated.attacker_win
    assert simulated.attacker_win_error == pytest.approx(math.sqrt(p * (1 - p) / 4000))
    assert simulated.expected_attacker_losses_error == pytest.approx(
        np.std(simulated.attacker_left, ddof=1) / math.sqrt(4000))


# Rolling the dice round by round and drawing a blitz in one go give the same battles.

TRIALS = 3000


def base(tiny, attackers, defenders):
    # Beta Hills (1) attacks Delta Point (3) on the tiny map.
    return GameState.from_position([0, 0, 0, 1, 1, 1], [2, attackers, 2, defenders, 3, 3], 2, board=tiny,
                                   phase=Phase.ATTACK, rules=Rules(two_player_neutral=False))


def round_by_round(start, stop_at, seed):
    game = start.copy(RandomSource(seed))
    while game.owner[3] == 1 and game.armies[1] > stop_at and game.phase == Phase.ATTACK:
        game.apply(Attack(1, 3, min(3, game.armies[1] - 1)))
    return _outcome(game)


def one_draw(start, stop_at, seed):
    game = start.copy(RandomSource(seed))
    game.apply(Blitz(1, 3, stop_at))
    return _outcome(game)


def _outcome(game):
    if game.owner[3] == 0:  # conquered: count the armies before the move in
        return game.armies[1] + game.armies[3], 0
    return game.armies[1], game.armies[3]


@pytest.mark.parametrize("attackers, defenders, stop_at", [(5, 3, 1), (8, 6, 1), (12, 4, 1), (10, 8, 4)])
def test_round_by_round_and_one_draw_agree(tiny, attackers, defenders, stop_at):
    start = base(tiny, attackers, defenders)
    exact = blitz_distribution(attackers, defenders, stop_at)
    rolled = [round_by_round(start, stop_at, seed) for seed in range(TRIALS)]
    drawn = [one_draw(start, stop_at, 10_000 + seed) for seed in range(TRIALS)]
    # Both samples fit the exact distribution (fixed seeds: the p-values are fixed numbers).
    assert goodness_of_fit(rolled, exact) > 0.01
    assert goodness_of_fit(drawn, exact) > 0.01
    # And the conquest rates agree with each other within a few standard errors.
    p = sum(1 for o in rolled if o[1] == 0) / TRIALS
    q = sum(1 for o in drawn if o[1] == 0) / TRIALS
    se = ((p * (1 - p) + q * (1 - q)) / TRIALS) ** 0.5
    assert abs(p - q) < 4 * se + 1e-9
