"""Which games a run plays: seat-rotation groups, their seeds, and the seat of every bot.

The unit of every comparison is a *group*: one game seed (the deal, every die, the deck) played
once per cyclic rotation of the seats. In rotation ``r`` seat ``s`` holds entrant ``(s + r) % n``,
so over a group every entrant sits in every seat exactly once and meets exactly the same luck;
no bot profits from its seat (the first mover is strongly favoured in Risk).

Seeds come from :class:`numpy.random.SeedSequence` keyed by (master seed, stream, group), so a run
is reproducible from its master seed, any game can be replayed alone, and a resumed run plays
exactly the games the interrupted one would have. The *stream* keeps the phases of a tuning run
apart: the confirmation test must not replay the deals the sweep chose its optimum on.

>>> tasks = tournament_tasks(["angry", "random", "random"], groups=1, master_seed=7)
>>> [task.seats for task in tasks]
[('angry', 'random', 'random'), ('random', 'random', 'angry'), ('random', 'angry', 'random')]
>>> [task.players for task in tasks][1]
('random', 'random#2', 'angry')
>>> len({task.seed for task in tasks})
1
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np

#: Seed streams: the phases of a run that must not share deals.
TOURNAMENT_STREAM = 0
SWEEP_STREAM = 0
CONFIRM_STREAM = 1
SPSA_STREAM = 2


@dataclass(frozen=True)
class GameTask:
    """Everything a worker needs to play one game, and what its result line records."""

    game: int                      # index in the run, from 0; the key of the results file
    group: int                     # the seat-rotation group (games sharing one seed)
    rotation: int                  # which cyclic rotation of the entrants this game seats
    seed: int                      # the game's seed: deal, dice and deck
    seats: tuple[str, ...]         # the bot spec in each seat
    players: tuple[str, ...]       # the entrant label in each seat (a repeated name gets "#2")
    tag: dict[str, Any] | None = field(default=None, compare=True, hash=False)
    # ``tag`` holds what the tuner needs to read the result (the candidate's value and seat).


def group_seed(master_seed: int, group: int, stream: int = TOURNAMENT_STREAM) -> int:
    """The seed of one group's games: a 63-bit integer, safe in JSON for any reader."""
    sequence = np.random.SeedSequence(master_seed, spawn_key=(stream, group))
    return int(sequence.generate_state(1, dtype=np.uint64)[0] >> np.uint64(1))


def entrant_labels(names: Sequence[str]) -> list[str]:
    """One label per entrant: its name (or spec), with ``#2``, ``#3`` ... on the second and later
    entrants of a name, never colliding with another entrant's own name.

    >>> entrant_labels(["random", "BorderBot", "random", "random"])
    ['random', 'BorderBot', 'random#2', 'random#3']
    """
    taken = set(names)
    labels: list[str] = []
    for name in names:
        label, copy = name, 1
        while label in labels or (copy > 1 and label in taken):
            copy += 1
            label = f"{name}#{copy}"
        labels.append(label)
    return labels


def rotate(items: Sequence, rotation: int) -> tuple:
    """The seating of rotation ``rotation``: seat ``s`` gets ``items[(s + rotation) % n]``."""
    n = len(items)
    return tuple(items[(seat + rotation) % n] for seat in range(n))


def seat_of(entrant: int, rotation: int, players: int) -> int:
    """The seat entrant ``entrant`` occupies in rotation ``rotation``."""
    return (entrant - rotation) % players


def groups_for(games: int, players: int) -> int:
    """Whole groups needed for at least ``games`` games (a partial group would favour seats)."""
    return -(-games // players)


def group_tasks(specs: Sequence[str], group: int, seed: int, first_game: int,
                tag: dict[str, Any] | None = None, candidate: int | None = None,
                labels: Sequence[str] | None = None) -> list[GameTask]:
    """The games of one group: every rotation of ``specs`` on one seed.

    With ``candidate`` (an entrant index) each game's tag also records that entrant's seat,
    which is how the tuner finds its bot in the result. ``labels`` name the entrants (default:
    :func:`entrant_labels` of the specs).
    """
    labels = entrant_labels(specs) if labels is None else list(labels)
    n = len(specs)
    tasks = []
    for rotation in range(n):
        game_tag = None if tag is None else dict(tag)
        if candidate is not None:
            game_tag["seat"] = seat_of(candidate, rotation, n)
        tasks.append(GameTask(game=first_game + rotation, group=group, rotation=rotation, seed=seed,
                              seats=rotate(specs, rotation), players=rotate(labels, rotation),
                              tag=game_tag))
    return tasks


def tournament_tasks(specs: Sequence[str], groups: int, master_seed: int,
                     labels: Sequence[str] | None = None) -> list[GameTask]:
    """All games of a tournament: ``groups`` groups of ``len(specs)`` rotations, in order;
    ``labels`` name the entrants (default: :func:`entrant_labels` of the specs)."""
    n = len(specs)
    tasks: list[GameTask] = []
    for group in range(groups):
        tasks += group_tasks(specs, group, group_seed(master_seed, group), first_game=group * n,
                             labels=labels)
    return tasks
