"""Shared by the tests that check sampled battles against an exact distribution."""

from __future__ import annotations

from scipy.stats import chisquare


def goodness_of_fit(outcomes, expected) -> float:
    """The chi-square p-value of the sampled ``outcomes`` against the ``expected`` probabilities
    (a dict outcome -> probability). Rare outcomes are pooled so that every expected count is
    at least 5, as the test needs; an outcome the distribution calls impossible fails at once."""
    keys = sorted(expected)
    observed = [sum(1 for o in outcomes if o == k) for k in keys]
    assert sum(observed) == len(outcomes), "an outcome the exact distribution says is impossible"
    counts = [expected[k] * len(outcomes) for k in keys]
    pooled_obs, pooled_exp, acc_o, acc_e = [], [], 0, 0.0
    for o, e in sorted(zip(observed, counts), key=lambda pair: pair[1]):
        acc_o += o
        acc_e += e
        if acc_e >= 5:
            pooled_obs.append(acc_o)
            pooled_exp.append(acc_e)
            acc_o, acc_e = 0, 0.0
    if acc_e:
        pooled_obs[-1] += acc_o
        pooled_exp[-1] += acc_e
    return chisquare(pooled_obs, pooled_exp).pvalue
