"""The coarse sweep: every value of one parameter against the same field, on the same deals.

The tuned bot (entrant 0) and the opponents fill the seats, rotated within each group as in a
tournament. Every value plays the *same* group seeds (common random numbers): differences
between values are then differences of the bot, not of the luck, which makes the curve much
smoother than independent games would. Groups are interleaved across values (group 0 for every
value, then group 1, ...), so an interrupted sweep still covers the whole range evenly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from risk.tournament.schedule import SWEEP_STREAM, GameTask, group_seed, group_tasks
from risk.tournament.stats import WinRate
from risk.tuning.params import Number, TunedBot


@dataclass
class SweepPoint(WinRate):
    value: Number
    games: int = 0
    wins: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "games": self.games, "wins": self.wins,
                "win_rate": self.win_rate, "ci95": list(self.ci95)}


def sweep_tasks(bot: TunedBot, param: str, values: Sequence[Number], opponents: Sequence[str],
                groups: int, master_seed: int) -> list[GameTask]:
    players = 1 + len(opponents)
    tasks: list[GameTask] = []
    for group in range(groups):
        seed = group_seed(master_seed, group, SWEEP_STREAM)
        for index, value in enumerate(values):
            specs = [bot.spec_with({param: value})] + list(opponents)
            first = (group * len(values) + index) * players
            tasks += group_tasks(specs, group, seed, first, candidate=0,
                                 tag={"phase": "sweep", "value": value})
    return tasks


def candidate_won(record: dict[str, Any]) -> bool:
    """Whether the tuned bot (whose seat the tag records) won this game."""
    return record["winner"] is not None and record["winner"] == record["tag"]["seat"]


def sweep_points(values: Sequence[Number], records: Iterable[dict[str, Any]]) -> list[SweepPoint]:
    points = {value: SweepPoint(value) for value in values}
    for record in records:
        tag = record.get("tag") or {}
        if tag.get("phase") == "sweep" and tag.get("value") in points:
            point = points[tag["value"]]
            point.games += 1
            point.wins += candidate_won(record)
    return [points[value] for value in values]
