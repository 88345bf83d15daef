"""``strategist``'s restraint at a big table (:mod:`ai.restraint`): when a rival could sweep it off
the board next turn, it stops attacking once its card is earned."""

from __future__ import annotations

import pytest

from ai import make_agent
from ai.restraint import attack_potential, defence, expected_set_armies, exposed, hard_value, leading, sets_escalate
from risk.actions import EndPhase
from risk.match import Match
from risk.phase import Phase
from risk.rules import Rules
from risk.state import GameState, RandomSource


def test_a_hand_is_worth_a_third_of_a_set_per_card_beyond_two_after_the_next_card():
    assert expected_set_armies(0, 12) == 0
    assert expected_set_armies(1, 12) == 0
    assert expected_set_armies(2, 12) == pytest.approx(4)
    assert expected_set_armies(4, 12) == pytest.approx(12)


def six_player_position(rival_stack: int, hand: int = 0) -> GameState:
    """Player 0 holds seven territories of 2 armies; player 1 has one stack of ``rival_stack``
    and ``hand`` cards; players 2 to 5 hold the rest with one army each."""
    board = GameState.new(players=6, seed=1).board
    n = len(board.names)
    owner = [2 + t % 4 for t in range(n)]
    armies = [1] * n
    for t in range(7):
        owner[t], armies[t] = 0, 2
    owner[7], armies[7] = 1, rival_stack
    hands = [[] for _ in range(6)]
    hands[1] = list(range(hand))
    state = GameState.from_position(owner, armies, 6, phase=Phase.ATTACK, hands=hands, seed=3)
    state.conquered = True
    return state


def test_the_player_is_exposed_when_a_rival_can_bring_more_than_its_defence():
    state = six_player_position(rival_stack=10)
    view = state.view(0, RandomSource(1))
    assert defence(view, 0) == 7 * 2 + 7
    assert attack_potential(view, 1, view.rules.set_value(0)) == 9 + 3  # movable armies and income
    assert not exposed(view)
    assert exposed(view, margin=0.5)
    big = six_player_position(rival_stack=20, hand=4).view(0, RandomSource(1))
    assert attack_potential(big, 1, 4) == 19 + 3 + 4
    assert exposed(big)
    assert sets_escalate(view)
    fixed = GameState.from_position(state.owner, state.armies, 6, rules=Rules(card_values="fixed"))
    assert not sets_escalate(fixed.view(0, RandomSource(1)))


def test_an_exposed_strategist_stops_attacking_once_its_card_is_earned():
    state = six_player_position(rival_stack=30)
    view = state.view(0, RandomSource(1))
    assert exposed(view)
    restrained = make_agent("strategist:iterations=20,restraint_players=6,eliminate=false")
    assert restrained.act(view) == EndPhase()
    state.conquered = False  # no card yet: the search decides
    assert not restrained._restrained(state.view(0, RandomSource(1)))
    state.conquered = True
    calm = six_player_position(rival_stack=3).view(0, RandomSource(1))
    assert not exposed(calm)
    never = make_agent("strategist:iterations=20,restraint_players=7,eliminate=false")
    assert not never._restrained(view)
    assert restrained._restrained(view)
    assert not restrained._restrained(calm)
    late_only = make_agent("strategist:iterations=20,restraint_players=6,restraint_set=10,eliminate=false")
    assert not late_only._restrained(view)  # the next set is worth 4


def test_hard_ranks_a_big_stack_above_many_small_ones_and_leading_restrains():
    strong = six_player_position(rival_stack=30).view(0, RandomSource(1))
    # one border stack of 30: 29 movable and one more for a stack over four, income 3, no set;
    # defence 5 * 30 // 4 + 30 % 4 + 1 territory = 40, counted twice
    assert hard_value(strong, 1, 4) == 29 + 1 + 3 + 2 * 40
    # seven territories of 2: one movable army each (also on an interior one, half of 2), income 3;
    # defence 5 * 14 // 4 + 14 % 4 + 7 = 26
    assert hard_value(strong, 0, 4) == 7 + 3 + 2 * 26
    assert not leading(strong)
    weak = six_player_position(rival_stack=3).view(0, RandomSource(1))
    assert leading(weak)
    assert not leading(weak, margin=2.0)  # 62 is not above twice every rival's value
    spec = "strategist:iterations=20,restraint_players=6,restraint_test=leading,eliminate=false"
    assert make_agent(spec)._restrained(weak)
    assert not make_agent(spec)._restrained(strong)  # exposed, but not at the top
    with pytest.raises(ValueError):
        make_agent("strategist:restraint_test=never")


def test_restrained_games_are_reproducible_and_legal():
    rules = Rules(max_turns=30)
    specs = ["strategist:iterations=12,restraint_players=6,restraint_margin=0.5"] + ["mcts:iterations=12"] * 5
    records = []
    for _ in range(2):
        match = Match([make_agent(s) for s in specs], seed=11, rules=rules)
        match.play()
        records.append(match.record.actions)
    assert records[0] == records[1]


def trading_position(rival_stack: int, victim_cards: int = 0) -> GameState:
    """``six_player_position`` at the start of player 0's turn, holding one set (three cards of
    three symbols); with ``victim_cards``, player 5 holds those cards and a single territory of
    one army next to player 0."""
    base = six_player_position(rival_stack)
    board = base.board
    owner, armies = list(base.owner), list(base.armies)
    if victim_cards:
        victim = next(t for t in range(8, len(owner)) if any(n < 7 for n in board.neighbours[t]))
        owner = [4 if o == 5 else o for o in owner]
        owner[victim], armies[victim] = 5, 1
    mixed = [next(t for t in range(8, len(owner)) if board.cards[t] == s) for s in range(3)]
    spare = [card for card in range(len(owner)) if card not in mixed]
    hands = [mixed, [], [], [], [], spare[:victim_cards]]
    return GameState.from_position(owner, armies, 6, phase=Phase.TRADE, pool=3, hands=hands, seed=3)


def test_holding_trades_only_when_exposed_or_when_the_set_carries_an_elimination():
    from risk.actions import Trade

    spec = "strategist:iterations=20,trade=hold"
    calm = trading_position(rival_stack=3).view(0, RandomSource(1))
    assert not exposed(calm)
    assert make_agent(spec).act(calm) == EndPhase()  # held for a bigger set
    assert isinstance(make_agent("strategist:iterations=20,trade=early").act(calm), Trade)  # traded at once
    assert isinstance(make_agent(spec + ",hold_players=7").act(calm), Trade)  # not held at six
    threatened = trading_position(rival_stack=30).view(0, RandomSource(1))
    assert isinstance(make_agent(spec).act(threatened), Trade)
    run = trading_position(rival_stack=3, victim_cards=2).view(0, RandomSource(1))
    assert not exposed(run)
    assert isinstance(make_agent(spec).act(run), Trade)


def test_trade_run_holds_even_when_exposed_and_trades_for_an_elimination():
    from risk.actions import Trade

    spec = "strategist:iterations=20,trade=run"
    threatened = trading_position(rival_stack=30).view(0, RandomSource(1))
    assert exposed(threatened)
    assert make_agent(spec).act(threatened) == EndPhase()  # no exposure test: held
    assert make_agent(spec).act(trading_position(rival_stack=3).view(0, RandomSource(1))) == EndPhase()
    run = trading_position(rival_stack=3, victim_cards=2).view(0, RandomSource(1))
    assert isinstance(make_agent(spec).act(run), Trade)


def test_the_default_holds_sets_for_runs_restrains_and_reaches_at_six_players_only():
    from risk.actions import Trade

    default = make_agent("strategist:iterations=20")
    six = trading_position(rival_stack=30).view(0, RandomSource(1))
    assert default.reach(six) == 2
    assert default.act(six) == EndPhase()  # exposed, and no run: the set is held at six
    state = six_player_position(rival_stack=30)
    state.conquered = True
    assert make_agent("strategist:iterations=20,eliminate=false")._restrained(state.view(0, RandomSource(1)))
    # At five players or fewer none of the three applies (seeded games there are unchanged).
    five = make_agent("strategist:iterations=20,hold_players=7,restraint_players=7,reach_players=7")
    assert five.reach(six) == 0 and isinstance(five.act(six), Trade)


def test_sets_are_held_only_while_hold_alive_players_are_left():
    from risk.actions import Trade

    six = trading_position(rival_stack=3)
    # Players 2 to 5 gone: their territories are player 1's, so two players are left.
    owner = [o if o < 2 else 1 for o in six.owner]
    duel = GameState.from_position(owner, list(six.armies), 6, phase=Phase.TRADE, pool=3,
                                   hands=[list(h) for h in six.hands], seed=3).view(0, RandomSource(1))
    assert sum(duel.alive) == 2
    default = make_agent("strategist:iterations=20")
    assert default.hold_alive == 4
    assert default.act(six.view(0, RandomSource(1))) == EndPhase()  # held with six alive
    assert isinstance(default.act(duel), Trade)  # traded at once with two left
    # hold_alive=0 holds to the end: no run takes 35 territories, so the set waits.
    assert make_agent("strategist:iterations=20,hold_alive=0").act(duel) == EndPhase()
    never_held = make_agent("strategist:iterations=20,hold_alive=7")
    assert isinstance(never_held.act(six.view(0, RandomSource(1))), Trade)


def test_the_weakest_player_trades_its_set_with_trade_weak():
    from ai.restraint import weakness_rank
    from risk.actions import Trade

    strong = trading_position(rival_stack=3)
    # Player 0's seven territories of 2, rivals of 3 and of 8 or 9 single armies: 5 are weaker.
    assert weakness_rank(strong.view(0, RandomSource(1))) == 5
    weak_armies = [1 if strong.owner[t] == 0 else a for t, a in enumerate(strong.armies)]
    weak_armies[7] = 30
    weak = GameState.from_position(list(strong.owner), weak_armies, 6, phase=Phase.TRADE, pool=3,
                                   hands=[list(h) for h in strong.hands], seed=3).view(0, RandomSource(1))
    assert weakness_rank(weak) == 0
    spec = "strategist:iterations=20,trade=run"
    assert make_agent(spec).act(weak) == EndPhase()  # held: no run, and weakness is not asked
    assert isinstance(make_agent(spec + ",trade_weak=1").act(weak), Trade)
    assert make_agent(spec + ",trade_weak=1").act(strong.view(0, RandomSource(1))) == EndPhase()


def test_restraint_hand_restrains_before_the_card_and_restraint_alive_counts_the_players_left():
    state = six_player_position(rival_stack=30)
    state.conquered = False
    state.hands[0] = [8, 9, 10, 11]
    view = state.view(0, RandomSource(1))
    assert exposed(view)
    spec = "strategist:iterations=20,eliminate=false"
    assert not make_agent(spec)._restrained(view)  # no card yet: the search decides
    assert make_agent(spec + ",restraint_hand=4")._restrained(view)  # four cards: no attack at all
    assert not make_agent(spec + ",restraint_hand=5")._restrained(view)
    state.conquered = True
    earned = state.view(0, RandomSource(1))
    assert make_agent(spec)._restrained(earned)
    assert not make_agent(spec + ",restraint_alive=7")._restrained(earned)  # six alive: below 7


def test_elimination_danger_grows_with_the_rival_stack_and_trade_danger_trades_the_set():
    import random

    from ai.restraint import elimination_danger
    from risk.actions import Trade

    # Player 0's seven territories of 2 armies in North America, player 1's stack next to them.
    calm = trading_position(rival_stack=3).view(0, RandomSource(1))
    threatened = trading_position(rival_stack=40).view(0, RandomSource(1))
    assert elimination_danger(calm, random.Random(1), 24) == 0.0
    assert elimination_danger(threatened, random.Random(1), 24) == 1.0
    middling = elimination_danger(trading_position(rival_stack=20).view(0, RandomSource(1)), random.Random(1), 24)
    assert 0.0 < middling < 1.0
    spec = "strategist:iterations=20,trade=run"
    assert make_agent(spec).act(threatened) == EndPhase()  # held: no run of its own
    assert isinstance(make_agent(spec + ",trade_danger=0.3").act(threatened), Trade)
    assert make_agent(spec + ",trade_danger=0.3").act(calm) == EndPhase()
    with pytest.raises(ValueError, match="trade_danger"):
        make_agent("strategist:trade_danger=1.5")
