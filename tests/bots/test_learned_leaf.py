"""The learned leaf (``strategist:leaf=learned``): its features read a position as documented,
the fitted weights cover every feature, and the bot that uses it
is seeded, reproducible and legal under every preset."""

from __future__ import annotations

import math

import numpy as np
import pytest

from ai import make_agent
from ai.learned import FEATURES, LearnedEvaluation, features, learned_evaluation
from ai.evaluation import Evaluation
from ai.turn import TurnState
from risk.match import Match
from risk.phase import Phase
from risk.rules import PRESETS, Rules
from risk.state import GameState, RandomSource

FAST = "strategist:iterations=12,leaf=learned"


def four_players_with_australia(hands=None) -> GameState:
    """Seat 0 holds Australia (4 territories, 5 armies each); seat 1 holds Siam (9 armies) and
    most of the rest; seat 2 holds the Americas' 13 territories; seat 3 holds Iceland alone."""
    board = GameState.new(players=4, seed=1).board
    australia = {board.id(n) for n in ("indonesia", "new-guinea", "western-australia", "eastern-australia")}
    americas = {t for c in board.continents if c.name in ("North America", "South America") for t in c.members}
    owner = []
    for t in range(len(board.names)):
        owner.append(0 if t in australia else 2 if t in americas else 3 if t == board.id("iceland") else 1)
    armies = [5 if t in australia else 1 for t in range(len(owner))]
    armies[board.id("siam")] = 9
    return GameState.from_position(owner, armies, 4, player=0, phase=Phase.ATTACK, seed=1, hands=hands)


def test_the_features_read_the_position_as_documented():
    state = four_players_with_australia(hands=[[0, 1, 2], [3], [], []])
    turn_state = TurnState.from_view(state.view(0, RandomSource(1)))
    values = dict(zip(FEATURES, features(turn_state, 10.0)))
    assert len(values) == len(FEATURES)
    # Seat 1: 24 territories, Africa and Asia (Europe lacks Iceland); seat 2: both Americas.
    assert state.owner.count(1) == 24
    incomes = {0: 3 + 2, 1: 24 // 3 + 3 + 7, 2: 13 // 3 + 5 + 2, 3: 3}
    total_armies = sum(state.armies)
    assert values["territory"] == pytest.approx(4 / 42)
    assert values["reinforcements"] == pytest.approx(5 / sum(incomes.values()))
    assert values["armies"] == pytest.approx(20 / total_armies)
    # Siam's 9 against 5: the one border (Indonesia) falls with the chance of 9 against 5.
    siam_wins = turn_state.win[9][5]
    assert values["survival"] == pytest.approx((3 + 1 - siam_wins) / 4)
    assert values["cards"] == pytest.approx(3 / 5)
    assert values["set_armies"] == pytest.approx(10 / total_armies)
    leader_armies = sum(a for t, a in enumerate(state.armies) if state.owner[t] == 1)
    assert values["leader_armies"] == pytest.approx(leader_armies / total_armies)
    assert values["leader_reinforcements"] == pytest.approx(incomes[1] / sum(incomes.values()))
    assert values["rival_cards"] == pytest.approx(1 / 5)
    assert values["next_armies"] == values["leader_armies"]  # seat 1 moves next and leads
    assert values["pressure"] == pytest.approx(8 / 20)
    assert values["rivals"] == pytest.approx(3 / 5)
    assert values["prey"] == 1.0  # seat 3 holds one territory


def test_a_card_earned_this_turn_counts_in_the_hand():
    state = four_players_with_australia(hands=[[0, 1], [], [], []])
    turn_state = TurnState.from_view(state.view(0, RandomSource(1)))
    before = dict(zip(FEATURES, features(turn_state, 10.0)))
    turn_state.conquered = True
    after = dict(zip(FEATURES, features(turn_state, 10.0)))
    assert before["cards"] == pytest.approx(2 / 5) and before["set_armies"] == 0.0
    assert after["cards"] == pytest.approx(3 / 5) and after["set_armies"] > 0.0


def test_the_leaf_is_the_sigmoid_of_the_weighted_features():
    state = four_players_with_australia()
    turn_state = TurnState.from_view(state.view(0, RandomSource(1)))
    weights = tuple(float(i) / 10 for i in range(len(FEATURES)))
    leaf = LearnedEvaluation(weights, -1.0, 10.0)
    z = -1.0 + sum(w * x for w, x in zip(weights, features(turn_state, 10.0)))
    assert leaf(turn_state) == pytest.approx(1 / (1 + math.exp(-z)))
    fitted = learned_evaluation(10.0)
    assert len(fitted.weights) == len(FEATURES) and 0.0 < fitted(turn_state) < 1.0


def test_the_learned_leaf_is_used_from_learned_players_on():
    four = four_players_with_australia()
    bot = make_agent("strategist:leaf=learned")
    bot.turn_state(four.view(0, RandomSource(1)))
    assert isinstance(bot.evaluate, LearnedEvaluation)
    duel = GameState.new(players=2, seed=1)
    bot.turn_state(duel.view(0, RandomSource(1)))
    assert isinstance(bot.evaluate, Evaluation)
    make_agent("strategist:leaf=learned,learned_players=2").turn_state(duel.view(0, RandomSource(1)))


def test_same_seed_same_game_with_the_learned_leaf():
    rules = Rules(max_turns=24)
    records = []
    for _ in range(2):
        match = Match([make_agent(s) for s in (FAST, "mcts:iterations=12", "angry", "threshold")], seed=9, rules=rules)
        match.play()
        records.append(match.record.actions)
    assert records[0] == records[1]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_learned_leaf_plays_whole_games_under_every_preset(preset):
    # Match raises AgentFault on any illegal move, so a finished game is a legal one.
    rules = Rules.preset(preset, max_turns=32)
    match = Match([make_agent(s) for s in (FAST, "angry", "threshold", FAST)], seed=4, rules=rules)
    match.play()
    assert match.state.is_terminal()
