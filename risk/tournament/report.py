"""What a run shows: one line per game, the final table, the ``--json`` summary and the plot;
and the ladder's table and plot.

The plot uses matplotlib's object API on the Agg canvas (no pyplot, no global backend); it is
imported only when a plot is drawn, as it is slow to import and most runs draw none.
"""

from __future__ import annotations

from os import PathLike
from typing import TYPE_CHECKING, Any, Sequence

import numpy as np

from risk.files import printable, save_figure
from risk.tournament.ratings import Rating
from risk.tournament.summary import Summary

if TYPE_CHECKING:
    from risk.tournament.ladder import Standing

#: The Okabe–Ito palette: distinguishable by colour-blind readers too.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#000000")


def describe_game(record: dict[str, Any], total: int | None = None) -> str:
    """One line for a finished game: who won, how, and the seating, bots named by their labels."""
    names = record.get("players") or record["seats"]
    number = f"{record['game'] + 1}/{total}" if total else f"{record['game'] + 1}"
    head = f"game {number:>9} group {record['group'] + 1:>4}: "
    winner = record["winner"]
    fault = record.get("fault")
    if fault is not None:
        culprit = f"{names[fault['seat']]} (P{fault['seat'] + 1}) {fault['kind']}: {fault.get('error', '')}"
        outcome = (f"{culprit}; " + ("no winner" if winner is None
                                     else f"{names[winner]} (P{winner + 1}) wins"))
    elif winner is None:
        outcome = f"draw at the {record['reason']} after {record['turns']} turns"
    elif record["reason"] == "turn limit":
        outcome = f"{names[winner]} (P{winner + 1}) wins on adjudication after {record['turns']} turns"
    else:
        outcome = f"{names[winner]} (P{winner + 1}) wins by {record['reason']} in {record['turns']} turns"
    # A fault's error is the bot's own text: shown, like every field, with controls escaped.
    return printable(f"{head}{outcome}   [{', '.join(names)}]")


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def format_table(summary: Summary, ratings: dict[str, Rating]) -> str:
    """The final table: one row per bot, best rating first."""
    labels = sorted(summary.bots, key=lambda label: -ratings[label].mu if label in ratings else 0)
    width = max([len("bot")] + [len(label) for label in labels])
    seat_heads = "".join(f"{'seat ' + str(s + 1):>8}" for s in range(summary.seats))
    lines = [f"{'bot':<{width}}  {'games':>6} {'wins':>6} {'win rate':>9}  {'95% CI':<16} "
             f"{'avg place':>9}{seat_heads}  {'rating μ ± σ':>14}"]
    for label in labels:
        bot = summary.bots[label]
        lo, hi = bot.ci95
        seat_cells = "".join(f"{_percent(rate):>8}" for rate in bot.seat_win_rates())
        rating = ratings.get(label)
        rating_cell = f"{rating.mu:6.2f} ± {rating.sigma:4.2f}" if rating else "-"
        lines.append(f"{label:<{width}}  {bot.games:>6} {bot.wins:>6} {_percent(bot.win_rate):>9}  "
                     f"{'[' + _percent(lo) + ', ' + _percent(hi) + ']':<16} {bot.avg_place:>9.2f}"
                     f"{seat_cells}  {rating_cell:>14}")
    faulted = ", ".join(f"{label} {bot.faults}" for label, bot in summary.bots.items() if bot.faults)
    lines.append(f"{summary.games} games; {summary.draws} without a winner (counted as "
                 f"non-wins); {summary.faults} forfeits"
                 + (f" ({faulted})" if faulted else ""))
    return "\n".join(map(printable, lines))


def summary_json(summary: Summary, ratings: dict[str, Rating],
                 sprt: dict[str, Any] | None) -> dict[str, Any]:
    bots = {}
    for label, bot in summary.bots.items():
        lo, hi = bot.ci95
        bots[label] = {"games": bot.games, "wins": bot.wins, "win_rate": bot.win_rate,
                       "ci95": [lo, hi], "avg_place": bot.avg_place,
                       "rating": ratings[label].to_json() if label in ratings else None,
                       "seat_win_rate": bot.seat_win_rates(), "faults": bot.faults}
    return {"bots": bots, "games": summary.games, "draws": summary.draws,
            "faults": summary.faults, "sprt": sprt}


def plot_report(summary: Summary, path: str | PathLike, title: str = "") -> None:
    """Two panels: each bot's win rate with its Wilson interval, and its win rate by seat."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    labels = list(summary.bots)
    bots = [summary.bots[label] for label in labels]
    seats = summary.seats
    rows = np.arange(len(labels))
    height = 1.6 + 0.55 * len(labels)
    figure = Figure(figsize=(13, max(3.6, height)), layout="constrained")
    FigureCanvasAgg(figure)
    rate_axes, seat_axes = figure.subplots(1, 2, gridspec_kw={"width_ratios": [1.1, 1]})

    rates = np.array([bot.win_rate for bot in bots])
    intervals = np.array([bot.ci95 for bot in bots]).reshape(-1, 2)
    errors = np.vstack([rates - intervals[:, 0], intervals[:, 1] - rates])
    colours = [PALETTE[i % len(PALETTE)] for i in range(len(labels))]
    rate_axes.barh(rows, rates, color=colours, alpha=0.35, height=0.6)
    rate_axes.errorbar(rates, rows, xerr=errors, fmt="o", color="black", ecolor="black",
                       elinewidth=1.4, capsize=5, markersize=5)
    for row, (bot, (lo, hi)) in enumerate(zip(bots, intervals)):
        text = f"{100 * bot.win_rate:.1f}%  [{100 * lo:.1f}, {100 * hi:.1f}]  n={bot.games}"
        # Beside the interval, on whichever side has room.
        right = hi < 0.62
        rate_axes.annotate(text, (hi if right else lo, row), xytext=(8 if right else -8, 9),
                           textcoords="offset points", ha="left" if right else "right",
                           va="center", fontsize=9)
    if seats:
        rate_axes.axvline(1 / seats, color="0.4", ls="--", lw=1)
        rate_axes.text(1 / seats, 1.01, f"chance 1/{seats}", transform=rate_axes.get_xaxis_transform(),
                       fontsize=8, color="0.3", ha="center", va="bottom")
    rate_axes.set_yticks(rows, labels)
    rate_axes.invert_yaxis()
    rate_axes.set_xlim(0, 1)
    rate_axes.xaxis.set_major_formatter(lambda x, _: f"{100 * x:.0f}%")
    rate_axes.set_xlabel("win rate (95% Wilson interval)")
    rate_axes.set_title("Win rate", pad=14)
    rate_axes.grid(axis="x", alpha=0.3)

    table = np.array([[np.nan if r is None else r for r in bot.seat_win_rates()] for bot in bots])
    table = table.reshape(len(bots), seats)
    image = seat_axes.imshow(table, cmap="Blues", vmin=0, vmax=max(0.5, np.nanmax(table, initial=0)),
                             aspect="auto")
    for row in range(len(bots)):
        for seat in range(seats):
            value = table[row, seat]
            if np.isnan(value):
                continue
            wins, games = bots[row].seat_wins[seat], bots[row].seat_games[seat]
            dark = value > 0.6 * image.norm.vmax
            seat_axes.text(seat, row, f"{100 * value:.0f}%\n{wins}/{games}", ha="center",
                           va="center", fontsize=9, color="white" if dark else "black")
    seat_axes.set_xticks(range(seats), [f"seat {s + 1}" for s in range(seats)])
    seat_axes.set_yticks(rows, labels)
    seat_axes.set_title("Win rate by seat (seat 1 moves first)")
    figure.colorbar(image, ax=seat_axes, format=lambda x, _: f"{100 * x:.0f}%", shrink=0.9)
    figure.suptitle(title or f"{summary.games} games, {summary.draws} without a winner, "
                             f"{summary.faults} forfeits", fontsize=12)
    save_figure(figure, path, dpi=110, format="png")


# -- the ladder (risk.tournament.ladder) -----------------------------------------------------------

def format_ladder(standings: Sequence[Standing], games: int, where: str) -> str:
    """The ladder's table: one row per bot, best ordinal first, with μ ± 2σ; the spec too where
    a bot's name is not its spec."""
    from risk.tournament.schedule import entrant_labels

    # Names and specs come from results files, which are data: shown with controls escaped.
    labels = [_escaped(label) for label in entrant_labels([s.name for s in standings])]
    show_spec = any(_escaped(s.spec) != label for s, label in zip(standings, labels))
    width = max([len("bot")] + [len(label) for label in labels])
    lines = [f"{'rank':>4}  {'bot':<{width}}  {'games':>6} {'wins':>6} {'win rate':>9}  "
             f"{'avg place':>9}  {'rating μ':>8}  {'μ ± 2σ':<16} {'μ − 3σ':>7}" + ("  spec" if show_spec else "")]
    for rank, (standing, label) in enumerate(zip(standings, labels), start=1):
        low, high = standing.interval
        interval = f"[{low:.2f}, {high:.2f}]"
        lines.append(f"{rank:>4}  {label:<{width}}  {standing.games:>6} {standing.wins:>6} "
                     f"{_percent(standing.win_rate):>9}  {standing.avg_place:>9.2f}  "
                     f"{standing.rating.mu:>8.2f}  {interval:<16} {standing.rating.ordinal:>7.2f}"
                     + (f"  {_escaped(standing.spec)}" if show_spec else ""))
    lines.append(f"{games} games, {len(standings)} bots in {where}; best first by μ − 3σ "
                 "(what the games make certain)")
    return "\n".join(lines)


def _escaped(text: str) -> str:
    """``text`` with every unprintable character (a terminal's escape codes) written as an escape."""
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)


def plot_ladder(standings: Sequence[Standing], path: str | PathLike, title: str = "") -> None:
    """Each bot's rating μ with its interval μ ± 2σ, best ordinal at the top."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from risk.tournament.schedule import entrant_labels

    labels = entrant_labels([s.name for s in standings])
    rows = np.arange(len(standings))
    figure = Figure(figsize=(10, max(3.0, 1.4 + 0.5 * len(standings))), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.subplots()
    mus = np.array([s.rating.mu for s in standings])
    spreads = np.array([2 * s.rating.sigma for s in standings])
    colours = [PALETTE[i % len(PALETTE)] for i in range(len(standings))]
    axes.errorbar(mus, rows, xerr=spreads, fmt="none", ecolor=colours, elinewidth=6, alpha=0.45)
    axes.scatter(mus, rows, color="black", s=22, zorder=3)
    for row, standing in enumerate(standings):
        low, high = standing.interval
        axes.annotate(f"{standing.rating.mu:.1f}  [{low:.1f}, {high:.1f}]  n={standing.games}",
                      (high, row), xytext=(8, 0), textcoords="offset points", va="center", fontsize=9)
    axes.set_yticks(rows, labels)
    axes.invert_yaxis()
    if len(standings):
        axes.set_xlim(min(s.interval[0] for s in standings) - 2,
                      max(s.interval[1] for s in standings) + 14)  # room for the labels
    axes.set_xlabel("rating μ with μ ± 2σ (Plackett–Luce, openskill)")
    axes.grid(axis="x", alpha=0.3)
    axes.set_title(title or f"Ladder: {len(standings)} bots, best first by μ − 3σ")
    save_figure(figure, path, dpi=110, format="png")
