"""The map and what is drawn on it: where a click lands, the territory names, continent colours,
the cells of a map without shapes, arrows and dice."""

from __future__ import annotations

import json

import pygame
import pytest

from risk.gui import intents as I

from tests.support import DATA
from tests.support.gui import SIZES, attack_moment, game, quick_config, start
from tests.support.isles import isles_map


def test_clicking_each_territory_centre_selects_it():
    app = start(quick_config())
    scene = game(app)
    for t in range(len(scene.state.board)):
        pos = scene.view.centre(t)
        event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        assert app.mapper.translate(event, scene) == [I.SelectTerritory(t, False)], scene.state.board.names[t]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_map_names_do_not_overlap(size):
    from risk.gui.layout import overlapping

    app, scene = attack_moment(size)
    view = scene.view
    names = view.name_rects()
    assert len(names) == len(scene.state.board), "every territory is named"
    assert not overlapping(list(names.values()))
    r = view.badge_radius()
    for t, rect in names.items():
        assert view.map_rect.contains(rect)
        assert rect.collidelist(view.continent_label_rects()) < 0
        for other in range(len(scene.state.board)):
            x, y = view.centre(other)
            assert not rect.colliderect((x - r, y - r, 2 * r, 2 * r)), (t, other)


def test_a_map_without_shapes_has_no_hole_where_three_cells_meet(tiny):
    from risk.gui.geometry import MapGeometry

    geometry = MapGeometry(tiny)
    land = {frozenset(b) for b in tiny.borders} - set(tiny.sea_routes)
    triangles = [(a, b, c) for a in range(len(tiny)) for b in range(a + 1, len(tiny)) for c in range(b + 1, len(tiny))
                 if {frozenset((a, b)), frozenset((b, c)), frozenset((a, c))} <= land]
    assert len(triangles) == 2
    for trio in triangles:
        x = sum(tiny.positions[t][0] for t in trio) / 3
        y = sum(tiny.positions[t][1] for t in trio) / 3
        assert geometry.territory_at(x, y) in trio


def test_continents_coloured_by_name_draw_and_a_bad_colour_is_refused(tmp_path, capsys):
    from risk.board import board_from_dict, load_map
    from risk.cli import main
    from risk.domination import read_domination
    from risk.gui.maprender import MapView

    data, _ = read_domination(DATA / "tiny.map")
    data["continents"][0]["color"], data["continents"][1]["color"] = "red", "Dark Green"  # as older imports wrote
    named = tmp_path / "named.json"
    named.write_text(json.dumps(data))
    pygame.display.init()
    pygame.display.set_mode((400, 300))
    view = MapView(load_map(str(named)))
    view.layout(pygame.Rect(0, 0, 400, 300))
    assert view.continent_colours == [(255, 0, 0), (0, 100, 0)]
    assert main(["map", "validate", str(named)]) == 0
    data["continents"][0]["color"] = "re"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["map", "validate", str(bad)]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "colour" in err[0] and "'re'" in err[0] or '"re"' in err[0], err
    with pytest.raises(ValueError):
        board_from_dict(data)


def test_the_importer_writes_colours_every_program_reads(tmp_path):
    from risk.domination import read_domination

    data, _ = read_domination(DATA / "tiny.map")
    assert [c["color"] for c in data["continents"]] == ["#ff0000", "#0000ff"]
    odd = tmp_path / "odd.map"
    odd.write_text((DATA / "tiny.map").read_text().replace("West_Island 2 red", "West_Island 2 notacolour"))
    (tmp_path / "tiny.cards").write_text((DATA / "tiny.cards").read_text())
    data, warnings = read_domination(odd)
    assert "color" not in data["continents"][0] and any("notacolour" in w for w in warnings)


def test_an_arrow_across_the_map_edge_is_two_strokes_with_heads_inside_the_map():
    from risk.gui.animation import arrow_paths, draw_arrow

    app = start(quick_config(size=(800, 560)))
    scene = game(app)
    view, board = scene.view, scene.state.board
    alaska, kamchatka = board.id("Alaska"), board.id("Kamchatka")
    for source, target in ((alaska, kamchatka), (kamchatka, alaska)):
        strokes = arrow_paths(view, source, target)
        assert len(strokes) == 2
        for start_point, end_point, head in strokes:
            assert head > 0
            for x, y in (start_point, end_point):
                assert view.map_rect.collidepoint(x, y)
        x0, x1 = view.centre(source)[0], view.centre(target)[0]
        assert abs(strokes[0][0][0] - x0) < 20 and abs(strokes[-1][1][0] - x1) < 20, "from the source, to the target"
    assert len(arrow_paths(view, alaska, board.id("Alberta"))) == 1
    surface = pygame.Surface(app.screen.get_size())
    surface.fill((0, 0, 0))
    draw_arrow(surface, view, alaska, kamchatka, (0, 255, 0))
    outside = [surface.get_at((x, y))[:3] for x in range(view.map_rect.right, surface.get_width(), 3)
               for y in range(0, surface.get_height(), 3)]
    assert set(outside) == {(0, 0, 0)}, "nothing drawn under the side panel"
    head = strokes[0][1] if strokes[0][2] == 1.0 else strokes[1][1]
    near = [surface.get_at((int(head[0]) + dx, int(head[1]) + dy))[:3] for dx in range(-8, 9) for dy in range(-8, 9)
            if view.map_rect.collidepoint(int(head[0]) + dx, int(head[1]) + dy)]
    assert (0, 255, 0) in near, "the head at the target is drawn"


def test_a_lost_die_keeps_its_pips_readable():
    from risk.gui.animation import LOST, PIPS, draw_die

    surface = pygame.Surface((80, 80))
    surface.fill((0, 0, 0))
    rect = pygame.Rect(20, 20, 40, 40)
    draw_die(surface, rect, 6, (230, 159, 0), faded=True)
    d = rect.width // 4
    pips = {surface.get_at((rect.centerx + sx * d, rect.centery + sy * d))[:3] for sx, sy in PIPS[6]}
    assert len(pips) == 1 and pips != {LOST}, "every pip shows in the pip colour"
    diagonal = [surface.get_at((rect.x + k, rect.y + k))[:3] for k in range(6, rect.width - 6)]
    assert LOST not in diagonal, "no red line through the face"
    assert LOST in [surface.get_at((rect.x + k, rect.bottom + 1))[:3] for k in range(8, 30)], "a red rim"


def test_a_long_arrow_over_land_goes_straight():
    """Only a sea route across the map's edge is drawn as two strokes: on the Isles map Sea
    Cliffs and Long Reach border by land, their badges more than half the map apart."""
    from risk.gui.animation import arrow_paths
    from risk.gui.setup import load_board

    app = start(quick_config(board=load_board(isles_map()), players=2, bots=["angry"]))
    view, board = game(app).view, game(app).state.board
    cliffs, reach = board.id("Sea Cliffs"), board.id("Long Reach")
    assert abs(view.centre(cliffs)[0] - view.centre(reach)[0]) > view.map_rect.width / 2
    assert len(arrow_paths(view, cliffs, reach)) == 1
