"""The enemy's best strike next turn (``ai.strike``): a stack walking through one-army
territories to destroy ours, stopped by a wall, and the leaf that blends it in."""

from __future__ import annotations

import pytest

from ai.strategist import StrategistAgent
from ai.reply_evaluation import reinforcement
from ai.strike import StrikeLeaf, strike_loss, strike_share
from ai.turn import TurnState
from risk.rules import Rules
from risk.state import GameState, RandomSource

RULES = Rules(two_player_neutral=False)
AMERICAS = ("alaska", "northwest-territory", "alberta", "ontario", "quebec", "greenland",
            "western-united-states", "eastern-united-states", "central-america", "venezuela", "peru",
            "brazil", "argentina")


def duel(kamchatka: int = 1, ukraine: int = 18) -> tuple[TurnState, dict]:
    """We (0) hold the old world, one army each but Ukraine; the enemy (1) holds the Americas,
    one army each but a stack of 23 on Alaska, four one-army territories from Ukraine."""
    board = GameState.new(players=2, seed=1, rules=RULES).board
    ids = {name: board.id(name) for name in AMERICAS + ("kamchatka", "ukraine")}
    owner = [0] * len(board)
    armies = [1] * len(board)
    for name in AMERICAS:
        owner[ids[name]] = 1
    armies[ids["alaska"]] = 23
    armies[ids["kamchatka"]] = kamchatka
    armies[ids["ukraine"]] = ukraine
    state = GameState.from_position(owner, armies, 2, player=0, seed=3, rules=RULES)
    turn = TurnState.from_view(state.view(0, RandomSource(2)))
    turn.grow_table(80)
    return turn, ids


def test_the_enemy_reinforcement_is_its_income_and_its_likely_set():
    turn, _ = duel()
    # 13 territories (4) + North America (5) + South America (2); no cards, so no set.
    assert reinforcement(turn, 1, card_value=10.0) == 11.0
    turn.hand_sizes = [0, 5]
    assert reinforcement(turn, 1, card_value=10.0) == 21.0  # five cards always hold a set


def test_a_stack_four_one_army_territories_from_a_bigger_stack_is_counted_as_lost():
    turn, _ = duel()
    loss = strike_loss(turn, 1, card_value=4.0)
    # 23 + 11 armies walk over Kamchatka, Yakutsk (or Irkutsk), Siberia and Ural: about 28 reach
    # Ukraine's 18, so most of the walk's 4 armies and of Ukraine's 18 are lost.
    assert 4 + 0.8 * 18 < loss <= 4 + 18


def test_a_wall_the_stack_cannot_pass_keeps_our_stack():
    open_loss = strike_loss(duel()[0], 1, card_value=4.0)
    walled, _ = duel(kamchatka=60)
    loss = strike_loss(walled, 1, card_value=4.0)
    # Alaska's stack hardly takes Kamchatka's 60; a one-army territory with the whole
    # reinforcement (12) walks a few one-army territories and gives out long before Ukraine.
    assert loss < 8
    assert loss < open_loss - 12


def test_the_share_counts_the_strike_and_the_enemy_reinforcement():
    turn, _ = duel()
    ours = sum(a for t, a in enumerate(turn.armies) if turn.owner[t] == 0)
    theirs = sum(a for t, a in enumerate(turn.armies) if turn.owner[t] == 1) + 11
    lost = strike_loss(turn, 1, 4.0)
    assert strike_share(turn, 4.0) == pytest.approx((ours - lost) / (ours - lost + theirs))


def test_the_strike_leaf_blends_its_share_into_the_inner_leaf():
    turn, _ = duel()
    leaf = StrikeLeaf(inner=lambda state: 0.5, weight=0.4, card_value=4.0)
    assert leaf(turn) == pytest.approx(0.6 * 0.5 + 0.4 * strike_share(turn, 4.0))
    exposed, walled = duel()[0], duel(kamchatka=60)[0]
    # Kamchatka's extra armies are ours either way; what the leaf sees is the stack kept.
    assert strike_share(walled, 4.0) > strike_share(exposed, 4.0)


def test_the_strike_weight_is_checked():
    with pytest.raises(ValueError, match="strike"):
        StrategistAgent(strike=1.5)
