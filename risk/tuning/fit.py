"""The win-rate curve of a swept parameter, and where its maximum lies.

The model is a *logistic quadratic*: ``logit p(x) = b0 + b1 u + b2 u^2`` with ``u`` the parameter
rescaled to [-1, 1] over the swept range, fitted by maximum binomial likelihood (iteratively
reweighted least squares). Why this model: its predictions stay inside [0, 1]; the binomial
likelihood weighs each value by its games and by how informative a win rate near 0 or 1 is,
without hand-made weights; a quadratic in the logit is the smallest smooth curve that can have
an interior maximum, and it is also fine when the truth is monotone. A light ridge penalty on
b1 and b2 keeps the fit finite when a value won no game at all.

The optimum is the argmax of the fitted curve on the swept range. Its 95% interval comes from a
parametric bootstrap that resamples the games *within each value* (a value with k wins in n
games gets Binomial(n, k/n) wins), refits, and takes the 2.5 and 97.5 percentiles of the argmax.

>>> x = [0.2, 0.4, 0.6, 0.8]
>>> fit = fit_curve(x, wins=[20, 40, 40, 20], games=[100, 100, 100, 100])
>>> round(fit.argmax(0.2, 0.8), 2)
0.5
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

RIDGE = 1e-2
GRID_POINTS = 601


@dataclass(frozen=True)
class CurveFit:
    coefficients: np.ndarray   # b0, b1, b2 of logit p = b0 + b1 u + b2 u^2
    centre: float
    half_width: float

    def design(self, x) -> np.ndarray:
        u = (np.asarray(x, dtype=float) - self.centre) / self.half_width
        return np.column_stack([np.ones_like(u), u, u * u])

    def predict(self, x) -> np.ndarray:
        """The fitted win rate at ``x``."""
        return 1 / (1 + np.exp(-(self.design(x) @ self.coefficients)))

    def argmax(self, lo: float, hi: float) -> float:
        grid = np.linspace(lo, hi, GRID_POINTS)
        return float(grid[np.argmax(self.predict(grid))])


def fit_curve(x: Sequence[float], wins: Sequence[int], games: Sequence[int]) -> CurveFit:
    """The maximum-likelihood logistic quadratic through (x, wins / games)."""
    x = np.asarray(x, dtype=float)
    wins = np.asarray(wins, dtype=float)
    games = np.asarray(games, dtype=float)
    lo, hi = float(x.min()), float(x.max())
    shape = CurveFit(np.zeros(3), (lo + hi) / 2, max((hi - lo) / 2, 1e-12))
    design = shape.design(x)
    penalty = np.diag([0.0, RIDGE, RIDGE])
    rate = (wins + 0.5) / (games + 1)  # start from the smoothed rates
    beta = np.linalg.lstsq(design, np.log(rate / (1 - rate)), rcond=None)[0]
    for _ in range(100):
        p = 1 / (1 + np.exp(-(design @ beta)))
        weight = games * p * (1 - p)
        gradient = design.T @ (wins - games * p) - penalty @ beta
        hessian = design.T @ (design * weight[:, None]) + penalty
        step = np.linalg.solve(hessian + 1e-12 * np.eye(3), gradient)
        beta = beta + step
        if np.max(np.abs(step)) < 1e-10:
            break
    return CurveFit(beta, shape.centre, shape.half_width)


@dataclass(frozen=True)
class Optimum:
    value: float                 # argmax of the fitted curve
    lo: float                    # 2.5 percentile of the bootstrap argmax
    hi: float                    # 97.5 percentile
    fit: CurveFit
    grid: np.ndarray             # the swept range, finely, for drawing
    band: np.ndarray             # 2.5 and 97.5 percentiles of the bootstrap curves on the grid
    at_edge: bool                # the maximum is at an end of the range: widen the sweep


def find_optimum(x: Sequence[float], wins: Sequence[int], games: Sequence[int],
                 seed: int, samples: int = 1000) -> Optimum:
    """Fit, locate the maximum, and bootstrap its 95% interval (seeded, so repeatable)."""
    x = np.asarray(x, dtype=float)
    wins = np.asarray(wins)
    games = np.asarray(games)
    lo, hi = float(x.min()), float(x.max())
    fit = fit_curve(x, wins, games)
    grid = np.linspace(lo, hi, GRID_POINTS)
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(7,)))
    rates = np.divide(wins, games, out=np.zeros(len(games)), where=games > 0)
    optima = np.empty(samples)
    curves = np.empty((samples, len(grid)))
    for i in range(samples):
        resampled = rng.binomial(games, rates)
        refit = fit_curve(x, resampled, games)
        curves[i] = refit.predict(grid)
        optima[i] = grid[np.argmax(curves[i])]
    value = fit.argmax(lo, hi)
    step = (hi - lo) / (GRID_POINTS - 1)
    return Optimum(value=value, lo=float(np.percentile(optima, 2.5)),
                   hi=float(np.percentile(optima, 97.5)), fit=fit, grid=grid,
                   band=np.percentile(curves, [2.5, 97.5], axis=0),
                   at_edge=value <= lo + step / 2 or value >= hi - step / 2)
