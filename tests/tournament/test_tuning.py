"""``risk tune``: sweep, fit and bootstrap, confirmation, SPSA, resume, and their pieces."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from risk.cli import main
from risk.errors import UsageError
from risk.tuning.confirm import pair_scores
from risk.tuning.params import TunedBot, format_value, parse_values
from risk.tuning.spsa import Spsa, SpsaParameter, SpsaSettings
from tests.support import DATA

TINY = str(DATA / "tiny.json")
FAST = ["--map", TINY, "--max-turns", "30"]
MIX = "tests.support.bots:MixBot:share=0.1"


def tune(*args: str) -> int:
    return main(["tune", *args, *FAST])


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


# -- the sweep ------------------------------------------------------------------------------------


def test_sweep_reports_each_value_the_optimum_and_confirms_it(tmp_path, capsys):
    out, plot = tmp_path / "tune.jsonl", tmp_path / "curve.png"
    assert tune(MIX, "--param", "share", "--values", "0.5:1:0.25", "--opponents", "angry,random",
                "--games-per-value", "6", "--seed", "1", "--jobs", "2", "--out", str(out),
                "--plot", str(plot), "--confirm", "--confirm-games", "12", "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert [p["value"] for p in summary["points"]] == [0.5, 0.75, 1.0]
    assert all(p["games"] == 6 and p["ci95"][0] <= p["win_rate"] <= p["ci95"][1]
               for p in summary["points"])
    assert 0.5 <= summary["optimum"]["value"] <= 1.0
    lo, hi = summary["optimum"]["ci95"]
    assert 0.5 <= lo <= hi <= 1.0
    assert summary["baseline"] == 0.1
    assert summary["confirm"]["pairs"] <= 6 and summary["confirm"]["result"] in ("H0", "H1", "undecided")
    assert plot.read_bytes()[:4] == b"\x89PNG"

    games = records(out)
    sweep = [g for g in games if g["tag"]["phase"] == "sweep"]
    confirm = [g for g in games if g["tag"]["phase"] == "confirm"]
    assert len(sweep) == 18 and 0 < len(confirm) <= 12
    # every value meets the same deals, in every seat
    seeds = {value: sorted(g["seed"] for g in sweep if g["tag"]["value"] == value)
             for value in (0.5, 0.75, 1.0)}
    assert seeds[0.5] == seeds[0.75] == seeds[1.0]
    seats = Counter((g["tag"]["value"], g["tag"]["seat"]) for g in sweep)
    assert set(seats.values()) == {2}                     # 2 groups: each seat twice per value
    for game in sweep:
        value = format_value(game["tag"]["value"])
        assert game["seats"][game["tag"]["seat"]] == f"tests.support.bots:MixBot:share={value}"
    # confirmation games come in pairs: same seed, same seat, candidate then baseline
    for candidate, baseline in zip(confirm[::2], confirm[1::2]):
        assert (candidate["tag"]["role"], baseline["tag"]["role"]) == ("candidate", "baseline")
        assert candidate["seed"] == baseline["seed"] and candidate["rotation"] == baseline["rotation"]
        assert baseline["seats"][baseline["tag"]["seat"]] == MIX
    assert not {g["seed"] for g in confirm} & {g["seed"] for g in sweep}   # fresh deals


def test_sweep_is_reproducible_across_jobs_and_resumes_to_the_same_file(tmp_path, capsys):
    common = [MIX, "--param", "share", "--values", "0,0.5,1", "--opponents", "angry",
              "--games-per-value", "4", "--seed", "3", "--bootstrap", "50"]
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert tune(*common, "--jobs", "1", "--out", str(one), "--json") == 0
    first = json.loads(capsys.readouterr().out)
    assert tune(*common, "--jobs", "2", "--out", str(two), "--json") == 0
    assert json.loads(capsys.readouterr().out) == first
    assert one.read_bytes() == two.read_bytes()

    lines = two.read_text().splitlines(keepends=True)
    two.write_text("".join(lines[:5]))                        # as if interrupted
    assert tune(*common, "--jobs", "2", "--out", str(two), "--resume", "--json") == 0
    assert json.loads(capsys.readouterr().out) == first
    assert one.read_bytes() == two.read_bytes()


def test_an_integer_parameter_is_swept_in_whole_numbers(tmp_path, capsys):
    assert tune("tests.support.bots:MixBot", "--param", "depth", "--values", "1:5:2", "--opponents",
                "random", "--games-per-value", "2", "--seed", "2", "--jobs", "1",
                "--bootstrap", "20", "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert [p["value"] for p in summary["points"]] == [1, 3, 5]
    assert isinstance(summary["optimum"]["value"], int)


def test_the_sweep_prints_each_value_with_its_interval(capsys):
    assert tune(MIX, "--param", "share", "--values", "0:1:0.5", "--opponents", "random",
                "--games-per-value", "2", "--seed", "5", "--jobs", "1", "--bootstrap", "20") == 0
    out = capsys.readouterr().out
    assert "share=0.5 " in out and "%  [" in out and "optimum share=" in out


# -- confirmation scoring -------------------------------------------------------------------------


def test_pairs_score_plus_one_minus_one_or_zero():
    def game(rotation, role, winner):
        return {"rotation": rotation, "winner": winner, "tag": {"role": role, "seat": 1}}

    group = [game(0, "candidate", 1), game(0, "baseline", 0),     # only the candidate won
             game(1, "candidate", 2), game(1, "baseline", 1),     # only the baseline won
             game(2, "candidate", 1), game(2, "baseline", 1),     # both won
             game(3, "candidate", None), game(3, "baseline", 0)]  # neither
    assert pair_scores(group) == [1, -1, 0, 0]


# -- SPSA -----------------------------------------------------------------------------------------


def test_spsa_gains_follow_fishtests_formulas():
    bot = TunedBot.parse("tests.support.bots:MixBot", ["share"])
    settings = SpsaSettings(iterations=200, c_end=0.1, r_end=0.1)
    spsa = Spsa(bot, [SpsaParameter("share", 0.0, 1.0, 0.5)], settings, master_seed=1)
    big_a = 0.1 * 200
    c = 0.1 * 200 ** 0.101
    a = 0.1 * 0.1 ** 2 * (big_a + 200) ** 0.602
    assert spsa.c_k(0) == pytest.approx(c)
    assert spsa.c_k(199) == pytest.approx(0.1, rel=0.01)           # c ends at c_end
    assert spsa.a_k(5) == pytest.approx(a / (big_a + 6) ** 0.602)
    assert spsa.a_k(199) / spsa.c_k(199) ** 2 == pytest.approx(0.1, rel=0.01)   # r ends at r_end
    flips = spsa.flips(3)
    assert set(np.abs(flips)) == {1.0} and np.array_equal(flips, spsa.flips(3))
    plus, minus = spsa.points(3)
    assert plus["share"] + minus["share"] == pytest.approx(1.0, abs=1e-3)   # symmetric about 0.5


def test_spsa_moves_toward_the_side_that_wins():
    bot = TunedBot.parse("tests.support.bots:MixBot", ["share"])
    spsa = Spsa(bot, [SpsaParameter("share", 0.0, 1.0, 0.5)], SpsaSettings(iterations=10), 1)
    plus, _ = spsa.points(0)
    # In both rotations the plus side won (seat 0) and the minus side lost.
    group = [{"rotation": r, "winner": 0, "tag": {"role": "+", "seat": 0}} for r in range(2)]
    group += [{"rotation": r, "winner": 1, "tag": {"role": "-", "seat": 0}} for r in range(2)]
    step = spsa.update(0, group)
    assert step.result == 2
    assert (step.theta["share"] - 0.5) * (plus["share"] - 0.5) > 0


def test_spsa_run_prints_its_path_and_is_reproducible(tmp_path, capsys):
    common = ["tests.support.bots:MixBot", "--method", "spsa", "--param", "share=0:1",
              "--param", "depth=1:9", "--opponents", "angry,random", "--iterations", "3",
              "--seed", "4"]
    plot = tmp_path / "spsa.png"
    assert tune(*common, "--jobs", "1", "--plot", str(plot)) == 0
    out = capsys.readouterr().out
    assert out.count("iteration ") == 3 and "SPSA result: share=" in out
    assert plot.read_bytes()[:4] == b"\x89PNG"
    assert tune(*common, "--jobs", "1", "--json") == 0
    one = json.loads(capsys.readouterr().out)
    assert tune(*common, "--jobs", "2", "--json") == 0
    assert json.loads(capsys.readouterr().out) == one
    assert len(one["path"]) == 3 and set(one["result"]) == {"share", "depth"}
    assert isinstance(one["result"]["depth"], int)


def test_spsa_default_range_is_half_to_twice_the_baseline(capsys):
    assert tune("tests.support.bots:MixBot", "--method", "spsa", "--param", "share",
                "--opponents", "random", "--iterations", "1", "--seed", "1", "--jobs", "1",
                "--json") == 0
    params = json.loads(capsys.readouterr().out)["params"]
    assert params == [{"name": "share", "lo": 0.25, "hi": 1.0, "start": 0.5}]


# -- parameters and values ------------------------------------------------------------------------


def test_tuned_bot_specs_keep_fixed_parameters_and_set_the_tuned_ones():
    bot = TunedBot.parse("tests.support.bots:MixBot:depth=2", ["share"])
    assert bot.baseline == {"share": 0.5}
    assert bot.spec_with({"share": 0.3}) == "tests.support.bots:MixBot:depth=2,share=0.3"
    bot = TunedBot.parse("tests.support.bots:MixBot:share=0.2", ["share"])
    assert bot.baseline == {"share": 0.2}
    assert bot.spec_with({"share": 0.7}) == "tests.support.bots:MixBot:share=0.7"
    assert TunedBot.parse("random", []).spec_with({}) == "random"


def test_values_are_read_as_ranges_or_lists():
    assert parse_values("0.30:0.90:0.05", float)[:3] == [0.3, 0.35, 0.4]
    assert len(parse_values("0.30:0.90:0.05", float)) == 13
    assert parse_values("0.9,0.1,0.5", float) == [0.1, 0.5, 0.9]
    assert parse_values("100:400:150", int) == [100, 250, 400]
    for text in ("a:b:c", "1:2", "0.3:0.9:0", "x,y"):
        with pytest.raises(UsageError):
            parse_values(text, float)
    assert format_value(0.1 + 0.2) == "0.3" and format_value(3) == "3"
    assert not math.isnan(parse_values("1e-3:3e-3:1e-3", float)[-1])
