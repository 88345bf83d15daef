"""``lab/scripts/elimination_race.py``: the race to eliminate, read from recorded games."""

from __future__ import annotations

import pytest

from risk.match import Match
from risk.players import make_player
from study_scripts import load_script

elimination_race = load_script("elimination_race")


def play_and_record(folder, seed: int, specs: list[str]) -> None:
    match = Match([make_player(spec) for spec in specs], seed=seed)
    match.play()
    match.record.write(folder / f"game-{seed:05d}.jsonl.gz")


def test_each_recorded_elimination_is_read_in_order_with_the_bot_share(tmp_path):
    for seed in (1, 2):
        play_and_record(tmp_path, seed, ["angry", "random", "random"])
    games = [elimination_race.race_of(path, "angry") for path in sorted(tmp_path.glob("*.jsonl.gz"))]
    for game in games:
        assert game.bot == 0
        left = [e.players_left for e in game.eliminations]
        assert left == sorted(left, reverse=True) and len(set(left)) == len(left)
        turns = [e.turn for e in game.eliminations]
        assert turns == sorted(turns)
        assert all(0.0 <= e.bot_share <= 1.0 for e in game.eliminations)
        # a game won by conquest ends with the last elimination: one player left, all its armies
        if game.won:
            assert game.eliminations[-1].players_left == 1 and game.eliminations[-1].bot_share == 1.0
        for e in game.eliminations:
            if e.player == game.bot:
                assert e.bot_share == 0.0
    lines = elimination_race.race_table(games)
    assert sum(int(line.split()[0]) for line in lines if line.strip()[0].isdigit()) == len(games)


def test_a_game_the_bot_did_not_play_is_left_out(tmp_path):
    play_and_record(tmp_path, 3, ["random", "angry"])
    assert elimination_race.race_of(tmp_path / "game-00003.jsonl.gz", "threshold") is None


def test_a_folder_without_records_is_one_line_naming_it(tmp_path):
    with pytest.raises(SystemExit, match="no game records"):
        elimination_race.main([str(tmp_path)])


def test_a_duel_is_counted_only_when_the_bot_is_in_it():
    E, G = elimination_race.Elimination, elimination_race.RaceGame
    games = [
        # the bot (seat 0) out first: the duel the others play after is not its
        G(0, False, (E(5, 0, 1, 3, 0.0), E(9, 2, 1, 2, 0.0), E(12, 3, 1, 1, 0.0))),
        # another takes the third player out, the bot (seat 1) enters the duel with 0.4 and wins it
        G(1, True, (E(4, 3, 0, 3, 0.3), E(8, 2, 0, 2, 0.4), E(15, 0, 1, 1, 1.0))),
        # the bot (seat 2) takes the third out with 0.7 and loses the duel
        G(2, False, (E(4, 3, 2, 3, 0.5), E(8, 1, 2, 2, 0.7), E(15, 2, 0, 1, 0.0))),
    ]
    lines = elimination_race.race_table(games)
    assert "    1  bot out / lost" in lines
    assert "    1  other took / other took / won" in lines
    assert "    1  bot took / bot took / lost" in lines
    assert any(line.startswith("duels after the bot took the third player out: 1, won 0; median share of armies 0.70")
               for line in lines)
    assert any(line.startswith("duels after the other took the third player out: 1, won 1; median share of armies 0.40")
               for line in lines)
