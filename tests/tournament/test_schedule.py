"""Seat rotation and seeds: every bot in every seat equally often, one seed per group."""

from __future__ import annotations

from collections import Counter

import numpy as np

from risk.tournament.schedule import (entrant_labels, group_seed, groups_for, seat_of,
                                      tournament_tasks)


def test_every_bot_sits_in_every_seat_equally_often():
    specs = ["mcts", "threshold", "angry", "random"]
    tasks = tournament_tasks(specs, groups=5, master_seed=7)
    assert len(tasks) == 20
    seats = Counter((label, seat) for task in tasks for seat, label in enumerate(task.players))
    assert set(seats.values()) == {5}
    assert len(seats) == 16


def test_all_games_of_a_group_share_its_seed_and_groups_differ():
    tasks = tournament_tasks(["angry", "random", "random"], groups=4, master_seed=7)
    by_group: dict[int, set[int]] = {}
    for task in tasks:
        by_group.setdefault(task.group, set()).add(task.seed)
    assert all(len(seeds) == 1 for seeds in by_group.values())
    assert len({seeds.pop() for seeds in by_group.values()}) == 4
    assert [task.rotation for task in tasks[:3]] == [0, 1, 2]
    assert [task.game for task in tasks] == list(range(12))


def test_seeds_come_from_a_seed_sequence_of_master_seed_and_group():
    expected = np.random.SeedSequence(7, spawn_key=(0, 3)).generate_state(1, dtype=np.uint64)[0]
    assert group_seed(7, 3) == int(expected) >> 1
    assert 0 <= group_seed(7, 3) < 2**63
    assert group_seed(7, 3) != group_seed(8, 3) != group_seed(7, 4)
    assert tournament_tasks(["a", "b"], 3, 7) == tournament_tasks(["a", "b"], 3, 7)


def test_rotation_places_each_entrant_where_seat_of_says():
    tasks = tournament_tasks(["a", "b", "c"], groups=1, master_seed=1)
    for task in tasks:
        for entrant, label in enumerate(["a", "b", "c"]):
            assert task.players[seat_of(entrant, task.rotation, 3)] == label


def test_repeated_specs_get_distinct_labels_but_keep_their_spec():
    assert entrant_labels(["random", "angry", "random", "random"]) == [
        "random", "angry", "random#2", "random#3"]
    task = tournament_tasks(["random", "random"], 1, 1)[1]
    assert task.seats == ("random", "random") and task.players == ("random#2", "random")


def test_games_round_up_to_whole_groups():
    assert groups_for(400, 4) == 100
    assert groups_for(30, 4) == 8
    assert groups_for(1, 6) == 1
