"""Opening a map: its geometry worked out once and kept beside it (or in the cache folder), read
back the second time; "Preparing the map..." on the screen while it is worked out; no input lost
meanwhile; every bundled map opens and draws."""

from __future__ import annotations

import shutil

import numpy as np
import pygame
import pytest

from tests.support.gui import frames, game, quick_config, start
from tests.support.isles import isles_map

ISLES = isles_map()


@pytest.fixture
def bare_map(tmp_path):
    """The test map without its pictures: drawn from its positions, worth caching."""
    folder = tmp_path / "maps"
    folder.mkdir()
    shutil.copy(ISLES, folder / ISLES.name)
    return folder / ISLES.name


def _geometry(path):
    from risk.gui.geocache import geometry_for
    from risk.gui.setup import load_board

    pygame.display.init()
    return geometry_for(load_board(path))


def test_the_geometry_is_kept_beside_the_map_and_read_the_second_time(bare_map):
    first = _geometry(bare_map)
    assert not first.cached
    kept = [p for p in bare_map.parent.iterdir() if p.name.endswith(".geometry.npz")]
    assert len(kept) == 1 and kept[0].name.startswith(".isles.map.")
    second = _geometry(bare_map)
    assert second.cached
    assert np.array_equal(first.labels, second.labels) and first.centres == second.centres
    assert first.routes == second.routes and first.scale == second.scale


def test_where_the_maps_folder_cannot_be_written_the_cache_folder_keeps_it(bare_map, data_folder):
    from risk.gui.geocache import cache_files
    from risk.gui.setup import load_board

    beside = cache_files(load_board(bare_map))[0]
    beside.mkdir()  # a folder where the file would go: writing there fails, as in a read-only folder
    assert not _geometry(bare_map).cached
    assert len(list((data_folder / "cache").glob("*.geometry.npz"))) == 1
    assert _geometry(bare_map).cached


def test_a_changed_map_or_a_damaged_cache_is_worked_out_again(bare_map):
    from risk.gui.geocache import cache_files
    from risk.gui.setup import load_board

    _geometry(bare_map)
    bare_map.write_text(bare_map.read_text().replace("1 North_Fen 1 120 84", "1 North_Fen 1 128 80"))
    changed = _geometry(bare_map)
    assert not changed.cached and changed.centres[0] == (128.0, 80.0)
    cache_files(load_board(bare_map))[0].write_bytes(b"not a numpy file")
    again = _geometry(bare_map)
    assert not again.cached and np.array_equal(again.labels, changed.labels)


def test_a_bundled_map_is_never_written_beside():
    from risk.gui.geocache import cache_files
    from risk.gui.setup import load_board
    from risk.paths import maps_dir

    for path in maps_dir().glob("*.json"):
        places = cache_files(load_board(path))
        assert all(place.parent != maps_dir() for place in places), path.name


def test_preparing_the_map_is_shown_the_first_time_only(bare_map, monkeypatch):
    from risk.gui.app import App

    from risk.gui.setup import load_board

    shown = []
    monkeypatch.setattr(App, "show_progress", lambda self, text: shown.append(text))
    board = load_board(bare_map)
    app = start(quick_config(board=board, players=2, bots=["angry"]))
    assert shown == ["Preparing the map Isles of Test..."] and game(app) is not None
    app.quit()
    shown.clear()
    app = start(quick_config(board=load_board(bare_map), players=2, bots=["angry"]))
    assert shown == [] and game(app).view.geometry.cached


def test_the_message_is_drawn_on_the_screen_while_the_map_is_prepared(bare_map, monkeypatch):
    from risk.gui.maprender import MapView
    from risk.gui.setup import load_board

    screens = []
    build = MapView.__init__

    def remembering(self, *args, **kwargs):  # the screen as it stands when the work begins
        screens.append(pygame.display.get_surface().copy())
        build(self, *args, **kwargs)

    monkeypatch.setattr(MapView, "__init__", remembering)
    start(quick_config(board=load_board(bare_map), players=2, bots=["angry"]))
    before = pygame.surfarray.array3d(screens[0])
    from risk.gui import theme

    middle = before[before.shape[0] // 2 - 60: before.shape[0] // 2 + 60, before.shape[1] // 2 - 6: before.shape[1] // 2 + 6]
    assert (np.abs(middle - np.array(theme.PANEL_LIGHT)).sum(axis=2) == 0).any(), "the box is on the screen"


def test_input_given_while_the_map_is_prepared_is_not_lost(bare_map):
    from risk.gui.app import App
    from risk.gui.scenes.dialogs import HelpDialog
    from risk.gui.setup import load_board

    app = App(quick_config(board=load_board(bare_map), players=2, bots=["angry"]))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
    app.start()  # the map is prepared here, the key waits
    frames(app, 1)
    assert isinstance(app.top, HelpDialog)


def test_every_bundled_map_opens_and_draws_in_the_window():
    from risk.gui.setup import load_board
    from risk.paths import maps_dir

    for path in sorted(maps_dir().glob("*.json")):
        board = load_board(path)
        app = start(quick_config(board=board, players=2, bots=["angry"]))
        scene = game(app)
        frames(app, 2)
        assert scene.view.map_rect.width > 100
        for t in range(len(board)):
            assert scene.view.territory_at(scene.view.centre(t)) == t, (path.name, board.names[t])
        app.quit()


def test_an_imported_map_with_its_picture_opens_and_draws_in_the_window():
    from risk.gui.setup import load_board

    app = start(quick_config(board=load_board(ISLES), players=2, bots=["angry"]))
    scene = game(app)
    frames(app, 2)
    assert scene.view.art is not None
    for t in range(len(scene.state.board)):
        assert scene.view.territory_at(scene.view.centre(t)) == t


def test_a_pipe_or_a_link_where_the_geometry_is_kept_is_neither_waited_on_nor_replaced(bare_map, data_folder):
    import os

    from risk.gui.geocache import cache_files
    from risk.gui.setup import load_board

    beside = cache_files(load_board(bare_map))[0]
    os.mkfifo(beside)  # reading it as a file would wait for a writer for ever
    assert not _geometry(bare_map).cached
    assert beside.is_fifo()
    assert len(list((data_folder / "cache").glob("*.geometry.npz"))) == 1
    beside.unlink()
    elsewhere = bare_map.parent / "elsewhere.txt"
    elsewhere.write_text("kept")
    beside.symlink_to(elsewhere)
    _geometry(bare_map)
    assert beside.is_symlink() and elsewhere.read_text() == "kept"
