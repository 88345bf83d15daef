"""Ratings across many bots: the Plackett–Luce model of Weng and Lin, from ``openskill``.

Every game is a ranking of its seats by place (ties allowed); each entrant's rating is a normal
belief with mean ``mu`` and standard deviation ``sigma`` (starting at 25 and 25/3), updated game
by game in game order, so the ratings of a results file do not depend on the order in which
its games finished. Unlike a win rate, a rating uses the whole ranking (second place beats
third) and compares bots that never met directly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

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


def initial_rating() -> Rating:
    """The rating of a bot before its first game (openskill's defaults: 25 and 25/3)."""
    rating = _model().rating()
    return Rating(rating.mu, rating.sigma)


def rate_game(before: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """The ratings of one game's seats after it: ``before`` and ``places`` by seat (1 = best,
    ties allowed)."""
    model = _model()
    teams = [[model.rating(mu=rating.mu, sigma=rating.sigma)] for rating in before]
    return [Rating(team[0].mu, team[0].sigma) for team in model.rate(teams, ranks=list(places))]


def rate_games(records: Iterable[dict[str, Any]]) -> dict[str, Rating]:
    """Each entrant's rating after ``records`` (taken in game order)."""
    current: dict[str, Rating] = {}
    for record in sorted(records, key=lambda r: r["game"]):
        players = record.get("players") or record["seats"]
        before = [current.get(label) or initial_rating() for label in players]
        current.update(zip(players, rate_game(before, record["places"])))
    return current


_MODELS: list[PlackettLuce] = []


def _model() -> PlackettLuce:
    # One model for every rating: its options (the default prior, tau) must not drift apart.
    if not _MODELS:
        _MODELS.append(PlackettLuce())
    return _MODELS[0]
