"""The ladder: ratings of every bot played, kept game by game in SQLite; a kill -9 in the middle of
adding games loses at most the game in flight, and the same command run again finishes the job."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from risk.cli import main
from risk.tournament.ladder import ADDED, KNOWN, SHARED, Ladder, key_of
from risk.tournament.ratings import initial_rating, rate_game, rate_games
from tests.support import DATA, ROOT

TINY = str(DATA / "tiny.json")
BOTS = ["angry", "threshold", "random", "markov"]


def made_up_results(path: Path, count: int, seed: int = 7) -> list[dict]:
    """``count`` valid result lines of three of four bots, seated and placed at random (seeded):
    what the ladder reads, without the time it takes to play them."""
    rng = np.random.default_rng(seed)
    results = []
    for game in range(count):
        seats = [str(bot) for bot in rng.permutation(BOTS)[:3]]
        places = [int(place) for place in rng.permutation([1, 2, 3])]
        results.append({"game": game, "group": game, "rotation": 0, "seed": game, "seats": seats,
                        "players": seats, "winner": places.index(1), "places": places, "turns": 9,
                        "reason": "conquest", "fault": None, "setup": f"made-up {seed}"})
    path.write_text("".join(json.dumps(result) + "\n" for result in results))
    return results


def game_lines(output: str) -> int:
    return sum(line.startswith("game ") for line in output.splitlines())


def table(db: Path) -> dict[str, tuple]:
    with Ladder(db) as ladder:
        return {s.spec: (s.rating.mu, s.rating.sigma, s.games, s.wins, s.place_total)
                for s in ladder.standings()}


def replayed(games: list[dict]) -> dict[str, tuple]:
    """The table the games make when rated again one by one in the order they were added."""
    ratings, counts = {}, {}
    for game in games:
        before = [ratings.get(spec) or initial_rating() for spec in game["seats"]]
        for seat, (spec, rating) in enumerate(zip(game["seats"], rate_game(before, game["places"]))):
            ratings[spec] = rating
            played, wins, places = counts.get(spec, (0, 0, 0))
            counts[spec] = (played + 1, wins + (game["winner"] == seat), places + game["places"][seat])
    return {spec: (r.mu, r.sigma, *counts[spec]) for spec, r in ratings.items()}


# -- adding games ------------------------------------------------------------------------------------

def test_adding_a_tournament_rates_as_the_tournament_does_and_never_twice(tmp_path, capsys):
    out, db = tmp_path / "r.jsonl", tmp_path / "ladder.sqlite"
    assert main(["tournament", "--bots", "angry,threshold,random", "--games", "9", "--seed", "4",
                 "--jobs", "2", "--map", TINY, "--max-turns", "20", "--out", str(out)]) == 0
    results = [json.loads(line) for line in out.read_text().splitlines()]
    assert main(["ladder", "add", str(out), "--db", str(db)]) == 0
    assert main(["ladder", "add", str(out), "--db", str(db)]) == 0
    output = capsys.readouterr().out
    assert "added 9 of 9 games" in output and "added 0 of 9 games (left out: 9 already in the ladder)" in output
    expected = rate_games(results)  # distinct bots, in game order: the tournament's own ratings
    assert {spec: row[:2] for spec, row in table(db).items()} == {
        spec: (rating.mu, rating.sigma) for spec, rating in expected.items()}


def test_a_game_with_one_bot_in_several_seats_is_left_out(tmp_path):
    with Ladder(tmp_path / "ladder.sqlite") as ladder:
        line = {"seed": 1, "seats": ["random", "random", "angry"], "places": [2, 3, 1], "winner": 2,
                "turns": 5, "reason": "conquest", "setup": "x"}
        assert ladder.add(line, "test") == SHARED
        line["seats"] = ["random", "threshold", "angry"]
        assert ladder.add(line, "test") == ADDED and ladder.add(line, "test") == KNOWN
        assert ladder.game_count() == 1 and ladder.games()[0]["key"] == key_of(line)


def test_play_adds_each_game_and_the_same_seed_plays_only_what_is_missing(tmp_path, capsys):
    db = tmp_path / "ladder.sqlite"
    common = ["ladder", "play", "--bots", "angry,threshold,random", "--seed", "3", "--map", TINY,
              "--max-turns", "20", "--jobs", "1", "--db", str(db)]
    assert main([*common, "--games", "3"]) == 0
    first = capsys.readouterr().out
    assert game_lines(first) == 3 and "3 games, 3 bots in" in first
    assert main([*common, "--games", "6"]) == 0
    captured = capsys.readouterr()
    assert "3 of these 6 games are in the ladder already" in captured.err
    assert game_lines(captured.out) == 3 and "6 games, 3 bots in" in captured.out
    straight = tmp_path / "straight.sqlite"
    assert main([*common[:-1], str(straight), "--games", "6"]) == 0
    assert table(db) == table(straight)
    assert main(["ladder", "play", "--bots", "angry,angry", "--db", str(db)]) == 1
    assert "'angry' is listed twice" in capsys.readouterr().err


def test_show_prints_the_table_plots_it_and_says_json(tmp_path, capsys):
    db = tmp_path / "ladder.sqlite"
    made_up_results(tmp_path / "r.jsonl", 60)
    assert main(["ladder", "add", str(tmp_path / "r.jsonl"), "--db", str(db)]) == 0
    capsys.readouterr()
    plot = tmp_path / "ladder.png"
    assert main(["ladder", "show", "--db", str(db), "--plot", str(plot)]) == 0
    shown = capsys.readouterr().out.strip().splitlines()
    assert shown[0].split()[:3] == ["rank", "bot", "games"] and "μ ± 2σ" in shown[0]
    assert len(shown) == 1 + len(BOTS) + 1 and shown[-1].startswith("60 games, 4 bots")
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["ladder", "show", "--db", str(db), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 60 and len(data["bots"]) == 4
    ordinals = [bot["ordinal"] for bot in data["bots"]]
    assert ordinals == sorted(ordinals, reverse=True)            # best first
    for bot in data["bots"]:
        assert bot["interval"] == pytest.approx([bot["mu"] - 2 * bot["sigma"], bot["mu"] + 2 * bot["sigma"]])


def test_names_from_a_file_are_shown_with_their_controls_escaped(tmp_path, capsys):
    db = tmp_path / "ladder.sqlite"
    with Ladder(db) as ladder:
        ladder.add({"seed": 1, "seats": ["angry", "x\x1b[2Jy"], "players": ["angry", "evil\x1b[2J"],
                    "places": [1, 2], "winner": 0, "turns": 5, "reason": "conquest"}, "test")
    assert main(["ladder", "show", "--db", str(db)]) == 0
    shown = capsys.readouterr().out
    assert "\x1b" not in shown and "evil\\x1b[2J" in shown and "x\\x1b[2Jy" in shown


def test_the_default_ladder_lives_in_the_users_data_folder(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("MARKOV_RISK_DATA", str(tmp_path / "data"))
    assert main(["ladder", "show"]) == 1
    assert "no ladder at" in capsys.readouterr().err
    made_up_results(tmp_path / "r.jsonl", 3)
    assert main(["ladder", "add", str(tmp_path / "r.jsonl")]) == 0
    assert (tmp_path / "data" / "ladder.sqlite").is_file()


def test_a_file_that_is_not_a_ladder_is_refused_in_one_line(tmp_path, capsys):
    junk = tmp_path / "junk.sqlite"
    junk.write_text("not a database at all\n" * 200)
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE things (x)")
    for path, words in ((junk, "not a usable ladder database"), (other, "not a ladder database")):
        assert main(["ladder", "show", "--db", str(path)]) == 1
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and str(path) in err[0] and words in err[0]


def test_two_processes_may_add_to_one_ladder_at_once(tmp_path):
    db = tmp_path / "ladder.sqlite"
    files = [tmp_path / "a.jsonl", tmp_path / "b.jsonl"]
    for seed, path in enumerate(files):
        made_up_results(path, 300, seed=seed)
    runs = [start(["ladder", "add", str(path), "--db", str(db)], tmp_path / f"{path.stem}.err")
            for path in files]
    assert [run.wait(timeout=300) for run in runs] == [0, 0]
    games = assert_whole(db)                                 # one game at a time, all of them
    assert len(games) == 600 and {game["source"] for game in games} == {str(path) for path in files}


# -- kill -9 -----------------------------------------------------------------------------------------

def start(args: list[str], stderr: Path) -> subprocess.Popen:
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    with open(stderr, "wb") as err:
        return subprocess.Popen([sys.executable, "-m", "risk", *args], cwd=ROOT, env=environment,
                                stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)


#: The command line with a SIGKILL at a point fixed in advance, not raced by the clock: inside the
#: transaction of the ``KILL_AT_NEW_GAME``-th game the process adds, after that game's row is
#: written and before its bots' ratings are (the worst moment for the database).
KILLED_RUN = """
import os, signal, sys
from risk.tournament import ladder

at, new_games = int(os.environ["KILL_AT_NEW_GAME"]), [0]

class Dying:
    def __init__(self, db):
        self._db = db
    def execute(self, sql, *args):
        if sql.startswith("INSERT INTO games"):
            new_games[0] += 1
        elif sql.startswith("INSERT INTO bots") and new_games[0] == at:
            os.kill(os.getpid(), signal.SIGKILL)
        return self._db.execute(sql, *args)
    def __getattr__(self, name):
        return getattr(self._db, name)

opened = ladder.Ladder.__init__
def open_dying(self, path):
    opened(self, path)
    self._db = Dying(self._db)
ladder.Ladder.__init__ = open_dying

from risk.cli import main
sys.exit(main(sys.argv[1:]))
"""


def killed_at(args: list[str], new_game: int, stderr: Path) -> None:
    """Run ``risk ARGS`` in a process killed by SIGKILL inside its ``new_game``-th game's
    transaction; fails if it ended any other way."""
    environment = dict(os.environ, KILL_AT_NEW_GAME=str(new_game),
                       PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    with open(stderr, "wb") as err:
        process = subprocess.Popen([sys.executable, "-c", KILLED_RUN, *args], cwd=ROOT, env=environment,
                                   stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
    try:
        status = process.wait(timeout=300)
    finally:
        try:  # anything it started goes too, as with kill -9 of the process group
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    assert status == -signal.SIGKILL, stderr.read_text()       # killed in the middle


def assert_whole(db: Path) -> list[dict]:
    """The database after a kill: intact, and its table exactly what its games make."""
    with sqlite3.connect(db) as connection:                  # rolls an unfinished game back
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    with Ladder(db) as ladder:
        games = ladder.games()
    assert table(db) == replayed(games)
    return games


def test_a_kill_minus_nine_while_adding_loses_nothing_committed_and_add_resumes(tmp_path, capsys):
    results_file, db = tmp_path / "r.jsonl", tmp_path / "ladder.sqlite"
    results = made_up_results(results_file, 1500)
    stderr = tmp_path / "stderr.txt"
    committed = 0
    for new_game in (100, 200, 200):  # three kills, each inside a game's transaction
        killed_at(["ladder", "add", str(results_file), "--db", str(db)], new_game, stderr)
        games = assert_whole(db)
        committed += new_game - 1                            # the game in flight is rolled back
        assert len(games) == committed
        assert [game["key"] for game in games] == [key_of(r) for r in results[:len(games)]]  # in order

    assert main(["ladder", "add", str(results_file), "--db", str(db)]) == 0
    assert f"added {len(results) - len(games)} of {len(results)} games" in capsys.readouterr().out
    straight = tmp_path / "straight.sqlite"
    assert main(["ladder", "add", str(results_file), "--db", str(straight)]) == 0
    assert table(db) == table(straight)                      # as if never interrupted


def test_a_kill_minus_nine_while_playing_and_the_same_command_resumes(tmp_path):
    db = tmp_path / "ladder.sqlite"
    command = ["ladder", "play", "--bots", "angry,threshold,random", "--games", "60", "--seed", "8",
               "--map", TINY, "--max-turns", "20", "--jobs", "1"]
    stderr = tmp_path / "stderr.txt"
    killed_at([*command, "--db", str(db)], 5, stderr)
    games = assert_whole(db)
    assert len(games) == 4

    assert main([*command, "--db", str(db)]) == 0
    straight = tmp_path / "straight.sqlite"
    assert main([*command, "--db", str(straight)]) == 0
    assert table(db) == table(straight)                      # one job: the games in game order


def test_a_new_ladder_held_by_another_process_is_waited_for_not_refused(tmp_path):
    # Two processes opening a new ladder together: the one that is second finds the file held
    # while the first sets it up. SQLite refuses a change of journal mode at once then (the busy
    # timeout does not apply), which once failed one of two concurrent `ladder add` runs.
    import threading

    from risk.tournament.ladder import Ladder

    db = tmp_path / "ladder.sqlite"
    holder = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")   # the write lock of a database not yet in write-ahead mode
    holder.execute("CREATE TABLE setting_up (x)")
    released = threading.Timer(0.5, lambda: holder.execute("ROLLBACK"))
    released.start()
    try:
        with Ladder(db) as ladder:
            assert ladder.has("no such game") is False
    finally:
        released.join()
        holder.close()
