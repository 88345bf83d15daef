"""Each tournament result line says what rules its game was played under."""

from __future__ import annotations

import json
from pathlib import Path

from risk.board import load_map
from risk.cli import main
from risk.rules import Rules
from risk.tournament.schedule import tournament_tasks
from risk.tournament.worker import GameSetup, play_game
from tests.support import DATA

TINY = str(DATA / "tiny.json")


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
