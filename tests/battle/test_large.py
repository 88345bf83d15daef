"""Battles beyond the cached tables: memory stays bounded however large the stacks, the bots'
approximation is close to the exact odds, and rolled blitzes keep the exact distribution."""

from __future__ import annotations

import numpy as np
import pytest

from ai.odds import LargeOddsRows, covers, odds_rows
from tests.support.distributions import goodness_of_fit
from risk.actions import Blitz
from risk.battle import analysis, blitz_distribution, sample_blitz, sample_commander, sample_phased, sampling
from risk.battle.analysis import MAX_CACHED_ARMIES, win_probability
from risk.battle.dice import STANDARD_DICE, DiceRules
from risk.battle.large import TABLE_ARMIES, win_estimate
from risk.battle.phased import phased_outcomes
from risk.battle.rolled import is_rolled
from risk.battle.rounds import standard_model
from risk.battle.solver import solve_table
from risk.battle.variants import seeing_defender_model
from risk.phase import Phase
from risk.rules import Rules
from risk.state import GameState, RandomSource

MODELS = {
    "standard": lambda: standard_model(),
    "three defender dice": lambda: standard_model(DiceRules(defender_max=3)),
    "seeing defender": lambda: seeing_defender_model(STANDARD_DICE),
}
#: A battle just past the size from which blitzes are rolled, still small enough to solve here.
ROLLED = (600, 420)
DRAWS = 2000


def uniforms(seed: int, n: int = DRAWS) -> list[float]:
    return list(np.random.default_rng(seed).random(n))


@pytest.mark.parametrize("name", sorted(MODELS))
def test_odds_are_exact_in_the_table_and_within_5e4_beyond(name):
    model = MODELS[name]()
    win = win_estimate(model)
    exact = solve_table(model, 1400, 1400).win
    beyond = []
    for d in (200, 600, 1000, 1100, 1400):
        for a in range(1, 1401, 3):
            if a <= TABLE_ARMIES and d <= TABLE_ARMIES:
                assert win(a, d) == exact[a, d]
            else:
                beyond.append(abs(win(a, d) - exact[a, d]))
    assert len(beyond) > 500 and max(beyond) < 5e-4


def test_no_table_grows_past_its_bound():
    analysis.clear_caches()
    assert 0.1 < win_probability(2000, 2300) < 0.9  # exact, solved for this call only
    assert analysis._TABLES == {} and analysis._STANDARD_WIN_ROWS == {}
    win_probability(900, 1000)
    assert all(t.max_attackers <= MAX_CACHED_ARMIES and t.max_defenders <= MAX_CACHED_ARMIES
               for t in analysis._TABLES.values())


def test_sampler_caches_are_bounded_by_the_outcomes_they_hold(monkeypatch):
    sampling.clear_samplers()
    monkeypatch.setattr(sampling, "MAX_CACHED_OUTCOMES", 200)
    for defenders in range(20, 60):
        sample_blitz(40, defenders, 0.5)
        assert sampling._STANDARD_SAMPLERS.outcomes <= 200
    sample_blitz(*ROLLED, 0.5)  # rolled: nothing kept
    assert (*ROLLED, 1, None) not in sampling._STANDARD_SAMPLERS.tables
    sampling.clear_samplers()


def test_bots_odds_rows_beyond_the_table():
    rows = odds_rows(Rules(), 3000)
    assert isinstance(rows, LargeOddsRows) and covers(rows, 10 ** 6)
    assert rows[500][400] == win_probability(500, 400)
    assert abs(rows[2000][1500] - win_probability(2000, 1500)) < 5e-4
    assert rows[1][50] == 0.0
    small = odds_rows(Rules(), 100)
    assert isinstance(small, list) and covers(small, 100) and not covers(small, 5000)


@pytest.mark.parametrize("stop_below", [None, 0.3])
def test_a_rolled_blitz_follows_the_exact_distribution(stop_below):
    assert is_rolled(*ROLLED)
    outcomes = [sample_blitz(*ROLLED, u, stop_below=stop_below) for u in uniforms(1)]
    assert goodness_of_fit(outcomes, blitz_distribution(*ROLLED, stop_below=stop_below)) > 1e-3


def test_a_rolled_sea_lane_battle_follows_the_exact_distribution():
    outcomes = [sample_phased(*ROLLED, u, sea_rounds=4) for u in uniforms(2)]
    assert goodness_of_fit(outcomes, phased_outcomes(*ROLLED, sea_rounds=4)) > 1e-3


def test_a_rolled_battle_with_the_commander_spends_the_six_once_and_replays():
    draws = uniforms(3, 50)
    results = [sample_commander(*ROLLED, u) for u in draws]
    assert results == [sample_commander(*ROLLED, u) for u in draws]
    assert all(spent for *_, spent in results)  # hundreds of rolls: one is always improved
    assert all(left == 1 or defenders == 0 for left, defenders, _, _ in results)


def test_a_huge_blitz_in_a_game_uses_one_draw_of_the_games_generator(tiny):
    start = GameState.from_position([0, 0, 0, 1, 1, 1], [2, 5000, 2, 4000, 3, 3], 2, board=tiny,
                                    phase=Phase.ATTACK, rules=Rules(two_player_neutral=False))
    games = [start.copy(RandomSource(11)) for _ in range(2)]
    for game in games:
        game.apply(Blitz(1, 3, 1))
    assert games[0].armies == games[1].armies and games[0].armies[1] + games[0].armies[3] < 9000
    reference = RandomSource(11)
    reference.random()  # the blitz's one draw
    assert games[0].rng.random() == reference.random()
