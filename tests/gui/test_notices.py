"""What a person is told of the others' turns: "while you waited" at the start of their turn,
and a continent changing hands."""

from __future__ import annotations

import pygame

from risk.gui.scenes.handover import WaitedDialog

from tests.support.gui import button, click, game, hover, press, quick_config, start, until


def _end_my_turn(app, scene):
    mine = scene.state.territories_of(0)[0]
    hover(app, scene.view.centre(mine))
    press(app, pygame.K_a)
    press(app, pygame.K_e)
    press(app, pygame.K_RETURN)


def test_while_you_waited_shows_what_the_others_changed():
    app = start(quick_config(seed=6))
    scene = game(app)
    for _ in range(6):  # a few turns, until the bots have taken something of the person's
        until(app, lambda: scene.session.is_human_turn() and app.top is scene or isinstance(app.top, WaitedDialog))
        if isinstance(app.top, WaitedDialog):
            dialog = app.top
            summary = dialog.summary
            assert scene.waited is summary  # its territories are ringed on the map
            now = scene.state.owner
            assert all(now[t] != 0 and left[t] == 0 for t in summary.lost)
            assert all(now[t] == 0 and left[t] != 0 for t in summary.won)
            lost_expected = [t for t in range(len(now)) if left[t] == 0 and now[t] != 0]
            assert list(summary.lost) == lost_expected
            assert dialog.lines and all(isinstance(line, str) for line in dialog.lines)
            if summary.lost:
                assert any(line.startswith("Lost ") for line in dialog.lines)
                click(app, button(app, "OK").rect.center)
                assert scene.waited is None and app.top is scene
                return
            click(app, button(app, "OK").rect.center)
        left = list(scene.state.owner)  # no attack is made: the map as the person leaves it
        _end_my_turn(app, scene)
    raise AssertionError("the bots never took a territory of the person's in six turns")


def test_a_continent_changing_hands_is_noticed():
    from risk.gui.waited import continent_holders

    app = start(quick_config(bots_only=True, bots=["angry"] * 3, seed=4, speed="fast"))
    scene = game(app)
    changes = 0
    holders = continent_holders(scene.state)
    for _ in range(3000):
        if scene.state.is_terminal():
            break
        scene.pacer.next_move_at = 0
        app.frame()
        now = continent_holders(scene.state)
        changes += sum(a != b for a, b in zip(holders, now))
        holders = now
    notices = [line.text for line in scene.session.log if line.kind == "continent"]
    assert notices and len(notices) >= changes - 1  # the last one may come with the game's end
    assert any("now holds" in text for text in notices)


def test_while_you_waited_shows_at_the_second_turn_of_a_dealt_game():
    """With territories dealt and armies placed automatically the game starts at the person's
    first turn; what the others took before the second is still told."""
    app = start(quick_config(players=4, bots=["angry"] * 3, seed=7))
    scene = game(app)
    until(app, lambda: scene.session.is_human_turn() and app.top is scene)
    left = list(scene.state.owner)
    _end_my_turn(app, scene)
    until(app, lambda: scene.session.is_human_turn() or isinstance(app.top, WaitedDialog))
    lost = [t for t in range(len(left)) if left[t] == 0 and scene.state.owner[t] != 0]
    assert lost, "the bots took a territory of the person's in their first turns"
    assert isinstance(app.top, WaitedDialog) and list(app.top.summary.lost) == lost
