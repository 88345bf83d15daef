"""Big battles drawn in strides of many rounds follow the exact law (a chi-square test on fixed
seeds), small ones keep their old draws, and the stride tables are the round law convolved."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import chi2

from risk.battle import DiceRules, blitz_distribution, sample_blitz, standard_model
from risk.battle.law import BattleLaw
from risk.battle.sampling import inversion_table
from risk.battle.strides import LONGEST, STRIDE_CELLS, STRIDE_SIDE, is_strided, sample_strided, stride_lengths, strides

DRAWS = 30_000


def chi_square_p(attackers: int, defenders: int, seed: int, **kwargs) -> float:
    """The p-value of the sampled outcomes against the solved distribution (outcomes expected
    fewer than 5 times pooled into one bin)."""
    uniforms = np.random.default_rng(seed).random(DRAWS)
    counts: dict = {}
    for u in uniforms:
        outcome = sample_blitz(attackers, defenders, float(u), **kwargs)
        counts[outcome] = counts.get(outcome, 0) + 1
    exact = blitz_distribution(attackers, defenders, **kwargs)
    assert set(counts) <= {k for k, p in exact.items() if p > 0}, "an outcome the battle cannot end in"
    statistic, bins, pooled_expected, pooled_seen = 0.0, 0, 0.0, 0
    for outcome, p in exact.items():
        expected, seen = p * DRAWS, counts.get(outcome, 0)
        if expected >= 5:
            statistic += (seen - expected) ** 2 / expected
            bins += 1
        else:
            pooled_expected += expected
            pooled_seen += seen
    if pooled_expected > 0:
        statistic += (pooled_seen - pooled_expected) ** 2 / pooled_expected
        bins += 1
    assert bins > 10  # enough outcomes for the test to say something
    return float(chi2.sf(statistic, bins - 1))


@pytest.mark.parametrize("attackers, defenders, seed, kwargs", [
    (150, 120, 1, {}),
    (300, 40, 2, {}),
    (60, 400, 3, {}),
    (120, 200, 4, {"stop_at": 30}),
    (200, 160, 5, {"stop_below": 0.3}),
    (180, 90, 6, {"dice": DiceRules(defender_max=3)}),
    (900, 6, 7, {}),     # few pairs, but a side beyond STRIDE_SIDE
    (20, 450, 8, {}),
])
def test_strided_blitzes_follow_the_exact_distribution(attackers, defenders, seed, kwargs):
    assert is_strided(attackers, defenders)
    # The seeds are fixed: the test is deterministic, and a sampler off the law by a few
    # tenths of a percent on the likely outcomes fails it.
    assert chi_square_p(attackers, defenders, seed, **kwargs) > 0.001


def test_battles_below_the_bound_keep_their_draws():
    # Up to STRIDE_CELLS army pairs a blitz is still drawn by inversion of its solved law, so
    # the golden games and the stored records play as they always did.
    attackers, defenders = 100, 100
    assert not is_strided(attackers, defenders) and attackers * defenders == STRIDE_CELLS
    assert not is_strided(STRIDE_SIDE, 50) and is_strided(STRIDE_SIDE + 1, 2) and is_strided(2, STRIDE_SIDE + 1)
    cumulative, outcomes = inversion_table(blitz_distribution(attackers, defenders))
    from bisect import bisect_right

    for u in np.random.default_rng(7).random(200):
        assert sample_blitz(attackers, defenders, float(u)) == outcomes[bisect_right(cumulative, float(u))]


def test_the_same_draw_gives_the_same_outcome():
    law = BattleLaw()
    first = [law.sample_blitz(400, 380, u) for u in (0.0, 0.25, 0.5, 0.999999)]
    assert first == [law.sample_blitz(400, 380, u) for u in (0.0, 0.25, 0.5, 0.999999)]
    assert all(a >= 1 and d >= 0 and (a == 1 or d == 0) for a, d, _, _ in first)


def test_stride_tables_are_the_round_law_convolved():
    model = standard_model()
    tables, fits, most = strides(model)
    assert most == 2
    lengths = stride_lengths()
    assert lengths[:8] == list(range(1, 9)) and lengths[-1] == LONGEST
    assert all(lengths[fits[rounds]] <= rounds for rounds in range(1, LONGEST + 1))
    # Three full rounds, exactly: each removes two armies, (0, 2), (1, 1) or (2, 0).
    round_law = {(la, ld): p for la, ld, p in model.outcomes(3, 2)}
    exact: dict = {}
    for (a1, d1), p1 in round_law.items():
        for (a2, d2), p2 in round_law.items():
            for (a3, d3), p3 in round_law.items():
                key = (a1 + a2 + a3, d1 + d2 + d3)
                exact[key] = exact.get(key, 0) + p1 * p2 * p3
    cumulative, outcomes = tables[2]
    probabilities = np.diff([0.0] + cumulative)
    assert outcomes == sorted(exact)
    assert np.allclose(probabilities, [float(exact[k]) for k in outcomes], rtol=1e-12, atol=0)


def test_the_stop_levels_hold_in_every_state_but_the_first():
    model = standard_model()
    # Levels that stop the attacker at 50 armies whatever the defenders (Tan's convention).
    levels = ([50] * 301, [50] * 301)
    for u in np.random.default_rng(3).random(300):
        a, d = sample_strided(float(u), model, 200, 300, 0, levels)
        assert d == 0 or 49 <= a <= 50  # a round takes at most two armies from a side
    # The first round is always fought, even from a state below the levels.
    a, d = sample_strided(0.5, model, 40, 300, 0, levels)
    assert (a, d) != (40, 300) and a >= 38
