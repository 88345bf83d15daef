"""Replays: stepping a record to the end and back, the log and graphs at each position, the
replay window's keys and timeline, and opening a replay from the menu or the command line."""

from __future__ import annotations

import json
import shutil

import pygame
import pytest

from risk.gui.app import PlayConfig
from risk.record import GameRecord

from tests.support.gui import click, frames, press, start, until, widget_with


RECORD = "us-1993-4p.jsonl"


def _fingerprints(record) -> list[tuple]:
    """The state after each number of actions, played straight through the record."""
    state = record.replay(upto=0)  # the start as the record's version plays it
    out = [state.fingerprint()]
    for _, text in record.actions:
        state.apply_text(text)
        out.append(state.fingerprint())
    return out


@pytest.mark.parametrize("name", [RECORD, "missions.jsonl", "uk-old.jsonl", "big-blitz-v1.jsonl.gz"])
def test_a_replay_stepped_to_the_end_and_back_matches_the_record(name, data_dir):
    from risk.gui.replay import Replay

    path = data_dir / "records" / name
    record = GameRecord.load(path)
    expected = _fingerprints(record)
    replay = Replay.open(path)
    assert len(replay) == len(record.actions)
    seen = [replay.state_at(replay.index).fingerprint()]
    while replay.index < len(replay):
        replay.step(1)
        seen.append(replay.state_at(replay.index).fingerprint())
    assert seen == expected
    assert replay.state_at(len(replay)).is_terminal() == (record.result is not None)
    while replay.index > 0:
        replay.step(-1)
        assert replay.state_at(replay.index).fingerprint() == expected[replay.index]
    # Turn by turn: every stop is the start of a turn, the same going back.
    stops = [0]
    while replay.next_turn() < len(replay):
        stops.append(replay.index)
    assert stops == replay.turn_starts[:-1] and len(stops) > 10
    back = [len(replay)]
    while replay.index > 0:
        back.append(replay.previous_turn())
    assert back[::-1][:-1] == replay.turn_starts[:-1] and back[-1] == 0


def test_the_replay_log_and_graphs_follow_the_position(data_dir):
    from risk.gui.replay import Replay

    replay = Replay.open(data_dir / "records" / RECORD)
    assert replay.lines_upto(0) == []
    middle = len(replay) // 2
    state = replay.state_at(middle)
    lines = replay.lines_upto(middle)
    assert 0 < len(lines) < len(replay.log) and all(line.turn <= state.turn for line in lines)
    turns, series = replay.stats_upto(state.turn)
    assert turns and turns[-1] <= state.turn and len(series["territories"][0]) == len(turns)
    end_turns, _ = replay.stats_upto(replay.final.turn)
    assert len(end_turns) > len(turns)
    ends = [i for i, line in enumerate(replay.lines_upto(len(replay))) if line.kind == "end"]
    assert len(ends) == 1 and ends[0] >= replay.steps[-1].first_line  # written by the last action


def test_the_replay_chart_shows_no_sample_from_after_the_position(data_dir, monkeypatch):
    """At action 0 of a game whose territories are claimed nobody holds anything, as the panel
    says: the chart shows no set-up yet. At the start of each round its last point is the
    position on the map."""
    from risk.gui.scenes import replay as scene_module
    from risk.gui.scenes.replay import replay_app
    from risk.gui.replay import Replay

    drawn = []
    draw = scene_module.draw_chart
    monkeypatch.setattr(scene_module, "draw_chart",
                        lambda surface, rect, title, xs, series, *rest: drawn.append((list(xs), series))
                        or draw(surface, rect, title, xs, series, *rest))
    path = data_dir / "records" / RECORD
    replay = Replay.open(path)
    assert replay.record.rules.setup == "claim"
    app = replay_app(replay, path.name, (1280, 800))
    app.start()
    scene = app.top
    checked = 0
    for index in [0, 1, 5] + replay.turn_starts[1:8]:
        replay.seek(index)
        drawn.clear()
        app.frame()
        state = scene.state
        xs, series = drawn[-1]
        if index < replay.turn_starts[1]:
            assert xs == [] or [values[-1] for values in series] == list(state.count), (index, xs, series)
        elif state.current_player == 0 and xs:
            assert [values[-1] for values in series] == list(state.count[:state.players]), index
            checked += 1
    assert checked >= 2


@pytest.mark.parametrize("name", [RECORD, "missions.jsonl", "uk-old.jsonl"])
def test_the_replay_log_tells_the_winners_last_move_before_game_over(name, data_dir):
    """As the game's own log does: the engine ends the game at the last conquest, with the
    winner's move into it among the same action's events; "Game over" is told last."""
    from risk.gui.replay import Replay

    replay = Replay.open(data_dir / "records" / name)
    last = replay.lines_upto(len(replay))[replay.steps[-1].first_line:]
    assert last[-1].kind == "end" and [line.kind for line in last].count("end") == 1, [l.text for l in last]


def test_a_damaged_record_is_refused_naming_the_line(tmp_path, data_dir):
    from risk.errors import RecordError
    from risk.gui.replay import Replay

    lines = (data_dir / "records" / RECORD).read_text().splitlines()
    lines[5] = json.dumps({"p": json.loads(lines[5])["p"], "a": "attack nowhere"})
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    with pytest.raises(RecordError, match=r"bad\.jsonl:6: "):
        Replay.open(bad)


def test_the_replay_window_steps_with_keys_and_the_timeline(data_dir):
    from risk.gui.scenes.replay import ReplayScene, replay_app
    from risk.gui.replay import Replay

    path = data_dir / "records" / RECORD
    expected = _fingerprints(GameRecord.load(path))
    app = replay_app(Replay.open(path), RECORD, (1280, 800))
    app.start()
    app.frame()
    scene = app.top
    assert isinstance(scene, ReplayScene)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert scene.replay.index == 2 and scene.state.fingerprint() == expected[2]
    press(app, pygame.K_DOWN)                     # the next turn
    assert scene.replay.index == scene.replay.turn_starts[1]
    press(app, pygame.K_PAGEDOWN)                 # five turns on
    assert scene.replay.index == scene.replay.turn_starts[6]
    press(app, pygame.K_PAGEUP)
    assert scene.replay.index == scene.replay.turn_starts[1]
    press(app, pygame.K_END)
    assert scene.state.fingerprint() == expected[-1] and scene.state.is_terminal()
    click(app, widget_with(app, "< Step").rect.center)
    assert scene.replay.index == len(expected) - 2
    press(app, pygame.K_HOME)
    assert scene.state.fingerprint() == expected[0]
    timeline = app.top.widgets()[0]
    click(app, timeline.rect.center)              # the middle of the timeline
    assert abs(scene.replay.index - len(scene.replay) // 2) <= len(scene.replay) // 50 + 1
    assert scene.state.fingerprint() == expected[scene.replay.index]
    click(app, widget_with(app, "Chart: territories").rect.center)
    assert widget_with(app, "Chart: armies")
    press(app, pygame.K_SPACE)                    # play
    assert scene.playing
    app.speed = "max"
    until(app, lambda: not scene.playing, limit=400)
    assert scene.replay.index == len(scene.replay)
    press(app, pygame.K_ESCAPE)                   # opened from the command line: closes
    assert not app.running


def test_the_replay_names_the_territory_under_the_pointer(data_dir):
    from risk.gui.replay import Replay
    from risk.gui.scenes.replay import replay_app
    from tests.support.gui import hover

    replay = Replay.open(data_dir / "records" / RECORD)
    replay.seek(len(replay))
    app = replay_app(replay, RECORD, (800, 560))
    app.start()
    app.frame()
    scene = app.top
    kamchatka = scene.state.board.id("Kamchatka")
    hover(app, scene.view.centre(kamchatka))
    assert scene.hovered == kamchatka
    frames(app, 1)  # the tooltip draws, inside the map


def test_the_menu_opens_a_replay_of_a_save(data_folder, data_dir):
    from risk.gui.scenes.replay import ReplayPicker, ReplayScene

    saves = data_folder / "saves"
    saves.mkdir(parents=True)
    shutil.copy(data_dir / "records" / RECORD, saves / "finished.jsonl")
    (saves / "broken.jsonl").write_text("{not a record\n")
    app = start(PlayConfig(menu=True, speed="max"))
    click(app, widget_with(app, "Replay a game").rect.center)
    picker = app.top
    assert isinstance(picker, ReplayPicker)
    labels = [label for label, _, _ in picker.choices()]
    assert "finished - 4 players, finished after 52 turns" in labels
    assert [enabled for label, _, enabled in picker.choices() if "damaged" in label] == [False]
    click(app, widget_with(app, "finished - 4 players, finished after 52 turns").rect.center)
    assert isinstance(app.top, ReplayScene) and len(app.top.replay) > 0
    press(app, pygame.K_ESCAPE)
    assert type(app.top).__name__ == "MenuScene"


def test_replay_window_command_refuses_a_bad_record_in_one_line(tmp_path, capsys):
    from risk.cli import main

    bad = tmp_path / "bad.jsonl"
    bad.write_text("not a record\n")
    code = main(["replay", str(bad), "--window"])
    err = capsys.readouterr().err
    assert code != 0 and "bad.jsonl" in err and len(err.strip().splitlines()) == 1
