"""A mission won by a conquest ends the game once the armies have moved in (issue 17): the
conquered territory is never left empty in the final state, the record or the window."""

from __future__ import annotations

from risk.actions import Blitz, Occupy
from risk.battle.law import BlitzOutcome
from risk.events import GameOver, Occupied
from risk.missions import Mission
from risk.phase import Phase
from risk.rules import Rules
from risk.state import GameState

ALASKA, KAMCHATKA = 0, 29


def one_conquest_from_a_mission(armies_on_alaska: int) -> GameState:
    """Player 1 holds North America and Asia but Kamchatka (player 2's), its next conquest; its
    mission is to hold both continents."""
    owner = [0 if t <= 8 or 26 <= t <= 37 else 1 + t % 2 for t in range(42)]
    owner[KAMCHATKA] = 1
    state = GameState.from_position(owner, [3] * 42, players=3, phase=Phase.ATTACK, seed=5,
                                    rules=Rules(missions=True))
    state.armies[ALASKA] = armies_on_alaska
    state.armies[KAMCHATKA] = 1
    state.missions = [Mission("continents", continents=("North America", "Asia")),
                      Mission("destroy", target=0), Mission("destroy", target=0)]
    state.mission_done = [False] * 3
    return state


def test_the_armies_move_in_before_the_game_ends():
    state = one_conquest_from_a_mission(armies_on_alaska=8)
    assert state.owner[ALASKA] == 0 and state.owner[KAMCHATKA] == 1
    events = state.apply(Blitz(ALASKA, KAMCHATKA), outcome=BlitzOutcome(8, 0))
    assert state.phase == Phase.OCCUPY and state.winner is None  # the player chooses how many move
    assert not any(isinstance(e, GameOver) for e in events)
    events = state.apply(Occupy(5))
    assert [type(e) for e in events][-2:] == [Occupied, GameOver]
    assert state.winner == 0 and state.end_reason == "mission"
    assert state.armies[KAMCHATKA] == 5 and min(state.armies) >= 1


def test_with_no_choice_the_armies_move_in_at_once():
    state = one_conquest_from_a_mission(armies_on_alaska=2)
    events = state.apply(Blitz(ALASKA, KAMCHATKA), outcome=BlitzOutcome(2, 0))
    assert [type(e) for e in events][-2:] == [Occupied, GameOver]
    assert state.phase == Phase.GAME_OVER and state.end_reason == "mission"
    assert state.armies[KAMCHATKA] == 1 and min(state.armies) >= 1
