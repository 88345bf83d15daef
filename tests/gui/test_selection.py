"""What a person's clicks and keys come to (:mod:`risk.gui.selection`), on positions alone: no
window, no pygame. The window's own tests play the same through posted events."""

from __future__ import annotations

import subprocess
import sys

from risk.actions import Attack, Blitz, Claim, Deploy, EndPhase, KeepRoll, Retreat, UseSix
from risk.gui import intents as I
from risk.gui.selection import (COMMANDER_FIRST, ROLL_DELIBERATELY, Response, Selection, Turn, blitz_stop,
                                candidates, place_all_target, respond, tidied)
from risk.phase import Phase
from risk.rules import Rules
from risk.state import GameState, RandomSource, classic_board

from tests.support import ROOT

BOARD = classic_board()
ALASKA, KAMCHATKA, ALBERTA, NORTHWEST = (BOARD.id(name) for name in
                                         ("Alaska", "Kamchatka", "Alberta", "Northwest Territory"))


def position(holdings: dict[int, tuple[int, int]], players: int = 3, **options) -> GameState:
    """A classic-map game: ``holdings`` maps territories to (owner, armies); the rest go round the
    seats after the first, with 2 armies each."""
    owner = [holdings.get(t, (1 + t % (players - 1), 2))[0] for t in range(len(BOARD))]
    armies = [holdings.get(t, (0, 2))[1] for t in range(len(BOARD))]
    options.setdefault("seed", 4)
    return GameState.from_position(owner, armies, players, **options)


def mine(state) -> Turn:
    return Turn(state, state, True)


def test_a_click_in_the_claim_phase_claims_and_outside_ones_turn_only_moves_the_focus():
    state = GameState.new(players=3, seed=3, rules=Rules())
    assert state.phase == Phase.CLAIM
    response = respond(mine(state), Selection(), I.SelectTerritory(ALASKA))
    assert response.action == Claim(ALASKA) and response.selection.focus == ALASKA
    waiting = respond(Turn(state, state, False), Selection(), I.SelectTerritory(ALASKA))
    assert waiting == Response(Selection(focus=ALASKA, pointed=None))


def test_deploy_clicks_place_one_or_five_and_say_why_not_on_an_enemy():
    state = position({ALASKA: (0, 3), KAMCHATKA: (1, 2)}, phase=Phase.DEPLOY, pool=7)
    one = respond(mine(state), Selection(), I.SelectTerritory(ALASKA))
    five = respond(mine(state), Selection(), I.SelectTerritory(ALASKA, True))
    assert one.action == Deploy(ALASKA, 1) and five.action == Deploy(ALASKA, 5)
    assert one.deploys_on == ALASKA  # remembered once the deploy is applied
    refused = respond(mine(state), Selection(), I.SelectTerritory(KAMCHATKA))
    assert refused.action is None and refused.say == "Kamchatka is not yours: deploy on your own territories."


def test_place_all_goes_where_the_focus_was_last_on_a_territory_of_ones_own():
    state = position({ALASKA: (0, 3), KAMCHATKA: (1, 2)}, phase=Phase.DEPLOY, pool=7)
    nowhere = respond(mine(state), Selection(), I.PlaceAll())
    assert nowhere.action is None and nowhere.say.startswith("Point at one of your territories first")
    pointed = Selection().focused(ALASKA, state).focused(None, state)  # the pointer left for the button
    assert pointed.pointed == ALASKA and place_all_target(state, pointed) == ALASKA
    assert respond(mine(state), pointed, I.PlaceAll()).action == Deploy(ALASKA, 7)
    assert respond(mine(state), pointed, I.Confirm()).action == Deploy(ALASKA, 7)  # Enter places all
    assert place_all_target(state, Selection().focused(KAMCHATKA, state)) is None
    assert place_all_target(state, Selection().deployed(ALASKA)) == ALASKA


def test_clicking_an_enemy_picks_the_strongest_neighbour_and_a_second_click_never_rolls():
    state = position({ALASKA: (0, 9), NORTHWEST: (0, 4), ALBERTA: (1, 3), KAMCHATKA: (1, 5)})
    aimed = respond(mine(state), Selection(stop_at=20), I.SelectTerritory(ALBERTA))
    assert (aimed.selection.source, aimed.selection.target) == (ALASKA, ALBERTA) and aimed.action is None
    assert aimed.selection.stop_at == 8  # held below the source's armies
    again = respond(mine(state), aimed.selection, I.SelectTerritory(ALBERTA))
    assert again.action is None and again.say == ROLL_DELIBERATELY
    picked = aimed.selection
    assert respond(mine(state), picked, I.Roll()).action == Attack(ALASKA, ALBERTA, 3)
    assert respond(mine(state), picked, I.Blitz()).action == Blitz(ALASKA, ALBERTA, 1, False)
    assert respond(mine(state), picked, I.Confirm()).action == Blitz(ALASKA, ALBERTA, 1, False)
    fewer = respond(mine(state), picked, I.Adjust(-5)).selection
    assert fewer.stop_at == 3 and blitz_stop(state, fewer) == 3
    assert respond(mine(state), fewer, I.BlitzUntil()).action == Blitz(ALASKA, ALBERTA, 3, False)
    assert respond(mine(state), fewer, I.Adjust(-9)).selection.stop_at == 1


def test_an_own_territory_that_cannot_attack_says_why():
    state = position({ALASKA: (0, 1), NORTHWEST: (0, 4), ALBERTA: (0, 4), KAMCHATKA: (1, 5)})
    weak = respond(mine(state), Selection(), I.SelectTerritory(ALASKA))
    assert weak.selection.source is None and weak.say.startswith("Alaska has 1 army")
    strong = respond(mine(state), Selection(), I.SelectTerritory(NORTHWEST))
    assert strong.selection.source == NORTHWEST and strong.selection.target is None


def test_the_declared_attack_stays_chosen_whatever_is_clicked():
    state = position({ALASKA: (0, 9), KAMCHATKA: (1, 5)}, rules=Rules(retreat=True))
    state.declared = (ALASKA, KAMCHATKA)
    turn = mine(state)
    assert turn.attack_declared
    elsewhere = next(t for t in BOARD.neighbours[ALASKA] if state.owner[t] != 0 and t != KAMCHATKA)
    response = respond(turn, Selection(), I.SelectTerritory(elsewhere))
    assert (response.selection.source, response.selection.target) == (ALASKA, KAMCHATKA)
    assert "stood against your attack from Alaska" in response.say
    assert respond(turn, response.selection, I.Deselect()).selection == response.selection
    assert candidates(turn, Selection()) == [KAMCHATKA]


def test_fortify_clicks_choose_a_source_then_open_the_amount_dialog():
    state = position({ALASKA: (0, 6), NORTHWEST: (0, 2), KAMCHATKA: (1, 5)}, phase=Phase.FORTIFY)
    source = respond(mine(state), Selection(), I.SelectTerritory(ALASKA)).selection
    assert source.source == ALASKA and NORTHWEST in candidates(mine(state), source)
    move = respond(mine(state), source, I.SelectTerritory(NORTHWEST))
    assert move.opens == ("move", ALASKA, NORTHWEST, 5) and move.selection.target == NORTHWEST
    enemy = respond(mine(state), Selection(), I.SelectTerritory(KAMCHATKA))
    assert enemy.say == "Kamchatka is not yours: fortify between your own territories."


def test_ending_the_phase_drops_the_choice_or_says_what_is_left_first():
    attack = position({ALASKA: (0, 9), KAMCHATKA: (1, 5)})
    ended = respond(mine(attack), Selection(source=ALASKA, target=KAMCHATKA), I.EndPhase())
    assert ended.action == EndPhase() and ended.selection == Selection()
    deploy = position({ALASKA: (0, 9)}, phase=Phase.DEPLOY, pool=4)
    told = respond(mine(deploy), Selection(), I.EndPhase())
    assert told.action is None and told.say == "Deploy your 4 remaining armies first."
    assert respond(Turn(attack, attack, False), Selection(), I.EndPhase()) == Response(Selection())


def test_a_trade_phase_click_opens_the_cards_and_other_intents_change_nothing():
    state = position({ALASKA: (0, 9)}, phase=Phase.TRADE, pool=3)
    assert respond(mine(state), Selection(), I.SelectTerritory(ALASKA)).opens == ("cards",)
    assert respond(mine(state), Selection(), I.Confirm()).opens == ("cards",)
    for intent in (I.Save(), I.Help(), I.Speed("fast"), I.TypeText("x")):
        assert respond(mine(state), Selection(source=ALASKA), intent) == Response(Selection(source=ALASKA))


def test_tab_cycles_through_what_may_be_picked():
    state = position({ALASKA: (0, 9), NORTHWEST: (0, 3), KAMCHATKA: (1, 5)})
    options = candidates(mine(state), Selection())
    assert ALASKA in options and NORTHWEST in options
    assert all(state.owner[t] == 0 and state.armies[t] >= 2 for t in options)
    first = respond(mine(state), Selection(), I.Cycle(1)).selection
    assert first.focus == options[0] and first.pointed == options[0]
    assert respond(mine(state), first, I.Cycle(1)).selection.focus == options[1]
    assert respond(mine(state), Selection(), I.Cycle(-1)).selection.focus == options[-1]
    assert candidates(Turn(state, state, False), Selection()) == []


def test_after_a_conquest_the_conquered_territory_becomes_the_source_if_it_can_attack_on():
    state = position({ALASKA: (0, 2), KAMCHATKA: (0, 6)})  # Kamchatka just taken, with enemies beyond
    chosen = Selection(source=ALASKA, target=KAMCHATKA)
    after = tidied(mine(state), chosen)
    assert after.source == KAMCHATKA and after.target is None
    assert tidied(Turn(state, state, False), chosen) == Selection()
    deploy = position({ALASKA: (0, 2)}, phase=Phase.DEPLOY, pool=3)
    assert tidied(mine(deploy), chosen) == Selection()


def test_the_commander_phase_asks_for_the_six_first():
    state = position({ALASKA: (0, 12), KAMCHATKA: (1, 5)}, rules=Rules(commanders=True))
    for seed in range(200):
        trial = state.copy(RandomSource(seed))
        trial.apply(Attack(ALASKA, KAMCHATKA, 3))
        if trial.phase == Phase.COMMANDER:
            break
    assert trial.phase == Phase.COMMANDER, "no roll the six would change"
    turn = mine(trial)
    assert respond(turn, Selection(), I.SelectTerritory(KAMCHATKA)).say == COMMANDER_FIRST
    assert respond(turn, Selection(), I.EndPhase()).say == COMMANDER_FIRST
    assert respond(turn, Selection(), I.SpendSix()).action == UseSix()
    assert respond(turn, Selection(), I.KeepRoll()).action == KeepRoll()
    assert respond(turn, Selection(), I.Confirm()).action in (UseSix(), KeepRoll())
    assert respond(mine(state), Selection(), I.SpendSix()).action is None  # only in the commander's phase


def test_a_retreat_is_chosen_by_a_click_on_a_legal_neighbour():
    owner = [t % 2 for t in range(len(BOARD))]
    irkutsk = BOARD.id("Irkutsk")
    owner[ALASKA], owner[KAMCHATKA], owner[irkutsk] = 0, 1, 1
    armies = [2] * len(BOARD)
    armies[ALASKA], armies[KAMCHATKA] = 12, 5
    state = GameState.from_position(owner, armies, 2, seed=4, rules=Rules(retreat=True, two_player_neutral=False))
    state.apply(Attack(ALASKA, KAMCHATKA, 3))
    assert state.phase == Phase.RETREAT
    defender = mine(state)
    assert respond(defender, Selection(), I.SelectTerritory(irkutsk)).action == Retreat(irkutsk)
    assert respond(defender, Selection(), I.SelectTerritory(ALASKA)).say.startswith("Retreat to one of your own")


def test_the_module_needs_no_pygame():
    code = ("import sys; from risk.gui import selection; "
            "assert 'pygame' not in sys.modules, sorted(m for m in sys.modules if 'pygame' in m)")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
