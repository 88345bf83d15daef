"""``lab/scripts/dom_roles.py``: a screen's duels by role, map by map and pooled."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from study_scripts import load_script


def load():
    return load_script("dom_roles")


def write(path: Path, records) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in records))


def batch(folder: Path, name: str, outcomes: list[tuple[bool, bool]]) -> None:
    """A batch of (moved first, won) games."""
    write(folder / f"{name}.jsonl", [{"winner_spec": "ext:strategist" if won else "hard"} for _, won in outcomes])
    write(folder / f"{name}.trajectory.jsonl", [{"first": first} for first, _ in outcomes])


def test_each_map_and_the_pool_are_split_by_role(tmp_path, capsys):
    batch(tmp_path, "v-uk", [(True, True), (True, False), (False, True)])
    batch(tmp_path, "v-teg", [(False, False), (False, True), (True, True)])
    load().main([str(tmp_path), "v", "--maps", "uk,teg,tube"])
    out = capsys.readouterr().out
    assert "| v | uk | 1/2, 50% [9%, 91%] | 1/1, 100% [21%, 100%] | 2/3, 67% [21%, 94%] |" in out
    assert "| v | teg | 1/1, 100% [21%, 100%] | 1/2, 50% [9%, 91%] | 2/3, 67% [21%, 94%] |" in out
    assert "| v | **pooled** | 2/3, 67% [21%, 94%] | 2/3, 67% [21%, 94%] | 4/6, 67% [30%, 90%] |" in out
    assert "tube" not in out


def test_first_n_reads_the_same_games_of_each_batch(tmp_path, capsys):
    batch(tmp_path, "v-uk", [(True, True), (False, False), (True, False)])
    load().main([str(tmp_path), "v", "--maps", "uk", "--first", "2"])
    assert "| v | uk | 1/1, 100% [21%, 100%] | 0/1, 0% [0%, 79%] | 1/2, 50% [9%, 91%] |" in capsys.readouterr().out


def test_a_short_trajectory_is_refused(tmp_path):
    write(tmp_path / "v-uk.jsonl", [{"winner_spec": "hard"}, {"winner_spec": "hard"}])
    write(tmp_path / "v-uk.trajectory.jsonl", [{"first": True}])
    with pytest.raises(SystemExit, match="1 game starts for 2 games"):
        load().main([str(tmp_path), "v", "--maps", "uk"])
