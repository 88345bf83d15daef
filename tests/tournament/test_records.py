"""An arena that keeps its games: a record per game that replays to the game's result, bots named
by their names, the default turn cap, and a referee's set-up error named as such."""

from __future__ import annotations

import gzip
import json
import shutil
import sys
from pathlib import Path

import pytest

from risk.board import load_map
from risk.cli import build_parser, main
from risk.errors import RecordError, RefereeError
from risk.match import Match
from risk.players import make_player
from risk.protocol.external import ExternalAgent
from risk.record import GameRecord, result_of
from risk.rules import Rules
from risk.tournament import DEFAULT_MAX_TURNS
from risk.tournament.schedule import tournament_tasks
from risk.tournament.worker import GameSetup, play_game
from tests.support import DATA, ROOT

TINY = str(DATA / "tiny.json")
RANDOM_BOT = ROOT / "examples" / "bots" / "random_bot.py"


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def run_with_records(tmp_path: Path, *bots: str, name: str = "r", jobs: str = "2",
                     extra: tuple[str, ...] = ()) -> tuple[list[dict], Path]:
    out, records = tmp_path / f"{name}.jsonl", tmp_path / name
    assert main(["tournament", "--bots", ",".join(bots), "--games", "6", "--seed", "5",
                 "--jobs", jobs, "--out", str(out), "--records", str(records), *extra]) == 0
    return lines(out), records


# -- records -----------------------------------------------------------------------------------------

def test_a_tournaments_records_replay_to_its_results(tmp_path, capsys):
    results, records = run_with_records(tmp_path, "angry", "threshold", "random",
                                        extra=("--map", TINY, "--max-turns", "7"))
    assert sorted(path.name for path in records.iterdir()) == [r["record"] for r in results]
    assert {r["reason"] for r in results} == {"conquest", "turn limit"}  # both endings, kept alike
    for result in results:
        path = records / result["record"]
        assert path.read_bytes()[:2] == b"\x1f\x8b"                       # compressed
        record = GameRecord.load(path)
        state = record.replay(str(path))                                 # checks the result line
        assert record.seed == result["seed"] and len(record.actions) == result["actions"]
        assert result_of(state) == record.result == {
            "winner": result["winner"], "turns": result["turns"], "reason": result["reason"],
            "places": result["places"]}
    capsys.readouterr()
    assert main(["replay", str(records / results[0]["record"])]) == 0
    assert "matches the record" in capsys.readouterr().out


def test_a_faulted_games_record_stops_where_the_bot_failed(tmp_path):
    results, records = run_with_records(tmp_path, "tests.support.bots:CrashBot", "angry",
                                        extra=("--max-turns", "40"))
    for result in results:
        record = GameRecord.load(records / result["record"])
        state = record.replay()
        assert record.result is None                                     # the game did not end
        assert state.current_player == result["fault"]["seat"]          # the crashed bot's move
        assert state.turn == result["turns"] and len(record.actions) == result["actions"]


def test_records_are_the_same_bytes_for_any_jobs(tmp_path):
    _, one = run_with_records(tmp_path, "angry", "random", name="one", jobs="1",
                              extra=("--map", TINY, "--max-turns", "20"))
    _, two = run_with_records(tmp_path, "angry", "random", name="two", jobs="2",
                              extra=("--map", TINY, "--max-turns", "20"))
    assert [p.read_bytes() for p in sorted(one.iterdir())] == [p.read_bytes() for p in sorted(two.iterdir())]


def test_a_records_folder_of_another_run_is_refused_unless_resuming(tmp_path, capsys):
    options = ("--map", TINY, "--max-turns", "20")
    run_with_records(tmp_path, "angry", "random", extra=options)
    kept = {path.name: path.read_bytes() for path in (tmp_path / "r").iterdir()}
    capsys.readouterr()
    code = main(["tournament", "--bots", "angry,random", "--games", "2", "--seed", "1",
                 "--map", TINY, "--records", str(tmp_path / "r")])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1 and len(err) == 1 and "already holds game records" in err[0]
    # The same run resumed: nothing to play, every record as it was.
    assert main(["tournament", "--bots", "angry,random", "--games", "6", "--seed", "5", "--jobs", "2",
                 "--out", str(tmp_path / "r.jsonl"), "--records", str(tmp_path / "r"), "--resume",
                 *options]) == 0
    assert {path.name: path.read_bytes() for path in (tmp_path / "r").iterdir()} == kept
    (tmp_path / "a-file").write_text("")
    assert main(["tournament", "--bots", "angry,random", "--records", str(tmp_path / "a-file")]) == 2
    assert "is a file" in capsys.readouterr().err


def test_a_compressed_record_opens_in_the_replay_window(tmp_path):
    pygame = pytest.importorskip("pygame")
    from risk.gui.replay import Replay
    from risk.gui.scenes.replay import ReplayScene, replay_app

    results, records = run_with_records(tmp_path, "angry", "threshold", extra=("--max-turns", "40"))
    path = records / results[0]["record"]
    replay = Replay.open(path)
    app = replay_app(replay, path.name, (800, 560))
    try:
        app.start()
        app.frame()
        assert isinstance(app.top, ReplayScene) and len(replay) == results[0]["actions"]
        replay.seek(len(replay))
        assert result_of(replay.state_at(len(replay)))["places"] == results[0]["places"]
    finally:
        pygame.display.quit()


def test_a_damaged_or_inflating_compressed_record_is_refused_in_one_line(tmp_path, monkeypatch):
    import risk.record

    match = Match([make_player("angry"), make_player("random")], seed=3, rules=Rules(max_turns=10))
    match.play()
    good = tmp_path / "game.jsonl.gz"
    match.record.write(good)
    assert GameRecord.load(good).replay().fingerprint() == match.state.fingerprint()

    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(good.read_bytes()[:-20])
    with pytest.raises(RecordError, match="cut.jsonl.gz: a damaged compressed record"):
        GameRecord.load(cut)
    monkeypatch.setattr(risk.record, "MAX_RECORD_BYTES", 4096)
    bomb = tmp_path / "bomb.jsonl.gz"
    bomb.write_bytes(gzip.compress(b" " * 100_000))                     # 100 kB from about 130 bytes
    with pytest.raises(RecordError, match="larger than 0 MB uncompressed"):
        GameRecord.load(bomb)


# -- names -------------------------------------------------------------------------------------------

def test_bots_are_listed_by_name_with_a_suffix_only_where_two_share_one(tmp_path, capsys):
    program = f"cmd:{sys.executable} {RANDOM_BOT}"
    bot_file = tmp_path / "bot.json"
    bot_file.write_text(json.dumps({"command": [sys.executable, str(RANDOM_BOT)], "name": "filed"}))
    out = tmp_path / "r.jsonl"
    bots = [program, "tests.support.bots:MixBot:share=0.5", program, str(bot_file), "threshold"]
    assert main(["tournament", "--bots", ",".join(bots), "--games", "5", "--seed", "2",
                 "--jobs", "1", "--max-turns", "8", "--out", str(out)]) == 0
    output = capsys.readouterr().out
    first = lines(out)[0]
    assert first["seats"] == bots                                        # specs, for resume
    assert first["players"] == ["random-py", "MixBot:share=0.5", "random-py#2", "filed", "threshold"]
    assert "random-py#2" in output and "cmd:" not in output               # game lines and table


def test_a_programs_name_is_printed_without_its_control_characters(tmp_path):
    from risk.tournament.entrants import entrant_names

    bot_file = tmp_path / "bot.json"
    bot_file.write_text(json.dumps({"command": [sys.executable, str(RANDOM_BOT)],
                                    "name": "Evil\x1b[2J\u202eBot\n  two"}))
    assert entrant_names([f"{bot_file}:seed=3"]) == ["Evil[2JBot two:seed=3"]


def test_labels_never_collide_with_another_entrants_own_name():
    from risk.tournament.schedule import entrant_labels

    assert entrant_labels(["a", "a", "a#2"]) == ["a", "a#3", "a#2"]
    assert entrant_labels(["x", "y"]) == ["x", "y"]


# -- the turn cap ------------------------------------------------------------------------------------

def test_a_tournament_has_a_turn_cap_by_default_and_says_so():
    parser = build_parser(built={"tournament"})
    assert parser.parse_args(["tournament", "--bots", "a,b"]).max_turns == DEFAULT_MAX_TURNS
    tournament = parser._subparsers._group_actions[0].choices["tournament"]
    assert f"default {DEFAULT_MAX_TURNS}" in " ".join(tournament.format_help().split())
    assert DEFAULT_MAX_TURNS < Rules().max_turns


def test_a_game_without_a_cap_option_is_capped_and_adjudicated(tmp_path):
    out = tmp_path / "r.jsonl"
    # Two bots that never attack each other cannot end a game but by the cap.
    assert main(["tournament", "--bots", "tests.support.bots:PassBot,tests.support.bots:PassBot",
                 "--games", "2", "--seed", "1", "--jobs", "1", "--out", str(out)]) == 0
    for result in lines(out):
        assert result["reason"] == "turn limit" and result["turns"] == DEFAULT_MAX_TURNS
        assert result["rules"] == {"max_turns": DEFAULT_MAX_TURNS}


# -- the referee's set-up errors ---------------------------------------------------------------------

@pytest.mark.parametrize("settings, words", [
    ({"command": [sys.executable, str(RANDOM_BOT)], "log": "no-such-folder/bot.log"},
     "its log folder"),
    ({"command": ["no-such-bot-program-anywhere"]}, "'no-such-bot-program-anywhere' is not found on PATH"),
    ({"command": ["./missing-bot"]}, "missing-bot does not exist"),
    ({"command": [sys.executable], "cwd": "no-such-folder"}, "its working folder"),
], ids=["log folder", "not on PATH", "no such file", "no folder"])
def test_a_seat_the_referee_cannot_set_up_stops_the_run_before_any_game(tmp_path, capsys,
                                                                       settings, words):
    bot_file = tmp_path / "bot.json"
    bot_file.write_text(json.dumps(settings))
    out = tmp_path / "r.jsonl"
    code = main(["tournament", "--bots", f"angry,{bot_file}", "--games", "2", "--seed", "1",
                 "--out", str(out)])
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert code == 1 and len(err) == 1, err
    assert err[0].startswith("risk: error: referee set-up error (not the bot's fault): bot ")
    assert words in err[0] and "crash" not in err[0]
    assert not out.exists() and "game " not in captured.out


def test_a_seat_lost_during_a_run_is_the_referees_error_not_a_forfeit(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    bot_file = tmp_path / "bot.json"
    bot_file.write_text(json.dumps({"command": [sys.executable, str(RANDOM_BOT)], "log": "logs/bot.log"}))
    [task] = tournament_tasks([str(bot_file), "angry"], groups=1, master_seed=1)[:1]
    setup = GameSetup(Rules(max_turns=10), load_map())
    assert play_game(setup, task)["fault"] is None
    shutil.rmtree(logs)                                 # the folder goes after the run started
    with pytest.raises(RefereeError, match="its log folder"):
        play_game(setup, task)


def test_a_match_reports_a_log_it_cannot_open_as_the_referees_error(tmp_path):
    agent = ExternalAgent([sys.executable, str(RANDOM_BOT)], spec="random-py",
                          log_path=tmp_path / "missing" / "bot.log")
    match = Match([make_player("angry"), agent], seed=1, rules=Rules(max_turns=5))
    with pytest.raises(RefereeError, match="cannot open the bot's log"):
        match.play()
