"""``risk odds``: tables, JSON, exact fractions, Monte Carlo, plots and one-line errors."""

import json
from fractions import Fraction

import pytest

from risk.battle import battle_odds
from risk.cli import main


def run(capsys, *argv):
    try:
        code = main(["odds", *argv])
    except SystemExit as exc:  # argparse's own errors, if the command line lets them through
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0 and err == ""
    return json.loads(out)


def test_table_output(capsys):
    code, out, err = run(capsys, "10", "5")
    assert code == 0 and err == ""
    assert "P(attacker conquers)" in out and "0.872936" in out
    assert "Expected attacker losses" in out and "3.9266" in out
    assert "Expected defender losses" in out and "4.6954" in out
    assert "█" in out                                # the bars
    assert "Defending armies left" in out


def test_json_output(capsys):
    report = run_json(capsys, "10", "5")
    odds = battle_odds(10, 5)
    assert report["attacker"] == 10 and report["defender"] == 5 and report["convention"] == "board"
    assert report["attacker_win"] == pytest.approx(odds.attacker_win, abs=1e-15)
    assert report["expected_attacker_losses"] == pytest.approx(odds.expected_attacker_losses, abs=1e-12)
    assert report["expected_defender_losses"] == pytest.approx(odds.expected_defender_losses, abs=1e-12)
    assert sum(report["attacker_survivors"].values()) == pytest.approx(1.0, abs=1e-12)
    assert sum(report["defender_survivors"].values()) == pytest.approx(1.0, abs=1e-12)
    # Board convention: the attacker keeps 1 army when he fails, up to 10 when he wins at once.
    assert set(report["attacker_survivors"]) == {str(k) for k in range(1, 11)}
    assert report["defender_survivors"]["0"] == pytest.approx(report["attacker_win"], abs=1e-15)
    assert "attacker_win_exact" not in report


def test_exact_json(capsys):
    report = run_json(capsys, "3", "2", "--convention", "tan", "--exact")
    assert report["attacker_win_exact"] == "6610505/10077696"
    assert report["convention"] == "tan"
    exact_survivors = report["attacker_survivors_exact"]
    assert set(exact_survivors) == {"0", "1", "2", "3"}
    assert sum(Fraction(v) for v in exact_survivors.values()) == 1
    assert sum(Fraction(v) for v in report["defender_survivors_exact"].values()) == 1
    assert Fraction(report["expected_attacker_losses_exact"]) == battle_odds(
        3, 2, convention="tan", exact=True).expected_attacker_losses


def test_exact_text(capsys):
    code, out, _ = run(capsys, "4", "2", "--exact")
    assert code == 0 and "6610505/10077696" in out


def test_conventions_describe_the_same_battle(capsys):
    board = run_json(capsys, "21", "10")
    tan = run_json(capsys, "20", "10", "--convention", "tan")
    assert board["attacker_win"] == pytest.approx(tan["attacker_win"], abs=1e-15)
    assert board["expected_attacker_losses"] == pytest.approx(8.283, abs=5e-4)
    assert {str(int(k) - 1): p for k, p in board["attacker_survivors"].items()} == pytest.approx(
        tan["attacker_survivors"], abs=1e-15)


def test_stop_at_and_variants(capsys):
    stopped = run_json(capsys, "12", "6", "--stop-at", "5")
    assert stopped["stop_at"] == 5
    assert min(int(k) for k in stopped["attacker_survivors"]) == 4
    italian = run_json(capsys, "12", "6", "--defender-dice", "3")
    seeing = run_json(capsys, "12", "6", "--seeing-defender")
    plain = run_json(capsys, "12", "6")
    assert italian["attacker_win"] < plain["attacker_win"]
    assert seeing["attacker_win"] < plain["attacker_win"] and seeing["variant"] == "seeing-defender"
    nz = run_json(capsys, "12", "6", "--defender-two-dice-needs", "3")
    assert nz["attacker_win"] > plain["attacker_win"]
    careful = run_json(capsys, "12", "9", "--stop-below", "0.3")
    assert careful["stop_below"] == 0.3


def test_tan1997_side_by_side(capsys):
    report = run_json(capsys, "20", "10", "--convention", "tan", "--tan1997")
    assert round(report["tan1997"]["expected_attacker_losses"]) == 9
    assert report["expected_attacker_losses"] == pytest.approx(8.283, abs=5e-4)
    code, out, _ = run(capsys, "20", "10", "--convention", "tan", "--tan1997")
    assert code == 0 and "Tan 1997" in out and "9.2063" in out and "8.2831" in out


def test_monte_carlo_is_reproducible_and_close(capsys):
    first = run_json(capsys, "15", "10", "--mc", "5000", "--seed", "9")
    second = run_json(capsys, "15", "10", "--mc", "5000", "--seed", "9")
    assert first == second
    mc = first["monte_carlo"]
    assert mc["battles"] == 5000 and mc["seed"] == 9
    assert abs(mc["attacker_win"] - first["attacker_win"]) <= 4 * mc["attacker_win_error"]
    assert abs(mc["expected_attacker_losses"] - first["expected_attacker_losses"]) <= \
        4 * mc["expected_attacker_losses_error"]
    code, out, _ = run(capsys, "15", "10", "--mc", "2000")
    assert code == 0 and "Monte Carlo" in out and "seed 1" in out and "±" in out


def test_plot(capsys, tmp_path):
    target = tmp_path / "odds.png"
    code, out, err = run(capsys, "--plot", str(target), "--max", "12")
    assert code == 0 and err == "" and "plot written" in out
    data = target.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000


def test_plot_with_a_battle_and_json(capsys, tmp_path):
    target = tmp_path / "both.png"
    report = run_json(capsys, "6", "4", "--plot", str(target), "--max", "8")
    assert report["plot"] == str(target) and report["attacker"] == 6 and target.exists()


@pytest.mark.parametrize("argv, expected", [
    (["0", "3"], "at least 1"),
    (["-4", "3"], "at least 1"),
    (["5", "0"], "at least 1"),
    (["2.5", "3"], "whole number"),
    (["five", "3"], "whole number"),
    (["1", "3"], "A >= 2"),
    (["7"], "both A"),
    ([], "give A and D"),
    (["5", "3", "--stop-at", "5"], "--stop-at 5"),
    (["5", "3", "--stop-at", "0"], "--stop-at 0"),
    (["5", "3", "--convention", "tan", "--stop-at", "7"], "--stop-at 7"),
    (["5", "3", "--seeing-defender", "--defender-dice", "3"], "--seeing-defender"),
    (["400", "3", "--exact"], "--exact"),
    (["5", "3", "--mc", "1"], "--mc"),
    (["5", "3", "--mc", "100", "--stop-below", "0.5"], "--stop-below"),
    (["--exact", "--plot", "/tmp/x.png"], "needs a battle"),
])
def test_bad_values_give_one_line(capsys, argv, expected):
    code, out, err = run(capsys, *argv)
    assert code == 1
    assert err.startswith("risk: error: ") and err.count("\n") == 1 and expected in err
    assert "Traceback" not in err


@pytest.mark.parametrize("argv", [["5", "3", "--mc", "x"], ["5", "3", "--convention", "dice"],
                                  ["5", "3", "--stop-below", "1.5"], ["5", "3", "--max", "0"],
                                  ["5", "3", "--seed", "-1"], ["5", "3", "--defender-dice", "4"]])
def test_bad_options_are_argparse_one_liners(capsys, argv):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert err.startswith("risk: error: ") and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("name, expected", [
    ("", "is a folder"),                        # the folder itself
    ("no/such/folder/odds.png", "does not exist"),
    ("odds.pdf", "ending in .png"),             # what is written is a PNG
])
def test_an_unwritable_plot_path_is_refused_before_any_work(capsys, tmp_path, name, expected):
    code, out, err = run(capsys, "10", "5", "--plot", str(tmp_path / name) if name else str(tmp_path))
    assert code == 2 and out == ""
    assert err.startswith("risk: error: argument --plot: ") and err.count("\n") == 1
    assert expected in err


def test_figure_has_tans_curves_and_labels():
    from risk.battle.plots import curve_attackers, odds_figure

    assert curve_attackers(30) == [5, 10, 15, 20, 25, 30]
    assert curve_attackers(60) == [10, 20, 30, 40, 50, 60]
    figure = odds_figure(10)
    win_axes, loss_axes, heat_axes = figure.axes[:3]
    assert "Figure 2" in win_axes.get_title() and "Figure 3" in loss_axes.get_title()
    for axes in (win_axes, loss_axes, heat_axes):
        assert axes.get_xlabel() and axes.get_ylabel()
    # Each attacker count is drawn twice: correct (solid) and Tan's published numbers (dashed).
    styles = [line.get_linestyle() for line in win_axes.get_lines() if len(line.get_xdata()) == 10]
    assert styles.count("-") == styles.count("--") == len(curve_attackers(10))
