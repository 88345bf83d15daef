"""Every field of the game state is in its fingerprint, copied by ``copy``, and (for the flags of
one turn) reset when a turn starts. The fields are enumerated from ``GameState.__slots__``, so a
field added later without that care fails here."""

from __future__ import annotations

import dataclasses

import pytest

from risk.engine.flow import TURN_FLAGS
from risk.missions import territory_mission
from risk.pending import FirstPlacer
from risk.phase import Phase
from risk.rules import Rules
from risk.state import GameState, RandomSource

SLOTS = GameState.__slots__

#: Fields that are not values of the position: the map, immutable and shared by every copy.
NOT_VALUES = {"board"}

#: What a field that is None here becomes, to see whether the fingerprint notices.
INSTEAD_OF_NONE = {"winner": 0, "end_reason": "conquest", "places": (1, 2, 3), "declared": (0, 1),
                   "pending": FirstPlacer(0), "missions": [territory_mission(42, 24)] * 3,
                   "mission_done": [False] * 3}


@pytest.fixture(scope="module")
def midgame() -> GameState:
    """A game some turns in, under rules that use the variant fields."""
    rules = Rules(commanders=True, retreat=True, sea_lane_defence=True, fortify="unlimited", max_turns=40)
    game = GameState.new(players=3, seed=5, rules=rules)
    while game.turn < 6:
        actions = game.legal_actions()
        game.apply(actions[game.rng.below(len(actions))])
    return game


def own_copy(game: GameState) -> GameState:
    """A copy with a random source of its own, in the same state as the game's."""
    rng = RandomSource()
    rng.set_state(game.rng.get_state())
    return game.copy(rng)


def change(game: GameState, slot: str) -> None:
    """Change the value of ``slot`` in ``game``: containers in place (so that a container shared
    with another state shows), anything else by a new value."""
    value = getattr(game, slot)
    if slot == "rng":
        value.random()
    elif slot == "rules":
        game.rules = dataclasses.replace(value, max_turns=value.max_turns + 1)
    elif value is None:
        assert slot in INSTEAD_OF_NONE, f"teach this test a value for the field {slot!r} instead of None"
        setattr(game, slot, INSTEAD_OF_NONE[slot])
    elif isinstance(value, list):
        if value and isinstance(value[0], list):
            value[0].append(0)
        else:
            value.append(value[0] if value else 0)
    elif isinstance(value, dict):
        value[(98, 99)] = 1
    elif isinstance(value, Phase):
        setattr(game, slot, Phase((value + 1) % len(Phase)))
    elif isinstance(value, bool):
        setattr(game, slot, not value)
    elif isinstance(value, int):
        setattr(game, slot, value + 1)
    elif isinstance(value, str):
        setattr(game, slot, value + "!")
    elif isinstance(value, tuple):
        setattr(game, slot, value + (0,))
    else:
        raise AssertionError(f"teach this test how to change the field {slot!r} ({type(value).__name__})")


def test_the_state_has_the_fields_this_test_knows():
    assert len(SLOTS) == len(set(SLOTS)) == 48


@pytest.mark.parametrize("slot", [s for s in SLOTS if s not in NOT_VALUES])
def test_the_fingerprint_sees_every_field(midgame, slot):
    before = midgame.fingerprint()
    other = own_copy(midgame)
    assert other.fingerprint() == before
    change(other, slot)
    assert other.fingerprint() != before, f"the fingerprint misses the field {slot!r}"
    assert midgame.fingerprint() == before, f"copy() shares the field {slot!r} with the original"


def test_the_fingerprint_is_hashable_and_names_the_board(midgame):
    assert hash(midgame.fingerprint()) == hash(own_copy(midgame).fingerprint())
    assert midgame.board.name in midgame.fingerprint()


@pytest.mark.parametrize("slot", SLOTS)
def test_copy_copies_every_field(midgame, slot):
    other = midgame.copy()
    value, copied = getattr(midgame, slot), getattr(other, slot)
    if slot == "rng":
        assert copied is value  # shared unless another source is given
        fresh = RandomSource(3)
        assert getattr(midgame.copy(fresh), slot) is fresh
        return
    assert copied == value
    if isinstance(value, (list, dict)):
        assert copied is not value, f"copy() shares the container of {slot!r}"
        if isinstance(value, list):
            assert not any(isinstance(item, (list, dict)) and mine is item
                           for mine, item in zip(copied, value)), f"copy() shares an inner container of {slot!r}"


def test_the_turn_flags_are_fields_and_start_each_turn_afresh(midgame):
    assert set(TURN_FLAGS) <= set(SLOTS)
    game = own_copy(midgame)
    fresh = own_copy(midgame)
    fresh._reset_turn_flags()
    for flag in TURN_FLAGS:
        change(game, flag)
    others = {slot: getattr(game, slot) for slot in SLOTS if slot not in TURN_FLAGS}
    game._reset_turn_flags()
    for flag in TURN_FLAGS:
        assert getattr(game, flag) == getattr(fresh, flag), f"the turn flag {flag!r} is not reset"
    assert all(getattr(game, slot) is value for slot, value in others.items())


def test_a_new_turn_resets_every_turn_flag(midgame):
    game = own_copy(midgame)
    while game.phase != Phase.FORTIFY:
        actions = game.legal_actions()
        game.apply(actions[game.rng.below(len(actions))])
    for flag in TURN_FLAGS:
        change(game, flag)
    game.apply(game.legal_actions()[-1])  # end the turn
    assert game.phase in (Phase.TRADE, Phase.DEPLOY, Phase.ATTACK)
    reset = own_copy(game)
    reset._reset_turn_flags()
    for flag in TURN_FLAGS:
        assert getattr(game, flag) == getattr(reset, flag), f"the turn flag {flag!r} survived the turn"
