"""The rule variants of the FAQ: each changes what is legal or what happens, as its rule says."""

from __future__ import annotations

import pytest

from ai import make_agent
from risk.actions import (Attack, Blitz, ChooseCapital, Defend, Deploy, EndPhase, Fortify, Occupy, Retreat,
                          Stand, Trade)
from risk.cards import WILD
from risk.errors import IllegalActionError, RulesError
from risk.events import (ArmiesLost, AttackRolled, CapitalsRevealed, CardsTraded, DiceRolled, MissionChanged,
                         Retreated)
from risk.match import Match
from risk.missions import Mission, mission_deck
from risk.phase import Phase
from risk.rules import PRESETS, Rules
from risk.state import GameState, RandomSource

# Tiny map: 0 Port Alpha, 1 Beta Hills, 2 Gamma Bay (West Island, 2); 3 Delta Point,
# 4 Epsilon Ridge, 5 Zeta Cape (East Island, 3). Borders 0-1, 0-2, 1-2, 1-3 (sea), 3-4, 3-5, 4-5.


POSITION_KEYS = ("phase", "player", "pool", "hands", "seed")


def tiny_game(tiny, owner, armies, players=2, **options):
    """A position on the tiny map; keyword arguments are position fields or rule options."""
    position = {k: options.pop(k) for k in POSITION_KEYS if k in options}
    position.setdefault("phase", Phase.ATTACK)
    position.setdefault("seed", 1)
    return GameState.from_position(owner, armies, players, board=tiny,
                                   rules=Rules(two_player_neutral=False, **options), **position)


# -- missions -------------------------------------------------------------------------------------

def test_mission_deck_and_deal(classic):
    assert len(mission_deck(classic, 6)) == 14
    assert len(mission_deck(classic, 6, "us-1998")) == 12
    deck = mission_deck(classic, 4)
    assert {m.target for m in deck if m.kind == "destroy"} == {0, 1, 2, 3}
    for seed in range(20):
        game = GameState.new(players=4, seed=seed, rules=Rules(missions=True))
        for seat, mission in enumerate(game.missions):
            assert not (mission.kind == "destroy" and mission.target == seat)
        view = game.view(1, RandomSource(3))
        assert view.missions[1] == game.missions[1]
        assert [m for s, m in enumerate(view.missions) if s != 1] == [None, None, None]


def test_missions_need_three_players():
    with pytest.raises(RulesError, match="at least 3 players"):
        GameState.new(players=2, seed=1, rules=Rules(missions=True))


def mission_game(classic, mission, owner, armies, players=3, kill="uk"):
    game = GameState.from_position(owner, armies, players, board=classic, phase=Phase.ATTACK,
                                   rules=Rules(missions=True, mission_kill=kill), seed=4)
    game.missions = [mission] + [Mission("territories", territories=42)] * (players - 1)
    game.mission_done = [False] * players
    return game


def conquer(game, source, target):
    for _ in range(50):
        if game.owner[target] == game.player or game.is_terminal():
            return
        game.apply(Blitz(source, target))
        if game.phase == Phase.OCCUPY:
            game.apply(Occupy(game.occupy_min))
    raise AssertionError("the conquest did not happen")


def test_continent_mission_wins_during_own_turn(classic):
    ids = classic.id
    asia = [classic.names[t] for t in classic.continents[4].members]
    africa = [classic.names[t] for t in classic.continents[3].members]
    held = set(asia) | set(africa) - {"Madagascar"}
    owner = [0 if name in held else 1 for name in classic.names]
    armies = [3] * 42
    armies[ids("East Africa")] = 40
    game = mission_game(classic, Mission("continents", continents=("Asia", "Africa")), owner, armies)
    conquer(game, ids("East Africa"), ids("Madagascar"))
    assert game.is_terminal() and game.winner == 0 and game.end_reason == "mission"


def test_territory_mission_counts_armies(classic):
    owner = [0] * 18 + [1] * 24
    armies = [2] * 17 + [1] + [5] * 24
    game = mission_game(classic, Mission("territories", territories=18, min_armies=2), owner, armies)
    assert not game.is_terminal()
    game.phase = Phase.DEPLOY
    game.pool = 3
    game.apply(Deploy(17, 1))
    assert game.is_terminal() and game.end_reason == "mission"


def destroy_setup(classic, kill):
    # Player 2 holds only Kamchatka; player 1 is about to take it from Alaska; player 0's mission
    # is to destroy player 2.
    ids = classic.id
    owner = [1] * 42
    owner[ids("Kamchatka")] = 2
    for name in ("Brazil", "Peru", "Argentina", "Venezuela"):
        owner[ids(name)] = 0
    armies = [2] * 42
    armies[ids("Alaska")] = 30
    armies[ids("Kamchatka")] = 1
    game = GameState.from_position(owner, armies, 3, board=classic, phase=Phase.ATTACK, player=1,
                                   rules=Rules(missions=True, mission_kill=kill), seed=2)
    game.missions = [Mission("destroy", target=2), Mission("territories", territories=42),
                     Mission("territories", territories=42)]
    game.mission_done = [False] * 3
    return game, ids("Alaska"), ids("Kamchatka")


def test_destroy_mission_taken_by_someone_else_uk_rule(classic):
    game, alaska, kamchatka = destroy_setup(classic, "uk")
    events = []
    while game.owner[kamchatka] != 1:
        events += game.apply(Blitz(alaska, kamchatka))
    assert any(isinstance(e, MissionChanged) and e.player == 0 for e in events)
    assert game.missions[0] == Mission("territories", territories=24)
    assert not game.is_terminal()


def test_destroy_mission_completed_by_anyone_us_rule(classic):
    game, alaska, kamchatka = destroy_setup(classic, "us")
    while game.owner[kamchatka] != 1:
        game.apply(Blitz(alaska, kamchatka))
    assert not game.is_terminal()  # a mission only wins during its holder's turn
    if game.phase == Phase.OCCUPY:
        game.apply(Occupy(game.occupy_min))
    while not game.is_terminal() and game.player == 1:
        game.apply(EndPhase() if EndPhase() in game.legal_actions() else game.legal_actions()[0])
    assert game.is_terminal() and game.winner == 0 and game.end_reason == "mission"


def test_destroy_mission_by_its_holder(classic):
    game, alaska, kamchatka = destroy_setup(classic, "uk")
    game.missions[1] = Mission("destroy", target=2)
    while not game.is_terminal():
        game.apply(Blitz(alaska, kamchatka))
    assert game.winner == 1 and game.end_reason == "mission"


# -- capitals -------------------------------------------------------------------------------------

def test_capitals_are_chosen_hidden_then_revealed(classic):
    game = GameState.new(players=3, seed=5, rules=Rules(capitals=True, setup="deal"))
    assert game.phase == Phase.CAPITAL and game.current_player == 0
    events = []
    for seat in range(3):
        choice = ChooseCapital(game.territories_of(seat)[0])
        events += game.apply(choice)
        if seat < 2:
            view = game.view(seat + 1, RandomSource(1))
            assert view.capitals[seat] == -1  # not revealed yet
    assert any(isinstance(e, CapitalsRevealed) for e in events)
    assert all(c >= 0 for c in game.capitals) and game.phase == Phase.PLACE
    with pytest.raises(IllegalActionError):
        GameState.new(players=3, seed=5, rules=Rules(capitals=True, setup="deal")).apply(
            ChooseCapital(game.territories_of(1)[0]))


def test_capitals_win_when_held(tiny):
    game = tiny_game(tiny, [0, 0, 0, 1, 1, 1], [2, 30, 2, 1, 3, 3], capitals=True)
    game.capitals = [0, 3]
    conquer(game, 1, 3)
    assert game.is_terminal() and game.winner == 0 and game.end_reason == "capitals"


# -- turns, set-up and army limits ----------------------------------------------------------------

def test_old_uk_reinforce_or_attack(tiny):
    game = tiny_game(tiny, [0, 0, 0, 1, 1, 1], [4, 4, 4, 2, 2, 2], phase=Phase.FORTIFY, player=1,
                     reinforce_or_attack=True)
    game.apply(EndPhase())
    # Player 0 holds West Island (+2): only the continent armies come at the start.
    assert game.phase == Phase.DEPLOY and game.pool == 2 and game.withheld == 3
    game.apply(Deploy(1, 2))
    assert game.phase == Phase.ATTACK
    game.apply(EndPhase())  # no attack: the 3 armies for territories come now
    assert game.phase == Phase.DEPLOY and game.pool == 3
    game.apply(Deploy(0, 3))
    assert game.phase in (Phase.FORTIFY, Phase.DEPLOY) or game.player == 1
    attacked = tiny_game(tiny, [0, 0, 0, 1, 1, 1], [4, 9, 4, 2, 2, 2], phase=Phase.ATTACK,
                         reinforce_or_attack=True)
    attacked.withheld = 3
    attacked.apply(Attack(1, 3, 1))
    attacked.apply(EndPhase()) if attacked.phase == Phase.ATTACK else None
    assert attacked.pool == 0 and attacked.phase != Phase.DEPLOY


def test_setup_limit_and_lost_armies(tiny):
    game = GameState.new(players=2, seed=3, board=tiny,
                         rules=Rules(two_player_neutral=False, setup="deal", setup_limit=4))
    events = []
    while game.phase == Phase.PLACE:
        actions = game.legal_actions()
        assert all(game.armies[a.territory] < 4 for a in actions)
        events += game.apply(actions[0])
    assert max(game.armies) <= 4
    assert any(isinstance(e, ArmiesLost) for e in events)  # 3 territories x 4 < 40 armies


def test_1959_start_one_army_each():
    game = GameState.new(players=3, seed=2, rules=Rules.preset("us-1959"))
    assert game.turn == 1 and game.armies == [1] * 42


def test_army_limit(tiny):
    game = tiny_game(tiny, [0, 0, 0, 1, 1, 1], [11, 12, 10, 2, 2, 2], phase=Phase.DEPLOY, army_limit=12, pool=8)
    with pytest.raises(IllegalActionError, match="only 1 more"):
        game.apply(Deploy(0, 2))
    game.apply(Deploy(0, 1))
    events = game.apply(Deploy(2, 2))
    assert any(isinstance(e, ArmiesLost) and e.armies == 5 for e in events)
    assert game.armies[:3] == [12, 12, 12] and game.pool == 0


def test_fortify_limit_of_seven(tiny):
    game = tiny_game(tiny, [0, 0, 0, 1, 1, 1], [20, 2, 2, 2, 2, 2], phase=Phase.FORTIFY, fortify_max_armies=7)
    with pytest.raises(IllegalActionError, match="move 1 to 7"):
        game.apply(Fortify(0, 1, 8))
    game.apply(Fortify(0, 1, 7))


# -- dice variants --------------------------------------------------------------------------------

def rolls(game, action, times=40):
    """The DiceRolled events of ``action`` repeated on copies with different dice."""
    out = []
    for seed in range(times):
        trial = game.copy(RandomSource(seed))
        out += [e for e in trial.apply(action) if isinstance(e, DiceRolled)]
    return out


def test_defender_rolls_three_dice(tiny):
    game = tiny_game(tiny, [0, 0, 0, 1, 1, 1], [2, 9, 2, 3, 2, 2], defender_max_dice=3)
    assert {len(e.defend_dice) for e in rolls(game, Attack(1, 3, 3))} == {3}


def test_defender_needs_three_armies_for_two_dice(tiny):
    game = tiny_game(tiny, [0, 0, 0, 1, 1, 1], [2, 9, 2, 2, 2, 2], defender_two_dice_needs=3)
    assert {len(e.defend_dice) for e in rolls(game, Attack(1, 3, 3))} == {1}


def test_defender_chooses_after_seeing_the_roll(tiny):
    game = tiny_game(tiny, [0, 0, 0, 1, 1, 1], [2, 9, 2, 5, 2, 2], defender_sees_dice=True)
    events = game.apply(Attack(1, 3, 3))
    rolled = [e for e in events if isinstance(e, AttackRolled)]
    assert rolled and game.phase == Phase.DEFEND and game.current_player == 1 and game.player == 0
    assert list(game.legal_actions()) == [Defend(1), Defend(2)]
    with pytest.raises(IllegalActionError):
        game.apply(Defend(3))
    events = game.apply(Defend(1))
    result = [e for e in events if isinstance(e, DiceRolled)][0]
    assert result.attack_dice == rolled[0].attack_dice and len(result.defend_dice) == 1
    assert game.current_player == 0 and game.phase in (Phase.ATTACK, Phase.OCCUPY, Phase.FORTIFY)


def test_commander_six(tiny):
    game = tiny_game(tiny, [0, 0, 0, 1, 1, 1], [2, 9, 2, 5, 2, 2], commanders=True)
    for event in rolls(game, Attack(1, 3, 2, six=True)):
        assert 6 in event.attack_dice
    game.apply(Attack(1, 3, 2, six=True))
    with pytest.raises(IllegalActionError, match="already used"):
        game.apply(Blitz(1, 3, 1, six=True))
    with pytest.raises(IllegalActionError, match="no commanders"):
        tiny_game(tiny, [0, 0, 0, 1, 1, 1], [2, 9, 2, 5, 2, 2]).apply(Attack(1, 3, 2, six=True))


def test_sea_lane_defence_extra_die_for_four_rolls(tiny):
    game = tiny_game(tiny, [0, 0, 0, 1, 1, 1], [2, 60, 2, 40, 2, 2], sea_lane_defence=True)
    counts = []
    for _ in range(6):
        events = game.apply(Attack(1, 3, 3))
        counts.append(len([e for e in events if isinstance(e, DiceRolled)][0].defend_dice))
    assert counts == [3, 3, 3, 3, 2, 2]
    land = tiny_game(tiny, [0, 0, 0, 1, 0, 1], [2, 2, 2, 60, 40, 2], sea_lane_defence=True, player=1)
    events = land.apply(Attack(3, 4, 3))  # Delta Point - Epsilon Ridge is a land border
    assert len([e for e in events if isinstance(e, DiceRolled)][0].defend_dice) == 2


def test_retreat(tiny):
    game = tiny_game(tiny, [0, 0, 0, 1, 1, 1], [2, 9, 2, 4, 2, 2], retreat=True)
    game.armies[1] = 2
    with pytest.raises(IllegalActionError, match="needs at least 3"):
        game.apply(Attack(1, 3, 1))
    game.armies[1] = 9
    game.apply(Attack(1, 3, 3))
    assert game.phase == Phase.RETREAT and game.current_player == 1
    assert set(game.legal_actions()) == {Retreat(4), Retreat(5), Stand()}
    events = game.apply(Retreat(4))
    assert any(isinstance(e, Retreated) for e in events)
    assert game.owner[3] == 0 and game.armies[4] == 6 and game.current_player == 0
    assert game.armies[1] + game.armies[3] == 8  # the retreat cost the attacker one army
    stand = tiny_game(tiny, [0, 0, 0, 1, 1, 1], [2, 9, 2, 4, 2, 2], retreat=True)
    stand.apply(Blitz(1, 3, 6))
    stand.apply(Stand())
    assert stand.phase != Phase.RETREAT and stand.current_player == 0
    if stand.owner[3] == 1 and stand.phase == Phase.ATTACK:
        stand.apply(Attack(1, 3, 1))  # asked once a turn only
        assert stand.phase != Phase.RETREAT


# -- cards ----------------------------------------------------------------------------------------

def test_territory_bonus_per_card_and_per_trade(tiny):
    game = tiny_game(tiny, [0, 0, 0, 1, 1, 1], [2] * 6, phase=Phase.TRADE, hands=[[0, 1, 2, 3, 4, 5], []],
                     territory_bonus="card", pool=0)
    events = game.apply(Trade((0, 1, 2)))
    traded = [e for e in events if isinstance(e, CardsTraded)][0]
    assert traded.bonus_territories == (0, 1, 2) and game.armies[:3] == [4, 4, 4]
    per_trade = tiny_game(tiny, [0, 0, 0, 0, 1, 1], [2] * 6, phase=Phase.TRADE,
                          hands=[[0, 1, 2, 3, 4, 5], []], territory_bonus="trade", pool=0)
    per_trade.apply(Trade((0, 1, 2), bonus=0))
    per_trade.apply(Trade((3, 4, 5), bonus=3))  # a second +2 in the same turn
    assert per_trade.armies[0] == 4 and per_trade.armies[3] == 4


def test_trade_any_time_in_the_attack(tiny):
    game = tiny_game(tiny, [0, 0, 0, 1, 1, 1], [2, 9, 2, 4, 2, 2], hands=[[0, 3, WILD], []], trade_anytime=True,
                     territory_bonus="off")
    trade = Trade((WILD, 0, 3))
    assert trade in game.legal_actions()
    game.apply(trade)
    assert game.phase == Phase.DEPLOY and game.pool == 4
    game.apply(Deploy(1, 4))
    assert game.phase == Phase.ATTACK and game.armies[1] == 13


def captured_position(tiny, **rules):
    game = tiny_game(tiny, [0, 0, 0, 0, 0, 1], [2, 2, 2, 2, 40, 1], players=3,
                     hands=[[0, 3, WILD], [1, 4, 2], []], **rules)
    game.owner[2] = 2
    game.count = [4, 1, 1]
    game.own_mask = [0b11011, 0b100000, 0b100]
    game.alive = [True, True, True]
    while game.owner[5] != 0:
        game.apply(Blitz(4, 5))
    if game.phase == Phase.OCCUPY:
        game.apply(Occupy(game.occupy_min))
    return game


def test_captured_cards_held_until_next_turn(tiny):
    game = captured_position(tiny, captured_cards="hold")
    assert len(game.hands[0]) == 6 and game.phase == Phase.ATTACK


def test_no_card_capture_in_the_old_uk_rules(tiny):
    game = captured_position(tiny, capture_cards=False)
    assert sorted(game.hands[0]) == sorted([0, 3, WILD]) and sorted(game.discard) == [1, 2, 4]


# -- presets --------------------------------------------------------------------------------------

@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_presets_play_to_the_end(preset):
    for seed in range(2):
        rules = Rules.preset(preset, max_turns=150, missions=seed == 1)
        match = Match([make_agent(s) for s in ("mcts:iterations=20", "angry", "threshold", "markov")],
                      seed=seed, rules=rules)
        match.play()
        assert match.state.is_terminal()


def test_every_option_together_plays_to_the_end():
    rules = Rules(army_limit=12, fortify_max_armies=7, trade_anytime=True, commanders=True, retreat=True,
                  sea_lane_defence=True, territory_bonus="card", captured_cards="hold", capitals=True,
                  missions=True, mission_kill="us", setup_limit=6, max_turns=50)
    for seed in range(3):
        match = Match([make_agent(s) for s in ("mcts:iterations=20", "angry", "threshold", "random")],
                      seed=seed, rules=rules)
        match.play()
        assert match.state.is_terminal()
        assert match.record.replay().fingerprint() == match.state.fingerprint()


def test_unknown_preset():
    with pytest.raises(RulesError, match="unknown rules preset 'nz'"):
        Rules.preset("nz")
