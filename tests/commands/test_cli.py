"""The command line: headless games and one-line errors for bad values."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from risk.cli import main


def run_json(capsys, *args):
    assert main(list(args)) == 0
    return json.loads(capsys.readouterr().out)


def test_simulate_json_is_reproducible(capsys):
    args = ["simulate", "--bots", "random,random,random,random", "--seed", "1", "--max-turns", "30", "--json"]
    first = run_json(capsys, *args)
    second = run_json(capsys, *args)
    assert first == second
    assert set(first) >= {"winner", "winner_bot", "turns", "seed", "reason"}
    assert first["seed"] == 1 and first["turns"] == 30 and first["reason"] == "turn limit"
    assert first["winner_bot"] == (None if first["winner"] is None else "random")


def test_simulate_prints_the_course(capsys):
    assert main(["simulate", "--bots", "random,random,random", "--seed", "2", "--max-turns", "6"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("seed 2:")
    assert sum(line.startswith("turn") for line in out) == 6
    assert out[-1].startswith("result:")


def test_simulate_other_map_and_rules(capsys, data_dir):
    result = run_json(capsys, "simulate", "--bots", "random,random", "--seed", "5", "--map",
                      str(data_dir / "tiny.json"), "--rules", "fortify=connected,card_values=fixed",
                      "--max-turns", "40", "--json")
    assert result["reason"] in ("conquest", "turn limit")


@pytest.mark.parametrize("args, message", [
    (["simulate", "--bots", "random"], "2 to 6 bots"),
    (["simulate", "--bots", "nobody,random"], "unknown bot 'nobody'"),
    (["simulate", "--bots", "random:speed=3,random"], "unknown parameter 'speed'"),
    (["simulate", "--seed", "-4"], "must not be negative"),
    (["simulate", "--seed", "abc"], "not a whole number"),
    (["simulate", "--max-turns", "0"], "at least 1"),
    (["simulate", "--rules", "fortify=teleport"], "fortify='teleport' is not one of"),
    (["simulate", "--rules", "colour=blue"], "unknown rule 'colour'"),
    (["simulate", "--map", "/nonexistent/map.json"], "no such file"),
    (["map", "info", "/nonexistent.json"], "no such file"),
])
def test_bad_values_get_one_line(capsys, args, message):
    assert main(args) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_record_not_half_written_on_bad_folder(capsys, tmp_path):
    target = tmp_path / "missing" / "game.jsonl"
    assert main(["simulate", "--seed", "1", "--max-turns", "3", "--quiet", "--record", str(target)]) == 2
    captured = capsys.readouterr()
    assert "does not exist" in captured.err and captured.out == ""  # refused before playing
    assert not target.exists()


def test_python_dash_m_entry_point():
    done = subprocess.run([sys.executable, "-m", "risk", "simulate", "--seed", "3", "--max-turns", "4", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["turns"] == 4


def test_bots_command_lists_bots_and_parameters(capsys):
    assert main(["bots", "--json"]) == 0
    rows = {row["name"]: row for row in json.loads(capsys.readouterr().out)}
    assert {"random", "angry", "threshold", "markov", "mcts"} <= set(rows)
    assert rows["threshold"]["parameters"]["attack_threshold"] == 0.6
    assert rows["mcts"]["parameters"]["iterations"] > 0 and rows["mcts"]["description"]


# -- rule variants on the command line ------------------------------------------------------------

@pytest.mark.parametrize("preset", ["us-1993", "uk-old", "uk-new", "us-1959", "italian"])
def test_simulate_with_a_rules_preset(capsys, preset):
    result = run_json(capsys, "simulate", "--bots", "threshold,angry,markov", "--seed", "4",
                      "--rules-preset", preset, "--max-turns", "12", "--json")
    assert result["turns"] == 12 or result["reason"] != "turn limit"


GAME_COMMANDS = {
    "simulate": ["simulate", "--bots", "random,random,random", "--seed", "1", "--max-turns", "5"],
    "tournament": ["tournament", "--bots", "random,random,random", "--games", "3", "--seed", "1",
                   "--max-turns", "5", "--jobs", "1"],
}


@pytest.mark.parametrize("command", sorted(GAME_COMMANDS))
@pytest.mark.parametrize("options, message", [
    (["--rules", "missions=maybe"], "rule missions='maybe' must be true or false"),
    (["--rules", "colour=blue"], "unknown rule 'colour'"),
    (["--rules", "capitals_to_win=two"], "must be a whole number"),
    (["--rules-preset", "nz"], "unknown rules preset 'nz'"),
    (["--rules-preset", "uk-old", "--rules", "fortify=teleport"], "fortify='teleport' is not one of"),
    (["--rules", "capitals=true,capitals_to_win=9"], "capitals_to_win=9 must be 0 (all capitals) or 2 to 3"),
    (["--rules", "capitals=true,capitals_to_win=1"], "capitals_to_win=1"),
])
def test_bad_rules_get_one_line(capsys, command, options, message):
    assert main(GAME_COMMANDS[command] + options) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_a_variant_game_is_recorded_and_replays(capsys, tmp_path):
    record = tmp_path / "variant.jsonl"
    rules = ("missions=true,capitals=true,capitals_to_win=2,retreat=true,sea_lane_defence=true,"
             "defender_sees_dice=true,trade_anytime=true,commanders=true")
    assert main(["simulate", "--bots", "mcts:iterations=10,threshold,angry,random", "--seed", "6",
                 "--rules-preset", "uk-old", "--rules", rules, "--max-turns", "40",
                 "--quiet", "--record", str(record)]) == 0
    capsys.readouterr()
    header = json.loads(record.read_text().splitlines()[0])
    assert header["rules"]["missions"] and header["rules"]["reinforce_or_attack"]
    assert header["rules"]["mission_kill"] == "uk"
    assert main(["replay", str(record)]) == 0
    assert "matches the record" in capsys.readouterr().out


# -- start-up: a command imports only what it uses (structure, never the clock) -----------------

def modules_loaded_by(*args: str) -> set[str]:
    """The modules a fresh ``risk ARGS`` process holds when it has done its work."""
    script = ("import contextlib, io, json, sys\n"
              "from risk.cli import main\n"
              "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
              f"    code = main({list(args)!r})\n"
              "print(json.dumps([code, sorted(sys.modules)]))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    code, modules = json.loads(done.stdout.splitlines()[-1])
    assert code == 0
    return set(modules)


def packages_among(modules: set[str], packages) -> list[str]:
    return [p for p in packages if any(m == p or m.startswith(p + ".") for m in modules)]


HEAVY = ("scipy", "numpy", "networkx", "matplotlib", "pygame", "openskill", "ai", "risk.battle",
         "risk.state", "risk.tournament")


@pytest.mark.parametrize("args, allowed", [
    (["--help"], ()),
    (["--version"], ()),
    (["map", "info"], ()),
    (["map", "--help"], ()),
    (["replay", "--help"], ()),
    (["simulate", "--help"], ()),
    (["play", "--help"], ()),
    (["bots", "--help"], ()),
    # their --backend choices come from the risk.tournament package; the runner and the engine load at run time
    (["tournament", "--help"], ("risk.tournament",)),
    (["tune", "--help"], ("risk.tournament",)),
    # a battle this small is solved in plain Python lists: numpy only for large ones, --mc, plots
    (["odds", "10", "5"], ("risk.battle",)),
    (["odds", "40", "30", "--seeing-defender"], ("risk.battle",)),
    (["odds", "10", "5", "--sea-lane"], ("risk.battle",)),
    (["odds", "10", "5", "--stop-below", "0.4"], ("risk.battle",)),
    (["odds", "10", "5", "--commander", "--retreat"], ("risk.battle",)),
])
def test_a_command_imports_only_what_it_uses(args, allowed):
    heavy = [p for p in HEAVY if p not in allowed]
    assert packages_among(modules_loaded_by(*args), heavy) == []


def test_help_lists_every_command_without_building_them():
    from risk.cli import COMMANDS, build_parser

    named_only = build_parser(built=())
    assert named_only.format_help() == build_parser().format_help()  # the summaries agree
    assert list(named_only._subparsers._group_actions[0].choices) == list(COMMANDS)


def test_only_the_named_command_is_built(capsys):
    from risk.cli import command_named

    assert command_named(["--version"]) is None
    assert command_named(["odds", "10", "5"]) == "odds"
    assert command_named(["-h", "map", "info"]) == "map"
    assert main(["no-such-command"]) == 2
    assert "invalid choice: 'no-such-command'" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["tournament", "tune"])
def test_tournament_help_loads_no_runner(command):
    loaded = modules_loaded_by(command, "--help")
    assert not {"risk.tournament.runner", "risk.tournament.worker", "risk.match", "risk.tuning.tuner"} & loaded


def test_odds_of_a_small_battle_load_no_battle_module_built_on_numpy():
    """Not even the battle modules that need numpy (the reference chain, the simulator)."""
    loaded = modules_loaded_by("odds", "10", "5")
    assert not {"risk.battle.markov", "risk.battle.montecarlo", "risk.battle.plots"} & loaded
