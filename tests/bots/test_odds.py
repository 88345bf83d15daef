"""The bots' battle odds follow the border: across a sea lane (FAQ 4.10) they are the exact
phased solution, and every decision about attacking or retreating uses them."""

from __future__ import annotations

import pytest

from ai import make_agent
from ai.common import variant_decision
from ai.odds import attack_chance, attack_odds, border_chance, threat
from ai.turn import TurnState
from risk.actions import Attack, Blitz, EndPhase, Retreat, Stand
from risk.battle import DiceRules, phased_win_probability
from risk.phase import Phase
from risk.rules import Rules
from risk.state import GameState, RandomSource

# Tiny map: 0 Port Alpha, 1 Beta Hills, 2 Gamma Bay (West Island); 3 Delta Point, 4 Epsilon Ridge,
# 5 Zeta Cape (East Island). Borders 0-1, 0-2, 1-2, 1-3 (the one sea route), 3-4, 3-5, 4-5.
SEA = Rules(sea_lane_defence=True, two_player_neutral=False)


def position(tiny, owner, armies, rules=SEA, **fields):
    fields.setdefault("phase", Phase.ATTACK)
    return GameState.from_position(owner, armies, 2, board=tiny, rules=rules, seed=1, **fields)


def test_odds_across_a_sea_lane_are_the_phased_solution(classic):
    brazil, north_africa, peru = classic.id("Brazil"), classic.id("North Africa"), classic.id("Peru")
    rules = Rules(sea_lane_defence=True)
    assert border_chance(10, 5, rules, classic, brazil, north_africa) == pytest.approx(0.5508722, abs=1e-6)
    assert border_chance(10, 5, rules, classic, brazil, north_africa) == pytest.approx(
        phased_win_probability(10, 5, sea_rounds=4), abs=1e-12)
    assert border_chance(10, 5, rules, classic, brazil, peru) == attack_chance(10, 5, rules)  # a land border
    assert border_chance(10, 5, Rules(), classic, brazil, north_africa) == attack_chance(10, 5)
    # Rounds already fought this turn leave fewer extra dice.
    assert border_chance(10, 5, rules, classic, brazil, north_africa, sea_fought=3) == pytest.approx(
        phased_win_probability(10, 5, sea_rounds=1), abs=1e-12)
    assert border_chance(10, 5, rules, classic, brazil, north_africa, sea_fought=4) == attack_chance(10, 5, rules)


@pytest.mark.parametrize("extra", [dict(defender_max_dice=3), dict(defender_two_dice_needs=3),
                                   dict(defender_sees_dice=True)], ids=lambda e: next(iter(e)))
def test_the_dice_variants_flow_into_the_sea_lane_odds(classic, extra):
    brazil, north_africa = classic.id("Brazil"), classic.id("North Africa")
    rules = Rules(sea_lane_defence=True, **extra)
    expected = phased_win_probability(9, 4, dice=rules.dice, seeing=rules.defender_sees_dice, sea_rounds=4)
    assert border_chance(9, 4, rules, classic, brazil, north_africa) == pytest.approx(expected, abs=1e-12)
    with_six = phased_win_probability(9, 4, dice=rules.dice, seeing=rules.defender_sees_dice, six=True)
    assert border_chance(9, 4, rules, classic, brazil, classic.id("Peru"), six=True) == pytest.approx(with_six)


def test_views_and_threats_use_the_border(tiny):
    game = position(tiny, [0, 0, 0, 1, 1, 1], [2, 10, 2, 5, 2, 2])
    assert attack_odds(game, 1, 3) == pytest.approx(phased_win_probability(10, 5, sea_rounds=4))
    game.sea_rounds[(1, 3)] = 2
    assert attack_odds(game, 1, 3) == pytest.approx(phased_win_probability(10, 5, sea_rounds=2))
    # Delta Point's threat to Beta Hills comes across the sea, in a turn of its own.
    game.armies[3] = 10
    game.armies[1] = 5
    assert threat(game.owner, game.armies, tiny, 1, SEA) == pytest.approx(phased_win_probability(10, 5, sea_rounds=4))
    state = TurnState.from_view(game)
    assert state.chance(3, 1, next_turn=True) == pytest.approx(phased_win_probability(10, 5, sea_rounds=4))


def test_threshold_and_markov_do_not_attack_across_the_sea_at_land_odds(tiny):
    # 10 against 5: 0.87 over land, 0.55 across the sea; both bots attack at 0.6 or better.
    for rules, expected in ((SEA, EndPhase()), (Rules(two_player_neutral=False), Blitz(1, 3))):
        for bot in ("threshold", "markov"):
            game = position(tiny, [0, 0, 0, 1, 1, 1], [1, 10, 1, 5, 2, 2], rules=rules)
            assert make_agent(bot).act(game.view(0, RandomSource(1))) == expected, (bot, rules.sea_lane_defence)


def test_angry_takes_the_easier_target(tiny):
    # Delta Point (10) may attack Beta Hills (4, across the sea: 0.67) or Epsilon Ridge (5, by
    # land: 0.87). By armies Beta Hills is weaker; by odds Epsilon Ridge is.
    owner, armies = [1, 1, 1, 0, 1, 0], [2, 4, 2, 10, 5, 1]
    land = position(tiny, owner, armies, rules=Rules(two_player_neutral=False))
    assert make_agent("angry").act(land.view(0, RandomSource(1))) == Blitz(3, 1)
    sea = position(tiny, owner, armies)
    assert make_agent("angry").act(sea.view(0, RandomSource(1))) == Blitz(3, 4)


def test_retreat_or_stand_weighs_the_sea_lane(tiny):
    # 7 against 4: 0.74 over land (retreat), 0.42 across the sea (stand and fight).
    for rules, expected in ((Rules(retreat=True, two_player_neutral=False), Retreat(5)),
                            (Rules(retreat=True, sea_lane_defence=True, two_player_neutral=False), Stand())):
        game = position(tiny, [0, 0, 0, 1, 1, 1], [2, 7, 2, 4, 3, 1], rules=rules)
        game.apply(Attack(1, 3, 3))
        assert game.phase == Phase.RETREAT
        assert variant_decision(game.view(1, RandomSource(1))) == expected


def test_mcts_keeps_attacking_only_at_the_sea_lane_odds(tiny):
    bot = make_agent("mcts:iterations=30,tau=0.6")
    game = position(tiny, [0, 0, 0, 1, 1, 1], [1, 10, 1, 5, 2, 2])
    bot._macro = (1, 3)  # as if it had planned to attack Delta Point; 0.55 < tau across the sea
    assert bot.act(game.view(0, RandomSource(1))) == EndPhase()
    land = position(tiny, [0, 0, 0, 1, 1, 1], [1, 10, 1, 5, 2, 2], rules=Rules(two_player_neutral=False))
    bot._macro = (1, 3)
    assert bot.act(land.view(0, RandomSource(1))) == Attack(1, 3, 3)


def test_three_defender_dice_tables_differ(tiny):
    # The dice rules are part of the bots' odds (and of their cache key).
    assert attack_chance(10, 5, Rules(defender_max_dice=3)) < attack_chance(10, 5, Rules())
    assert Rules(defender_max_dice=3).dice == DiceRules(defender_max=3)
