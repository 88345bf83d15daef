"""The commander's six in the engine (US 1980, FAQ Q2.9): chosen after the roll, once a turn."""

from __future__ import annotations

import pytest

from ai import make_agent
from ai.common import variant_decision
from tests.support.distributions import goodness_of_fit
from risk.actions import Attack, Blitz, Defend, EndPhase, KeepRoll, UseSix, parse_action
from risk.battle import commander_outcomes, six_changes, with_six
from risk.battle.law import RollOutcome
from risk.errors import ActionParseError, IllegalActionError
from risk.events import BlitzResolved, DiceRolled
from risk.match import Match
from risk.phase import Phase
from risk.rules import Rules
from risk.state import GameState, RandomSource

# Tiny map: 1 Beta Hills attacks 3 Delta Point (a sea route), 3 borders 4 and 5.


def tiny_game(tiny, armies=(2, 9, 2, 5, 2, 2), **rules):
    return GameState.from_position([0, 0, 0, 1, 1, 1], list(armies), 2, board=tiny, phase=Phase.ATTACK, seed=1,
                                   rules=Rules(two_player_neutral=False, commanders=True, **rules))


def offered(game, action=None):
    """A copy of ``game`` whose roll (``action``, by default all out from Beta Hills) waits
    for the commander's decision: the first roll the six would change, named."""
    action = action or Attack(1, 3, 3)
    defenders = game.armies[action.target]
    roll = next(o for o, _ in game.chance_outcomes(action) if six_changes(o.attack_dice, o.defend_dice, defenders))
    trial = game.copy()
    trial.apply(action, outcome=roll)
    assert trial.phase == Phase.COMMANDER
    return trial


def test_roll_the_six_would_change_waits_for_the_attacker(tiny):
    game = offered(tiny_game(tiny))
    assert game.current_player == 0 and list(game.legal_actions()) == [UseSix(), KeepRoll()]
    offer = game.six_offer()
    assert offer.six_dice == with_six(offer.attack_dice) and offer.changed == offer.attack_dice[-1]
    assert offer.six != offer.kept and offer.six[0] <= offer.kept[0] and offer.six[1] >= offer.kept[1]
    assert game.armies[1] == 9 and game.armies[3] == 5  # nothing is lost before the decision
    with pytest.raises(IllegalActionError, match="six, keep"):
        game.apply(Attack(1, 3, 3))
    events = game.apply(UseSix())
    rolled = [e for e in events if isinstance(e, DiceRolled)][0]
    assert rolled.six_from == offer.changed and rolled.attack_dice == offer.six_dice
    assert rolled.rolled_dice == offer.attack_dice and f"a {offer.changed} turned into a 6" in rolled.describe()
    assert (rolled.attacker_losses, rolled.defender_losses) == offer.six
    assert game.commander_used and game.phase != Phase.COMMANDER


def test_keeping_the_roll_keeps_the_six(tiny):
    game = offered(tiny_game(tiny))
    offer = game.six_offer()
    rolled = [e for e in game.apply(KeepRoll()) if isinstance(e, DiceRolled)][0]
    assert rolled.six_from == 0 and rolled.attack_dice == offer.attack_dice
    assert (rolled.attacker_losses, rolled.defender_losses) == offer.kept
    assert not game.commander_used and game.commander_ready()


def test_asked_exactly_when_the_six_would_change_the_roll(tiny):
    asked = resolved = 0
    start = tiny_game(tiny)
    for roll, _ in start.chance_outcomes(Attack(1, 3, 2)):  # every roll, named
        game = start.copy()
        events = game.apply(Attack(1, 3, 2), outcome=roll)
        if game.phase == Phase.COMMANDER:
            offer = game.six_offer()
            assert six_changes(offer.attack_dice, offer.defend_dice, game.armies[3])
            asked += 1
        else:
            rolled = [e for e in events if isinstance(e, DiceRolled)][0]
            assert not six_changes(rolled.attack_dice, rolled.defend_dice, 5) and rolled.six_from == 0
            resolved += 1
    assert asked and resolved and asked + resolved == 21 * 21


def test_once_used_it_is_gone_for_the_turn(tiny):
    game = offered(tiny_game(tiny, armies=(2, 40, 2, 30, 2, 2)))
    game.apply(UseSix())
    assert not game.commander_ready()
    with pytest.raises(IllegalActionError, match="already used"):
        game.apply(Blitz(1, 3, 1, six=True))
    for _ in range(10):  # no roll asks again, whatever the dice (10 rolls cannot take 30 armies)
        game.apply(Attack(1, 3, 3))
        assert game.phase == Phase.ATTACK
    # The next turn of the same player has a fresh commander.
    game.apply(EndPhase())
    assert game.phase == Phase.FORTIFY
    game.apply(EndPhase())
    assert game.player == 1 and game.commander_ready()


def test_no_commander_phase_without_the_rule(tiny):
    for seed in range(60):
        game = GameState.from_position([0, 0, 0, 1, 1, 1], [2, 9, 2, 5, 2, 2], 2, board=tiny, seed=seed,
                                       rules=Rules(two_player_neutral=False))
        game.apply(Attack(1, 3, 3))
        assert game.phase != Phase.COMMANDER
        assert UseSix() not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="no commanders"):
        game.apply(Blitz(1, 3, 1, six=True))


def test_the_seeing_defender_chooses_before_the_six(tiny):
    game = tiny_game(tiny, defender_sees_dice=True)
    game.apply(Attack(1, 3, 3), outcome=RollOutcome((5, 2, 1)))
    assert game.phase == Phase.DEFEND
    game.apply(Defend(1), outcome=RollOutcome((5, 2, 1), (5,)))  # a tie lost, which a six wins
    assert game.phase == Phase.COMMANDER
    assert game.current_player == 0 and game.six_offer().defend_dice == (5,)


def test_sea_lane_round_counts_once(tiny):
    game = offered(tiny_game(tiny, sea_lane_defence=True))
    assert game.sea_rounds[(1, 3)] == 1 and game.six_offer().sea_rounds_left == 3
    assert len(game.six_offer().defend_dice) == 3
    game.apply(KeepRoll())
    assert game.sea_rounds[(1, 3)] == 1


def test_blitz_spends_the_six_only_when_its_policy_does(tiny):
    spent = kept = 0
    for seed in range(80):
        game = tiny_game(tiny, armies=(2, 6, 2, 4, 2, 2)).copy(RandomSource(seed))
        events = game.apply(Blitz(1, 3, 1, six=True))
        blitz = [e for e in events if isinstance(e, BlitzResolved)][0]
        assert blitz.six_spent == game.commander_used
        spent, kept = spent + blitz.six_spent, kept + (not blitz.six_spent)
    assert spent and kept


def test_text_forms_round_trip(tiny):
    for text in ("six", "keep", "blitz beta-hills delta-point six", "blitz beta-hills delta-point 2 six",
                 "attack beta-hills delta-point 3"):
        action = parse_action(text, tiny)
        assert action.text(tiny) == text and parse_action(action.text(tiny), tiny) == action
    assert parse_action("blitz beta-hills delta-point six", tiny) == Blitz(1, 3, 1, True)
    assert parse_action("six") == UseSix() and parse_action("keep") == KeepRoll()


def test_old_records_declaring_the_six_with_the_attack_are_refused(tiny):
    with pytest.raises(ActionParseError) as error:
        parse_action("attack beta-hills delta-point 3 six", tiny)
    message = str(error.value)
    assert "\n" not in message and "attack beta-hills delta-point 3 six" in message and "after the roll" in message


def test_bots_decide_by_the_solver_and_blitz_with_the_six(tiny):
    game = offered(tiny_game(tiny))
    from ai.odds import six_chances
    kept, spent = six_chances(game)
    assert variant_decision(game) == (UseSix() if spent > kept + 1e-12 else KeepRoll())
    fresh = tiny_game(tiny)
    assert make_agent("threshold:attack_threshold=0.1").act(fresh) == Blitz(1, 3, 1, True)
    for spec in ("angry", "markov:attack_threshold=0.1"):
        assert make_agent(spec).act(fresh).six


def test_games_with_commanders_replay():
    rules = Rules(commanders=True, max_turns=40)
    match = Match([make_agent(s) for s in ("mcts:iterations=10", "angry", "threshold", "random")], seed=2,
                  rules=rules)
    match.play()
    texts = [text for _, text in match.record.actions]
    assert "six" in texts or "keep" in texts
    assert match.record.replay().fingerprint() == match.state.fingerprint()


# -- the engine's battles follow the solver ---------------------------------------------------

TRIALS = 3000


def _outcome(game):
    if game.owner[3] == 0:  # conquered: the armies before the move in
        return game.armies[1] + game.armies[3], 0
    return game.armies[1], game.armies[3]


def _roll_by_roll(start, seed):
    """Roll after roll, all out, the commander's decisions taken as the bots take them."""
    game = start.copy(RandomSource(seed))
    while game.owner[3] == 1 and game.armies[1] > 1 and game.phase in (Phase.ATTACK, Phase.COMMANDER):
        if game.phase == Phase.COMMANDER:
            game.apply(variant_decision(game))
        else:
            game.apply(Attack(1, 3, min(3, game.armies[1] - 1)))
    return _outcome(game)


@pytest.mark.parametrize("attackers, defenders, rules", [
    (5, 3, {}), (8, 6, {}), (7, 4, {"sea_lane_defence": True}), (6, 4, {"defender_max_dice": 3}),
])
def test_blitz_and_roll_by_roll_follow_the_solver(tiny, attackers, defenders, rules):
    start = tiny_game(tiny, armies=(2, attackers, 2, defenders, 2, 2), **rules)
    sea = 4 if rules.get("sea_lane_defence") else 0
    exact: dict = {}
    for (left, defenders_left, _, _), p in commander_outcomes(attackers, defenders, dice=start.rules.dice,
                                                               sea_rounds=sea).items():
        exact[(left, defenders_left)] = exact.get((left, defenders_left), 0) + p
    drawn = []
    for seed in range(TRIALS):
        game = start.copy(RandomSource(10_000 + seed))
        game.apply(Blitz(1, 3, 1, six=True))
        drawn.append(_outcome(game))
    rolled = [_roll_by_roll(start, seed) for seed in range(TRIALS)]
    assert goodness_of_fit(drawn, exact) > 0.01
    assert goodness_of_fit(rolled, exact) > 0.01
