"""``lab/scripts/tournament_seats.py``: a bot's wins and first-out games by its seat."""

from __future__ import annotations

import json

from study_scripts import load_script

tournament_seats = load_script("tournament_seats")


def test_wins_and_first_out_games_by_the_seat_the_bot_played(tmp_path, capsys):
    results = tmp_path / "run.jsonl"
    games = [
        {"seats": ["strategist", "mcts", "mcts", "mcts"], "places": [1, 2, 3, 4]},
        {"seats": ["mcts", "mcts", "strategist", "mcts"], "places": [1, 2, 4, 3]},
        {"seats": ["mcts", "mcts", "strategist", "mcts"], "places": [2, 1, 3, 4]},
        {"seats": ["mcts", "mcts", "mcts"], "places": [1, 2, 3]},  # a game without the bot: not counted
    ]
    results.write_text("".join(json.dumps(g) + "\n" for g in games), encoding="utf-8")
    games_by_seat, wins, first_out = tournament_seats.by_seat(str(results), "strategist")
    assert (dict(games_by_seat), dict(wins), dict(first_out)) == ({0: 1, 2: 2}, {0: 1, 2: 0}, {0: 0, 2: 1})
    assert tournament_seats.main([str(results)]) == 0
    assert "seat 0: won 1/1, first out 0; seat 2: won 0/2, first out 1" in capsys.readouterr().out
