"""``risk play``: its options, a screenshot, and every refusal in one line (no display, a bad
file, a bad bot)."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest

from tests.support import ROOT


def test_screenshot_option_writes_a_png_of_the_window(tmp_path):
    from risk.cli import main

    png = tmp_path / "shot.png"
    code = main(["play", "--bots-only", "--bots", "angry,angry,angry", "--speed", "max", "--seed", "2",
                 "--screenshot", str(png), "--quit-after-turns", "3"])
    assert code == 0
    image = pygame.image.load(str(png))
    assert image.get_size() == (1280, 800)


def test_play_command_line_errors(capsys):
    from risk.cli import main

    assert main(["play", "--bots", "nosuchbot"]) != 0
    assert "nosuchbot" in capsys.readouterr().err
    assert main(["play", "--players", "3", "--bots", "angry,angry,angry"]) != 0
    assert main(["play", "--seat", "5", "--players", "3"]) != 0


@pytest.mark.parametrize("option, content", [("--load", None), ("--load", "not a record\n"),
                                             ("--load", '{"format": "something else"}\n'),
                                             ("--map", None), ("--map", "{not json"), ("--map", "[continents]\n")])
def test_bad_load_or_map_is_one_line_on_stderr(option, content, tmp_path, capsys):
    from risk.cli import main

    path = tmp_path / "file.json"
    if content is not None:
        path.write_text(content)
    code = main(["play", option, str(path), "--speed", "max", "--quit-after-turns", "1"])
    err = capsys.readouterr().err
    assert code != 0
    assert len(err.strip().splitlines()) == 1 and err.startswith("risk: error:"), err
    assert "Traceback" not in err and str(path) in err


def test_one_bot_spec_fills_every_bot_seat():
    from risk.cli import build_parser
    from risk.commands.play import build_config

    def config(*argv):
        return build_config(build_parser().parse_args(["play", *argv]))

    watch = config("--bots-only", "--bots", "angry")
    assert watch.players == 4 and watch.bots == ["angry"] * 4
    play = config("--bots", "angry")
    assert play.players == 4 and play.bots == ["angry"] * 3
    assert config("--bots", "angry,random").players == 3
    assert config("--bots-only", "--bots", "angry,random").players == 2
    assert config("--players", "5", "--bots", "angry").bots == ["angry"] * 4


def test_without_a_display_play_fails_at_once_with_one_line(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["MARKOV_RISK_DATA"] = str(tmp_path)
    result = subprocess.run([sys.executable, "-m", "risk", "play", "--players", "2", "--bots", "angry",
                             "--seed", "1"], env=env, capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("risk: error: cannot open a window") and "xvfb-run" in lines[0]


def test_an_invisible_driver_not_asked_for_is_refused(monkeypatch):
    from risk.errors import UsageError
    from risk.gui import app as app_module

    assert app_module.display_problem({"DISPLAY": ":0"}, "linux") is None
    assert app_module.display_problem({"SDL_VIDEODRIVER": "dummy"}, "linux") is None
    assert "no display" in app_module.display_problem({}, "linux")
    monkeypatch.delenv("SDL_VIDEODRIVER")
    pygame.display.init()  # stays on the dummy driver the test process started with
    with pytest.raises(UsageError, match="no display"):
        app_module.check_driver()


@pytest.mark.parametrize("extra", [["--players", "3"], ["--bots", "angry"], ["--seed", "4"], ["--map", "x.json"],
                                   ["--rules", "fortify=connected"], ["--rules-preset", "uk-old"],
                                   ["--max-turns", "9"], ["--humans", "2"], ["--seat", "2"], ["--bots-only"]])
def test_load_refuses_the_options_of_a_new_game_in_one_line(extra, tmp_path, capsys):
    """A saved game comes back as it was saved: an option that would set up another game is
    refused, not silently ignored."""
    from risk.cli import main

    save = tmp_path / "game.jsonl"
    save.write_text("not read: the options are refused first\n")
    assert main(["play", "--load", str(save), *extra]) != 0
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and err.startswith("risk: error: "), err
    assert extra[0] in err and "--load" in err, err


def test_a_bad_command_line_and_a_bad_value_read_the_same(capsys):
    """argparse's refusals and the program's own are one form: ``risk: error: ...``, one line."""
    from risk.cli import main

    for argv in (["play", "--speed", "warp"], ["play", "--size", "10x10"], ["play", "--players", "x"],
                 ["play", "--bots", "nosuchbot"]):
        assert main(argv) != 0
        err = capsys.readouterr().err
        assert err.startswith("risk: error: ") and err.count("\n") == 1, (argv, err)
