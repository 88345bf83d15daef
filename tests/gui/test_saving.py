"""Saving, the autosave and loading: the same game comes back, a bot's answer included; a save cut
short resumes; a watched game never replaces a person's autosave."""

from __future__ import annotations

import pygame

from risk.gui.app import PlayConfig
from risk.gui.scenes.game import GameScene

from tests.support.gui import frames, game, press, quick_config, start, territory_click, until


def test_save_and_load_resume_the_same_game(data_folder):
    from risk.gui import saves

    app = start(quick_config(seed=8))
    scene = game(app)
    state = scene.state
    territory_click(app, state.territories_of(0)[0])
    press(app, pygame.K_s, pygame.KMOD_CTRL)
    saved = saves.list_saves()
    path = [p for p in saved if p.parent == saves.saves_dir()][0]
    fingerprint = scene.state.fingerprint()
    actions = list(scene.session.match.record.actions)
    # Play on a little, then load the save through the menu's load dialog.
    territory_click(app, state.territories_of(0)[0])
    press(app, pygame.K_l, pygame.KMOD_CTRL)
    dialog = app.top
    index = next(i for i, (_, key, _) in enumerate(dialog.choices()) if key == path)
    dialog.index = index
    press(app, pygame.K_RETURN)
    loaded = game(app)
    assert loaded is not scene
    assert loaded.state.fingerprint() == fingerprint
    assert loaded.session.match.record.actions == actions
    assert loaded.session.human == 0 and loaded.session.names[0] == "You"
    assert any(line.kind == "deploy" for line in loaded.session.log)


def test_closing_mid_game_autosaves_and_resumes(data_folder):
    from risk.gui import saves
    from risk.gui.session import load_session

    app = start(quick_config(seed=9, speed="slow"))
    scene = game(app)
    press(app, pygame.K_a)  # nothing under the pointer: nothing happens, no crash
    territory_click(app, scene.state.territories_of(0)[0])
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame()
    assert not app.running
    path = saves.autosave_path()
    assert path.is_file() and saves.unfinished(path)
    session = load_session(path)
    assert session.state.fingerprint() == scene.state.fingerprint()
    app2 = start(PlayConfig(load=path, speed="max"))
    assert game(app2).state.fingerprint() == scene.state.fingerprint()


def test_bot_answers_after_a_load_are_the_same(data_folder):
    """A save made while a bot thinks holds the bot's random source as it was before thinking."""
    from risk.gui import saves
    from risk.gui.session import load_session

    config = quick_config(bots_only=True, bots=["random"] * 3, seed=4, speed="normal")
    app = start(config)
    scene = game(app)
    assert scene.pacer.job is not None and not scene.session.match.record.actions  # the bot is thinking
    scene.session.save(saves.autosave_path())
    until(app, lambda: len(scene.session.match.record.actions) >= 1 and scene.pacer.job is None)
    first = scene.session.match.record.actions[0]
    again = load_session(saves.autosave_path())
    seat, agent, view, rng = again.bot_request()
    action = agent.act(view)
    assert (seat, action.text(again.board)) == first


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


def test_a_resumed_game_tells_no_old_continent_changes_as_new(tmp_path):
    """The log of a loaded game is rebuilt from its record, continents changing hands included, in
    their place; none of them is told again as new at the first move after the load."""
    from risk.gui.waited import continent_holders

    app = start(quick_config(bots_only=True, bots=["angry"] * 3, seed=4, speed="slow"))
    scene = game(app)
    # Move by move, as the bots' pacer moves them, so that how many moves a frame holds (wall
    # clock) cannot carry the game past the point to save.
    while sum(line.kind == "continent" for line in scene.session.log) < 2:
        seat, agent, view, rng = scene.session.bot_request()
        scene._bot_moved(scene.session.bot_answer(seat, rng, agent.act(view)), seat)
    assert not scene.state.is_terminal()
    path = tmp_path / "resumed.jsonl"
    scene.session.save(path)
    history = [line.text for line in scene.session.log if line.kind == "continent"]
    app.quit()
    app2 = start(quick_config(bots_only=True, bots=["angry"] * 3, speed="max"))
    loaded = GameScene.loaded(app2, path)
    app2.replace_all(loaded)
    assert [line.text for line in loaded.session.log if line.kind == "continent"] == history
    holders = continent_holders(loaded.state)
    seat, agent, view, rng = loaded.session.bot_request()  # one move, as the bots' pacer makes it
    loaded._bot_moved(loaded.session.bot_answer(seat, rng, agent.act(view)), seat)
    changed = sum(a != b for a, b in zip(holders, continent_holders(loaded.state)))
    told = [line.text for line in loaded.session.log if line.kind == "continent"]
    assert len(told) == len(history) + changed, told[len(history):]


def test_the_saves_are_listed_by_map_turn_and_players(data_folder):
    """Not by the time alone: which map, how far the game got and who plays in it."""
    from risk.gui import saves
    from risk.gui.scenes.dialogs import LoadDialog

    app = start(quick_config(seed=8))
    scene = game(app)
    scene.save_as()
    press(app, pygame.K_l, pygame.KMOD_CTRL)
    dialog = app.top
    assert isinstance(dialog, LoadDialog)
    path = next(p for p in dialog.paths if p.parent == saves.saves_dir())
    until(app, lambda: "round" in dict((key, label) for label, key, _ in dialog.choices())[path])
    label = dict((key, label) for label, key, _ in dialog.choices())[path]
    assert "Classic" in label and "turn 1" in label and "round 1" in label, label
    assert "You" in label and "Angry" in label, label


def test_a_new_game_keeps_the_unfinished_autosave_it_would_replace(data_folder):
    """The autosave of an unfinished game is not overwritten by the next game without a word: it
    is kept among the saves, and the window says so."""
    from risk.gui import saves

    app = start(quick_config(seed=8))
    territory_click(app, game(app).state.territories_of(0)[0])
    app.quit()  # closing mid-game autosaves it
    path = saves.autosave_path()
    unfinished = path.read_text()
    assert saves.unfinished(path)
    app = start(quick_config(seed=9))
    game(app).autosave()
    kept = [p for p in saves.list_saves() if p.parent == saves.saves_dir()]
    assert [p.read_text() for p in kept] == [unfinished]
    assert path.read_text() != unfinished
    assert app.toast is not None and "kept" in app.toast[0]
    game(app).autosave()  # the new game's own autosave is its to replace
    assert len([p for p in saves.list_saves() if p.parent == saves.saves_dir()]) == 1


def test_resuming_the_autosave_replaces_it_without_keeping_a_copy(data_folder):
    from risk.gui import saves

    app = start(quick_config(seed=8))
    territory_click(app, game(app).state.territories_of(0)[0])
    app.quit()
    app = start(PlayConfig(load=saves.autosave_path(), speed="max"))
    game(app).autosave()
    assert not [p for p in saves.list_saves() if p.parent == saves.saves_dir()]
