"""Imported Domination maps as their authors drew them: on their own picture, clicks resolved by
the index image, badges at the map's positions, names that read as their own territory's, the
map's own name, continent colours told apart; without the pictures, a readable drawn map.

The test map Isles (written by :mod:`tests.support.isles`) has a picture and an index image;
the community maps in ``../shared/sparring/domination`` are used where they are present."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pygame
import pytest

from risk.gui import intents as I

from tests.support import ROOT
from tests.support.gui import frames, game, open_new_game, start
from tests.support.isles import isles_map

ISLES = isles_map()
COMMUNITY = ROOT.parent / "shared" / "sparring" / "domination" / "domination-src" / "game" / "Domination" / "maps"


def _view(path, size=(900, 600)):
    from risk.gui.maprender import MapView
    from risk.gui.setup import load_board

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    view = MapView(load_board(path))
    view.layout(pygame.Rect(0, 0, *size))
    return view


def _without_pictures(tmp_path) -> Path:
    folder = tmp_path / "bare"
    folder.mkdir()
    shutil.copy(ISLES, folder / ISLES.name)
    return folder / ISLES.name


def test_the_importer_keeps_the_picture_the_name_and_the_pictures_size():
    from risk.domination import read_domination

    data, warnings = read_domination(ISLES)
    assert data["name"] == "Isles of Test"
    assert data["picture"] == {"image": "isles_pic.png", "index": "isles_map.gif", "codes": [1, 2, 3, 4, 5, 6, 7]}
    assert data["size"] == [600, 320] and not warnings


def test_without_its_pictures_the_map_is_imported_with_a_warning(tmp_path):
    from risk.domination import read_domination

    data, warnings = read_domination(_without_pictures(tmp_path))
    assert "picture" not in data and any("isles_pic.png not found" in w for w in warnings)


def test_a_picture_named_elsewhere_than_beside_the_map_is_not_read(tmp_path):
    from risk.domination import read_domination

    path = tmp_path / "isles.map"
    path.write_text(ISLES.read_text().replace("pic isles_pic.png", "pic ../isles/isles_pic.png"))
    shutil.copy(ISLES.parent / "isles_map.gif", tmp_path)
    data, warnings = read_domination(path)
    assert "picture" not in data and any("not found beside the map" in w for w in warnings)


def test_a_picture_replaced_by_a_pipe_after_the_import_is_refused_without_waiting(tmp_path):
    import os

    from risk.gui.geocache import geometry_for
    from risk.gui.setup import load_board

    folder = tmp_path / "isles"
    shutil.copytree(ISLES.parent, folder)
    board = load_board(folder / ISLES.name)
    (folder / "isles_pic.png").unlink()
    os.mkfifo(folder / "isles_pic.png")  # opened as a file, it would wait for a writer for ever
    pygame.display.init()
    geometry = geometry_for(board)
    assert geometry.art_problem == ("the map's picture (isles_pic.png, isles_map.gif) cannot be read: "
                                    "is a pipe (FIFO), not a picture")


def test_the_map_is_drawn_on_its_own_picture_with_badges_at_its_positions():
    view = _view(ISLES)
    board = view.board
    assert view.art is not None and view.geometry.size == (600.0, 320.0)
    for t, (x, y) in enumerate(board.positions):
        assert view.centre(t) == view.to_screen(x, y)
    # Unowned, the picture shows as drawn: a pixel of sea is the picture's sea.
    surface = pygame.Surface(view.rect.size)
    view.draw(surface, [-1] * len(board), [0] * len(board), names=False)
    r, g, b = surface.get_at(view.to_screen(350, 200))[:3]  # the strait, between the waves drawn on it
    assert 58 <= r <= 66 and 96 <= g <= 106 and 140 <= b <= 152


def test_clicks_resolve_by_the_index_image_not_the_nearest_badge():
    view = _view(ISLES)
    board = view.board
    reach, cape = board.id("Long Reach"), board.id("Cape End")
    east_end = view.to_screen(540, 272)  # far from Long Reach's badge, near Cape End's
    x, y = board.positions[cape]
    assert (540 - x) ** 2 + (272 - y) ** 2 < (540 - board.positions[reach][0]) ** 2
    assert view.territory_at(east_end) == reach
    assert view.territory_at(view.to_screen(350, 120)) is None, "the strait is sea"
    for t in range(len(board)):
        assert view.territory_at(view.centre(t)) == t


def test_a_click_on_the_picture_in_the_window_selects_the_territory_under_it(data_folder):
    from risk.cli import build_parser
    from risk.commands.play import build_config

    args = build_parser().parse_args(["play", "--map", str(ISLES), "--bots", "angry", "--players", "2", "--seed", "3",
                                      "--rules", "setup=deal,placement=auto", "--speed", "max"])
    config = build_config(args)
    assert config.board.name == "Isles of Test"
    app = start(config)
    scene = game(app)
    reach = scene.state.board.id("Long Reach")
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.view.to_screen(540, 272), button=1)
    assert app.mapper.translate(event, scene) == [I.SelectTerritory(reach, False)]


def test_names_read_as_their_own_territorys():
    """Every name drawn is plainly nearer its own badge than any other."""
    view = _view(ISLES)
    _assert_names_are_their_own(view)


@pytest.mark.skipif(not COMMUNITY.is_dir(), reason="the community maps of ../shared/sparring/domination are not here")
@pytest.mark.parametrize("name", ["tube", "uk", "teg"])
def test_names_on_the_community_maps_read_as_their_own(name, tmp_path):
    _assert_names_are_their_own(_view(COMMUNITY / f"{name}.map"))
    bare = tmp_path / f"{name}.map"
    shutil.copy(COMMUNITY / f"{name}.map", bare)  # the drawn fallback, without the pictures
    _assert_names_are_their_own(_view(bare))


def _assert_names_are_their_own(view):
    rects = view.name_rects()
    assert rects, "some names are drawn"
    centres = [view.centre(t) for t in range(len(view.board))]

    def distance(rect, point):
        dx = max(rect.left - point[0], 0, point[0] - rect.right)
        dy = max(rect.top - point[1], 0, point[1] - rect.bottom)
        return (dx * dx + dy * dy) ** 0.5

    for t, rect in rects.items():
        mine = distance(rect, centres[t])
        nearest = min(distance(rect, c) for other, c in enumerate(centres) if other != t)
        assert nearest > mine, (view.board.names[t], mine, nearest)
    from risk.gui.layout import overlapping
    assert not overlapping(list(rects.values()))


def test_continents_of_one_colour_in_the_file_are_told_apart():
    from risk.gui.mapcolours import MIN_DIFFERENCE, SEA_LIGHTNESS, difference, lab, on_sea

    view = _view(ISLES)
    assert [c.color for c in view.board.continents] == ["#0000ff", "#0000ff"]
    first, second = view.continent_colours
    assert first == (0, 0, 255) and difference(first, second) >= MIN_DIFFERENCE
    assert lab(on_sea(first))[0] >= SEA_LIGHTNESS, "a dark colour is lightened where it is drawn on the sea"


@pytest.mark.skipif(not COMMUNITY.is_dir(), reason="the community maps of ../shared/sparring/domination are not here")
def test_every_community_map_opens_on_its_picture_under_its_own_name():
    from risk.domination import read_domination

    for path in sorted(COMMUNITY.glob("*.map")):
        view = _view(path, (700, 450))
        title = next(line.split(None, 1)[1].strip() for line in path.read_text(errors="replace").splitlines()
                     if line.lower().startswith("name "))
        assert view.board.name == title and view.art is not None, path.name
        assert read_domination(path)[0]["size"] == list(view.art.picture.get_size())


def test_without_its_pictures_the_map_is_drawn_with_continents_as_filled_regions(tmp_path):
    from scipy import ndimage

    view = _view(_without_pictures(tmp_path))
    board = view.board
    assert view.art is None and view.geometry.art_problem is None
    for index, continent in enumerate(board.continents):
        land = np.isin(view.labels, continent.members)
        _, pieces = ndimage.label(land)
        assert pieces == 1, f"{continent.name} is one region"
        filled = ndimage.binary_fill_holes(land)
        assert filled.sum() - land.sum() < 0.02 * land.sum(), f"{continent.name} has no hole"
    assert len(view.name_rects()) == len(board), "every name has a place"
    _assert_names_are_their_own(view)


def test_a_long_land_border_of_a_map_without_shapes_is_drawn_as_a_route(tmp_path):
    """A border between far territories would be a long sliver of land: it is crossed by a route."""
    from risk.gui.geometry import ROUTE_REACH

    view = _view(_without_pictures(tmp_path))
    geometry = view.geometry
    reach = ROUTE_REACH * geometry.spacing()
    for a, b in view.board.borders:
        (ax, ay), (bx, by) = view.board.positions[a], view.board.positions[b]
        long = ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 > reach
        assert (frozenset((a, b)) in geometry.routes) == long


def test_a_dropped_map_brings_its_pictures_and_the_screen_previews_it_on_them(data_folder, tmp_path):
    from risk.gui.app import PlayConfig
    from risk.gui.scenes.game import GameScene
    from tests.support.gui import frames, open_new_game, widget_with

    outside = tmp_path / "downloads"
    shutil.copytree(ISLES.parent, outside)
    app = start(PlayConfig(menu=True, speed="max"))
    screen = open_new_game(app)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(outside / "isles.map")))
    frames(app, 1)
    for name in ("isles.map", "isles_pic.png", "isles_map.gif"):
        assert (data_folder / "maps" / name).is_file(), name
    shutil.rmtree(outside)  # from here on only the copies are there
    view, summary = screen._loaded_preview()
    assert view.art is not None and summary.startswith("Isles of Test: 7 territories")
    frames(app, 1)
    click_start = widget_with(app, "Start")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=click_start.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=click_start.rect.center, button=1))
    frames(app, 1)
    scene = app.find(GameScene)
    assert scene is not None and scene.view.art is not None and scene.state.board.name == "Isles of Test"


def test_a_link_in_the_maps_folder_where_a_dropped_map_goes_is_not_written_through(data_folder, tmp_path):
    from risk.gui.app import PlayConfig

    outside = tmp_path / "downloads"
    shutil.copytree(ISLES.parent, outside)
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("kept")
    maps = data_folder / "maps"
    maps.mkdir(parents=True, exist_ok=True)
    (maps / "isles.map").symlink_to(elsewhere)
    app = start(PlayConfig(menu=True, speed="max"))
    open_new_game(app)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(outside / "isles.map")))
    frames(app, 1)
    assert elsewhere.read_text() == "kept" and (maps / "isles.map").is_symlink()
    assert app.toast is not None and app.toast[0].startswith("Cannot add isles.map:")
    assert "symbolic link" in app.toast[0]
