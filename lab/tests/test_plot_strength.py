"""``lab/scripts/plot_strength.py`` reads both kinds of results file: the sparring harness's
(the project's bot is the ``ext:`` seat) and ``risk tournament``'s (the first bot is under test)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from study_scripts import load_script


def load():
    return load_script("plot_strength")


def write(path: Path, records) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def test_a_tournament_file_counts_the_first_bots_wins(tmp_path):
    seats = ["strategist", "mcts"]
    games = [{"seats": seats, "winner_bot": "strategist"}, {"seats": seats[::-1], "winner_bot": "strategist"},
             {"seats": seats, "winner_bot": "mcts"}]
    assert load().rate(write(tmp_path / "local.jsonl", games)) == (2, 3, 2, True)


def test_a_sparring_file_counts_the_ext_seats_wins(tmp_path):
    seats = [{"spec": "ext:strategist"}, {"spec": "hard"}, {"spec": "hard"}]
    games = [{"seats": seats, "winner_spec": "ext:strategist"}, {"seats": seats, "winner_spec": "hard"}]
    assert load().rate(write(tmp_path / "dom.jsonl", games)) == (1, 2, 3, False)


def test_the_plot_is_written(tmp_path, monkeypatch):
    seats = ["strategist", "mcts"]
    results = write(tmp_path / "local.jsonl", [{"seats": seats, "winner_bot": "strategist"},
                                               {"seats": seats[::-1], "winner_bot": "mcts"}])
    out = tmp_path / "plot.png"
    monkeypatch.setattr(sys, "argv", ["plot_strength.py", str(out), f"before={results}", f"after={results}"])
    load().main()
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
