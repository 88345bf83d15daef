"""``lab/scripts/dom_turn_cost.py``: the bot's time per turn in sparring batches, beside Hard's."""

from __future__ import annotations

import json
from pathlib import Path

from study_scripts import load_script


def load():
    return load_script("dom_turn_cost")


def write(path: Path, records) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in records))


def batch(folder: Path, games: list[dict], turns: list[int], hard: list[dict] | None = None) -> Path:
    """A run's results, its phase log (``turns`` distinct turns a game) and, given, Hard's timing."""
    results = folder / "r.jsonl"
    write(results, [{"agent": agent} for agent in games])
    phases = []
    for count in turns:
        phases.append({"game": True})
        phases += [{"turn": 2 * k, "state": 2} for k in range(count)] + [{"turn": 0, "state": 3}]
    write(folder / "r.phases.jsonl", phases)
    if hard is not None:
        write(folder / "r.hardcpu.jsonl", hard)
    return results


def test_cpu_per_turn_is_set_against_hards_in_the_same_games(tmp_path):
    results = batch(tmp_path, [{"bot_seconds": 9.0, "bot_cpu_seconds": 1.0}, {"bot_seconds": 9.0, "bot_cpu_seconds": 3.0}],
                    [10, 10], [{"cpu_seconds": 0.1, "turns": 10}, {"cpu_seconds": 0.3, "turns": 10}])
    text = load().report(results)
    assert "2 games, 20 turns of the bot; its cpu seconds per turn 0.2000 over all, per game median 0.2000" in text
    assert "Hard, the same games: 20 turns, CPU seconds per turn 0.02000 over all, per game median 0.02000" in text
    # Every resample keeps each game's two sides together, and each game's ratio is 10
    assert "the bot's over Hard's 10.0 times [10.0, 10.0]" in text


def test_the_ratio_pools_turns_rather_than_averaging_games(tmp_path):
    results = batch(tmp_path, [{"bot_seconds": 0, "bot_cpu_seconds": 1.0}, {"bot_seconds": 0, "bot_cpu_seconds": 1.0}],
                    [10, 30], [{"cpu_seconds": 0.5, "turns": 10}, {"cpu_seconds": 0.5, "turns": 40}])
    # The bot: 2 s over 40 turns; Hard: 1 s over 50 turns; 0.05 / 0.02
    assert "the bot's over Hard's 2.5 times" in load().report(results)


def test_a_run_without_cpu_times_falls_back_to_the_wall_clock_and_no_ratio(tmp_path):
    results = batch(tmp_path, [{"bot_seconds": 2.0}], [4], [{"cpu_seconds": 0.1, "turns": 4}])
    text = load().report(results)
    assert "its wall seconds per turn 0.5000" in text
    assert "Hard" not in text


def test_hard_timings_that_do_not_match_the_games_are_not_compared(tmp_path):
    results = batch(tmp_path, [{"bot_seconds": 1, "bot_cpu_seconds": 1.0}] * 2, [5, 5], [{"cpu_seconds": 0.1, "turns": 5}])
    assert "1 timed games for 2 results (a resumed run?): not compared" in load().report(results)
