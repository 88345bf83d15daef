"""The rules, position by position: set-up, reinforcements, cards, attacks, occupation, fortify."""

from __future__ import annotations

import pytest

from risk.actions import (Attack, Blitz, Claim, Deploy, EndPhase, Fortify, Occupy, Place, PlaceNeutral,
                          Trade, parse_action)
from risk.cards import WILD
from risk.errors import IllegalActionError, RiskError
from risk.events import CardDrawn, CardsTraded, GameOver, PlayerEliminated, ReinforcementsReceived
from risk.phase import Phase
from risk.rules import Rules
from risk.state import GameState

# Tiny map ids: 0 Port Alpha, 1 Beta Hills, 2 Gamma Bay (West Island, bonus 2);
# 3 Delta Point, 4 Epsilon Ridge, 5 Zeta Cape (East Island, bonus 3).
# Borders: 0-1, 0-2, 1-2, 1-3, 3-4, 3-5, 4-5. Card symbols: inf, cav, art, inf, cav, art.


def position(board, owner, armies, players=2, **kw):
    kw.setdefault("rules", Rules(two_player_neutral=False))
    return GameState.from_position(owner, armies, players, board=board, **kw)


def classic_owner(classic, player_zero_names, default=1):
    return [0 if name in player_zero_names else default for name in classic.names]


# -- set-up ---------------------------------------------------------------------------------------

def test_claim_then_place_in_turns(classic):
    game = GameState.new(players=3, seed=11)
    assert game.phase == Phase.CLAIM
    order = []
    while game.phase == Phase.CLAIM:
        order.append(game.current_player)
        game.apply(game.legal_actions()[0])
    assert order[:6] == [0, 1, 2, 0, 1, 2] and len(order) == 42
    assert game.count == [14, 14, 14]
    assert game.phase == Phase.PLACE and game.current_player == 0
    while game.phase == Phase.PLACE:
        actions = game.legal_actions()
        assert all(isinstance(a, Place) for a in actions)
        game.apply(actions[-1])
    assert [game.total_armies(p) for p in range(3)] == [35, 35, 35]
    assert game.phase in (Phase.DEPLOY, Phase.TRADE) and game.turn == 1 and game.current_player == 0


@pytest.mark.parametrize("players, sizes", [(4, [11, 11, 10, 10]), (5, [9, 9, 8, 8, 8]), (6, [7] * 6)])
def test_deal_and_automatic_placement(players, sizes):
    game = GameState.new(players=players, seed=3, rules=Rules(setup="deal", placement="auto"))
    assert game.count == sizes
    start = Rules().starting_armies(players)
    assert [game.total_armies(p) for p in range(players)] == [start] * players
    assert game.turn == 1 and game.phase == Phase.DEPLOY


def test_two_player_game_with_neutral():
    game = GameState.new(players=2, seed=5)
    assert game.owners == 3 and game.neutral == 2
    assert game.count == [14, 14, 14] and game.phase == Phase.PLACE
    rounds = 0
    while game.phase == Phase.PLACE:
        player = game.current_player
        assert player in (0, 1)
        kinds = []
        while game.current_player == player and game.phase == Phase.PLACE:
            action = game.legal_actions()[0]
            kinds.append(type(action))
            game.apply(action)
        assert sorted(k.__name__ for k in kinds) == ["Place", "Place", "PlaceNeutral"]
        rounds += 1
    assert rounds == 26
    assert [game.total_armies(p) for p in range(3)] == [40, 40, 40]
    # The neutral never takes a turn.
    seen = set()
    while game.turn < 12:
        seen.add(game.current_player)
        actions = game.legal_actions()
        game.apply(EndPhase() if EndPhase() in actions else actions[0])
    assert seen == {0, 1}
    assert game.pool >= 3  # the neutral never reinforces: its armies only change in battle


def test_neutral_cannot_be_placed_twice_a_round():
    game = GameState.new(players=2, seed=5)
    neutral_land = game.territories_of(game.neutral)[0]
    game.apply(PlaceNeutral(neutral_land))
    with pytest.raises(IllegalActionError, match="neutral army has already been placed"):
        game.apply(PlaceNeutral(neutral_land))


def test_two_player_game_ends_when_the_opponent_falls_even_with_neutral_left(tiny):
    # Player 0 attacks player 1's last territory; the neutral (owner 2) still holds land.
    game = GameState.from_position([0, 0, 2, 1, 2, 2], [9, 9, 1, 1, 1, 1], 2, board=tiny,
                                   phase=Phase.ATTACK, player=0)
    events = []
    for seed in range(50):
        trial = GameState.from_position([0, 0, 2, 1, 2, 2], [9, 9, 1, 1, 1, 1], 2, board=tiny,
                                        phase=Phase.ATTACK, player=0, seed=seed)
        events = trial.apply(Blitz(1, 3))
        if trial.is_terminal():
            game = trial
            break
    assert game.is_terminal() and game.winner == 0 and game.end_reason == "conquest"
    assert game.places == (1, 2)
    assert any(isinstance(e, GameOver) for e in events)
    assert game.count[2] == 3  # the neutral army is still on the board


# -- reinforcements -------------------------------------------------------------------------------

def next_turn_pool(game):
    """End player 1's turn so that player 0's turn starts; return player 0's reinforcements."""
    events = game.apply(EndPhase())
    granted = [e for e in events if isinstance(e, ReinforcementsReceived)]
    assert granted and granted[0].player == 0
    return granted[0].from_territories, granted[0].from_continents, game.pool


def test_reinforcements_minimum_three(classic):
    held = {"Alaska", "Siam", "Ural", "Peru", "Egypt"}
    game = position(classic, classic_owner(classic, held), [3] * 42, phase=Phase.FORTIFY, player=1)
    assert next_turn_pool(game) == (3, 0, 3)


def test_reinforcements_territories_over_three_and_continent_bonus(classic):
    asia = {classic.names[t] for t in classic.continents[4].members}
    australia = {classic.names[t] for t in classic.continents[5].members}
    held = asia | australia | {"Peru"}          # 17 territories: 17 // 3 = 5, Asia 7 + Australia 2
    game = position(classic, classic_owner(classic, held), [2] * 42, phase=Phase.FORTIFY, player=1)
    assert next_turn_pool(game) == (5, 9, 14)
    assert game.income(0) == 14


# -- cards ----------------------------------------------------------------------------------------

def trading_position(tiny, hand, rules=None, sets_traded=0, owner=(0, 0, 0, 1, 1, 1)):
    return position(tiny, list(owner), [2] * 6, phase=Phase.TRADE, hands=[hand, []], pool=5,
                    sets_traded=sets_traded, rules=rules or Rules(two_player_neutral=False))


@pytest.mark.parametrize("schedule, expected", [
    ("escalating", [4, 6, 8, 10, 12, 15, 20, 25, 30]),
    ("incremental", [4, 5, 6, 7, 8, 9, 10, 11, 12]),
])
def test_set_values_by_count(tiny, schedule, expected):
    rules = Rules(card_values=schedule, territory_bonus=False, two_player_neutral=False)
    for traded, value in enumerate(expected):
        game = trading_position(tiny, [3, 4, 5], rules=rules, sets_traded=traded)  # one of each
        game.apply(Trade((3, 4, 5)))
        assert game.pool == 5 + value and game.sets_traded == traded + 1


FIXED_CASES = [
    # (cards, symbols) -> value under the fixed schedule
    ((0, 3, WILD), 6),       # infantry, infantry, wild: three infantry
    ((1, 4, WILD), 8),       # cavalry, cavalry, wild: three cavalry
    ((2, 5, WILD), 4),       # artillery, artillery, wild: three artillery
    ((0, 1, 2), 10),         # one of each
    ((0, 1, WILD), 10),      # two different and a wild: one of each
    ((0, WILD, WILD), 10),   # two wilds can always make one of each
]


@pytest.mark.parametrize("cards, value", FIXED_CASES)
def test_fixed_set_values_by_type(tiny, cards, value):
    rules = Rules(card_values="fixed", territory_bonus=False, two_player_neutral=False)
    hand = list(cards)
    game = trading_position(tiny, hand, rules=rules, sets_traded=4)
    game.apply(Trade(tuple(sorted(cards))))
    assert game.pool == 5 + value


def test_three_alike_of_fixed_artillery(tiny):
    # Three artillery need three artillery cards: the tiny map has two, so use a wild.
    rules = Rules(card_values="fixed", territory_bonus=False, two_player_neutral=False)
    game = trading_position(tiny, [2, 5, WILD], rules=rules)
    game.apply(Trade((WILD, 2, 5)))
    assert game.pool == 9


def test_not_a_set_is_refused(tiny):
    game = trading_position(tiny, [0, 3, 1])  # infantry, infantry, cavalry
    before = game.fingerprint()
    with pytest.raises(IllegalActionError, match="not a set"):
        game.apply(Trade((0, 1, 3)))
    assert game.fingerprint() == before


def test_territory_bonus_goes_on_a_held_card_territory_once_a_turn(tiny):
    game = trading_position(tiny, [0, 1, 2, 3, 4, 5])
    actions = [a for a in game.legal_actions() if isinstance(a, Trade) and a.cards == (0, 1, 2)]
    assert {a.bonus for a in actions} == {0, 1, 2}
    with pytest.raises(IllegalActionError, match="name where the \\+2 armies go"):
        game.apply(Trade((0, 1, 2)))
    events = game.apply(Trade((0, 1, 2), bonus=1))
    assert game.armies[1] == 4 and game.pool == 5 + 4
    assert [e for e in events if isinstance(e, CardsTraded)][0].bonus_territory == 1
    # Cards 3, 4, 5 are the opponent's territories: no bonus, and none left this turn anyway.
    assert game.phase == Phase.TRADE
    with pytest.raises(IllegalActionError):
        game.apply(Trade((3, 4, 5), bonus=3))
    game.apply(Trade((3, 4, 5)))
    assert game.pool == 5 + 4 + 6


def test_territory_bonus_off(tiny):
    rules = Rules(territory_bonus=False, two_player_neutral=False)
    game = trading_position(tiny, [0, 1, 2], rules=rules)
    assert [a.bonus for a in game.legal_actions() if isinstance(a, Trade)] == [None]
    with pytest.raises(IllegalActionError, match="no territory bonus"):
        game.apply(Trade((0, 1, 2), bonus=0))


def test_forced_trade_at_five_cards(tiny):
    game = trading_position(tiny, [0, 3, 1, 4, 2])
    assert EndPhase() not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="must trade"):
        game.apply(EndPhase())
    trade = next(a for a in game.legal_actions() if isinstance(a, Trade))
    game.apply(trade)
    assert len(game.hands[0]) == 2 and game.phase == Phase.DEPLOY


def test_optional_trade_can_be_declined(tiny):
    game = trading_position(tiny, [0, 1, 2])
    game.apply(EndPhase())
    assert game.phase == Phase.DEPLOY and game.pool == 5 and game.hands[0] == [0, 1, 2]


def test_one_card_per_turn_with_a_conquest(tiny):
    game = position(tiny, [0, 0, 0, 1, 1, 1], [2, 30, 2, 1, 1, 1], phase=Phase.ATTACK)
    # Conquer twice (Delta Point, then Epsilon Ridge) and check one card only.
    game.apply(Blitz(1, 3))
    while game.phase == Phase.OCCUPY:
        game.apply(game.legal_actions()[-1])
    assert game.owner[3] == 0
    game.apply(Blitz(3, 4))
    while game.phase == Phase.OCCUPY:
        game.apply(game.legal_actions()[-1])
    events = game.apply(EndPhase())
    assert sum(isinstance(e, CardDrawn) for e in events) == 1
    assert len(game.hands[0]) == 1


def test_no_card_without_a_conquest(tiny):
    game = position(tiny, [0, 0, 0, 1, 1, 1], [2, 2, 2, 9, 9, 9], phase=Phase.ATTACK)
    events = game.apply(EndPhase())
    assert not any(isinstance(e, CardDrawn) for e in events) and game.hands[0] == []


# -- attack, elimination, occupation --------------------------------------------------------------

def conquer_with_attacks(game, source, target, dice):
    """Roll single attacks until the target falls (the seed makes this deterministic)."""
    while game.owner[target] != game.player:
        game.apply(Attack(source, target, min(dice, game.armies[source] - 1)))
    return game


@pytest.mark.parametrize("dice", [1, 2, 3])
def test_occupation_minimum_is_the_dice_of_the_last_roll(tiny, dice):
    game = position(tiny, [0, 0, 0, 1, 1, 1], [2, 40, 2, 3, 1, 1], phase=Phase.ATTACK, seed=dice)
    conquer_with_attacks(game, 1, 3, dice)
    assert game.phase == Phase.OCCUPY and game.occupy_min == dice
    legal = list(game.legal_actions())
    assert legal[0] == Occupy(dice) and legal[-1] == Occupy(game.armies[1] - 1)
    if dice > 1:
        with pytest.raises(IllegalActionError, match=f"at least {dice}"):
            game.apply(Occupy(dice - 1))
    game.apply(Occupy(dice))
    assert game.armies[3] == dice
    # With one army moved in, nothing is left that can attack, so the phase passes to fortify.
    assert game.phase == (Phase.ATTACK if dice > 1 else Phase.FORTIFY)


def test_occupation_without_choice_is_automatic(tiny):
    game = position(tiny, [0, 0, 0, 1, 1, 1], [2, 4, 2, 1, 1, 1], phase=Phase.ATTACK, seed=4)
    for seed in range(40):
        trial = position(tiny, [0, 0, 0, 1, 1, 1], [2, 4, 2, 1, 1, 1], phase=Phase.ATTACK, seed=seed)
        trial.apply(Attack(1, 3, 3))
        if trial.owner[3] == 0:
            game = trial
            break
    assert game.owner[3] == 0 and game.armies == [2, 1, 2, 3, 1, 1]
    assert game.phase == Phase.ATTACK


def test_blitz_stops_where_asked(tiny):
    for seed in range(30):
        game = position(tiny, [0, 0, 0, 1, 1, 1], [2, 12, 2, 30, 1, 1], phase=Phase.ATTACK, seed=seed)
        game.apply(Blitz(1, 3, stop_at=6))
        assert game.owner[3] == 1 and game.armies[1] <= 6


def test_elimination_takes_cards_and_forces_a_trade_at_six(tiny):
    hands = [[0, 3, WILD], [1, 4, 2]]          # 3 + 3 cards = 6 after the capture
    game = None
    for seed in range(60):
        trial = position(tiny, [0, 0, 0, 0, 0, 1], [2, 2, 2, 2, 40, 1], players=3, phase=Phase.ATTACK,
                         hands=hands + [[]], seed=seed,
                         rules=Rules(two_player_neutral=False))
        trial.owner[2] = 2; trial.count = [4, 1, 1]; trial.own_mask = [0b11011, 0b100000, 0b100]
        trial.alive = [True, True, True]
        events = trial.apply(Blitz(4, 5))
        if trial.owner[5] == 0:
            game = trial
            break
    assert game is not None
    assert any(isinstance(e, PlayerEliminated) and e.cards_taken == 3 for e in events)
    assert sorted(game.hands[0]) == sorted([0, 3, WILD, 1, 4, 2]) and game.hands[1] == []
    if game.phase == Phase.OCCUPY:
        game.apply(game.legal_actions()[0])
    assert game.phase == Phase.TRADE
    with pytest.raises(IllegalActionError, match="must trade"):
        game.apply(EndPhase())
    pool_before = game.pool
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Trade)))
    assert game.phase == Phase.TRADE or len(game.hands[0]) <= 4
    while game.phase == Phase.TRADE:
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Trade)))
    assert len(game.hands[0]) <= 4 and game.phase == Phase.DEPLOY and game.pool > pool_before
    game.apply(Deploy(0, game.pool))
    assert game.phase in (Phase.ATTACK, Phase.FORTIFY)


def test_elimination_below_six_cards_continues_the_attack(tiny):
    hands = [[0], [1, 4]]
    for seed in range(60):
        game = position(tiny, [0, 0, 0, 0, 0, 1], [2, 2, 2, 2, 40, 1], players=3, phase=Phase.ATTACK,
                        hands=hands + [[]], seed=seed, rules=Rules(two_player_neutral=False))
        game.owner[2] = 2; game.count = [4, 1, 1]; game.own_mask = [0b11011, 0b100000, 0b100]
        game.alive = [True, True, True]
        game.apply(Blitz(4, 5))
        if game.owner[5] == 0:
            break
    if game.phase == Phase.OCCUPY:
        game.apply(game.legal_actions()[0])
    assert sorted(game.hands[0]) == [0, 1, 4] and game.phase == Phase.ATTACK


def test_attack_errors_name_the_rule(tiny):
    game = position(tiny, [0, 0, 0, 1, 1, 1], [1, 3, 2, 2, 2, 2], phase=Phase.ATTACK)
    before = game.fingerprint()
    cases = [
        (Attack(0, 1, 1), "your own territory"),
        (Attack(0, 3, 1), "does not border"),
        (Attack(2, 3, 1), "does not border"),
        (Attack(1, 3, 3), "1 to 2 dice"),
        (Attack(3, 4, 1), "you do not hold Delta Point"),
        (Blitz(1, 3, 3), "stop at 1 to 2"),
        (Deploy(1, 1), "attack phase"),
        (Occupy(1), "attack phase"),
    ]
    for action, message in cases:
        with pytest.raises(IllegalActionError, match=message) as info:
            game.apply(action)
        assert isinstance(info.value, ValueError) and isinstance(info.value, RiskError)
        assert game.fingerprint() == before
    game.armies[1] = 1
    with pytest.raises(IllegalActionError, match="only 1 army"):
        game.apply(Attack(1, 3, 1))


# -- fortify --------------------------------------------------------------------------------------

# Player 0 holds 0, 1, 3, 4 (a chain 0-1-3-4); player 1 holds 2 and 5.
CHAIN = [0, 0, 1, 0, 0, 1]


def fortify_position(tiny, mode):
    return position(tiny, CHAIN, [5, 3, 2, 2, 2, 2], phase=Phase.FORTIFY,
                    rules=Rules(fortify=mode, two_player_neutral=False))


def test_fortify_adjacent(tiny):
    game = fortify_position(tiny, "adjacent")
    with pytest.raises(IllegalActionError, match="does not border"):
        game.apply(Fortify(0, 4, 1))
    assert {(a.source, a.target) for a in game.legal_actions() if isinstance(a, Fortify)} == {
        (0, 1), (1, 0), (1, 3), (3, 1), (3, 4), (4, 3)}
    game.apply(Fortify(0, 1, 4))
    assert game.armies[:2] == [1, 7] and game.current_player == 1


def test_fortify_connected_path(tiny):
    game = fortify_position(tiny, "connected")
    with pytest.raises(IllegalActionError, match="move 1 to 4"):
        game.apply(Fortify(0, 4, 5))
    game.apply(Fortify(0, 4, 4))
    assert game.armies[4] == 6 and game.current_player == 1


def test_fortify_connected_needs_own_path(tiny):
    game = position(tiny, [0, 1, 0, 0, 0, 1], [5, 3, 2, 2, 2, 2], phase=Phase.FORTIFY,
                    rules=Rules(fortify="connected", two_player_neutral=False))
    # 0 reaches 2 (neighbours) but not 3: the only way east runs through 1, held by the enemy.
    with pytest.raises(IllegalActionError, match="cannot be reached"):
        game.apply(Fortify(0, 3, 1))


def test_fortify_unlimited_each_army_moves_once(tiny):
    game = fortify_position(tiny, "unlimited")
    game.apply(Fortify(0, 1, 4))
    assert game.current_player == 0 and game.phase == Phase.FORTIFY
    # Beta Hills now has 7 armies, 4 of which arrived this turn and stay (so they also keep the
    # territory occupied): its own 3 may all move on, but no more.
    with pytest.raises(IllegalActionError, match="move 1 to 3"):
        game.apply(Fortify(1, 4, 4))
    game.apply(Fortify(1, 4, 3))
    assert game.armies[1] == 4
    with pytest.raises(IllegalActionError, match="may move"):
        game.apply(Fortify(1, 3, 1))
    game.apply(EndPhase())
    assert game.current_player == 1


# -- the turn cap ---------------------------------------------------------------------------------

def test_turn_cap_adjudicates_by_territories_then_armies(tiny):
    game = position(tiny, [0, 0, 0, 0, 1, 1], [1, 1, 1, 1, 9, 9], phase=Phase.FORTIFY, player=1,
                    turn=10, rules=Rules(max_turns=10, two_player_neutral=False))
    game.apply(EndPhase())
    assert game.is_terminal() and game.winner == 0 and game.end_reason == "turn limit"
    assert game.places == (1, 2)
    tie = position(tiny, [0, 0, 0, 1, 1, 1], [2, 2, 2, 1, 1, 4], phase=Phase.FORTIFY, player=1,
                   turn=10, rules=Rules(max_turns=10, two_player_neutral=False))
    tie.apply(EndPhase())
    assert tie.winner is None and tie.places == (1, 1)
    by_armies = position(tiny, [0, 0, 0, 1, 1, 1], [2, 2, 2, 1, 1, 5], phase=Phase.FORTIFY, player=1,
                         turn=10, rules=Rules(max_turns=10, two_player_neutral=False))
    by_armies.apply(EndPhase())
    assert by_armies.winner == 1


# -- the action API -------------------------------------------------------------------------------

def test_text_forms_round_trip(classic):
    game = GameState.new(players=4, seed=2, rules=Rules(setup="deal", placement="auto"))
    seen = 0
    for _ in range(400):
        actions = game.legal_actions()
        for action in list(actions)[:50]:
            assert parse_action(action.text(classic), classic) == action
            assert parse_action(str(action)) == action
            seen += 1
        game.apply(actions[game.rng.below(len(actions))])
        if game.is_terminal():
            break
    assert seen > 1000


def test_legal_actions_sequence_behaves(classic):
    game = GameState.new(players=3, seed=9, rules=Rules(setup="deal", placement="auto"))
    actions = game.legal_actions()
    listed = list(actions)
    assert len(actions) == len(listed) > 0
    assert [actions[i] for i in range(len(actions))] == listed
    assert actions[-1] == listed[-1]
    assert all(game.is_legal(a) for a in listed)
    assert listed[0] in actions and Claim(0) not in actions
    with pytest.raises(IndexError):
        actions[len(actions)]


def test_parse_errors():
    from risk.errors import ActionParseError
    from risk.board import load_map
    board = load_map()
    for text, message in [("", "empty"), ("jump alaska", "unknown action"),
                          ("attack alaska atlantis 3", "unknown territory 'atlantis'"),
                          ("deploy alaska many", "not a whole number"),
                          ("attack alaska", "takes a territory, a territory, a number"),
                          ("trade alaska siam", "exactly three cards")]:
        with pytest.raises(ActionParseError, match=message):
            parse_action(text, board)


def test_actions_are_frozen_and_hashable():
    action = Attack(1, 2, 3)
    with pytest.raises(AttributeError):
        action.dice = 2  # type: ignore[misc]
    assert {action: 1}[Attack(1, 2, 3)] == 1 and Attack(1, 2, 3) != Fortify(1, 2, 3)


def test_game_over_refuses_everything(tiny):
    game = position(tiny, [0, 0, 0, 0, 1, 1], [1, 1, 1, 1, 9, 9], phase=Phase.FORTIFY, player=1,
                    turn=10, rules=Rules(max_turns=10, two_player_neutral=False))
    game.apply(EndPhase())
    assert len(game.legal_actions()) == 0 and game.current_player == -1
    with pytest.raises(IllegalActionError, match="game is over"):
        game.apply(EndPhase())


def test_same_seed_same_game():
    def run(seed):
        game = GameState.new(players=4, seed=seed, rules=Rules(max_turns=40))
        while not game.is_terminal():
            actions = game.legal_actions()
            game.apply(actions[game.rng.below(len(actions))])
        return game.fingerprint()
    assert run(21) == run(21)
    assert run(21) != run(22)


def test_view_hides_what_the_player_cannot_see(tiny):
    game = position(tiny, [0, 0, 0, 1, 1, 1], [2] * 6, hands=[[0, 1], [3, 4, 5]], phase=Phase.ATTACK)
    from risk.state import RandomSource
    view = game.view(0, RandomSource(1))
    assert view.hands[0] == [0, 1] and len(view.hands[1]) == 3
    assert sorted(view.hands[1] + view.deck) == sorted(game.hands[1] + game.deck)
    assert view.rng is not game.rng
    view.apply(EndPhase())
    assert game.phase == Phase.ATTACK  # the view is a copy


def test_forced_trade_needs_a_set(tiny):
    # With trades forced at 4 cards, four cards without a set (two infantry, two cavalry) are
    # kept: there is nothing to trade.
    rules = Rules(forced_trade_at=4, two_player_neutral=False)
    game = trading_position(tiny, [0, 3, 1, 4], rules=rules)
    assert game.phase == Phase.TRADE or game.phase == Phase.DEPLOY
    if game.phase == Phase.TRADE:
        assert EndPhase() in game.legal_actions()
        game.apply(EndPhase())
    assert game.phase == Phase.DEPLOY


def test_every_position_has_a_legal_action_or_is_over():
    for seed in range(30):
        game = GameState.new(players=4, seed=seed, rules=Rules(forced_trade_at=3, max_turns=30))
        while not game.is_terminal():
            actions = game.legal_actions()
            assert len(actions) > 0, game
            game.apply(actions[game.rng.below(len(actions))])
