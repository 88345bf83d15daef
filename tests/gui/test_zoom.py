"""Maps from 20 to 400 territories drawn legibly: a map bigger than the window opens zoomed in as
far as its badges need, zooms with Ctrl+wheel, Ctrl +/-/0 and the buttons in the map's corner,
and pans by dragging the sea, with the middle button or Ctrl+arrows; a map that fits is not
zoomed."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from risk.gui import intents as I
from risk.gui.keys import PAN_STEP
from risk.rules import Rules

from tests.support.gui import button, click, frames, game, press, quick_config, start, territory_click
from tests.support.isles import isles_map


def _world(territories, style="continents", seed=2, size=(1280, 800)):
    from risk.gui.setup import armies_for
    from risk.worlds import generate_board

    board = generate_board(territories, seed=seed, style=style)
    rules = armies_for(board, Rules(setup="deal", placement="auto"), 4)
    app = start(quick_config(board=board, players=4, bots=["angry"] * 3, rules=rules, size=size))
    frames(app, 2)
    return app, game(app)


def _settle(app, scene):
    """Let the zoom be drawn (the map is drawn anew once zooming pauses)."""
    scene._pending_at -= 1.0
    frames(app, 2)
    assert not scene.map_stale


def _visible(view):
    return [t for t in range(len(view.board)) if view.visible(t)]


@pytest.mark.parametrize("territories, style", [(20, "islands"), (42, "continents"), (100, "pangaea"),
                                                (200, "islands"), (400, "continents"), (400, "islands")])
def test_every_size_opens_with_no_badge_over_another_and_its_names(territories, style):
    app, scene = _world(territories, style)
    view = scene.view
    shown = _visible(view)
    assert len(shown) >= min(territories, 60), "a good part of the world is in view"
    centres = np.array([view.centre(t) for t in shown], dtype=float)
    gaps = np.sqrt(((centres[:, None] - centres[None]) ** 2).sum(axis=2)) + np.eye(len(shown)) * 1e9
    close = (gaps.min(axis=1) < 2 * view.badge_radius()).sum()
    assert close <= max(2, len(shown) // 100), f"{close} badges cover others"
    named = {n.territory for n in view.name_labels} & set(shown)
    assert len(named) >= 0.8 * len(shown)
    for t in shown:
        assert view.territory_at(view.centre(t)) == t


def test_a_map_that_fits_the_window_is_not_zoomed():
    from risk.gui.setup import load_board

    app = start(quick_config())
    assert not game(app).view.zoomable and not [w for w in game(app).widgets() if getattr(w, "label", "") == "All"]
    app.quit()
    app = start(quick_config(board=load_board(isles_map()), players=2, bots=["angry"]))
    assert not game(app).view.zoomable


def test_ctrl_wheel_zooms_about_the_pointer_and_ctrl_0_shows_all():
    app, scene = _world(400, "continents")
    view = scene.view
    press(app, pygame.K_0, pygame.KMOD_CTRL)
    _settle(app, scene)
    assert view.zoom == 1.0 and len(_visible(view)) == 400
    t = 123
    pointer = view.centre(t)
    pygame.key.set_mods(pygame.KMOD_CTRL)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pointer, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0,
                                         touch=False, which=0))
    frames(app, 1)
    pygame.key.set_mods(0)
    assert scene.map_stale and scene.stretch is not None, "the old picture is stretched meanwhile"
    _settle(app, scene)
    assert view.zoom == pytest.approx(1.25 ** 2)
    assert view.territory_at(pointer) == t, "the territory under the pointer stays under it"
    assert len(_visible(view)) < 400
    click(app, button(app, "All").rect.center)
    _settle(app, scene)
    assert view.zoom == 1.0


def test_dragging_the_sea_pans_and_a_click_still_selects():
    app, scene = _world(400, "continents")
    view = scene.view
    assert view.zoomable and view.zoom > 1.0
    sea = next((x, y) for y in range(view.rect.top + 5, view.rect.bottom, 7) for x in range(view.rect.left + 5, view.rect.right, 7)
               if view.territory_at((x, y)) is None and not any(w.rect.collidepoint(x, y) for w in scene.widgets()))
    before = view.map_rect.topleft
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=sea, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=sea, button=1))
    for step in range(1, 6):
        target = (sea[0] - 20 * step, sea[1] - 10 * step)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(-20, -10), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    frames(app, 1)
    moved = (view.map_rect.x - before[0], view.map_rect.y - before[1])
    assert moved != (0, 0) and moved[0] <= 0 and moved[1] <= 0, moved
    for t in _visible(view):
        assert view.territory_at(view.centre(t)) == t
    mine = next(t for t in _visible(view) if scene.state.owner[t] == 0)
    armies = scene.state.armies[mine]
    territory_click(app, mine)  # a click, not a drag: the person's deploy
    assert scene.state.armies[mine] == armies + 1


def test_ctrl_arrows_and_the_middle_button_pan_and_the_keyboard_focus_is_kept_in_view():
    app, scene = _world(400, "continents")
    view = scene.view
    press(app, pygame.K_0, pygame.KMOD_CTRL)
    _settle(app, scene)
    press(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
    press(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
    press(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
    _settle(app, scene)
    before = view.map_rect.topleft
    press(app, pygame.K_LEFT, pygame.KMOD_CTRL)
    assert view.map_rect.x == before[0] + PAN_STEP, "Ctrl+Left shows more of the west"
    middle = view.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=middle, button=2))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(middle[0], middle[1] + 40), rel=(0, 40), buttons=(0, 1, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(middle[0], middle[1] + 40), button=2))
    y = view.map_rect.y
    frames(app, 1)
    assert view.map_rect.y == y + 40
    far = max(range(400), key=lambda t: abs(view.centre(t)[0] - view.rect.centerx))
    assert not view.visible(far)
    scene.selection = scene.selection.focused(far, scene.state)
    scene._keep_in_view()
    assert view.visible(far)


def test_zooming_and_panning_change_no_game():
    app, scene = _world(200, "islands")
    fingerprint = scene.state.fingerprint()
    scene.handle(I.Zoom(1, scene.view.rect.center))
    _settle(app, scene)
    scene.handle(I.Pan(-50, 30))
    assert scene.state.fingerprint() == fingerprint


def test_a_conquest_repaints_only_what_changed_hands():
    """On a big zoomed map a change of owner paints the territory's box, not the whole map."""
    app, scene = _world(400, "continents")
    view = scene.view
    owners = list(scene.state.owner)
    surface = pygame.Surface(app.screen.get_size())
    view.draw(surface, owners, scene.state.armies)
    t = _visible(view)[0]
    owners[t] = (owners[t] + 1) % 4
    view.draw(surface, owners, scene.state.armies)
    view.draw(surface, owners, scene.state.armies)
    fill = view._filled(tuple(owners))
    whole = view._paint(tuple(owners), np.s_[:, :])
    assert np.array_equal(pygame.surfarray.array3d(fill).transpose(1, 0, 2), whole), "the same as painting it all"
