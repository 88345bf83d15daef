"""Tan's Figures 2 and 3 redrawn with the correct numbers, and a heat map of the odds.

Uses matplotlib's object API with the Agg canvas (no pyplot, so no global backend is touched).
Tan's convention throughout, as his figures are: ``A`` attacking armies that may all be lost.
"""

from __future__ import annotations

from os import PathLike

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from risk.battle.dice import STANDARD_DICE, DiceRules
from risk.battle.rounds import round_model
from risk.battle.solver import solve_table
from risk.files import save_figure


def curve_attackers(max_armies: int) -> list[int]:
    """The attacking armies drawn as curves: 5, 10, ..., 30 for Tan's 30, about six in general."""
    step = max(5, 5 * round(max_armies / 30))
    return list(range(step, max_armies + 1, step)) or [max_armies]


def odds_figure(max_armies: int = 30, dice: DiceRules = STANDARD_DICE, variant: str = "standard") -> Figure:
    """Three panels: win probability and expected attacker losses against the defending armies
    (correct, and Tan's 1997 numbers dashed), and the win probability over (A, D)."""
    correct = solve_table(round_model(variant, dice), max_armies, max_armies)
    published = solve_table(round_model("tan1997", dice), max_armies, max_armies)
    defenders = np.arange(1, max_armies + 1)
    attackers = curve_attackers(max_armies)

    figure = Figure(figsize=(17, 6.2), layout="constrained")
    FigureCanvasAgg(figure)
    win_axes, loss_axes, heat_axes = figure.subplots(1, 3, gridspec_kw={"width_ratios": [1, 1, 1.05]})
    # The Okabe-Ito palette: told apart by colour-blind readers too.
    colours = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#000000", "#F0E442")
    for index, a in enumerate(attackers):
        colour = colours[index % len(colours)]
        win_axes.plot(defenders, correct.win[a, 1:], color=colour, lw=2, label=f"A = {a}")
        win_axes.plot(defenders, published.win[a, 1:], color=colour, lw=1.2, ls="--", alpha=0.55)
        losses = a - correct.attacker_left[a, 1:]
        loss_axes.plot(defenders, losses, color=colour, lw=2, label=f"A = {a}")
        loss_axes.plot(defenders, a - published.attacker_left[a, 1:], color=colour, lw=1.2, ls="--", alpha=0.55)

    win_axes.set_title("Attacker's probability of conquering (Tan's Figure 2)")
    win_axes.set_xlabel("defending armies D")
    win_axes.set_ylabel("P(attacker destroys the defender)")
    win_axes.set_ylim(-0.02, 1.02)
    win_axes.set_xlim(1, max_armies)
    win_axes.axhline(0.5, color="0.75", lw=0.8, zorder=0)
    win_axes.grid(alpha=0.3)

    loss_axes.set_title("Expected attacker losses (Tan's Figure 3)")
    loss_axes.set_xlabel("defending armies D")
    loss_axes.set_ylabel("expected armies the attacker loses")
    loss_axes.set_xlim(1, max_armies)
    loss_axes.set_ylim(0, None)
    loss_axes.grid(alpha=0.3)

    # One legend under both line panels: the curves fill the panels, so nothing fits inside.
    handles, _ = win_axes.get_legend_handles_labels()
    handles += [Line2D([], [], color="0.2", lw=2, label="correct (exact)"),
                Line2D([], [], color="0.2", lw=1.2, ls="--", alpha=0.55, label="Tan 1997 as published (wrong)")]
    figure.legend(handles=handles, loc="outside lower left", ncol=len(handles), fontsize=9,
                  title="attacking armies A, and line style", title_fontsize=9, frameon=False)

    # Ten bands of 10 points each make the odds readable at a glance, like contour lines.
    bands = ListedColormap([_blend(i / 9) for i in range(10)])
    image = heat_axes.imshow(correct.win[1:, 1:], origin="lower", cmap=bands, vmin=0, vmax=1,
                             extent=(0.5, max_armies + 0.5, 0.5, max_armies + 0.5), aspect="auto",
                             interpolation="nearest")
    grid = np.arange(1, max_armies + 1)
    contour = heat_axes.contour(grid, grid, correct.win[1:, 1:], levels=[0.5, 0.8], colors=["k", "w"],
                                linewidths=[1.6, 1.2])
    heat_axes.clabel(contour, fmt={0.5: "50%", 0.8: "80%"}, fontsize=8)
    heat_axes.plot([1, max_armies], [1, max_armies], color="0.45", lw=1.0, ls="--", label="A = D")
    heat_axes.legend(loc="lower right", fontsize=8)
    heat_axes.set_title("P(conquest) over attacking A and defending D")
    heat_axes.set_xlabel("defending armies D")
    heat_axes.set_ylabel("attacking armies A (Tan: all may be lost)")
    colourbar = figure.colorbar(image, ax=heat_axes, ticks=np.linspace(0, 1, 11))
    colourbar.set_label("probability the attacker conquers")
    figure.suptitle(f"Risk battle odds, Tan's convention (board: one more army on the territory); "
                    f"{dice.describe()}" + ("" if variant == "standard" else f"; {variant}"),
                    fontsize=11)
    return figure


def _blend(t: float) -> tuple[float, float, float]:
    """A light-to-dark colour ramp (white-ish yellow to dark blue), readable in grey too."""
    light, mid, dark = np.array([1.0, 0.97, 0.80]), np.array([0.35, 0.70, 0.75]), np.array([0.10, 0.15, 0.42])
    colour = light + (mid - light) * (t / 0.5) if t <= 0.5 else mid + (dark - mid) * ((t - 0.5) / 0.5)
    return tuple(float(c) for c in colour)


def save_odds_figure(path: str | PathLike[str], max_armies: int = 30, dice: DiceRules = STANDARD_DICE,
                     variant: str = "standard") -> None:
    """Draw :func:`odds_figure` and save it as a PNG at ``path``."""
    figure = odds_figure(max_armies, dice, variant)
    save_figure(figure, path, dpi=110, format="png")
