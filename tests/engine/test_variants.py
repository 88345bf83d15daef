"""The rule variants of the FAQ: each changes what is legal or what happens, as its rule says."""

from __future__ import annotations

import pytest

from ai import make_agent
from risk.actions import (Attack, Blitz, ChooseCapital, Defend, Deploy, EndPhase, Fortify, Occupy, Retreat,
                          Stand, Trade)
from risk.cards import WILD
from risk.errors import IllegalActionError, RulesError
from risk.events import (ArmiesLost, AttackRolled, CapitalsRevealed, CardsTraded, DiceRolled, MissionChanged,
                         ReinforcementsForfeited, ReinforcementsReceived, Retreated, visible_events)
from risk.match import Match
from risk.missions import Mission, deal_missions, is_complete, mission_deck, territory_mission
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


def destroy_setup(classic, kill="uk", rules=None):
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
    rules = rules or Rules(missions=True, mission_kill=kill)
    game = GameState.from_position(owner, armies, 3, board=classic, phase=Phase.ATTACK, player=1,
                                   rules=rules, seed=2)
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


def test_a_changed_mission_is_told_to_its_holder_only(classic):
    game, alaska, kamchatka = destroy_setup(classic, "uk")
    events = []
    while game.owner[kamchatka] != 1:
        events += game.apply(Blitz(alaska, kamchatka))
    changed = [e for e in events if isinstance(e, MissionChanged)]
    assert changed == [MissionChanged(0, 2, Mission("territories", territories=24))]
    assert "Occupy 24 territories" in changed[0].describe(classic)
    # The holder sees it; the other seats see the same turn without it; the full record has it.
    assert changed[0] in visible_events(events, 0) and changed[0] in visible_events(events, None)
    for seat in (1, 2):
        assert not changed[0].visible_to(seat)
        assert visible_events(events, seat) == [e for e in events if not isinstance(e, MissionChanged)]


@pytest.mark.parametrize("rules", [Rules(missions=True), Rules.preset("us-1993", missions=True)],
                         ids=["default", "us-1993"])
def test_the_us_rules_let_anyone_complete_a_destroy_mission(classic, rules):
    game, alaska, kamchatka = destroy_setup(classic, rules=rules)
    events = []
    while game.owner[kamchatka] != 1:
        events += game.apply(Blitz(alaska, kamchatka))
    assert game.mission_done[0] and not any(isinstance(e, MissionChanged) for e in events)
    # Whether the target fell for a mission is its holder's secret.
    assert game.view(0, RandomSource(1)).mission_done == [True, False, False]
    assert game.view(1, RandomSource(1)).mission_done == [False, False, False]


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


def test_drawing_your_own_colour_becomes_24_territories(classic):
    class Unshuffled(RandomSource):
        def shuffle(self, items):  # the deck in its printed order: destroy seat 0, 1, 2, then the rest
            pass

    class Rotated(RandomSource):
        def shuffle(self, items):  # seat k draws "destroy seat k + 1"
            items[:] = items[1:] + items[:1]

    own = deal_missions(classic, 3, "classic", Unshuffled(1))
    assert own == [Mission("territories", territories=24, min_armies=1)] * 3
    others = deal_missions(classic, 3, "classic", Rotated(1))
    assert others[:2] == [Mission("destroy", target=1), Mission("destroy", target=2)]


def test_missions_with_a_third_continent_of_your_choice(classic):
    ids = classic.id
    members = {c.name: [classic.names[t] for t in c.members] for c in classic.continents}
    for continents, third in ((("Europe", "South America"), "Australia"), (("Europe", "Australia"), "Africa")):
        mission = Mission("continents", continents=continents, third=True)
        held = {name for c in continents for name in members[c]} | set(members[third])
        last = members[third][-1]
        owner = [0 if name in held - {last} else 1 for name in classic.names]
        armies = [3] * 42
        source = next(n for n in classic.neighbours[ids(last)] if owner[n] == 0)
        armies[source] = 60
        game = mission_game(classic, mission, owner, armies)
        # The two named continents are held, the third is not yet: not complete.
        assert not is_complete(mission, game, 0, False) and not game.is_terminal()
        conquer(game, source, ids(last))
        assert is_complete(mission, game, 0, False)
        assert game.is_terminal() and game.winner == 0 and game.end_reason == "mission"


def test_destroy_mission_by_its_holder(classic):
    game, alaska, kamchatka = destroy_setup(classic, "uk")
    game.missions[1] = Mission("destroy", target=2)
    while not game.is_terminal():
        # the conquest that completes the mission wins once the armies have moved in
        game.apply(Occupy(game.occupy_min) if game.phase == Phase.OCCUPY else Blitz(alaska, kamchatka))
    assert game.winner == 1 and game.end_reason == "mission" and min(game.armies) >= 1


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


def test_capitals_to_win_counts_your_own(tiny):
    # Three players; capitals_to_win=2 is your own and one more.
    game = tiny_game(tiny, [0, 0, 0, 1, 1, 2], [2, 30, 2, 1, 3, 3], players=3, capitals=True, capitals_to_win=2)
    game.capitals = [0, 3, 5]
    assert not game.is_terminal()
    conquer(game, 1, 3)
    assert game.is_terminal() and game.winner == 0 and game.end_reason == "capitals"
    assert game.capitals_held(0) == 2


@pytest.mark.parametrize("players, wanted", [(3, 1), (3, 4), (3, 9), (2, 3), (6, 7)])
def test_capitals_to_win_out_of_range(players, wanted):
    rules = Rules(capitals=True, capitals_to_win=wanted)
    with pytest.raises(RulesError) as error:
        GameState.new(players=players, seed=1, rules=rules)
    message = str(error.value)
    assert f"capitals_to_win={wanted}" in message and f"2 to {players}" in message and "\n" not in message


@pytest.mark.parametrize("players, wanted", [(3, 0), (3, 2), (3, 3), (6, 6), (2, 2)])
def test_capitals_to_win_in_range(players, wanted):
    GameState.new(players=players, seed=1, rules=Rules(capitals=True, capitals_to_win=wanted))


# -- turns, set-up and army limits ----------------------------------------------------------------

def test_old_uk_reinforce_or_attack(tiny):
    game = tiny_game(tiny, [0, 0, 0, 1, 1, 1], [4, 4, 4, 2, 2, 2], phase=Phase.FORTIFY, player=1,
                     reinforce_or_attack=True)
    events = game.apply(EndPhase())
    # Player 0 holds West Island (+2): only the continent armies come at the start.
    assert game.phase == Phase.DEPLOY and game.pool == 2 and game.withheld == 3
    # The log tells what is received now and what is held back, not 3 armies for territories.
    received = [e for e in events if isinstance(e, ReinforcementsReceived)]
    assert received == [ReinforcementsReceived(0, 0, 2, withheld=3)]
    assert received[0].describe(tiny).startswith("Player 1 receives 2 armies (0 for territories, 2 for")
    game.apply(Deploy(1, 2))
    assert game.phase == Phase.ATTACK
    events = game.apply(EndPhase())  # no attack: the 3 armies for territories come now
    assert [e for e in events if isinstance(e, ReinforcementsReceived)] == [ReinforcementsReceived(0, 3, 0)]
    assert game.phase == Phase.DEPLOY and game.pool == 3
    game.apply(Deploy(0, 3))
    assert game.phase in (Phase.FORTIFY, Phase.DEPLOY) or game.player == 1
    attacked = tiny_game(tiny, [0, 0, 0, 1, 1, 1], [4, 9, 4, 2, 2, 2], phase=Phase.ATTACK,
                         reinforce_or_attack=True)
    attacked.withheld = 3
    events = attacked.apply(Attack(1, 3, 1))
    assert [e for e in events if isinstance(e, ReinforcementsForfeited)] == [ReinforcementsForfeited(0, 3)]
    assert attacked.withheld == 0
    events = attacked.apply(Attack(1, 3, 1))
    assert not any(isinstance(e, ReinforcementsForfeited) for e in events)  # once a turn
    events = attacked.apply(EndPhase()) if attacked.phase == Phase.ATTACK else []
    assert not any(isinstance(e, ReinforcementsReceived) for e in events)
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


def test_seeing_defender_across_a_sea_lane(tiny):
    # Not forbidden by the FAQ: the defender chooses 1 or 2 dice after seeing the roll, and the
    # sea lane adds its die on top in the first 4 rolls.
    rules = dict(defender_sees_dice=True, sea_lane_defence=True)
    game = tiny_game(tiny, [0, 0, 0, 1, 1, 1], [2, 60, 2, 40, 2, 2], **rules)
    counts = []
    for chosen in (1, 2, 1, 2, 1, 2):
        game.apply(Attack(1, 3, 3))
        assert game.phase == Phase.DEFEND and list(game.legal_actions()) == [Defend(1), Defend(2)]
        events = game.apply(Defend(chosen))
        counts.append(len([e for e in events if isinstance(e, DiceRolled)][0].defend_dice))
    assert counts == [2, 3, 2, 3, 1, 2]
    # A blitz under both rules is drawn from the combined law, and bots play such games.
    blitz = tiny_game(tiny, [0, 0, 0, 1, 1, 1], [2, 30, 2, 10, 2, 2], **rules)
    blitz.apply(Blitz(1, 3))
    assert 1 <= blitz.sea_rounds[(1, 3)] <= 4
    match = Match([make_agent(s) for s in ("mcts:iterations=10", "threshold", "markov")], seed=3,
                  rules=Rules(max_turns=60, **rules))
    match.play()
    assert match.record.replay().fingerprint() == match.state.fingerprint()


def test_retreat(tiny):
    game = tiny_game(tiny, [0, 0, 0, 1, 1, 1], [2, 9, 2, 4, 2, 2], retreat=True)
    game.armies[1] = 2
    with pytest.raises(IllegalActionError, match="needs at least 3"):
        game.apply(Attack(1, 3, 1))
    game.armies[1] = 9
    events = game.apply(Attack(1, 3, 3))
    assert not any(isinstance(e, DiceRolled) for e in events)  # the attack is only declared
    assert game.phase == Phase.RETREAT and game.current_player == 1
    assert set(game.legal_actions()) == {Retreat(4), Retreat(5), Stand()}
    events = game.apply(Retreat(4))
    assert any(isinstance(e, Retreated) for e in events)
    assert game.owner[3] == 0 and game.armies[4] == 6 and game.current_player == 0
    assert game.armies[1] + game.armies[3] == 8  # the retreat cost the attacker one army

def test_retreat_is_decided_before_the_dice(tiny):
    # FAQ 4.2: the defender declares "once the attacker first begins to attack the territory
    # (before any decisions about number of dice, etc.)".
    game = tiny_game(tiny, [0, 0, 0, 1, 0, 1], [2, 9, 2, 4, 5, 2], retreat=True)
    game.apply(Blitz(1, 3, 6))
    events = game.apply(Stand())
    assert not any(isinstance(e, DiceRolled) for e in events)
    assert game.phase == Phase.ATTACK and game.current_player == 0 and game.declared == (1, 3)
    # Now the attacker chooses the dice of that attack, and only of that one.
    legal = game.legal_actions()
    assert {Attack(1, 3, k) for k in (1, 2, 3)} <= set(legal) and Blitz(1, 3, 1) in legal
    assert EndPhase() not in legal and {(a.source, a.target) for a in legal} == {(1, 3)}
    for elsewhere in (Attack(4, 5, 1), Attack(4, 3, 1)):
        with pytest.raises(IllegalActionError, match="declared the attack"):
            game.apply(elsewhere)
    with pytest.raises(IllegalActionError, match="choose the dice"):
        game.apply(EndPhase())
    events = game.apply(Attack(1, 3, 1))
    assert [len(e.attack_dice) for e in events if isinstance(e, DiceRolled)] == [1]
    assert game.declared is None and game.phase != Phase.RETREAT  # asked once a turn only
    if game.phase == Phase.ATTACK:
        game.apply(Attack(1, 3, 1))
        assert game.phase != Phase.RETREAT


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
    assert Deploy(1, 1) not in game.legal_actions()  # nothing to deploy before the trade
    game.apply(trade)
    # FAQ Q2.5's house rule: the armies are put on gradually as the attack goes on.
    assert game.phase == Phase.ATTACK and game.pool == 4
    assert Deploy(1, 4) in game.legal_actions() and Attack(1, 3, 3) in game.legal_actions()
    game.apply(Deploy(1, 1))
    assert game.phase == Phase.ATTACK and game.pool == 3 and game.armies[1] == 10
    game.apply(Attack(1, 3, 1))
    game.apply(Deploy(0, 1))
    assert game.pool == 2 and game.armies[0] == 3
    if game.phase == Phase.OCCUPY:
        game.apply(Occupy(game.occupy_min))
    game.apply(EndPhase())  # what is left is deployed when the attack phase ends, before fortifying
    assert game.phase == Phase.DEPLOY and game.pool == 2
    game.apply(Deploy(2, 2))
    assert game.phase == Phase.FORTIFY and game.pool == 0


def captured_position(tiny, hands=((0, 3, WILD), (1, 4, 2)), **rules):
    game = tiny_game(tiny, [0, 0, 0, 0, 0, 1], [2, 2, 2, 2, 40, 1], players=3,
                     hands=[list(hands[0]), list(hands[1]), []], **rules)
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


def test_older_us_rules_trade_down_to_four_from_five_cards(tiny):
    # FAQ Q2.5: "trade in sets immediately to reduce the number of cards which you continue to
    # hold to 4 or fewer"; the "6 or more" threshold is the rule "since the 70s".
    since_the_70s = captured_position(tiny, hands=((0, 3), (1, 4, 2)))
    assert len(since_the_70s.hands[0]) == 5 and since_the_70s.phase == Phase.ATTACK
    older = captured_position(tiny, hands=((0, 3), (1, 4, 2)), captured_cards="trade-any")
    assert len(older.hands[0]) == 5 and older.phase == Phase.TRADE
    assert EndPhase() not in older.legal_actions()
    older.apply(next(a for a in older.legal_actions() if isinstance(a, Trade)))
    assert len(older.hands[0]) == 2 and older.phase == Phase.DEPLOY


def test_older_us_rules_let_any_set_be_traded_after_a_capture(tiny):
    # FAQ Q2.5: "You can also trade in cards if you do have sets, however many cards you hold."
    older = captured_position(tiny, hands=((1,), (2, 3)), captured_cards="trade-any")
    assert len(older.hands[0]) == 3 and older.phase == Phase.TRADE
    assert EndPhase() in older.legal_actions()  # a choice, not a duty, below 5 cards
    kept = older.copy()
    kept.apply(EndPhase())
    assert kept.phase == Phase.ATTACK and len(kept.hands[0]) == 3
    older.apply(next(a for a in older.legal_actions() if isinstance(a, Trade)))
    assert older.hands[0] == [] and older.phase == Phase.DEPLOY
    since_the_70s = captured_position(tiny, hands=((1,), (2, 3)))
    assert since_the_70s.phase == Phase.ATTACK and len(since_the_70s.hands[0]) == 3


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
