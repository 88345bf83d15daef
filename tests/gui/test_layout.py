"""The game's panels at every size: every control on screen, nothing overlapping, the text whole,
and a resized window laid out again."""

from __future__ import annotations

import pygame
import pytest

from risk.gui.session import HumanAgent
from risk.phase import Phase
from risk.rules import Rules

from tests.support.gui import (SIZES, angry, attack_moment, classic_position, frames, game, hover, press,
                               quick_config, scene_with, start, territory_click, until)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_control_is_on_screen_and_nothing_overlaps(size):
    app, scene = attack_moment(size)
    six = "Blitz may use the six: off" if size[0] >= 1024 else "Six in blitz: off"
    assert_laid_out(app, scene, size, (six, "Trade cards", "Roll 3 dice", "Blitz",
                                       "Blitz until 3 left", "−", "+", "End attack", "Do it", "Hint"))
    bar_text = " ".join(lab.text for lab in scene.panels.labels if scene.rects["bottom"].contains(lab.rect))
    assert "blitz wins" in bar_text and "Blitz until 3 left" in bar_text


def commander_moment(size):
    """The commander's phase: the roll on the map, two long buttons, two lines of outcomes."""
    from risk.actions import Attack
    from risk.state import RandomSource, classic_board

    board = classic_board()
    alaska, kamchatka = board.id("Alaska"), board.id("Kamchatka")
    state = classic_position({"Alaska": (0, 12), "Kamchatka": (1, 5)}, phase=Phase.ATTACK,
                             rules=Rules(commanders=True))
    for seed in range(200):
        trial = state.copy(RandomSource(seed))
        trial.apply(Attack(alaska, kamchatka, 3))
        if trial.phase == Phase.COMMANDER:
            break
    state.rng = RandomSource(seed)
    app = scene_with(state, [HumanAgent(), angry(), angry()], size=size)
    scene = game(app)
    territory_click(app, alaska)
    territory_click(app, kamchatka)
    press(app, pygame.K_r)
    assert scene.state.phase == Phase.COMMANDER
    return app, scene


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_commander_phase_fits_at_every_size(size):
    app, scene = commander_moment(size)
    changed = scene.state.six_offer().changed
    labels = [w.label for w in scene.widgets()]
    six = next(label for label in labels if label.startswith(f"Turn the {changed} into a six"))
    keep = next(label for label in labels if label.startswith("Keep the roll"))
    assert_laid_out(app, scene, size, (six, keep, "Hint"))


def assert_laid_out(app, scene, size, wanted):
    """Every control ``wanted`` and the top bar's on screen, none squeezed or covered, every text
    inside its panel and clear of the others, the action bar's text complete."""
    from risk.gui.layout import overlapping

    screen = pygame.Rect((0, 0), size)
    assert app.screen.get_size() == size
    widgets = scene.widgets()
    labels = [w.label for w in widgets]
    for wanted_label in (*wanted, "Slow", "Normal", "Fast", "Max", "Menu", "Cards"):
        assert wanted_label in labels, f"{wanted_label!r} is missing at {size}: {labels}"
    assert any(label.startswith("Skip") for label in labels)
    for widget in widgets:
        assert screen.contains(widget.rect), f"{widget.label!r} is off screen at {size}"
        assert widget.rect.width >= theme_width(widget.label), f"{widget.label!r} is squeezed"
    assert not overlapping([w.rect for w in widgets]), "two buttons overlap"
    panels = scene.panels
    texts = [lab.rect for lab in panels.labels]
    assert not [(panels.labels[i].text, panels.labels[j].text) for i, j in overlapping(texts)]
    for lab in panels.labels:
        assert screen.contains(lab.rect), lab.text
        for widget in widgets:
            assert not lab.rect.colliderect(widget.rect), (lab.text, widget.label)
        inside = [name for name in ("top", "bottom", "side") if scene.rects[name].contains(lab.rect)]
        assert inside, f"{lab.text!r} strays out of its panel"
    assert panels.complete, "the guidance and the odds fit in the action bar"
    frames(app, 1)  # and it draws


def theme_width(label: str) -> int:
    from risk.gui import theme
    return theme.font(14, True).size(label)[0]


def test_the_top_bar_title_is_clear_of_its_buttons():
    app, scene = attack_moment((800, 560))
    title = next(lab for lab in scene.panels.labels if scene.rects["top"].contains(lab.rect))
    buttons = [w.rect for w in scene.widgets() if scene.rects["top"].contains(w.rect)]
    assert title.text.startswith("Turn 1") and all(title.rect.right < b.left for b in buttons)


def test_the_window_resizes_and_the_map_scales():
    app = start(quick_config())
    scene = game(app)
    before = scene.view.scale
    pygame.display.set_mode((1000, 640), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 640), w=1000, h=640))
    until(app, lambda: scene.view.scale != before)
    assert scene.view.scale < before
    assert scene.rects["side"].right == 1000
    for t in range(len(scene.state.board)):
        assert scene.view.territory_at(scene.view.centre(t)) == t


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


def test_the_title_counts_rounds_as_well_as_player_turns():
    """Turn 4 of a three-player game is the person's second: round 2."""
    from risk.gui.panels import title_variants

    app = start(quick_config(seed=5))
    scene = game(app)
    assert scene.session.is_human_turn() and "round 1" in title_variants(scene)[0]
    hover(app, scene.view.centre(scene.state.territories_of(0)[0]))
    press(app, pygame.K_a)
    press(app, pygame.K_e)
    press(app, pygame.K_RETURN)
    until(app, lambda: scene.session.is_human_turn() and app.top is scene or type(app.top).__name__ != "GameScene")
    if app.top is not scene:
        press(app, pygame.K_RETURN)  # "while you waited"
    title = title_variants(scene)[0]
    assert scene.state.turn == 4 and title.startswith("Turn 4") and "round 2" in title, title
