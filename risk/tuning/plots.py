"""Tuning plots: the swept win rates with the fitted curve and the optimum; the SPSA path.

matplotlib's object API on the Agg canvas (no pyplot, no global backend).
"""

from __future__ import annotations

from os import PathLike
from typing import Sequence

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from risk.files import save_figure
from risk.tuning.fit import Optimum
from risk.tuning.spsa import SpsaStep
from risk.tuning.sweep import SweepPoint

BLUE, ORANGE, GREEN, GREY = "#0072B2", "#E69F00", "#009E73", "0.45"


def plot_sweep(points: Sequence[SweepPoint], optimum: Optimum, path: str | PathLike, *,
               param: str, bot: str, baseline: float, opponents: Sequence[str]) -> None:
    figure = Figure(figsize=(12.5, 6), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.subplots()
    x = np.array([p.value for p in points], dtype=float)
    rates = np.array([p.win_rate for p in points])
    intervals = np.array([p.ci95 for p in points])
    axes.fill_between(optimum.grid, optimum.band[0], optimum.band[1], color=BLUE, alpha=0.15,
                      lw=0, label="fit: 95% bootstrap band")
    axes.plot(optimum.grid, optimum.fit.predict(optimum.grid), color=BLUE, lw=2,
              label="fit: logistic quadratic")
    axes.errorbar(x, rates, yerr=[rates - intervals[:, 0], intervals[:, 1] - rates], fmt="o",
                  color="black", ecolor=GREY, elinewidth=1.3, capsize=4, markersize=5,
                  label="win rate, 95% Wilson interval")
    top = max(float(intervals[:, 1].max(initial=0)), float(optimum.band[1].max(initial=0)))
    top = min(1.0, top * 1.1 + 0.02)
    axes.axvline(optimum.value, color=ORANGE, lw=2, label=f"optimum {optimum.value:.3g}"
                 + (" (edge of range)" if optimum.at_edge else ""))
    # The optimum's interval as a bar along the bottom, clear of the points and the band.
    axes.errorbar([optimum.value], [0.04 * top],
                  xerr=[[optimum.value - optimum.lo], [optimum.hi - optimum.value]], fmt="D",
                  color=ORANGE, ecolor=ORANGE, elinewidth=3, capsize=7, markersize=7,
                  label=f"optimum 95% bootstrap interval [{optimum.lo:.3g}, {optimum.hi:.3g}]")
    axes.axvline(baseline, color=GREEN, lw=1.5, ls="--", label=f"baseline {baseline:.3g}")
    players = 1 + len(opponents)
    axes.axhline(1 / players, color=GREY, lw=1, ls=":", label=f"chance 1/{players}")
    games = sum(p.games for p in points)
    axes.set_title(f"{bot}: win rate against {', '.join(opponents)} by {param}\n"
                   f"{len(points)} values, {games} games, seats rotated", fontsize=11)
    axes.set_xlabel(param)
    axes.set_ylabel("win rate of the tuned bot")
    axes.yaxis.set_major_formatter(lambda y, _: f"{100 * y:.0f}%")
    axes.set_ylim(0, top)
    axes.grid(alpha=0.3)
    axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=9, frameon=False)
    save_figure(figure, path, dpi=110, format="png")


def plot_spsa(path_steps: Sequence[SpsaStep], ranges: dict[str, tuple[float, float]],
              path: str | PathLike, *, bot: str) -> None:
    names = list(ranges)
    figure = Figure(figsize=(10, 2.2 + 2.6 * len(names)), layout="constrained")
    FigureCanvasAgg(figure)
    axes_list = np.atleast_1d(figure.subplots(len(names), 1, sharex=True, squeeze=False)[:, 0])
    iterations = [step.iteration + 1 for step in path_steps]
    for axes, name in zip(axes_list, names):
        axes.scatter(iterations, [s.plus[name] for s in path_steps], s=8, color=GREEN, alpha=0.5,
                     label="θ + c_k Δ")
        axes.scatter(iterations, [s.minus[name] for s in path_steps], s=8, color=ORANGE,
                     alpha=0.5, label="θ − c_k Δ")
        axes.plot(iterations, [s.theta[name] for s in path_steps], color=BLUE, lw=2, label="θ")
        lo, hi = ranges[name]
        axes.set_ylim(lo, hi)
        axes.set_ylabel(name)
        axes.grid(alpha=0.3)
    axes_list[0].legend(loc="best", fontsize=9)
    axes_list[0].set_title(f"SPSA path of {bot}")
    axes_list[-1].set_xlabel("iteration")
    save_figure(figure, path, dpi=110, format="png")
