"""Choosing an attack and its dice: the odds shown first, a double click that never rolls, and
"blitz until N left" agreeing in the button, the odds and the action."""

from __future__ import annotations

from dataclasses import replace

import pygame

from risk.gui.session import HumanAgent
from risk.phase import Phase

from tests.support.gui import (angry, button, classic_position, click, frames, game, press, scene_with,
                               territory_click, wheel)


def test_blitz_until_n_left():
    holdings = {"Alaska": (0, 9), "Kamchatka": (1, 20)}
    state = classic_position(holdings, phase=Phase.ATTACK)
    board = state.board
    alaska, kamchatka = board.id("Alaska"), board.id("Kamchatka")
    app = scene_with(state, [HumanAgent(), angry(), angry()])
    scene = game(app)
    territory_click(app, kamchatka)
    assert (scene.selection.source, scene.selection.target, scene.selection.stop_at) == (alaska, kamchatka, 3)
    click(app, button(app, "+").rect.center)
    press(app, pygame.K_PLUS)
    press(app, pygame.K_MINUS)
    wheel(app, scene.view.centre(alaska), 1)
    assert scene.selection.stop_at == 5
    assert button(app, "Blitz until 5 left")
    from risk.gui.hud import odds_lines
    assert "Blitz until 5 left" in odds_lines(scene)[1][0]
    press(app, pygame.K_n)
    assert scene.session.match.record.actions[-1] == (0, "blitz alaska kamchatka 5")
    assert scene.state.armies[alaska] == 5 and scene.state.owner[kamchatka] == 1


def test_blitz_until_n_agrees_in_the_button_the_odds_and_the_action():
    from risk.gui.hud import odds_lines

    holdings = {"Alaska": (0, 3), "Kamchatka": (1, 9)}
    state = classic_position(holdings, phase=Phase.ATTACK)
    board = state.board
    alaska, kamchatka = board.id("Alaska"), board.id("Kamchatka")
    app = scene_with(state, [HumanAgent(), angry(), angry()])
    scene = game(app)
    territory_click(app, alaska)
    territory_click(app, kamchatka)
    assert scene.selection.stop_at == 3 or scene.blitz_stop() == 2
    scene.selection = replace(scene.selection, stop_at=3)  # chosen in an earlier attack from a bigger army
    frames(app)
    assert button(app, "Blitz until 2 left")
    assert "Blitz until 2 left" in odds_lines(scene)[1][0]
    press(app, pygame.K_n)
    assert scene.session.match.record.actions[-1] == (0, "blitz alaska kamchatka 2")


def test_a_double_click_on_an_enemy_selects_and_never_rolls():
    holdings = {"Alaska": (0, 9), "Kamchatka": (1, 4)}
    state = classic_position(holdings, phase=Phase.ATTACK)
    board = state.board
    alaska, kamchatka = board.id("Alaska"), board.id("Kamchatka")
    app = scene_with(state, [HumanAgent(), angry(), angry()])
    scene = game(app)
    actions = len(scene.session.match.record.actions)
    territory_click(app, alaska)
    territory_click(app, kamchatka)
    territory_click(app, kamchatka)  # the second click of a double click
    assert (scene.selection.source, scene.selection.target) == (alaska, kamchatka)
    assert len(scene.session.match.record.actions) == actions, "a click rolled the dice"
    assert "R rolls once" in scene.message[0]
    press(app, pygame.K_r)  # the deliberate action
    assert len(scene.session.match.record.actions) == actions + 1


def test_one_wheel_notch_counts_once():
    """pygame-ce reports a notch both as a press of button 4 or 5 and as a MOUSEWHEEL event."""
    holdings = {"Alaska": (0, 9), "Northwest Territory": (0, 2), "Kamchatka": (1, 20)}
    state = classic_position(holdings, phase=Phase.ATTACK)
    board = state.board
    alaska, kamchatka = board.id("Alaska"), board.id("Kamchatka")
    app = scene_with(state, [HumanAgent(), angry(), angry()])
    scene = game(app)
    # N of "blitz until N left".
    territory_click(app, kamchatka)
    wheel(app, scene.view.centre(alaska), 1)
    assert scene.selection.stop_at == 4
    wheel(app, scene.view.centre(alaska), -1)
    assert scene.selection.stop_at == 3
    # The log: three lines a notch.
    for k in range(80):
        scene.session.note(f"note {k}", "note")
    frames(app)
    side = scene.rects["side"]
    wheel(app, (side.centerx, side.bottom - 40), 1)
    assert scene.log_scroll == 3
    # A slider: the fortify amount (the occupy dialog is the same slider).
    press(app, pygame.K_e)
    territory_click(app, alaska)
    territory_click(app, board.id("Northwest Territory"))
    dialog = app.top
    assert type(dialog).__name__ == "MoveDialog" and dialog.value == 8
    wheel(app, dialog.box().center, -1)
    assert dialog.value == 7


def test_odds_never_claim_a_certainty_that_is_not():
    from risk.gui.hud import odds_lines, percent

    assert percent(1.0) == "100%" and percent(0.0) == "0%"
    assert percent(0.99999) == ">99.9%" and percent(0.00001) == "<0.1%" and percent(0.5) == "50.0%"
    assert percent(0.996, 0) == ">99%" and percent(0.6, 0) == "60%"
    state = classic_position({"Alaska": (0, 40), "Kamchatka": (1, 1)}, phase=Phase.ATTACK)
    app = scene_with(state, [HumanAgent(), angry(), angry()])
    scene = game(app)
    territory_click(app, state.board.id("Kamchatka"))
    assert "blitz wins >99.9%" in odds_lines(scene)[0][0]
