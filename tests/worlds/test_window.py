"""The window, as it is today, opens and draws generated worlds: a small one played by bots for
a few turns, and a 400-territory one; every territory's badge sits on that territory."""

from __future__ import annotations

import pytest

from risk.rules import Rules
from risk.worlds import generate_board
from tests.support.gui import frames, game, quick_config, start


@pytest.mark.parametrize("territories, style, players", [(40, "islands", 3), (400, "continents", 4)])
def test_a_generated_world_opens_and_draws(territories, style, players):
    board = generate_board(territories, seed=2, style=style)
    share = -(-territories // players)
    rules = Rules(setup="deal", placement="auto", starting_armies_override=max(35, 2 * share))
    app = start(quick_config(board=board, players=players, bots=["angry"] * (players - 1), rules=rules))
    frames(app, 3)
    view = game(app).view
    assert view.geometry.board is board
    # A big world opens zoomed in as far as its badges need (tests/gui/test_zoom.py); seen whole,
    # a click on a territory's badge names that territory: the drawn outlines are the map's own.
    view.zoom_by(0)
    view.layout(game(app).rects["map"])
    assert [view.territory_at(view.centre(t)) for t in range(len(board))] == list(range(len(board)))
    # Names go where they fit without overlap: seen whole, not every one of 400 (zoomed in, the
    # rest appear: tests/gui/test_zoom.py).
    assert 0 < len(view.name_labels) <= len(board)
