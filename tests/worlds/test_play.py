"""Generated worlds play to the end: every bot on a small world, and four ``angry`` bots conquer
a 400-territory world (its big battles drawn in strides); the window opens and draws them."""

from __future__ import annotations

import pytest

from ai import available, make_agent
from risk.match import Match
from risk.rules import Rules
from risk.worlds import generate_board
from tests.support.gui import frames, game, quick_config, start

#: Short budgets for the searching bots, so that a whole game takes seconds.
BUDGETS = {"mcts": "mcts:iterations=20", "strategist": "strategist:iterations=20"}


@pytest.fixture(scope="module")
def small_world():
    return generate_board(24, seed=11, style="islands")


@pytest.mark.parametrize("bot", sorted(available()))
def test_every_bot_plays_a_generated_world_to_the_end(bot, small_world):
    spec = BUDGETS.get(bot, bot)
    match = Match([make_agent(spec), make_agent("angry"), make_agent(spec)], seed=5, board=small_world,
                  rules=Rules(setup="deal", placement="auto", max_turns=150))
    result = match.play()
    assert match.state.is_terminal() and result.turns <= 150
    assert match.state.end_reason in ("conquest", "turn limit")
    # Every seat played: the bot under test made decisions of its own.
    assert any(seat in (0, 2) for seat, _ in match.record.actions)


def test_four_angry_bots_conquer_a_world_of_400_territories():
    board = generate_board(400, seed=3, style="islands")
    rules = Rules(starting_armies_override=200)  # two armies for each of a player's 100 territories
    match = Match([make_agent("angry") for _ in range(4)], seed=2, board=board, rules=rules)
    result = match.play()
    assert match.state.end_reason == "conquest" and result.turns < 1000
    assert match.state.count[result.winner] == 400
    assert max(match.state.armies) > 200  # stacks in the hundreds: the strided blitzes were used


# The window, as it is today, opens and draws generated worlds: a small one played by bots for
# a few turns, and a 400-territory one; every territory's badge sits on that territory.

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
