"""``strategist`` in a duel with the neutral army, the neutral's stacks never
attack, so they threaten nothing (the leaf's survival term, the fortify move) and a stack moving
into a conquest leaves no guard against them; ``mcts`` (a baseline, unchanged) counts the neutral
as any enemy."""

from __future__ import annotations

from ai import make_agent
from ai.evaluation import Evaluation
from ai.markov import markov_transport
from ai.odds import survival, threat
from ai.turn import TurnState, occupation
from risk.actions import Blitz, EndPhase, Fortify, Occupy
from risk.phase import Phase
from risk.rules import Rules
from risk.state import NO_OWNER, GameState, RandomSource

NEUTRAL = 2  # a duel's neutral army is the third owner


def duel_with_neutral(phase: Phase, indonesia: int = 1, **armies_on) -> GameState:
    """Seat 0 holds Siam and Australia but Indonesia (whose owner is ``indonesia``); the neutral
    holds China and India, Siam's other neighbours; the opponent holds the rest. One army each
    but ``armies_on``."""
    board = GameState.new(players=2, seed=1).board
    ours = {board.id(n) for n in ("siam", "new-guinea", "western-australia", "eastern-australia")}
    if indonesia == 0:
        ours.add(board.id("indonesia"))
    neutral = {board.id(n) for n in ("china", "india")}
    owner = [0 if t in ours else NEUTRAL if t in neutral else 1 for t in range(len(board.names))]
    armies = [1] * len(owner)
    for name, count in armies_on.items():
        armies[board.id(name.removesuffix("_armies").replace("_", "-"))] = count
    state = GameState.from_position(owner, armies, 2, player=0, phase=phase, seed=1)
    assert state.neutral == NEUTRAL
    return state


def conquered_indonesia(**armies_on) -> GameState:
    """Siam's stack has just taken Indonesia (the opponent's last territory in Australia)."""
    state = duel_with_neutral(Phase.ATTACK, **armies_on)
    board = state.board
    state.apply(Blitz(board.id("siam"), board.id("indonesia")))
    assert state.phase == Phase.OCCUPY and state.owner[board.id("indonesia")] == 0
    return state


def test_a_peaceful_owners_stacks_threaten_nothing():
    state = duel_with_neutral(Phase.ATTACK, china=12)
    siam = state.board.id("siam")
    args = (state.owner, state.armies, state.board, siam, state.rules)
    assert threat(*args) > 0.9
    assert threat(*args, peaceful=NEUTRAL) == 0.0
    assert survival(*args, peaceful=NEUTRAL) == 1.0
    # The opponent is no peaceful owner: its stack next to Siam still threatens it.
    state.owner[state.board.id("indonesia")], state.armies[state.board.id("indonesia")] = 1, 12
    assert threat(*args, peaceful=NEUTRAL) > 0.9


def test_no_guard_is_left_behind_against_the_neutral():
    state = conquered_indonesia(siam=20, china=12)
    board = state.board
    siam, indonesia = board.id("siam"), board.id("indonesia")
    armies = state.armies[siam]
    guarded = occupation(board, state.owner, state.armies, siam, indonesia, 3)
    calm = occupation(board, state.owner, state.armies, siam, indonesia, 3, peaceful=NEUTRAL)
    assert guarded == armies - 12 and calm == armies - 1
    assert make_agent("strategist").act(state.view(0, RandomSource(1))) == Occupy(armies - 1)
    assert make_agent("mcts").act(state.view(0, RandomSource(1))) == Occupy(armies - 12)


def test_the_search_model_moves_in_as_the_bot_does():
    state = duel_with_neutral(Phase.ATTACK, siam=20, china=12)
    board = state.board
    view = state.view(0, RandomSource(1))
    calm = make_agent("strategist")._model(view)
    assert calm.peaceful == NEUTRAL and calm.copy().peaceful == NEUTRAL
    assert TurnState.from_view(view).peaceful == NO_OWNER  # mcts's model
    fearful = TurnState.from_view(view)
    for model in (calm, fearful):
        model.conquer(board.id("siam"), board.id("indonesia"), 3)
    assert calm.armies[board.id("siam")] == 1 and calm.armies[board.id("indonesia")] == 19
    assert fearful.armies[board.id("siam")] == 12 and fearful.armies[board.id("indonesia")] == 8


def test_the_leaf_does_not_fear_the_neutral():
    state = duel_with_neutral(Phase.ATTACK, china=12)
    view = state.view(0, RandomSource(1))
    fearful, calm = TurnState.from_view(view), TurnState.from_view(view)
    calm.peaceful = NEUTRAL
    assert Evaluation()(calm) > Evaluation()(fearful)
    # Without a neutral stack next to us, naming the neutral changes nothing.
    quiet = duel_with_neutral(Phase.ATTACK).view(0, RandomSource(1))
    plain, named = TurnState.from_view(quiet), TurnState.from_view(quiet)
    named.peaceful = NEUTRAL
    assert Evaluation()(named) == Evaluation()(plain)


def test_the_fortify_move_does_not_reinforce_against_the_neutral():
    # Indonesia's 9 are safe inside; Siam, the only border, faces only the neutral's 12 in China.
    state = duel_with_neutral(Phase.FORTIFY, indonesia=0, indonesia_armies=9, china=12)
    board = state.board
    view = state.view(0, RandomSource(1))
    fearful = markov_transport(view)  # mcts's move: armies to Siam, against a stack that never attacks
    assert isinstance(fearful, Fortify) and (fearful.source, fearful.target) == (board.id("indonesia"), board.id("siam"))
    assert fearful.armies > 0
    assert isinstance(markov_transport(view, peaceful=NEUTRAL), EndPhase)


def test_no_neutral_no_change():
    rules = Rules(two_player_neutral=False)
    state = GameState.new(players=2, seed=3, rules=rules)
    view = state.view(0, RandomSource(1))
    assert make_agent("strategist")._peaceful(view) == NO_OWNER
