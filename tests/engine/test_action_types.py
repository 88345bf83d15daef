"""Actions are checked by type: whatever a bot or a protocol client puts in an action, a wrongly
typed one is an illegal action, refused by the named error with the state untouched."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from risk.actions import (ACTION_TYPES, Attack, Blitz, ChooseCapital, Claim, Defend, Deploy, Fortify, Occupy,
                          Place, Trade, malformed)
from risk.errors import IllegalActionError
from risk.phase import Phase
from risk.rules import Rules
from risk.state import GameState

#: The wrongly typed actions an outside checker found accepted or crashing (issue 17).
WRONGLY_TYPED = [
    Deploy(0, armies=True), Deploy(0, 2.5), Deploy("alaska", 3), Deploy(None, 1), Occupy(armies=1.5),
    Attack(0, 29, dice=1.5), Attack("0", 29, 3), Blitz(0, 29, stop_at=1.0), Blitz(0, 29, six=1),
    Defend(dice=1.5), Defend(True), Claim("alaska"), Claim(3.0), Place([1]), Trade([1, 2, 3]),
    Trade((1, 2, "3")), Trade((1, 2, 3), bonus="x"), Fortify(0, 1, 2.0), ChooseCapital(b"1"),
]


def attack_position() -> GameState:
    owner = [0 if t % 2 else 1 for t in range(42)]
    return GameState.from_position(owner, [5] * 42, players=2, phase=Phase.ATTACK, seed=3,
                                   rules=Rules(two_player_neutral=False))


@pytest.mark.parametrize("action", WRONGLY_TYPED, ids=repr)
@pytest.mark.parametrize("phase", [Phase.ATTACK, Phase.DEPLOY, Phase.CLAIM])
def test_a_wrongly_typed_action_is_refused_and_changes_nothing(action, phase):
    if phase == Phase.CLAIM:
        state = GameState.new(players=3, seed=1)
    else:
        state = attack_position()
        state.phase, state.pool = phase, 5
    before = state.fingerprint()
    reason = state.why_illegal(action)
    assert reason is not None
    with pytest.raises(IllegalActionError) as refused:
        state.apply(action)
    assert refused.value.action is action and refused.value.reason
    assert state.fingerprint() == before


def test_the_reason_names_the_field():
    assert malformed(Deploy(0, True)) == "its armies must be a whole number, not True"
    assert malformed(Blitz(0, 1, 1.0)) == "its stop_at must be a whole number, not 1.0"
    assert malformed(Blitz(0, 1, 1, six=0)) == "its six must be true or false, not 0"
    assert malformed(Trade((1, 2, 3), None)) is None and malformed(Deploy(0, 3)) is None
    assert malformed("deploy alaska 3") == "'deploy alaska 3' is not an action"


def test_every_field_of_every_action_type_is_checked():
    for cls in ACTION_TYPES:
        for field in dataclasses.fields(cls):
            assert malformed(cls(**{f.name: _good(f.type) for f in dataclasses.fields(cls)})) is None
            values = {f.name: _good(f.type) for f in dataclasses.fields(cls)}
            values[field.name] = 1.5
            assert malformed(cls(**values)) is not None, (cls, field.name)


def _good(annotation: str):
    return {"int": 1, "bool": False, "int | None": None, "tuple[int, ...]": (1, 2, 3)}[annotation]


ANYTHING = st.one_of(st.none(), st.booleans(), st.integers(-5, 50), st.floats(allow_nan=True),
                     st.text(max_size=5), st.lists(st.integers(0, 43), max_size=4),
                     st.tuples(st.integers(0, 43), st.text(max_size=2)))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(ACTION_TYPES), st.data())
def test_any_values_in_any_action_never_crash_the_referee(cls, data):
    state = attack_position()
    state.phase = data.draw(st.sampled_from([Phase.ATTACK, Phase.DEPLOY, Phase.FORTIFY, Phase.OCCUPY]))
    state.pool, state.occupy_min, state.attack_source, state.attack_target = 3, 1, 1, 0
    values = {f.name: data.draw(ANYTHING) for f in dataclasses.fields(cls)}
    action = cls(**values)
    before = state.fingerprint()
    reason = state.why_illegal(action)  # never raises
    if reason is None:
        state.apply(action)
        return
    with pytest.raises(IllegalActionError):
        state.apply(action)
    assert state.fingerprint() == before
