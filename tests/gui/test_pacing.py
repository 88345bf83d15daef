"""How fast the bots move in the window: the speed buttons and keys, skipping to the person's
turn, and animations that never pile up."""

from __future__ import annotations

import pygame

from tests.support.gui import button, click, frames, game, hover, press, quick_config, start, until


def test_speed_buttons_and_keys():
    app = start(quick_config(bots_only=True, bots=["angry"] * 3, speed="normal"))
    scene = game(app)
    for label, level in (("Slow", "slow"), ("Fast", "fast"), ("Max", "max"), ("Normal", "normal")):
        click(app, button(app, label).rect.center)
        assert app.speed == level and scene.speed() == level
        assert button(app, label).selected
    for key, level in ((pygame.K_1, "slow"), (pygame.K_3, "fast"), (pygame.K_4, "max"), (pygame.K_2, "normal")):
        press(app, key)
        assert app.speed == level


def test_skip_to_my_turn_plays_the_bots_at_full_speed_until_mine():
    app = start(quick_config(seed=6, speed="slow"))
    scene = game(app)
    assert scene.session.is_human_turn()
    skip = next(w for w in scene.widgets() if getattr(w, "label", "") == "Skip to my turn")
    assert not skip.enabled, "nothing to skip during your own turn"
    # Finish the turn: place all, stop attacking, end the turn without a move.
    mine = scene.state.territories_of(0)[0]
    hover(app, scene.view.centre(mine))
    press(app, pygame.K_a)
    press(app, pygame.K_e)
    press(app, pygame.K_RETURN)
    assert not scene.session.is_human_turn()
    turn = scene.state.turn
    frames(app, 3)
    assert scene.state.turn == turn, "at slow speed the bots take their time"
    click(app, button(app, "Skip to my turn").rect.center)
    assert scene.skip_to_mine or scene.session.is_human_turn()
    until(app, lambda: scene.session.is_human_turn(), limit=100)  # at slow speed: hundreds of frames
    assert scene.state.turn == turn + 2
    assert not scene.skip_to_mine and app.speed == "slow", "back to the chosen speed on your turn"


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
