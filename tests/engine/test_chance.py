"""Explicit chance: every outcome of a roll or a blitz with its probability, and applying a named
outcome instead of drawing one (risk.engine.chance)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from risk.actions import Attack, Blitz, Defend, EndPhase, KeepRoll, UseSix
from risk.battle.law import BattleLaw, BlitzOutcome, RollOutcome
from risk.engine.chance import NoChanceError
from risk.errors import IllegalActionError
from risk.events import AttackRolled, BlitzResolved, DiceRolled
from risk.phase import Phase
from risk.rules import Rules
from risk.state import GameState, RandomSource

# Tiny map: 0 Port Alpha, 1 Beta Hills, 2 Gamma Bay; 3 Delta Point, 4 Epsilon Ridge, 5 Zeta Cape.
# Borders 0-1, 0-2, 1-2, 1-3 (the one sea route), 3-4, 3-5, 4-5.


def game(tiny, armies=(2, 4, 2, 2, 2, 2), seed=1, **rules):
    return GameState.from_position([0, 0, 0, 1, 1, 1], list(armies), 2, board=tiny, phase=Phase.ATTACK, seed=seed,
                                   rules=Rules(two_player_neutral=False, **rules))


def unused(state, fresh) -> bool:
    """Whether the game's random source has drawn nothing more than ``fresh`` (a seed for a
    copy's new source, or an untouched game made the same way)."""
    source = RandomSource(fresh) if isinstance(fresh, int) else fresh.rng
    return state.rng.random() == source.random()


def position(state) -> tuple:
    """The fingerprint but for the random source: a named outcome draws nothing, a drawn one does."""
    return state.copy(RandomSource(0)).fingerprint()


def test_a_roll_lists_every_pair_of_dice_and_sums_to_one(tiny):
    state = game(tiny)
    outcomes = state.chance_outcomes(Attack(1, 3, 3), exact=True)
    assert len(outcomes) == 56 * 21 and sum(p for _, p in outcomes) == 1
    assert all(isinstance(p, Fraction) for _, p in outcomes)
    floats = state.chance_outcomes(Attack(1, 3, 3))
    assert [o for o, _ in floats] == [o for o, _ in outcomes] and sum(p for _, p in floats) == pytest.approx(1)
    assert state.fingerprint() == game(tiny).fingerprint() and unused(state, game(tiny))  # asking changes nothing


def test_each_named_roll_takes_its_losses(tiny):
    start = game(tiny, armies=(2, 4, 2, 3, 2, 2))
    for outcome, _ in start.chance_outcomes(Attack(1, 3, 2)):
        state = start.copy(RandomSource(5))
        events = state.apply(Attack(1, 3, 2), outcome=outcome)
        rolled = next(e for e in events if isinstance(e, DiceRolled))
        assert (rolled.attack_dice, rolled.defend_dice) == (outcome.attack_dice, outcome.defend_dice)
        lost_a, lost_d = outcome.losses(3)
        assert state.armies[1] == 4 - lost_a and state.armies[3] == 3 - lost_d
        assert unused(state, 5)


def test_a_named_outcome_is_the_drawn_one(tiny):
    for seed in range(5):
        drawn = game(tiny, armies=(2, 7, 2, 4, 2, 2), seed=seed)
        rolled = next(e for e in drawn.apply(Attack(1, 3, 3)) if isinstance(e, DiceRolled))
        named = game(tiny, armies=(2, 7, 2, 4, 2, 2), seed=seed)
        named.apply(Attack(1, 3, 3), outcome=RollOutcome(rolled.attack_dice, rolled.defend_dice))
        assert position(named) == position(drawn)


@pytest.mark.parametrize("rules", [{}, {"sea_lane_defence": True}, {"defender_sees_dice": True},
                                   {"commanders": True}, {"commanders": True, "sea_lane_defence": True}],
                         ids=lambda r: "+".join(r) or "standard")
def test_each_blitz_outcome_gives_its_armies(tiny, rules):
    start = game(tiny, armies=(2, 5, 2, 3, 2, 2), **rules)
    six = bool(rules.get("commanders"))
    action = Blitz(1, 3, 1, six)
    outcomes = start.chance_outcomes(action, exact=True)
    assert sum(p for _, p in outcomes) == 1
    law = BattleLaw.for_attack(start, 1, 3, six=six)
    assert dict(outcomes) == law.blitz_distribution(5, 3, exact=True)
    for outcome, _ in outcomes:
        state = start.copy(RandomSource(3))
        events = state.apply(action, outcome=outcome)
        blitz = next(e for e in events if isinstance(e, BlitzResolved))
        assert (blitz.attacker_losses, blitz.defender_losses) == (5 - outcome.attackers, 3 - outcome.defenders)
        assert state.sea_rounds.get((1, 3), 0) == outcome.sea_rounds_fought
        assert state.commander_used == outcome.six_spent
        if outcome.defenders == 0:
            assert state.owner[3] == 0 and state.armies[1] + state.armies[3] == outcome.attackers
        else:
            assert state.armies[1] == outcome.attackers and state.armies[3] == outcome.defenders
        assert unused(state, 3)


def test_a_blitz_drawn_is_one_of_its_outcomes_and_named_gives_the_same_game(tiny):
    for seed in range(6):
        drawn = game(tiny, armies=(2, 8, 2, 5, 2, 2), seed=seed, sea_lane_defence=True)
        possible = dict(drawn.chance_outcomes(Blitz(1, 3)))
        u = game(tiny, seed=seed).rng.random()  # the draw the blitz will take
        outcome = BattleLaw.for_attack(drawn, 1, 3).sample_blitz(8, 5, u)
        assert possible[outcome] > 0
        drawn.apply(Blitz(1, 3))
        named = game(tiny, armies=(2, 8, 2, 5, 2, 2), seed=seed, sea_lane_defence=True)
        named.apply(Blitz(1, 3), outcome=outcome)
        assert position(named) == position(drawn)


def test_an_outcome_that_cannot_happen_is_refused_and_changes_nothing(tiny):
    state = game(tiny)
    before = state.fingerprint()
    refused = [(Attack(1, 3, 3), RollOutcome((6, 6), (1, 1))),          # two dice named for three
               (Attack(1, 3, 3), RollOutcome((7, 6, 6), (1, 1))),       # no such face
               (Attack(1, 3, 3), RollOutcome((6, 6, 6), (1,))),         # the defender rolls 2 dice
               (Attack(1, 3, 3), BlitzOutcome(4, 0)),                   # a roll is not a blitz
               (Blitz(1, 3), BlitzOutcome(4, 1)),                       # a round costs the two sides 2
               (Blitz(1, 3), BlitzOutcome(3, 2, 1)),                    # no sea lane fought
               (Blitz(1, 3), RollOutcome((6,), (1,))),
               (Blitz(1, 3), "4 0"),
               (EndPhase(), RollOutcome((6,), (1,)))]
    for action, outcome in refused:
        with pytest.raises(IllegalActionError):
            state.apply(action, outcome=outcome)
        assert state.fingerprint() == before
    with pytest.raises(IllegalActionError):   # an illegal action stays illegal, outcome or not
        state.apply(Attack(3, 1, 1), outcome=RollOutcome((6,), (1, 1)))
    assert state.fingerprint() == before and unused(state, game(tiny))


def test_actions_without_chance_say_so(tiny):
    state = game(tiny)
    with pytest.raises(NoChanceError):
        state.chance_outcomes(EndPhase())
    with pytest.raises(IllegalActionError):
        state.chance_outcomes(Attack(3, 1, 1))
    assert state.is_chance(Attack(1, 3, 1)) and not state.is_chance(EndPhase())
    # A territory that may retreat (FAQ 4.2): the attack only declares itself and rolls nothing.
    retreat = game(tiny, armies=(2, 6, 2, 3, 2, 2), retreat=True)
    assert not retreat.is_chance(Blitz(1, 3))
    with pytest.raises(NoChanceError):
        retreat.chance_outcomes(Blitz(1, 3))
    with pytest.raises(IllegalActionError, match="draws nothing"):
        retreat.apply(Blitz(1, 3), outcome=BlitzOutcome(5, 0))


def test_the_seeing_defender_answers_a_named_roll_with_named_dice(tiny):
    state = game(tiny, armies=(2, 6, 2, 4, 2, 2), defender_sees_dice=True)
    outcomes = state.chance_outcomes(Attack(1, 3, 3), exact=True)
    assert len(outcomes) == 56 and all(o.defend_dice == () for o, _ in outcomes) and sum(p for _, p in outcomes) == 1
    events = state.apply(Attack(1, 3, 3), outcome=RollOutcome((6, 5, 2)))
    assert state.phase == Phase.DEFEND and isinstance(events[-1], AttackRolled)
    assert events[-1].attack_dice == (6, 5, 2)
    defend = state.chance_outcomes(Defend(1), exact=True)
    assert len(defend) == 6 and sum(p for _, p in defend) == 1
    assert all(o.attack_dice == (6, 5, 2) for o, _ in defend)
    with pytest.raises(IllegalActionError):
        state.apply(Defend(1), outcome=RollOutcome((6, 5, 3), (6,)))    # not the roll on the table
    with pytest.raises(IllegalActionError):
        state.apply(Defend(1), outcome=RollOutcome((6, 5, 2), (6, 6)))  # two dice for one
    state.apply(Defend(1), outcome=RollOutcome((6, 5, 2), (6,)))
    assert state.armies[1] == 5 and state.armies[3] == 4


def test_against_the_neutral_the_policy_chooses_inside_the_roll(tiny):
    state = GameState.from_position([0, 0, 0, 2, 1, 1], [2, 6, 2, 4, 2, 2], 2, board=tiny, seed=1,
                                    phase=Phase.ATTACK, rules=Rules(defender_sees_dice=True))
    assert state.neutral == 2
    outcomes = dict(state.chance_outcomes(Attack(1, 3, 3), exact=True))
    assert sum(outcomes.values()) == 1
    # FAQ Q3.1 against 4 armies: 2 dice if the second die is 3 or less (or 4-4), else 1.
    assert all(len(o.defend_dice) == (2 if o.attack_dice[1] <= 3 or o.attack_dice[:2] == (4, 4) else 1)
               for o in outcomes)


def test_a_named_roll_the_six_would_change_waits_for_the_commander(tiny):
    state = game(tiny, armies=(2, 9, 2, 5, 2, 2), commanders=True)
    state.apply(Attack(1, 3, 3), outcome=RollOutcome((5, 2, 1), (4, 3)))
    assert state.phase == Phase.COMMANDER and state.six_offer().kept == (1, 1) and state.six_offer().six == (0, 2)
    assert not state.is_chance(UseSix()) and not state.is_chance(KeepRoll())
    state.apply(UseSix())
    assert state.armies[1] == 9 and state.armies[3] == 3 and state.commander_used
    keep = game(tiny, armies=(2, 9, 2, 5, 2, 2), commanders=True)
    keep.apply(Attack(1, 3, 3), outcome=RollOutcome((6, 6, 1), (1, 1)))  # the six changes nothing
    assert keep.phase == Phase.ATTACK and keep.armies[3] == 3 and not keep.commander_used


def test_apply_without_an_outcome_draws_as_before(tiny):
    # The same seed, the same game, with or without the chance machinery asked first.
    plain = game(tiny, armies=(2, 9, 2, 5, 2, 2), seed=11, sea_lane_defence=True)
    asked = game(tiny, armies=(2, 9, 2, 5, 2, 2), seed=11, sea_lane_defence=True)
    for action in (Attack(1, 3, 3), Attack(1, 3, 2), Blitz(1, 3)):
        asked.chance_outcomes(action)
        plain.apply(action)
        asked.apply(action)
        assert plain.fingerprint() == asked.fingerprint()
        if plain.phase != Phase.ATTACK or plain.armies[1] < 3:
            break
