"""The new-game screen: the map, the rules and the seats chosen, remembered and started."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace

import pygame
import pytest

from risk.gui import setup as S
from risk.gui.app import PlayConfig

from tests.support.gui import click, frames, open_new_game, press, row_button, start, until, widget_with


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


def test_the_editions_and_changed_options_are_described_in_words(data_folder, monkeypatch):
    """What an edition changes, and the options changed on top of it, read as sentences, not as
    the rules' own keys (``setup_limit=4``)."""
    from risk.gui import theme
    from risk.rules import PRESETS, Rules

    shown: list[str] = []
    render = theme.render
    monkeypatch.setattr(theme, "render", lambda text, *a, **k: shown.append(text) or render(text, *a, **k))
    app = start(PlayConfig(menu=True, speed="max"))
    screen = open_new_game(app)
    keys = {f"{name}" for name in Rules().to_dict()} | {"True", "False"}
    press(app, pygame.K_DOWN)                     # the edition row: its changes are described
    for _ in PRESETS:
        shown.clear()
        frames(app, 1)
        raw = [text for text in shown if "=" in text or any(key in text.split() for key in keys if "_" in key)]
        assert not raw, (screen.setup.preset, raw)
        press(app, pygame.K_RIGHT)
    screen.setup = replace(screen.setup, options={"fortify": "connected", "missions": True})
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)                     # a seat: the options changed are listed
    shown.clear()
    frames(app, 1)
    changed = [text for text in shown if "along your land" in text or "missions" in text.lower()]
    assert changed and not [text for text in shown if "=" in text], shown


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


def test_generate_a_world_with_its_size_style_and_seed_shown_in_the_preview(data_folder):
    """The screen's "Generate a world": its size, style and seed are rows under the list, the
    preview shows the very world the game is played on, and the choices are remembered."""
    from risk.gui.scenes.game import GameScene
    from risk.worlds import generate

    app = start(PlayConfig(menu=True, speed="max"))
    screen = open_new_game(app)
    click(app, widget_with(app, "Generate a world").rect.center)
    assert screen.setup.generated and screen.rows()[1:4] == ["world_size", "world_style", "world_seed"]
    click(app, row_button(app, "world_size", 1).rect.center)      # 42 -> 60 territories
    click(app, row_button(app, "world_style", 1).rect.center)     # continents -> islands
    click(app, row_button(app, "world_seed", 1).rect.center)      # seed 1 -> 2
    world = screen.setup.world
    assert (world.territories, world.style, world.seed) == (60, "islands", 2)
    view, summary = screen._loaded_preview()
    expected = generate(60, seed=2, style="islands")
    assert view.board.source == expected and summary.startswith(f"{expected['name']}: 60 territories")
    click(app, widget_with(app, "Start").rect.center)
    scene = app.find(GameScene)
    assert scene is not None and scene.state.board.source == expected
    remembered = json.loads((data_folder / "settings.json").read_text())
    assert remembered["map"] == "generated" and remembered["world"] == {"territories": 60, "style": "islands", "seed": 2}
    assert S.load_settings().world == world


def test_a_big_world_starts_with_armies_enough_for_it():
    """The standard table's 30 armies each cannot cover 100 territories each: a 400-territory
    world gets as many armies a territory as the classic map."""
    from risk.rules import Rules

    setup = replace(S.GameSetup(), map_path=S.WORLD_MAP, world=S.WorldChoice(400, "continents", 3))
    config = S.play_config(setup)
    assert config.rules.starting_armies(4) == -(-30 * 400 // 42)
    small = S.play_config(replace(setup, world=S.WorldChoice(42, "continents", 3)))
    assert small.rules.starting_armies(4) == Rules().starting_armies(4)
