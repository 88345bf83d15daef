"""Statistics against known values: Wilson intervals, SPRT decisions, ratings, the curve fit."""

from __future__ import annotations

import math

import numpy as np
import pytest

from risk.errors import UsageError
from risk.tournament.ratings import rate_games
from risk.tournament.stats import SPRT, PairedSPRT, parse_sprt, wilson_interval
from risk.tuning.fit import find_optimum, fit_curve

# -- Wilson -----------------------------------------------------------------------------------------


def test_wilson_matches_the_hand_computed_interval():
    # p = 0.8, n = 10, z = 1.959964, z² = 3.841459: centre (0.8 + z²/20) / (1 + z²/10)
    # = 0.992073 / 1.384146 = 0.716740; half-width z sqrt(0.016 + z²/400) / (1 + z²/10)
    # = 1.959964 * 0.160011 / 1.384146 = 0.226578.
    lo, hi = wilson_interval(8, 10)
    assert lo == pytest.approx(0.716740 - 0.226578, abs=2e-6)
    assert hi == pytest.approx(0.716740 + 0.226578, abs=2e-6)


def test_wilson_at_the_extremes_stays_inside_zero_and_one():
    # With no wins the upper end is z²/(n + z²) (Wilson's closed form at p = 0).
    z2 = 1.959963984540054 ** 2
    assert wilson_interval(0, 10) == pytest.approx((0.0, z2 / (10 + z2)))
    assert wilson_interval(10, 10) == pytest.approx((1 - z2 / (10 + z2), 1.0))
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("wins, games", [(25, 100), (8, 10), (1, 3), (137, 400)])
def test_wilson_agrees_with_scipys_reference_implementation(wins, games):
    from scipy.stats import binomtest

    reference = binomtest(wins, games).proportion_ci(confidence_level=0.95, method="wilson")
    assert wilson_interval(wins, games) == pytest.approx((reference.low, reference.high), abs=1e-12)


# -- SPRT -------------------------------------------------------------------------------------------


def test_sprt_bounds_are_plus_minus_ln_19_and_the_llr_is_the_bernoulli_sum():
    test = SPRT(p0=0.25, p1=0.30)
    assert test.upper == pytest.approx(math.log(19))
    assert test.lower == pytest.approx(-math.log(19))
    test.add(3, 10)
    assert test.llr == pytest.approx(3 * math.log(0.30 / 0.25) + 7 * math.log(0.70 / 0.75))
    assert test.check() is None


def _decisions(p: float, p0: float, p1: float, runs: int, seed: int, limit: int = 20000):
    """Run `runs` SPRTs on Bernoulli(p) streams; return (verdicts, games to decide)."""
    rng = np.random.default_rng(seed)
    wins = rng.random((runs, limit)) < p
    step = np.where(wins, math.log(p1 / p0), math.log((1 - p1) / (1 - p0)))
    llr = np.cumsum(step, axis=1)
    bound = math.log(19)
    crossed = (llr >= bound) | (llr <= -bound)
    first = crossed.argmax(axis=1)
    assert crossed.any(axis=1).all()
    verdicts = []
    for run, n in enumerate(first):
        test = SPRT(p0=p0, p1=p1)
        test.add(int(wins[run, : n + 1].sum()), int(n + 1))
        verdicts.append(test.check())
        assert test.decided_at == n + 1
    return verdicts, first + 1


def test_sprt_accepts_h1_when_p_is_p1_and_h0_when_p_is_p0_at_about_alpha_and_beta():
    verdicts, lengths = _decisions(0.30, 0.25, 0.30, runs=300, seed=11)
    assert verdicts.count("H0") / 300 <= 0.09         # beta = 0.05, with sampling slack
    assert 250 <= lengths.mean() <= 750                  # design notes: about 450 games on average
    verdicts, _ = _decisions(0.25, 0.25, 0.30, runs=300, seed=12)
    assert verdicts.count("H1") / 300 <= 0.09         # alpha = 0.05
    verdicts, _ = _decisions(0.40, 0.25, 0.30, runs=100, seed=13)
    assert verdicts.count("H1") == 100                  # far above p1: always H1


def test_a_decided_sprt_ignores_further_results():
    test = SPRT(p0=0.25, p1=0.30)
    test.add(30, 30)
    assert test.check() == "H1"
    test.add(0, 1000)
    assert test.games == 30 and test.verdict == "H1"


def test_parse_sprt_reads_the_options_and_rejects_bad_ones():
    test = parse_sprt("p0=0.25,p1=0.30,alpha=0.1")
    assert (test.p0, test.p1, test.alpha, test.beta) == (0.25, 0.30, 0.1, 0.05)
    for text in ("p0=0.3,p1=0.25", "p1=0.3", "p0=x,p1=0.3", "p0=0.2,p1=1.5", "q=1"):
        with pytest.raises(UsageError):
            parse_sprt(text)


def test_paired_sprt_finds_a_real_gain_and_rejects_none():
    rng = np.random.default_rng(5)

    def run(plus: float, minus: float) -> str | None:
        test = PairedSPRT(delta1=0.1)
        while test.verdict is None and test.pairs < 20000:
            u = rng.random()
            test.add(1 if u < plus else -1 if u < plus + minus else 0)
            test.check()
        return test.verdict

    gains = [run(0.30, 0.20) for _ in range(60)]     # true gain 0.10
    assert gains.count("H1") >= 54
    nulls = [run(0.25, 0.25) for _ in range(60)]     # no gain
    assert nulls.count("H0") >= 54


def test_paired_sprt_cannot_decide_on_the_first_pair():
    test = PairedSPRT(delta1=0.05)
    test.add(1)
    assert test.check() is None


# -- ratings ----------------------------------------------------------------------------------------


def _game(game: int, players: list[str], places: list[int]) -> dict:
    return {"game": game, "seats": players, "players": players, "places": places,
            "winner": places.index(1)}


def test_a_rating_update_moves_the_winner_up_and_the_loser_down():
    ratings = rate_games([_game(0, ["a", "b", "c"], [1, 2, 3])])
    assert ratings["a"].mu > 25 > ratings["c"].mu
    assert ratings["a"].mu > ratings["b"].mu > ratings["c"].mu
    assert all(r.sigma < 25 / 3 for r in ratings.values())   # every game teaches something


def test_ratings_order_bots_by_their_places_over_many_games():
    rng = np.random.default_rng(3)
    records = []
    for game in range(200):
        players = ["strong", "middle", "weak"]
        order = rng.permutation(3)                     # seats vary
        seated = [players[i] for i in order]
        # strong usually first, weak usually last
        score = {"strong": rng.normal(2), "middle": rng.normal(1), "weak": rng.normal(0)}
        ranking = sorted(seated, key=lambda p: -score[p])
        records.append(_game(game, seated, [ranking.index(p) + 1 for p in seated]))
    ratings = rate_games(records)
    assert ratings["strong"].mu > ratings["middle"].mu > ratings["weak"].mu
    # the order of finishing does not matter, only the game numbers
    assert rate_games(list(reversed(records))) == ratings


# -- the curve fit ----------------------------------------------------------------------------------


def test_the_fit_recovers_a_known_logistic_quadratic():
    x = np.linspace(0.3, 0.9, 13)
    truth = 1 / (1 + np.exp(-(-1.0 - 8 * (x - 0.65) ** 2)))
    games = np.full(13, 10**6)
    fit = fit_curve(x, np.round(truth * games), games)
    assert fit.predict(x) == pytest.approx(truth, abs=1e-3)
    assert fit.argmax(0.3, 0.9) == pytest.approx(0.65, abs=0.002)


def test_the_bootstrap_interval_covers_the_true_optimum_and_is_repeatable():
    x = np.round(np.arange(0.30, 0.901, 0.05), 2)
    p = 0.25 + 0.10 * np.exp(-((x - 0.62) / 0.15) ** 2)
    games = np.full(len(x), 400)
    wins = np.random.default_rng(1).binomial(games, p)
    optimum = find_optimum(x, wins, games, seed=1, samples=300)
    assert optimum.lo <= 0.62 <= optimum.hi
    assert optimum.lo <= optimum.value <= optimum.hi
    assert not optimum.at_edge
    again = find_optimum(x, wins, games, seed=1, samples=300)
    assert (again.lo, again.hi) == (optimum.lo, optimum.hi)


def test_a_monotone_curve_puts_the_optimum_at_the_edge():
    x = [0.0, 0.25, 0.5, 0.75, 1.0]
    optimum = find_optimum(x, [10, 20, 30, 40, 50], [100] * 5, seed=2, samples=100)
    assert optimum.value == 1.0 and optimum.at_edge


def test_a_value_without_a_win_keeps_the_fit_finite():
    fit = fit_curve([0.1, 0.2, 0.3], [0, 0, 0], [50, 50, 50])
    assert np.all(np.isfinite(fit.coefficients))
    assert fit.predict([0.2])[0] < 0.01
