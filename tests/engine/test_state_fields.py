"""The state's schema (``risk.position.FIELDS``) is the state: every field it declares is a slot,
is in the fingerprint and the written form, is copied by ``copy`` as its kind says, and (for the
flags of one turn) starts each turn at its declared start; the derived fields are what the engine
keeps up to date. The fields are enumerated from the schema, so a field added later without that
care fails here."""

from __future__ import annotations

import dataclasses

import pytest

from risk.missions import territory_mission
from risk.pending import FirstPlacer
from risk.phase import Phase
from risk.position import (DERIVED, FIELD_NAMES, FIELDS, GIVEN, OWNER_ITEMS, SEAT_ITEMS, TERRITORY_ITEMS,
                           TURN_FLAGS, Kind, Position)
from risk.randomness import RandomSource
from risk.rules import Rules
from risk.state import GameState

BY_NAME = {f.name: f for f in FIELDS}

#: Fields that are not values of the position: the map, immutable and shared by every copy.
NOT_VALUES = {"board"}

#: What a field that is None here becomes, to see whether the fingerprint notices.
INSTEAD_OF_NONE = {"winner": 0, "end_reason": "conquest", "places": (1, 2, 3), "declared": (0, 1),
                   "pending": FirstPlacer(0), "missions": [territory_mission(42, 24)] * 3,
                   "mission_done": [False] * 3}

#: The Python types a field of each kind may hold.
HOLDS = {Kind.LIST: list, Kind.LISTS: list, Kind.DICT: dict, Kind.OPTIONAL_LIST: (list, type(None)),
         Kind.RANDOM: RandomSource}
MUTABLE = (list, dict, set, bytearray)


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
        value[(0, 1)] = value.get((0, 1), 0) + 1
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
    assert len(FIELD_NAMES) == len(set(FIELD_NAMES)) == 48
    assert set(DERIVED) == {"owners", "count", "own_mask"}
    assert set(TURN_FLAGS) == {"conquered", "bonus_used", "fortified", "resume_attack", "attacked", "commander_used",
                               "after_deploy", "sea_rounds", "retreat_offered", "declared", "arrived"}


def test_the_schema_is_the_state_s_slots_and_nothing_else(midgame):
    assert Position.__slots__ == FIELD_NAMES
    assert GameState.__slots__ == () and not hasattr(midgame, "__dict__")
    for name in FIELD_NAMES:
        getattr(midgame, name)  # every slot is set
    with pytest.raises(AttributeError):
        midgame.not_a_field = 1


@pytest.mark.parametrize("slot", FIELD_NAMES)
def test_each_field_holds_what_its_kind_says(midgame, slot):
    field, value = BY_NAME[slot], getattr(midgame, slot)
    if field.kind in HOLDS:
        assert isinstance(value, HOLDS[field.kind]), f"{slot} is declared {field.kind.value}"
    if field.kind in (Kind.LIST, Kind.OPTIONAL_LIST, Kind.DICT) and value is not None:
        items = value.items() if isinstance(value, dict) else value
        assert not any(isinstance(item, MUTABLE) for item in items), f"{slot} holds mutable items"
    if field.kind is Kind.VALUE:
        assert not isinstance(value, MUTABLE), f"{slot} is declared a value but holds a {type(value).__name__}"
        hash(value)


@pytest.mark.parametrize("slot", [f.name for f in FIELDS if f.items is not None])
def test_a_list_of_items_has_one_per_item(midgame, slot):
    sizes = {TERRITORY_ITEMS: len(midgame.board), OWNER_ITEMS: midgame.owners, SEAT_ITEMS: midgame.players}
    value = getattr(midgame, slot)
    assert value is None or len(value) == sizes[BY_NAME[slot].items]


@pytest.mark.parametrize("slot", [s for s in FIELD_NAMES if s not in NOT_VALUES])
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
    assert len(midgame.fingerprint()) == len(FIELDS)


@pytest.mark.parametrize("slot", [s for s in FIELD_NAMES if s not in DERIVED])
def test_the_written_form_sees_every_field_but_the_derived(midgame, slot):
    before = midgame.to_dict()
    assert set(before) == set(FIELD_NAMES) - set(DERIVED)
    other = own_copy(midgame)
    if slot == "board":
        return  # the board is written by name and digest: a different board is another map
    change(other, slot)
    assert other.to_dict() != before, f"to_dict misses the field {slot!r}"


@pytest.mark.parametrize("slot", FIELD_NAMES)
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
    else:
        assert copied is value, f"copy() copies the immutable {slot!r} instead of sharing it"


def test_the_derived_fields_are_what_the_engine_keeps_up(midgame):
    game = own_copy(midgame)
    for _ in range(400):
        if game.is_terminal():
            break
        kept = {name: getattr(game, name) for name in DERIVED}
        game.derive_fields()
        assert {name: getattr(game, name) for name in DERIVED} == kept
        actions = game.legal_actions()
        game.apply(actions[game.rng.below(len(actions))])


def start_value(game: GameState, slot: str):
    """The declared start of ``slot``, sized for ``game``."""
    field = BY_NAME[slot]
    if field.kind is Kind.LIST and field.items is not None:
        size = {TERRITORY_ITEMS: len(game.board), OWNER_ITEMS: game.owners, SEAT_ITEMS: game.players}[field.items]
        return [field.start] * size
    if field.kind is Kind.LIST:
        return list(field.start)
    if field.kind is Kind.DICT:
        return dict(field.start)
    return field.start


def test_the_turn_flags_are_fields_and_start_each_turn_afresh(midgame):
    assert set(TURN_FLAGS) <= set(FIELD_NAMES)
    game = own_copy(midgame)
    for flag in TURN_FLAGS:
        change(game, flag)
    others = {slot: getattr(game, slot) for slot in FIELD_NAMES if slot not in TURN_FLAGS}
    game._reset_turn_flags()
    for flag in TURN_FLAGS:
        assert getattr(game, flag) == start_value(game, flag), f"the turn flag {flag!r} is not reset"
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


def test_a_new_game_starts_every_field_at_its_declared_start_or_as_given():
    rules = Rules(setup="claim")
    game = GameState.new(players=4, seed=1, rules=rules)
    for field in FIELDS:
        if field.name in DERIVED or field.start is GIVEN:
            continue
        if field.kind is Kind.LISTS:
            assert getattr(game, field.name) == [[] for _ in range(game.owners)]
        else:
            assert getattr(game, field.name) == start_value(game, field.name), field.name
    assert (game.board, game.rules, game.players, game.neutral) == (game.board, rules, 4, -1)
    assert game.reserve == [30] * 4 and len(game.deck) == 44
