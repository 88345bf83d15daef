"""The phases of a tuning run, played through a :class:`~risk.tournament.session.Session`.

Each phase numbers its games after the previous phase's, so one results file holds the whole
run and ``--resume`` continues it wherever it stopped: the sweep (or the SPSA iterations), then
the confirmation.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from risk.tournament.schedule import groups_for
from risk.tournament.session import GroupCursor, Session
from risk.tournament.stats import PairedSPRT
from risk.tuning.confirm import confirm_tasks, pair_scores
from risk.tuning.fit import Optimum, find_optimum
from risk.tuning.params import Number, TunedBot
from risk.tuning.spsa import Spsa, SpsaStep
from risk.tuning.sweep import SweepPoint, sweep_points, sweep_tasks


@dataclass
class SweepPlan:
    bot: TunedBot
    param: str
    values: Sequence[Number]
    opponents: Sequence[str]
    groups: int
    seed: int

    @property
    def players(self) -> int:
        return 1 + len(self.opponents)

    def tasks(self):
        return sweep_tasks(self.bot, self.param, self.values, self.opponents, self.groups, self.seed)

    @property
    def games(self) -> int:
        return self.groups * len(self.values) * self.players


def run_sweep(session: Session, plan: SweepPlan, bootstrap: int
              ) -> tuple[list[SweepPoint], Optimum]:
    finished = session.play(plan.tasks())
    points = sweep_points(plan.values, finished.values())
    optimum = find_optimum([p.value for p in points], [p.wins for p in points],
                           [p.games for p in points], seed=plan.seed, samples=bootstrap)
    return points, optimum


def rounded_optimum(bot: TunedBot, param: str, optimum: Optimum) -> Number:
    """The optimum to a sensible precision: about a hundredth of the swept range."""
    width = float(optimum.grid[-1] - optimum.grid[0])
    decimals = max(0, -math.floor(math.log10(width / 100))) if width > 0 else 3
    return bot.coerce(param, round(optimum.value, decimals))


def run_spsa(session: Session, spsa: Spsa, opponents: Sequence[str],
             on_step: Callable[[SpsaStep], None]) -> None:
    size = 2 * (1 + len(opponents))
    for k in range(spsa.settings.iterations):
        tasks = spsa.tasks(k, opponents, first_game=k * size)
        finished = session.play(tasks)
        on_step(spsa.update(k, [finished[task.game] for task in tasks]))


def confirm_size(opponents: Sequence[str], max_games: int) -> int:
    """Games the confirmation may play at most: whole paired groups."""
    size = 2 * (1 + len(opponents))
    return groups_for(max_games, size) * size


def run_confirm(session: Session, candidate: str, baseline: str, opponents: Sequence[str],
                seed: int, first_game: int, max_games: int, gain: float) -> PairedSPRT:
    size = 2 * (1 + len(opponents))
    tasks = confirm_tasks(candidate, baseline, opponents, confirm_size(opponents, max_games) // size,
                          seed, first_game)
    test = PairedSPRT(delta1=gain)
    cursor = GroupCursor(tasks)

    def feed(record: dict[str, Any]) -> None:
        for group in cursor.add(record):
            if test.verdict is None:
                for score in pair_scores(group):
                    test.add(score)
                test.check()

    session.play(tasks, on_record=feed, stop=lambda: test.verdict is not None)
    return test
