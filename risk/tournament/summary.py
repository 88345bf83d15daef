"""Per-bot totals of a set of result lines: games, wins, places, and wins by seat.

A bot is an *entrant* (its label in ``players``: the spec, or ``spec#2`` for a second copy), so
two copies of one bot are counted apart and can be compared with each other. A game without a
winner (an exact tie at the turn limit, or a tie after a forfeit) is a draw and counts as a
non-win for every seat; the places still count toward the average place and the ratings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from risk.tournament.stats import WinRate


@dataclass
class BotSummary(WinRate):
    label: str
    games: int = 0
    wins: int = 0
    place_total: int = 0
    faults: int = 0
    seat_games: list[int] = field(default_factory=list)
    seat_wins: list[int] = field(default_factory=list)

    @property
    def avg_place(self) -> float:
        return self.place_total / self.games if self.games else 0.0

    def seat_win_rates(self) -> list[float | None]:
        return [w / g if g else None for w, g in zip(self.seat_wins, self.seat_games)]


@dataclass
class Summary:
    bots: dict[str, BotSummary]     # in order of first appearance (the --bots order)
    games: int
    draws: int
    faults: int
    seats: int                      # the most seats any game had


def summarize(records: Iterable[dict[str, Any]]) -> Summary:
    ordered = sorted(records, key=lambda r: r["game"])
    seats = max((len(r["seats"]) for r in ordered), default=0)
    bots: dict[str, BotSummary] = {}
    draws = faults = 0
    for record in ordered:
        players = record.get("players") or record["seats"]
        winner = record["winner"]
        fault = record.get("fault")
        draws += winner is None
        faults += fault is not None
        for seat, label in enumerate(players):
            bot = bots.get(label)
            if bot is None:
                bot = bots[label] = BotSummary(label, seat_games=[0] * seats, seat_wins=[0] * seats)
            bot.games += 1
            bot.seat_games[seat] += 1
            bot.place_total += record["places"][seat]
            if winner == seat:
                bot.wins += 1
                bot.seat_wins[seat] += 1
            if fault is not None and fault["seat"] == seat:
                bot.faults += 1
    return Summary(bots=bots, games=len(ordered), draws=draws, faults=faults, seats=seats)
