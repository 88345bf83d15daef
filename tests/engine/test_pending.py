"""The decisions a game waits for (``GameState.pending``), one typed value each, and the named
parts of an illegal action's error. The dice are loaded, so no seed is hunted for."""

from __future__ import annotations

import pickle

import pytest

from risk.actions import (Attack, ChooseCapital, Defend, EndPhase, KeepRoll, Occupy, Retreat, Stand, Trade,
                          UseSix)
from risk.errors import IllegalActionError
from risk.pending import PENDING_IN_PHASE, DefenceChoice, FirstPlacer, RetreatChoice, SixChoice
from risk.phase import Phase
from risk.rules import Rules
from risk.state import GameState

# Tiny map: 1 Beta Hills borders 3 Delta Point, which borders 4 and 5 (its owner's retreats).


def load_dice(game: GameState, *faces: int) -> None:
    """Make the game's next die rolls ``faces``, in order (the random source hands out the
    numbers it holds from the end of its buffer)."""
    state = game.rng.get_state()
    state["buffer"] = state["buffer"] + [(face - 0.5) / 6 for face in reversed(faces)]
    game.rng.set_state(state)


def tiny_game(tiny, armies=(2, 4, 2, 3, 2, 2), **rules) -> GameState:
    return GameState.from_position([0, 0, 0, 1, 1, 1], list(armies), 2, board=tiny, phase=Phase.ATTACK,
                                   rules=Rules(two_player_neutral=False, **rules))


def assert_waiting_for(game: GameState, kind: type) -> None:
    assert isinstance(game.pending, kind) and kind.PHASE == game.phase and PENDING_IN_PHASE[game.phase] is kind


def test_each_decision_names_its_phase():
    assert PENDING_IN_PHASE == {Phase.CAPITAL: FirstPlacer, Phase.DEFEND: DefenceChoice,
                                Phase.RETREAT: RetreatChoice, Phase.COMMANDER: SixChoice}
    assert all(phase.is_defender_decision for phase in (Phase.DEFEND, Phase.RETREAT))


def test_the_first_placer_waits_while_the_capitals_are_chosen():
    game = GameState.new(players=4, rules=Rules(capitals=True))
    while game.phase == Phase.CLAIM:
        game.apply(game.legal_actions()[0])
    # 42 territories claimed in turns from seat 0: seat 1 claims the last, so seat 2 places first.
    assert_waiting_for(game, FirstPlacer)
    assert game.pending == FirstPlacer(2) and game.pending.seat == 2 and game.current_player == 0
    for seat in range(4):
        assert game.pending == FirstPlacer(2)
        game.apply(ChooseCapital(game.territories_of(seat)[0]))
    assert game.pending is None and game.phase == Phase.PLACE and game.player == 2


def test_a_dealt_game_with_capitals_places_from_seat_0():
    game = GameState.new(players=3, rules=Rules(capitals=True, setup="deal"))
    assert_waiting_for(game, FirstPlacer)
    assert game.pending.seat == 0


def test_the_seeing_defender_chooses_its_dice_after_the_roll(tiny):
    game = tiny_game(tiny, defender_sees_dice=True)
    load_dice(game, 6, 5, 4, 1, 1)
    game.apply(Attack(1, 3, 3))
    assert_waiting_for(game, DefenceChoice)
    choice = game.pending
    assert choice == DefenceChoice(1, 3, (6, 5, 4))
    assert (choice.source, choice.target, choice.attack_dice) == (1, 3, (6, 5, 4))
    assert game.current_player == 1 and list(game.legal_actions()) == [Defend(1), Defend(2)]
    game.apply(Defend(2))
    assert game.pending is None and game.decider == -1 and game.phase == Phase.ATTACK
    assert game.armies[3] == 1  # 1 and 1 against 6 and 5


def test_the_defender_of_a_declared_attack_retreats_or_stands(tiny):
    game = tiny_game(tiny, retreat=True)
    declared = Attack(1, 3, 2)
    game.apply(declared)
    assert_waiting_for(game, RetreatChoice)
    choice = game.pending
    assert choice == RetreatChoice(declared) and choice.attack is declared
    assert (choice.source, choice.target) == (1, 3)
    assert game.current_player == 1 and game.legal_retreats() == [4, 5]
    game.apply(Stand())
    assert game.pending is None and game.decider == -1 and game.phase == Phase.ATTACK
    assert game.declared == (1, 3)


def test_a_retreat_ends_the_decision(tiny):
    game = tiny_game(tiny, retreat=True)
    game.apply(Attack(1, 3, 2))
    game.apply(Retreat(4))
    assert game.pending is None and game.decider == -1 and game.owner[3] == 0


def test_a_roll_the_six_would_change_waits_for_the_attacker(tiny):
    game = tiny_game(tiny, commanders=True)
    load_dice(game, 3, 4, 4)  # a 3 against 4 and 4 loses; a 6 would win
    game.apply(Attack(1, 3, 1))
    assert_waiting_for(game, SixChoice)
    roll = game.pending
    assert roll == SixChoice(1, 3, (3,), (4, 4))
    assert (roll.source, roll.target, roll.attack_dice, roll.defend_dice) == (1, 3, (3,), (4, 4))
    assert game.current_player == 0 and game.six_offer().changed == 3
    game.apply(KeepRoll())
    assert game.pending is None and game.phase == Phase.ATTACK and game.armies[1] == 3


def test_spending_the_six_ends_the_decision(tiny):
    game = tiny_game(tiny, commanders=True)
    load_dice(game, 3, 4, 4)
    game.apply(Attack(1, 3, 1))
    game.apply(UseSix())
    assert game.pending is None and game.phase == Phase.ATTACK and game.armies[3] == 2 and game.commander_used


@pytest.mark.parametrize("seed", range(4))
def test_only_a_decision_of_the_phase_is_ever_pending(seed):
    rules = Rules(capitals=True, defender_sees_dice=True, retreat=True, commanders=True, max_turns=12)
    game = GameState.new(players=3, seed=seed, rules=rules)
    seen = set()
    while not game.is_terminal():
        if game.pending is not None:
            assert PENDING_IN_PHASE[game.phase] is type(game.pending)
            seen.add(type(game.pending))
        else:
            assert game.phase not in PENDING_IN_PHASE
        actions = game.legal_actions()
        game.apply(actions[game.rng.below(len(actions))])
    assert FirstPlacer in seen


def test_pending_decisions_are_frozen_values():
    choice = DefenceChoice(1, 3, (6, 5))
    with pytest.raises(AttributeError):
        choice.target = 4  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(RetreatChoice(Attack(1, 3, 2)))) == RetreatChoice(Attack(1, 3, 2))
    assert len({SixChoice(1, 3, (3,), (4,)), SixChoice(1, 3, (3,), (4,))}) == 1


# -- the error of an illegal action ---------------------------------------------------------


def test_an_illegal_action_error_names_the_action_and_the_reason(tiny):
    game = tiny_game(tiny)
    action = Attack(0, 3, 1)
    reason = game.why_illegal(action)
    for refuse in (game.apply, game.check):
        with pytest.raises(IllegalActionError) as info:
            refuse(action)
        error = info.value
        assert error.action is action and error.reason == reason == "Port Alpha does not border Delta Point"
        assert str(error) == f"illegal action '{action.text(tiny)}': {reason}"


def test_the_error_of_a_phase_names_the_phase(tiny):
    game = tiny_game(tiny)
    with pytest.raises(IllegalActionError) as info:
        game.apply(Occupy(1))
    assert info.value.action == Occupy(1) and info.value.reason.startswith("it is the attack phase")


def test_a_non_action_and_a_finished_game_are_refused_with_a_reason(tiny):
    game = tiny_game(tiny)
    with pytest.raises(IllegalActionError) as info:
        game.apply("attack")  # type: ignore[arg-type]
    assert info.value.action == "attack" and info.value.reason == "'attack' is not an action"
    game.phase = Phase.GAME_OVER
    with pytest.raises(IllegalActionError) as info:
        game.apply(EndPhase())
    assert info.value.action == EndPhase() and info.value.reason == "the game is over"


def test_the_error_keeps_its_parts_through_pickling():
    error = IllegalActionError.refusing(Trade((0, 1, 2)), "trade a b c", "these cards are not a set")
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.action, copy.reason, str(copy)) == (error.action, error.reason, str(error))
    plain = IllegalActionError("no more fortify moves this turn")
    assert plain.action is None and plain.reason == "no more fortify moves this turn"
