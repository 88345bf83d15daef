"""Confirmation: is the tuned value really better than the baseline? A paired sequential test.

Every game is played twice on the same seed and seating, once with the tuned bot and once with
the baseline bot in the candidate's seat; the pair scores +1 if only the tuned bot won, -1 if
only the baseline won, 0 otherwise. Pairing removes the luck of the deal and the dice from the
comparison, so far fewer games decide it than two separate win rates would need. The seeds come
from their own stream: the optimum was chosen on the sweep's deals, and testing it on those
again would flatter it. A :class:`~risk.tournament.stats.PairedSPRT` looks at the pairs after
each whole seat-rotation group and stops the phase once it decides.
"""

from __future__ import annotations

from typing import Any, Sequence

from risk.tournament.schedule import (CONFIRM_STREAM, GameTask, entrant_labels, group_seed,
                                      rotate, seat_of)
from risk.tuning.sweep import candidate_won

CANDIDATE, BASELINE = "candidate", "baseline"


def paired_group(specs: tuple[str, str], roles: tuple[str, str], opponents: Sequence[str],
                 group: int, seed: int, first_game: int, tag: dict[str, Any]) -> list[GameTask]:
    """One seat-rotation group played in pairs: for each rotation, a game with ``specs[0]`` in the
    candidate's seat and the same game with ``specs[1]`` there; ``tag["role"]`` tells them apart."""
    players = 1 + len(opponents)
    tasks = []
    for rotation in range(players):
        for side, (spec, role) in enumerate(zip(specs, roles)):
            entrants = [spec] + list(opponents)
            tasks.append(GameTask(
                game=first_game + rotation * 2 + side, group=group, rotation=rotation, seed=seed,
                seats=rotate(entrants, rotation), players=rotate(entrant_labels(entrants), rotation),
                tag={**tag, "role": role, "seat": seat_of(0, rotation, players)}))
    return tasks


def confirm_tasks(candidate: str, baseline: str, opponents: Sequence[str], groups: int,
                  master_seed: int, first_game: int) -> list[GameTask]:
    """``groups`` paired groups of the candidate against the baseline, in game order."""
    size = 2 * (1 + len(opponents))
    tasks = []
    for group in range(groups):
        tasks += paired_group((candidate, baseline), (CANDIDATE, BASELINE), opponents, group,
                              group_seed(master_seed, group, CONFIRM_STREAM),
                              first_game + group * size, {"phase": "confirm"})
    return tasks


def pair_scores(group: Sequence[dict[str, Any]], roles: tuple[str, str] = (CANDIDATE, BASELINE)
                ) -> list[int]:
    """The pairs of one finished group, by rotation: +1 if only ``roles[0]``'s bot won, -1 if
    only ``roles[1]``'s did, else 0."""
    by_rotation: dict[int, dict[str, bool]] = {}
    for record in group:
        by_rotation.setdefault(record["rotation"], {})[record["tag"]["role"]] = candidate_won(record)
    return [int(pair[roles[0]]) - int(pair[roles[1]]) for _, pair in sorted(by_rotation.items())]
