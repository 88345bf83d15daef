"""The main menu, the quick game dialog and the pause menu."""

from __future__ import annotations

import pygame

from risk.gui.app import PlayConfig

from tests.support.gui import button, click, frames, game, press, quick_config, start


def test_menu_focus_starts_on_new_game_without_an_autosave(data_folder):
    from risk.gui.scenes.menu import MenuScene

    app = start(PlayConfig(menu=True, speed="max"))
    assert isinstance(app.top, MenuScene)
    label, _, enabled = app.top.choices()[app.top.index]
    assert label == "New game" and enabled


def test_menu_new_game_pause_menu_and_back():
    from risk.gui.scenes.menu import MenuScene, NewGameDialog

    app = start(PlayConfig(menu=True, speed="max"))
    assert isinstance(app.top, MenuScene) and not app.top.can_resume
    # Issue 16: on a fresh install the focus starts on "New game", not on the greyed "Resume".
    assert app.top.choices()[app.top.index][1] == "new"
    press(app, pygame.K_DOWN)                     # the quick "New game" dialog sits under it
    assert app.top.choices()[app.top.index][1] == "quick"
    press(app, pygame.K_RETURN)
    dialog = app.top
    assert isinstance(dialog, NewGameDialog)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RIGHT)                    # bots: the first named bot (angry)
    assert dialog.options[dialog.bot] == "angry"
    press(app, pygame.K_RETURN)
    scene = game(app)
    assert scene is not None and scene.session.human == 0
    assert scene.session.match.specs == ["human", "angry", "angry", "angry"]
    click(app, (5, 300), button=3)                # right click: deselect, no menu
    assert app.top is scene
    press(app, pygame.K_ESCAPE)                   # the pause menu
    assert type(app.top).__name__ == "PauseMenu"
    click(app, button(app, "Main menu").rect.center)
    assert isinstance(app.top, MenuScene) and app.top.can_resume  # the game was autosaved


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


def test_menu_title_is_not_drawn_over_a_continent_label():
    from risk.gui.scenes.menu import MenuScene, backdrop_view

    app = start(PlayConfig(menu=True, speed="max"))
    menu = app.top
    assert isinstance(menu, MenuScene)
    title, sub = menu.title_rects()
    labels = backdrop_view(app.screen).continent_label_rects()
    assert any(label.colliderect(title) or label.colliderect(sub) for label in labels), \
        "at 1280x800 a continent label lies under the title: the case this test is about"
    drawn = []
    original = pygame.Surface.blit

    class Recorder(pygame.Surface):
        def blit(self, source, dest, *args, **kwargs):
            drawn.append(pygame.Rect(dest if len(dest) == 4 else (dest, source.get_size())))
            return original(self, source, dest, *args, **kwargs)

    surface = Recorder(app.screen.get_size())
    menu.draw(surface)
    shown = [label for label in labels if label in drawn]
    assert shown, "the other continent labels are still drawn"
    assert not [label for label in shown if label.colliderect(title) or label.colliderect(sub)]


def test_new_game_dialog_values_fit_between_their_arrows():
    from risk.gui.scenes.menu import NewGameDialog

    app = start(PlayConfig(menu=True, speed="max", size=(800, 560)))
    dialog = NewGameDialog(app)
    app.push(dialog)
    box = dialog.box()
    for index in range(len(dialog.options)):
        dialog.bot = index
        for (_, value, _), (left, field, right) in zip(dialog.rows(), dialog.row_rects(box)):
            width = theme_font_width(value)
            assert width <= field.width and left.right <= field.left and field.right <= right.left, value
            assert box.contains(left) and box.contains(right)
    frames(app, 1)


def theme_font_width(text: str) -> int:
    from risk.gui import theme
    return theme.font(16, True).size(text)[0]
