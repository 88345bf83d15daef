"""Ratings across many bots: the Plackett–Luce model of Weng and Lin, from ``openskill``.

Every game is a ranking of its seats by place (ties allowed); each entrant's rating is a normal
belief with mean ``mu`` and standard deviation ``sigma`` (starting at 25 and 25/3), updated game
by game in game order, so the ratings of a results file do not depend on the order in which
its games finished. Unlike a win rate, a rating uses the whole ranking (second place beats
third) and compares bots that never met directly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from openskill.models import PlackettLuce


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """A conservative skill estimate, mu - 3 sigma, for sorting by what is certain."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, float]:
        return {"mu": self.mu, "sigma": self.sigma}


def rate_games(records: Iterable[dict[str, Any]]) -> dict[str, Rating]:
    """Each entrant's rating after ``records`` (taken in game order)."""
    model = PlackettLuce()
    current: dict[str, Any] = {}
    for record in sorted(records, key=lambda r: r["game"]):
        players = record.get("players") or record["seats"]
        for label in players:
            if label not in current:
                current[label] = model.rating(name=label)
        teams = [[current[label]] for label in players]
        updated = model.rate(teams, ranks=list(record["places"]))
        for label, (rating,) in zip(players, updated):
            current[label] = rating
    return {label: Rating(r.mu, r.sigma) for label, r in current.items()}
