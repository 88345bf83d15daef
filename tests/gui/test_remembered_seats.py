"""A remembered seat runs no code: the new-game screen builds the seats of ``settings.json``
through the trusted path (registered bots only) and says which one it dropped and why."""

from __future__ import annotations

import json

import pytest

from risk.gui import setup as S
from risk.gui.app import PlayConfig

from tests.support.gui import click, open_new_game, start, widget_with

#: Seats a settings file may name that would import, start or unpickle something: never built
#: (the window is opened for the first two; all four are read without it, below).
HOSTILE = {
    "import path": "os:system:command=touch PWNED",
    "program": "cmd:touch PWNED",
    "bot file": "PWNED-bot.json",
    "policy": "rl:PWNED.zip",
}


@pytest.mark.parametrize("kind", ["import path", "program"])
def test_a_remembered_seat_that_would_run_code_is_dropped_and_named(kind, data_folder, tmp_path, monkeypatch):
    from risk.gui.scenes.game import GameScene

    monkeypatch.chdir(tmp_path)
    (tmp_path / "PWNED-bot.json").write_text(json.dumps({"command": ["touch", "PWNED"]}))
    spec = HOSTILE[kind]
    data_folder.mkdir(parents=True)
    (data_folder / "settings.json").write_text(json.dumps({"seats": ["human", spec, "Easy"]}))
    app = start(PlayConfig(menu=True, speed="max"))
    screen = open_new_game(app)
    assert spec not in screen.setup.seats and screen.setup.seats[0] == "human"
    assert screen.setup.seats[2] == "Easy" and screen.setup.players == 3
    notice = app.toast[0]
    assert "seat 2" in notice and spec in notice and "refused" in notice
    click(app, widget_with(app, "Start").rect.center)
    assert app.find(GameScene) is not None
    assert not (tmp_path / "PWNED").exists()


def test_the_remembered_seats_are_checked_without_the_window(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"seats": ["human", HOSTILE["import path"], "threshold:attack_threshold=0.7",
                                          HOSTILE["program"], HOSTILE["bot file"], HOSTILE["policy"]]}))
    setup = S.load_settings(path)
    assert setup.seats == ("human", S.DROPPED_SEAT, "threshold:attack_threshold=0.7") + (S.DROPPED_SEAT,) * 3
    assert [line.split(":")[0] for line in setup.dropped] == ["seat 2", "seat 4", "seat 5", "seat 6"]
    assert ["is an import path" in setup.dropped[0], "runs a program" in setup.dropped[1],
            "runs a program" in setup.dropped[2], "loads a trained model" in setup.dropped[3]] == [True] * 4


def test_a_remembered_seat_with_control_characters_is_dropped_and_shown_escaped(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"seats": ["human", "angry\u202e\x1b[2J"]}))
    setup = S.load_settings(path)
    assert setup.seats == ("human", S.DROPPED_SEAT)
    assert "\\u202e" in setup.dropped[0] and "\u202e" not in setup.dropped[0]
