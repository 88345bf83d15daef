"""``lab/scripts/fit_leaf.py``: the logistic fit behind the learned leaf recovers known weights."""

from __future__ import annotations

import numpy as np

from conftest import load_script


def test_the_fit_recovers_known_weights():
    fit_leaf = load_script("fit_leaf")
    rng = np.random.default_rng(3)
    x = rng.normal(size=(20000, 3))
    truth = np.array([-0.5, 1.5, -2.0, 0.0])
    y = (rng.random(20000) < 1 / (1 + np.exp(-(truth[0] + x @ truth[1:])))).astype(float)
    fitted = fit_leaf.fit_logistic(x, y, l2=0.0)
    assert np.abs(fitted - truth).max() < 0.1
    assert fit_leaf.log_loss(x, y, fitted) < fit_leaf.log_loss(x, y, np.zeros(4))
