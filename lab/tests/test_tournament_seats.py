"""``lab/scripts/tournament_seats.py``: a bot's wins and first-out games by its seat."""

from __future__ import annotations

import json

import pytest

from study_scripts import load_script

tournament_seats = load_script("tournament_seats")


def record(game: int, seats: list[str], places: list[int]) -> dict:
    """A results line as ``risk tournament --out`` writes it."""
    players, seen = [], {}
    for spec in seats:
        seen[spec] = seen.get(spec, 0) + 1
        players.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    winner = places.index(1)
    return {"game": game, "group": game // 4, "rotation": game % 4, "seed": 1, "seats": seats,
            "players": players, "winner": winner, "winner_bot": seats[winner], "places": places, "turns": 20,
            "reason": "conquest", "actions": 300, "fault": None, "rules": {}, "setup": "0"}


def test_wins_and_first_out_games_by_the_seat_the_bot_played(tmp_path, capsys):
    results = tmp_path / "run.jsonl"
    games = [
        record(0, ["strategist", "mcts", "mcts", "mcts"], [1, 2, 3, 4]),
        record(1, ["mcts", "mcts", "strategist", "mcts"], [1, 2, 4, 3]),
        record(2, ["mcts", "mcts", "strategist", "mcts"], [2, 1, 3, 4]),
        record(3, ["mcts", "mcts", "mcts", "mcts"], [1, 2, 3, 4]),  # a game without the bot: not counted
    ]
    results.write_text("".join(json.dumps(g) + "\n" for g in games), encoding="utf-8")
    assert tournament_seats.first_out(games, "strategist") == [0, 0, 1, 0]
    assert tournament_seats.main([str(results)]) == 0
    assert "seat 0: won 1/1, first out 0; seat 2: won 0/2, first out 1" in capsys.readouterr().out


def test_a_malformed_results_file_is_one_line_naming_it(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"x": 1}\n', encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        tournament_seats.main([str(bad)])
    assert str(stop.value).startswith("tournament_seats.py: error: ") and "bad.jsonl:1" in str(stop.value)
