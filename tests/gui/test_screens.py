"""The new-game screen, replays and sounds, headless (SDL's dummy drivers, see conftest)."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace

import pygame
import pytest

from risk.gui import setup as S
from risk.gui.app import PlayConfig
from risk.record import GameRecord
from tests.support.gui import click, frames, press, start, until

RECORD = "us-1993-4p.jsonl"


@pytest.fixture
def data_folder(tmp_path, monkeypatch):
    """A fresh per-user folder: no autosave, no settings, no maps of the player's own."""
    monkeypatch.setenv("MARKOV_RISK_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("MARKOV_RISK_AUTOSAVE", raising=False)
    return tmp_path / "data"


def widget_with(app, label: str):
    for widget in app.top.widgets():
        if getattr(widget, "label", None) == label:
            return widget
    raise AssertionError(f"no widget labelled {label!r}: {[getattr(w, 'label', '?') for w in app.top.widgets()]}")


def row_button(app, row: str, step: int):
    from risk.gui import intents as I

    for widget in app.top.widgets():
        if getattr(widget, "intent", None) == I.Choose(("row", row, step)):
            return widget
    raise AssertionError(f"no button for {row} {step}")


def open_new_game(app):
    from risk.gui.scenes.newgame import NewGameScene

    click(app, widget_with(app, "New game").rect.center)
    assert isinstance(app.top, NewGameScene)
    return app.top


# -- the new-game screen ---------------------------------------------------------------------------

def test_menu_focus_starts_on_new_game_without_an_autosave(data_folder):
    from risk.gui.scenes.menu import MenuScene

    app = start(PlayConfig(menu=True, speed="max"))
    assert isinstance(app.top, MenuScene)
    label, _, enabled = app.top.choices()[app.top.index]
    assert label == "New game" and enabled


def test_new_game_screen_builds_a_game_with_the_chosen_map_rules_and_seats(data_folder, data_dir):
    from risk.gui.scenes.game import GameScene

    maps = data_folder / "maps"
    maps.mkdir(parents=True)
    shutil.copy(data_dir / "tiny.json", maps / "tiny.json")
    app = start(PlayConfig(menu=True, speed="max"))
    screen = open_new_game(app)
    labels = [choice.label for choice in screen.maps]
    assert labels[0] == "Classic" and "Tiny - yours" in labels
    click(app, widget_with(app, "Tiny - yours").rect.center)
    assert screen.setup.map_path == str(maps / "tiny.json")
    click(app, row_button(app, "fortify", 1).rect.center)          # adjacent -> connected
    click(app, row_button(app, "setup", 1).rect.center)            # claim -> deal
    click(app, row_button(app, "placement", 1).rect.center)        # turns -> auto
    click(app, row_button(app, "players", -1).rect.center)         # 4 -> 3 players
    for _ in range(3):                                             # seat 2: Expert -> Easy
        click(app, row_button(app, "seat1", -1).rect.center)
    assert screen.setup.seats == ("human", "Easy", "Hard")
    assert not screen.problems()
    click(app, widget_with(app, "Start").rect.center)
    scene = app.find(GameScene)
    assert scene is not None and app.top is scene
    state = scene.state
    assert state.board.name == "Tiny" and state.players == 3
    assert state.rules.fortify == "connected" and state.rules.setup == "deal" and state.rules.placement == "auto"
    assert scene.session.match.specs == ["human", "angry", "mcts"] and scene.session.human == 0
    remembered = json.loads((data_folder / "settings.json").read_text())
    assert remembered["seats"] == ["human", "Easy", "Hard"] and remembered["options"]["fortify"] == "connected"


def test_the_screen_remembers_the_last_choices(data_folder):
    S.save_settings(replace(S.GameSetup(), preset="italian", options={"missions": True},
                            seats=("Expert", "human", "Medium", "Easy", "Hard")))
    app = start(PlayConfig(menu=True, speed="max"))
    screen = open_new_game(app)
    assert screen.setup.preset == "italian" and screen.setup.option("missions") is True
    assert screen.setup.seats[1] == "human" and screen.setup.players == 5
    rules = screen.setup.rules()
    assert rules.defender_max_dice == 3 and rules.missions


def test_a_damaged_settings_file_gives_the_defaults(data_folder):
    data_folder.mkdir(parents=True)
    (data_folder / "settings.json").write_text("{not json")
    assert S.load_settings() == S.GameSetup()
    (data_folder / "settings.json").write_text(json.dumps({"seats": ["human"], "preset": "nope", "options": {"fortify": "teleport"}}))
    assert S.load_settings() == S.GameSetup()


def test_a_changed_edition_brings_its_own_options_and_keyboard_changes_rows(data_folder):
    app = start(PlayConfig(menu=True, speed="max"))
    screen = open_new_game(app)
    press(app, pygame.K_DOWN)                     # the edition row
    assert screen.rows()[screen.focus] == "preset"
    press(app, pygame.K_RIGHT)
    assert screen.setup.preset == "uk-old" and screen.setup.option("card_values") == "fixed"
    press(app, pygame.K_DOWN)                     # territories: dealt in the old UK rules
    assert screen.setup.option("setup") == "deal"
    press(app, pygame.K_RIGHT)
    assert screen.setup.option("setup") == "claim"
    press(app, pygame.K_UP)
    press(app, pygame.K_RIGHT)                    # the next edition: the option chosen goes
    assert screen.setup.preset == "uk-new" and screen.setup.options == {}


def test_missions_with_two_players_cannot_start_and_say_why(data_folder):
    app = start(PlayConfig(menu=True, speed="max"))
    screen = open_new_game(app)
    screen.setup = replace(screen.setup, seats=("human", "Easy"), options={"missions": True})
    frames(app, 1)
    assert "missions need at least 3 players" in screen.problems()[0]
    assert not widget_with(app, "Start").enabled
    press(app, pygame.K_RETURN)
    assert app.top is screen


def test_a_typed_bot_spec_is_checked_and_played(data_folder):
    from risk.gui.scenes.game import GameScene

    app = start(PlayConfig(menu=True, speed="max"))
    screen = open_new_game(app)
    screen.setup = replace(screen.setup, seats=("human", "Easy"))
    frames(app, 1)
    for _ in range(len(screen.seat_choices)):     # step seat 2 to "Other..."
        if screen.editing is not None:
            break
        click(app, row_button(app, "seat1", 1).rect.center)
    assert screen.editing == 1 and screen.wants_text
    for ch in "thresh":
        press(app, 0, text=ch)
    assert "seat 2" in screen.problems()[0]       # 'thresh' is no bot
    press(app, pygame.K_BACKSPACE)
    for ch in "hold:attack_threshold=0.7":
        press(app, 0, text=ch)
    assert screen.setup.seats[1] == "threshold:attack_threshold=0.7"
    press(app, pygame.K_m, text="m")              # typed, not the mute key
    press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_RETURN)                   # ends the typing
    assert screen.editing is None and not screen.problems()
    assert "threshold:attack_threshold=0.7" in screen.value_text("seat1")
    press(app, pygame.K_RETURN)                   # starts
    scene = app.find(GameScene)
    assert scene.session.match.specs == ["human", "threshold:attack_threshold=0.7"]


def test_difficulties_are_one_table_with_expert_the_strongest_installed():
    assert list(S.DIFFICULTIES) == ["Easy", "Medium", "Hard", "Expert"]
    from ai.registry import STRONGEST

    assert S.DIFFICULTIES["Expert"] == STRONGEST  # the window's strongest is the measured strongest
    everything = ["angry", "markov", "mcts", "random", "strategist", "threshold"]
    assert S.difficulty_spec("Expert", everything) == "strategist"
    # Without it, Expert plays the strongest that is installed below it.
    assert S.difficulty_spec("Expert", ["angry", "markov", "mcts", "random", "threshold"]) == "mcts"
    assert S.difficulty_spec("Easy", ["random"]) == "random"
    setup = replace(S.GameSetup(), seats=("human", "Expert", "Easy"))
    assert setup.bot_specs(["angry", "mcts"]) == ["human", "mcts", "angry"]


def test_several_humans_are_passed_on_or_named_as_the_gap(data_folder):
    from dataclasses import fields

    setup = replace(S.GameSetup(), seats=("human", "human", "Easy"), seed=5)
    if "humans" in {f.name for f in fields(PlayConfig)}:
        config = S.play_config(setup)
        assert config.humans == [0, 1]
    else:
        with pytest.raises(ValueError, match="hot-seat"):
            S.play_config(setup)


# -- every map plays to the end in the window -------------------------------------------------------

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
        S.save_settings(replace(S.GameSetup(), map_path=str(choice.path), seats=seats,
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
        assert len(scene.state.board) == len(S.load_board(choice.path))
        until(app, lambda: app.find(GameOverScene) is not None, limit=5000)
        assert scene.state.is_terminal() and scene.state.winner is not None
        frames(app, 2)


# -- replays ---------------------------------------------------------------------------------------

def _fingerprints(record) -> list[tuple]:
    """The state after each number of actions, played straight through the record."""
    from risk.state import GameState

    state = GameState.new(players=len(record.players), seed=record.seed, rules=record.rules, board=record.board())
    out = [state.fingerprint()]
    for _, text in record.actions:
        state.apply_text(text)
        out.append(state.fingerprint())
    return out


@pytest.mark.parametrize("name", [RECORD, "missions.jsonl", "uk-old.jsonl"])
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


# -- sounds ----------------------------------------------------------------------------------------

def test_sounds_are_generated_short_and_in_range():
    from risk.gui import sound

    made = sound.samples()
    assert set(made) == {"dice", "conquest", "elimination"}
    for wave in made.values():
        assert 0.05 * sound.RATE < len(wave) < 1.5 * sound.RATE
        assert abs(wave).max() <= 0.8 + 1e-9 and abs(wave).max() > 0.5


def test_the_most_important_event_makes_the_sound():
    from risk.events import DiceRolled, PlayerEliminated, TerritoryConquered
    from risk.gui import sound

    dice = DiceRolled.__new__(DiceRolled)
    conquest = TerritoryConquered.__new__(TerritoryConquered)
    gone = PlayerEliminated.__new__(PlayerEliminated)
    assert sound.sound_for([dice]) == "dice"
    assert sound.sound_for([dice, conquest]) == "conquest"
    assert sound.sound_for([dice, conquest, gone]) == "elimination"
    assert sound.sound_for([]) is None


def test_sound_is_off_by_default_and_m_toggles_it(data_folder):
    from risk.gui import sound

    sound.set_enabled(False)
    app = start(PlayConfig(menu=True, speed="max"))
    assert not sound.enabled()
    press(app, pygame.K_m)
    assert app.toast is not None and app.toast[0].startswith("Sound")
    assert sound.enabled() == app.toast[0].startswith("Sound on")
    sound.play("dice")  # with or without a device: no error
    press(app, pygame.K_m)
    assert not sound.enabled()


def test_a_map_dropped_on_the_screen_joins_the_players_maps(data_folder, data_dir, tmp_path):
    app = start(PlayConfig(menu=True, speed="max"))
    screen = open_new_game(app)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    shutil.copy(data_dir / "tiny.json", outside / "islands.json")
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(outside / "islands.json")))
    frames(app, 1)
    assert (data_folder / "maps" / "islands.json").is_file()
    assert screen.maps[screen.map_index].label == "Islands - yours"
    assert screen.setup.map_path == str(data_folder / "maps" / "islands.json")
    (outside / "broken.json").write_text("{}")
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(outside / "broken.json")))
    frames(app, 1)
    assert not (data_folder / "maps" / "broken.json").exists()
    assert app.toast[0].startswith("Cannot add broken.json")


def test_a_typed_seed_deals_the_same_game_and_the_last_seed_is_offered_again(data_folder):
    from risk.gui.scenes.game import GameScene
    from risk.gui import intents as I

    def seed_field(app):
        return next(w for w in app.top.widgets() if getattr(w, "intent", None) == I.Choose(("seed",)))

    owners = []
    for _ in range(2):
        app = start(PlayConfig(menu=True, speed="max"))
        screen = open_new_game(app)
        assert screen.setup.seed == (42 if owners else None)  # a typed seed is remembered
        screen.setup = replace(screen.setup, seats=("Easy", "Easy", "Easy"), seed=None,
                               options={"setup": "deal", "placement": "auto"})
        frames(app, 1)
        click(app, seed_field(app).rect.center)
        assert screen.wants_text and screen.seed_text == ""
        for ch in "0x42":                          # a leading zero and a letter are not kept
            press(app, 0, text=ch)
        assert screen.value_text("seed") == "42"
        press(app, pygame.K_RETURN)
        assert screen.setup.seed == 42 and not screen.wants_text
        press(app, pygame.K_RETURN)
        record = app.find(GameScene).session.match.record
        until(app, lambda: len(record.actions) >= 12)
        owners.append((record.seed, record.actions[:12]))
    assert owners[0][0] == owners[1][0] == 42
    assert owners[0][1] == owners[1][1] and len(owners[0][1]) == 12  # the same deal, the same first moves
    # A random seed is remembered as the last one, and offered again with Left/Right.
    app = start(PlayConfig(menu=True, speed="max"))
    screen = open_new_game(app)
    screen.setup = replace(screen.setup, seed=None)
    press(app, pygame.K_RETURN)
    started = app.find(GameScene).state.rng.seed
    app = start(PlayConfig(menu=True, speed="max"))
    screen = open_new_game(app)
    assert screen.value_text("seed") == "random"
    click(app, row_button(app, "seed", 1).rect.center)
    assert screen.setup.seed == started
    click(app, row_button(app, "seed", 1).rect.center)
    assert screen.setup.seed is None


@pytest.mark.parametrize("size", [(800, 560), (1024, 700), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_new_game_screen_fits_six_players_at_every_size(size, data_folder):
    from risk.gui.scenes.newgame import NewGameScene

    app = start(PlayConfig(menu=True, speed="max", size=size))
    screen = NewGameScene(app)
    app.replace_all(screen)
    screen.setup = replace(screen.setup, seats=("human",) + ("Expert",) * 5)
    frames(app, 1)
    columns = screen.columns()
    panels = [columns["map"], columns["rules"], columns["seats"]]
    window = app.screen.get_rect()
    rects = [w.rect for w in screen.widgets()]
    for rect in rects:
        assert window.contains(rect), rect
        assert rect.collidelist(panels) < 0 or any(p.contains(rect) for p in panels), rect
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not a.colliderect(b), (a, b)
    for row, (label, left, value, right) in screen.placed_rows().items():
        assert label.right <= left.left and left.right <= value.left and value.right <= right.left
        assert screen.inner(columns["seats"] if row in ("players", "sound", "seed") or row.startswith("seat")
                            else columns["rules"]).contains(value), row


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
