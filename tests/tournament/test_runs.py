"""Tournaments end to end: reproducibility, faults, the table, --json, --report, SPRT, and the
rules each result line names."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from ai import make_agent
from risk.board import load_map
from risk.cli import main
from risk.match import Match
from risk.rules import Rules
from risk.tournament.schedule import group_seed, tournament_tasks
from risk.tournament.worker import GameSetup, MoveTimeout, play_game, time_limit
from tests.support import DATA

TINY = str(DATA / "tiny.json")


def tournament(tmp_path, name, *args, board=TINY):
    """Run ``risk tournament`` here, on the tiny map unless told (a bot seated last may be
    eliminated there before its first turn), with a short turn cap."""
    out = tmp_path / name
    code = main(["tournament", "--out", str(out), "--max-turns", "30", *args]
                + (["--map", board] if board else []))
    assert code == 0
    return out


def lines(path):
    return [json.loads(line) for line in Path(path).read_text().splitlines()]


def test_same_seed_gives_an_identical_results_file_with_one_and_two_jobs(tmp_path, capsys):
    common = ["--bots", "angry,random,random", "--games", "24", "--seed", "7"]
    one = tournament(tmp_path, "one.jsonl", *common, "--jobs", "1")
    two = tournament(tmp_path, "two.jsonl", *common, "--jobs", "2")
    again = tournament(tmp_path, "again.jsonl", *common, "--jobs", "2")
    assert one.read_bytes() == two.read_bytes() == again.read_bytes()
    other = tournament(tmp_path, "other.jsonl", *common[:-1], "8", "--jobs", "1")
    assert other.read_bytes() != one.read_bytes()

    records = lines(one)
    assert [r["game"] for r in records] == list(range(24))
    expected_seeds = [group_seed(7, game // 3) for game in range(24)]
    assert [r["seed"] for r in records] == expected_seeds
    for record in records:
        assert set(record) >= {"game", "group", "seed", "seats", "winner", "places", "turns",
                               "reason", "fault"}
    output = capsys.readouterr().out
    assert output.count("game ") >= 24 * 3          # one line per game, per run
    assert "win rate" in output and "rating" in output


def test_a_tournament_game_is_the_game_match_plays():
    setup = GameSetup(Rules(max_turns=40), load_map())
    for task in tournament_tasks(["angry", "random", "random"], groups=1, master_seed=3):
        record = play_game(setup, task)
        result = Match([make_agent(s) for s in task.seats], seed=task.seed, rules=setup.rules,
                       board=setup.board).play()
        assert (record["winner"], record["places"], record["turns"], record["reason"]) == (
            result.winner, result.places, result.turns, result.reason)


def test_games_are_rounded_up_to_whole_groups_and_said_so(tmp_path, capsys):
    out = tournament(tmp_path, "r.jsonl", "--bots", "angry,random,random,random", "--games", "5",
                     "--seed", "1", "--jobs", "1")
    assert len(lines(out)) == 8
    assert "rounded up to 8" in capsys.readouterr().err


@pytest.mark.parametrize("bot, kind", [("tests.support.bots:CrashBot", "crashed"),
                                       ("tests.support.bots:IllegalBot", "made an illegal move")])
def test_a_faulting_bot_loses_every_game_and_the_tournament_completes(tmp_path, bot, kind):
    out = tournament(tmp_path, "r.jsonl", "--bots", f"{bot},angry,random", "--games", "6",
                     "--seed", "2", "--jobs", "2", board=None)
    records = lines(out)
    assert len(records) == 6
    for record in records:
        seat = record["seats"].index(bot)                  # specs in seats, names in players
        assert record["players"][seat] == bot.rpartition(":")[2]
        assert record["fault"]["seat"] == seat
        assert record["fault"]["kind"] == kind
        assert record["fault"]["bot"] == bot
        assert record["reason"] == "fault"
        assert record["places"][seat] == 3 and record["winner"] != seat
        assert record["fault"]["error"]


def test_a_stalling_bot_is_stopped_by_the_move_timeout(tmp_path, capsys):
    out = tournament(tmp_path, "r.jsonl", "--bots", "tests.support.bots:StallBot,angry,random",
                     "--games", "3", "--seed", "4", "--jobs", "2", "--move-timeout", "1",
                     board=None)
    records = lines(out)
    assert len(records) == 3
    assert all(r["fault"]["kind"] == "timed out" and r["fault"]["error"] == "no move within 1 s"
               for r in records)
    assert "timed out" in capsys.readouterr().out


def test_the_move_timeout_also_stops_a_bot_that_swallows_exceptions(tmp_path):
    # In this process (one job) the clock is SIGALRM on the main thread.
    out = tournament(tmp_path, "r.jsonl", "--bots", "tests.support.bots:StubbornBot,angry",
                     "--games", "2", "--seed", "4", "--jobs", "1", "--move-timeout", "0.5",
                     board=None)
    records = lines(out)
    assert [r["fault"]["kind"] for r in records] == ["timed out", "timed out"]
    assert all(r["winner"] == r["players"].index("angry") for r in records)


def test_the_move_clock_interrupts_a_busy_loop_outside_the_main_thread():
    outcome = []

    def spin():
        try:
            with time_limit(0.2):
                while True:
                    pass
        except MoveTimeout:
            outcome.append("timed out")

    thread = threading.Thread(target=spin)
    thread.start()
    thread.join(timeout=20)
    assert outcome == ["timed out"]


def test_json_summary_and_report_of_the_file(tmp_path, capsys):
    out = tournament(tmp_path, "r.jsonl", "--bots", "angry,random,random", "--games", "30",
                     "--seed", "5", "--jobs", "2", "--json")
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 30 and summary["sprt"] is None
    assert list(summary["bots"]) == ["angry", "random", "random#2"]
    angry = summary["bots"]["angry"]
    assert set(angry) >= {"games", "wins", "win_rate", "ci95", "avg_place", "rating"}
    assert angry["games"] == 30 and angry["win_rate"] == angry["wins"] / 30
    assert angry["ci95"][0] <= angry["win_rate"] <= angry["ci95"][1]
    assert angry["rating"]["mu"] > summary["bots"]["random"]["rating"]["mu"]
    assert sum(bot["wins"] for bot in summary["bots"].values()) == 30 - summary["draws"]

    plot = tmp_path / "r.png"
    assert main(["tournament", "--report", str(out), "--json", "--plot", str(plot)]) == 0
    assert json.loads(capsys.readouterr().out)["bots"] == summary["bots"]
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_sprt_stops_the_tournament_when_it_decides(tmp_path, capsys):
    common = ["--bots", "angry,random,random", "--games", "600", "--seed", "6",
              "--sprt", "p0=0.34,p1=0.45", "--json"]
    out = tournament(tmp_path, "two.jsonl", *common, "--jobs", "2")
    sprt = json.loads(capsys.readouterr().out)["sprt"]
    assert sprt["result"] == "H1"                      # angry is far better than a third
    assert sprt["games"] % 3 == 0                      # decided on whole groups
    assert sprt["llr"] >= sprt["upper"] == pytest.approx(2.944, abs=1e-3)
    assert sprt["games"] <= len(lines(out)) < 600      # stopped early; games in flight still count
    # The test reads whole groups in game order, so its decision does not depend on --jobs.
    out = tournament(tmp_path, "one.jsonl", *common, "--jobs", "1")
    assert json.loads(capsys.readouterr().out)["sprt"] == sprt
    assert len(lines(out)) == sprt["games"]            # one job: nothing was in flight


def test_a_worker_that_dies_stops_the_run_with_one_line_and_keeps_finished_games(tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    # Only in a worker process: with one job the bot would end the test run itself.
    code = main(["tournament", "--bots", "angry,random,tests.support.bots:ExitBot", "--games", "3",
                 "--seed", "1", "--jobs", "2", "--max-turns", "30", "--out", str(out)])
    assert code == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "a worker process died" in err[0] and "--resume" in err[0]
    assert out.exists()   # whatever finished before is kept for --resume


# Each tournament result line says what rules its game was played under.


def test_a_result_line_names_the_rules_that_differ_from_the_standard_game():
    # angry bots finish a standard game quickly (random ones can wander to the 1000-turn cap)
    task = tournament_tasks(["angry", "angry", "angry"], groups=1, master_seed=3)[0]
    standard = play_game(GameSetup(Rules(), load_map()), task)
    assert standard["rules"] == {} and len(standard["setup"]) == 12
    variant = play_game(GameSetup(Rules.preset("uk-new", missions=True, max_turns=40), load_map()), task)
    assert variant["rules"] == {"setup": "deal", "card_values": "fixed", "captured_cards": "hold",
                                "mission_kill": "uk", "missions": True, "max_turns": 40}
    json.dumps(variant)  # a results line is JSON


def test_the_results_file_carries_the_rules_and_resumes(tmp_path, capsys):
    out = tmp_path / "results.jsonl"
    args = ["tournament", "--bots", "angry,random", "--games", "4", "--seed", "2", "--jobs", "1",
            "--map", TINY, "--max-turns", "20", "--rules", "fortify=connected", "--out", str(out)]
    assert main(args) == 0
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [line["rules"] for line in lines] == [{"fortify": "connected", "max_turns": 20}] * 4
    # A resume checks the recorded games against this run (the setup digest covers the rules).
    out.write_text("\n".join(out.read_text().splitlines()[:2]) + "\n")
    assert main(args + ["--resume"]) == 0
    assert [json.loads(line) for line in out.read_text().splitlines()] == lines
    capsys.readouterr()
