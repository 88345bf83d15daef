"""Whole games in the window, bots only, to the end: on every map (bundled, imported, chosen on
the new-game screen), at full speed, and with a bot program in a seat."""

from __future__ import annotations

import shutil
import sys
from dataclasses import replace

import pytest

from risk.gui import setup as S
from risk.gui.app import PlayConfig

from tests.support import DATA, ROOT
from tests.support.gui import (click, frames, game, open_new_game, play_to_the_end, quick_config, start, until,
                               widget_with)


def test_bots_only_game_runs_to_the_end_at_max_speed():
    """Seed 4 with three angry bots ends by conquest in 19 turns, well before any turn limit."""
    from risk.gui.scenes.gameover import GameOverScene

    app = start(quick_config(bots_only=True, bots=["angry"] * 3, seed=4))
    scene = game(app)
    assert scene.state.rules.max_turns >= 100
    until(app, lambda: app.find(GameOverScene) is not None, limit=5000)
    assert scene.state.is_terminal() and scene.state.end_reason == "conquest"
    assert scene.state.winner is not None and scene.state.count[scene.state.winner] == len(scene.state.board)
    notes = [line.text for line in scene.session.log if line.kind == "note"]
    assert not notes, f"a bot failed and a random move was played instead: {notes}"
    stats = scene.session.stats
    assert stats.turns[-1] == scene.state.turn and len(stats.territories[0]) == len(stats.turns)
    frames(app, 2)  # the game-over graphs draw
    assert any(line.kind == "end" for line in scene.session.log)


def test_an_imported_domination_map_plays_bots_only_to_the_end(tmp_path):
    from risk.cli import build_parser, main
    from risk.commands.play import build_config
    from risk.gui.app import App

    out = tmp_path / "tiny.json"
    assert main(["map", "import", str(DATA / "tiny.map"), "-o", str(out)]) == 0
    config = build_config(build_parser().parse_args(
        ["play", "--map", str(out), "--bots-only", "--bots", "angry,angry", "--seed", "3", "--speed", "max"]))
    app = App(config)
    app.start()
    play_to_the_end(app)
    assert game(app).state.is_terminal()


@pytest.mark.parametrize("map_file", sorted((ROOT / "maps").glob("*.json")), ids=lambda p: p.name)
def test_every_shipped_map_plays_bots_only_to_the_end(map_file):
    from risk.board import load_map
    from risk.rules import Rules

    app = start(quick_config(bots_only=True, bots=["angry"] * 3, board=load_map(str(map_file)), seed=4,
                             rules=Rules(setup="deal", placement="auto")))
    play_to_the_end(app)
    assert game(app).state.is_terminal()


def _maps_to_play(data_folder, data_dir):
    """Every bundled map, and tiny.map dropped in the user's folder (imported on the way in)."""
    maps = data_folder / "maps"
    maps.mkdir(parents=True, exist_ok=True)
    shutil.copy(data_dir / "tiny.map", maps / "tiny.map")
    shutil.copy(data_dir / "tiny.cards", maps / "tiny.cards")
    return S.list_maps()


@pytest.mark.parametrize("which", ["bundled", "imported"])
def test_every_map_starts_and_plays_bots_only_to_the_end(which, data_folder, data_dir):
    from risk.gui.scenes.game import GameScene
    from risk.gui.scenes.gameover import GameOverScene
    from risk.gui.scenes.newgame import NewGameScene

    choices = [c for c in _maps_to_play(data_folder, data_dir) if c.bundled == (which == "bundled")]
    assert choices and (which == "bundled" or choices[0].domination)
    for choice in choices:
        seats = ("Easy", "Easy", "Easy") if which == "bundled" else ("Easy", "Easy")
        map_path = S.WORLD_MAP if choice.generated else str(choice.path)  # "Generate a world": its default world
        S.save_settings(replace(S.GameSetup(), map_path=map_path, seats=seats,
                                options={"setup": "deal", "placement": "auto"}))
        app = start(PlayConfig(menu=True, speed="max"))
        screen = open_new_game(app)
        assert screen.maps[screen.map_index] == choice
        screen.setup = replace(screen.setup, seed=4)
        frames(app, 1)
        view, info = screen.preview(screen.map_area()[1])
        assert view is not None, info
        click(app, widget_with(app, "Watch").rect.center)
        assert not isinstance(app.top, NewGameScene), "the game did not start"
        scene = app.find(GameScene)
        expected = S.WorldChoice().board() if choice.generated else S.load_board(choice.path)
        assert scene.state.board.source == expected.source
        until(app, lambda: app.find(GameOverScene) is not None, limit=5000)
        assert scene.state.is_terminal() and scene.state.winner is not None
        frames(app, 2)


# A bot program as a seat in the window (headless: SDL's dummy drivers, see conftest.py).

SERVED_ANGRY = f"cmd:{sys.executable} -m risk.protocol.serve angry"


def test_a_served_bot_plays_a_whole_game_in_the_window_as_the_bot_itself_would():
    from risk.gui.scenes.gameover import GameOverScene

    app = start(quick_config(bots_only=True, bots=[SERVED_ANGRY, "angry", "angry"], seed=4))
    scene = game(app)
    until(app, lambda: app.find(GameOverScene) is not None, limit=20000)
    state = scene.state
    assert state.is_terminal() and state.end_reason == "conquest"
    notes = [line.text for line in scene.session.log if line.kind == "note"]
    assert not notes, f"the bot program failed and a random move was played instead: {notes}"
    program = scene.session.match.agents[0]
    assert program.pid is not None and program._process is None  # stopped at the game's end
    # the same game as three in-process angry bots (seed 4: conquest in 19 turns)
    assert state.turn == 19
