"""Rolling the dice round by round and drawing a blitz in one go give the same battles."""

from __future__ import annotations

import pytest

from tests.support.distributions import goodness_of_fit
from risk.actions import Attack, Blitz
from risk.battle import blitz_distribution
from risk.phase import Phase
from risk.rules import Rules
from risk.state import GameState, RandomSource

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
