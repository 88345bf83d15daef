"""``lab/scripts/fit_strategist.py``: the logistic fit behind the strategist's leaf recovers known weights."""

from __future__ import annotations

import numpy as np

from study_scripts import load_script


def test_the_fit_recovers_known_weights():
    fit = load_script("fit_strategist")
    rng = np.random.default_rng(3)
    x = rng.normal(size=(20000, 3))
    truth = np.array([-0.5, 1.5, -2.0, 0.0])
    y = (rng.random(20000) < 1 / (1 + np.exp(-(truth[0] + x @ truth[1:])))).astype(float)
    fitted = fit.logistic_fit(x, y, l2=0.0)
    assert np.abs(fitted - truth).max() < 0.1
    assert fit.log_loss(x, y, fitted) < fit.log_loss(x, y, np.zeros(4))
