"""The defects a new player hit in the window (issue 16), each pinned by a test that failed
before its fix. Headless (SDL's dummy drivers, see conftest.py); seeded; waits counted in frames."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from risk.gui.scenes.game import GameScene
from risk.gui.session import HumanAgent
from risk.phase import Phase

from tests.support.gui import (button, classic_position, click, frames, game, hover, press, quick_config,
                               scene_with, start, territory_click, until)
from tests.support import DATA, ROOT



@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("MARKOV_RISK_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("MARKOV_RISK_AUTOSAVE", raising=False)
    yield tmp_path / "data"
    pygame.display.quit()


def _angry():
    from ai import make_agent
    return make_agent("angry")


def _play_to_the_end(app, limit=6000):
    from risk.gui.scenes.gameover import GameOverScene
    until(app, lambda: app.find(GameOverScene) is not None, limit=limit)
    frames(app, 2)  # the game-over screen draws


# -- 1. colour names in maps ------------------------------------------------------------------------

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
    _play_to_the_end(app)
    assert game(app).state.is_terminal()


@pytest.mark.parametrize("map_file", sorted((ROOT / "maps").glob("*.json")), ids=lambda p: p.name)
def test_every_shipped_map_plays_bots_only_to_the_end(map_file):
    from risk.board import load_map
    from risk.rules import Rules

    app = start(quick_config(bots_only=True, bots=["angry"] * 3, board=load_map(str(map_file)), seed=4,
                             rules=Rules(setup="deal", placement="auto")))
    _play_to_the_end(app)
    assert game(app).state.is_terminal()


def test_continents_coloured_by_name_draw_and_a_bad_colour_is_refused(tmp_path, capsys):
    from risk.board import board_from_dict, load_map
    from risk.cli import main
    from risk.domination import read_domination
    from risk.gui.maprender import MapView

    data, _ = read_domination(DATA / "tiny.map")
    data["continents"][0]["color"], data["continents"][1]["color"] = "red", "Dark Green"  # as older imports wrote
    named = tmp_path / "named.json"
    named.write_text(json.dumps(data))
    pygame.display.init()
    pygame.display.set_mode((400, 300))
    view = MapView(load_map(str(named)))
    view.layout(pygame.Rect(0, 0, 400, 300))
    assert view.continent_colours == [(255, 0, 0), (0, 100, 0)]
    assert main(["map", "validate", str(named)]) == 0
    data["continents"][0]["color"] = "re"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["map", "validate", str(bad)]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "colour" in err[0] and "'re'" in err[0] or '"re"' in err[0], err
    with pytest.raises(ValueError):
        board_from_dict(data)


def test_the_importer_writes_colours_every_program_reads(tmp_path):
    from risk.domination import read_domination

    data, _ = read_domination(DATA / "tiny.map")
    assert [c["color"] for c in data["continents"]] == ["#ff0000", "#0000ff"]
    odd = tmp_path / "odd.map"
    odd.write_text((DATA / "tiny.map").read_text().replace("West_Island 2 red", "West_Island 2 notacolour"))
    (tmp_path / "tiny.cards").write_text((DATA / "tiny.cards").read_text())
    data, warnings = read_domination(odd)
    assert "color" not in data["continents"][0] and any("notacolour" in w for w in warnings)


# -- 2. no display -----------------------------------------------------------------------------------

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


# -- 3. blitz until N ----------------------------------------------------------------------------------

def test_blitz_until_n_agrees_in_the_button_the_odds_and_the_action():
    from risk.gui.hud import odds_lines

    holdings = {"Alaska": (0, 3), "Kamchatka": (1, 9)}
    state = classic_position(holdings, phase=Phase.ATTACK)
    board = state.board
    alaska, kamchatka = board.id("Alaska"), board.id("Kamchatka")
    app = scene_with(state, [HumanAgent(), _angry(), _angry()])
    scene = game(app)
    territory_click(app, alaska)
    territory_click(app, kamchatka)
    assert scene.stop_at == 3 or scene.blitz_stop() == 2
    scene.stop_at = 3  # chosen in an earlier attack from a bigger army
    frames(app)
    assert button(app, "Blitz until 2 left")
    assert "Blitz until 2 left" in odds_lines(scene)[1][0]
    press(app, pygame.K_n)
    assert scene.session.match.record.actions[-1] == (0, "blitz alaska kamchatka 2")


# -- 4. a double click does not roll ------------------------------------------------------------------

def test_a_double_click_on_an_enemy_selects_and_never_rolls():
    holdings = {"Alaska": (0, 9), "Kamchatka": (1, 4)}
    state = classic_position(holdings, phase=Phase.ATTACK)
    board = state.board
    alaska, kamchatka = board.id("Alaska"), board.id("Kamchatka")
    app = scene_with(state, [HumanAgent(), _angry(), _angry()])
    scene = game(app)
    actions = len(scene.session.match.record.actions)
    territory_click(app, alaska)
    territory_click(app, kamchatka)
    territory_click(app, kamchatka)  # the second click of a double click
    assert (scene.source, scene.target) == (alaska, kamchatka)
    assert len(scene.session.match.record.actions) == actions, "a click rolled the dice"
    assert "R rolls once" in scene.message[0]
    press(app, pygame.K_r)  # the deliberate action
    assert len(scene.session.match.record.actions) == actions + 1


# -- 5. the autosave -----------------------------------------------------------------------------------

def test_watching_bots_leaves_the_persons_autosave_alone(data_folder):
    from risk.gui import saves

    app = start(quick_config(seed=8))
    game(app).autosave()
    path = saves.autosave_path()
    mine = path.read_bytes()
    app.quit()
    app = start(quick_config(bots_only=True, bots=["angry"] * 3, seed=4))
    frames(app, 30)
    app.quit()
    assert path.read_bytes() == mine


def test_a_damaged_autosave_says_why_and_the_focus_skips_the_greyed_resume(data_folder):
    from risk.gui import saves
    from risk.gui.scenes.menu import MenuScene

    path = saves.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "markov-risk-record", "version": 99}\n')
    app = start(quick_config())
    menu = MenuScene(app)
    app.replace_all(menu)
    frames(app, 2)
    assert not menu.can_resume and "damaged" in menu.resume_problem and "version 99" in menu.resume_problem
    assert menu.choices()[menu.index][1] == "new", "the focus is on a choice that works"
    press(app, pygame.K_UP)
    assert menu.choices()[menu.index][2], "arrows skip the greyed choice"
    path.unlink()
    fresh = MenuScene(app)
    app.replace_all(fresh)
    frames(app, 1)
    assert fresh.choices()[fresh.index][1] == "new" and fresh.resume_problem == "no game saved yet"


def test_a_save_cut_short_resumes_from_its_last_complete_action(data_folder, tmp_path):
    from risk.gui.session import load_session

    app = start(quick_config(bots_only=True, bots=["angry"] * 3, seed=8))
    scene = game(app)
    until(app, lambda: len(scene.session.match.record.actions) > 40)
    full = tmp_path / "full.jsonl"
    scene.session.save(full)
    lines = full.read_text().splitlines()
    cut = tmp_path / "cut.jsonl"
    # Cut in the middle of the last action line: the save line after it is lost too.
    cut.write_text("\n".join(lines[:-2]) + "\n" + lines[-2][: len(lines[-2]) // 2])
    session = load_session(cut)
    assert len(session.match.record.actions) == len(lines) - 3
    assert "cut short" in session.load_note
    app2 = start(quick_config())
    loaded = GameScene.loaded(app2, cut)
    assert any("cut short" in line.text for line in loaded.session.log)


def test_loading_a_file_that_is_not_a_save_says_so(tmp_path, capsys):
    from risk.cli import main

    path = tmp_path / "notes.txt"
    path.write_text("my shopping list\n")
    assert main(["play", "--load", str(path)]) != 0
    err = capsys.readouterr().err
    assert "not a saved game" in err and "JSON" not in err.split("(")[0]


# -- 6. the rest --------------------------------------------------------------------------------------

def test_s_skips_even_while_the_dice_are_up():
    from risk.gui import animation as anim

    app = start(quick_config(seed=6, speed="slow"))
    scene = game(app)
    mine = scene.state.territories_of(0)[0]
    hover(app, scene.view.centre(mine))
    press(app, pygame.K_a)
    press(app, pygame.K_e)
    press(app, pygame.K_RETURN)
    assert not scene.session.is_human_turn()
    scene.anims.add(anim.Banner(0.0, "dice", blocking=True, duration=1e9))
    press(app, pygame.K_s)
    assert scene.skip_to_mine or scene.session.is_human_turn()


def test_a_resize_lays_the_panels_out_at_once():
    app = start(quick_config())
    scene = game(app)
    pygame.display.set_mode((1000, 640), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 640), w=1000, h=640))
    frames(app, 1)
    assert scene.rects["side"].right == 1000 and scene.rects["top"].width == 1000
    assert all(w.rect.right <= 1000 for w in scene.widgets())
    until(app, lambda: not scene.map_stale)
    assert scene.view.map_rect.right <= scene.rects["map"].right


def test_labels_and_arrows_do_not_pile_up_at_fast_speed():
    app = start(quick_config(bots_only=True, bots=["angry"] * 3, seed=4, speed="fast"))
    scene = game(app)
    most = 0
    for _ in range(400):
        scene.next_bot_at = 0  # as fast as the bots answer
        app.frame()
        most = max(most, max((sum(1 for a in scene.anims.items if getattr(a, "territory", None) == t)
                              for t in range(42)), default=0))
    assert most <= 2, "at most one label and one flash on a territory at a time"


def test_the_log_ends_with_the_winners_last_move_then_game_over():
    app = start(quick_config(bots_only=True, bots=["angry"] * 3, seed=4))
    _play_to_the_end(app)
    log = game(app).session.log
    assert log[-1].kind == "end" and log[-2].kind in ("move", "conquest", "elimination")


def _about_to_lose():
    """Two players: the bot holds every territory but Alaska (1 army) and attacks from Kamchatka."""
    holdings = {"Alaska": (0, 1), "Kamchatka": (1, 30)}
    state = classic_position(holdings, players=2, phase=Phase.ATTACK, player=1)
    return scene_with(state, [HumanAgent(), _angry()], players=2, bots=["angry"])


def test_a_losing_person_is_told_they_lost_and_the_end_turns_the_controls_off():
    from risk.gui.scenes.gameover import GameOverScene, verdict

    app = _about_to_lose()
    scene = game(app)
    _play_to_the_end(app, limit=500)
    state = scene.state
    assert state.winner == 1
    title, colour = verdict(scene.session)
    assert title.startswith("You lost: Angry wins") and "2nd" in title
    app.pop(app.find(GameOverScene))
    frames(app, 1)
    live = [w.label for w in scene.widgets() if w.enabled and w.label in ("Slow", "Normal", "Fast", "Max", "Skip",
                                                                        "Skip to my turn", "Hint")]
    assert not live, live
    speed = app.speed
    press(app, pygame.K_1)
    press(app, pygame.K_h)
    assert app.speed == speed and scene.hint is None


def test_a_game_from_the_menu_shows_its_seed():
    from risk.gui.scenes.menu import MenuScene, NewGameDialog

    app = start(quick_config())
    app.replace_all(MenuScene(app))
    frames(app)
    app.push(NewGameDialog(app))
    frames(app)
    press(app, pygame.K_RETURN)
    scene = game(app)
    seed = scene.session.match.seed
    assert any(f"seed {seed}" in line.text for line in scene.session.log)
