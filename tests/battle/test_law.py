"""The battle law (risk.battle.law): one reader of the variant rules, agreeing with every solver
and sampler it dispatches to, under every dice rule and variant."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from ai.odds import attack_chance, attack_odds, border_chance, six_chances
from risk.actions import Attack
from risk.battle import (STANDARD_DICE, BattleError, DiceRules, battle_odds, blitz_distribution, commander_outcomes,
                         model_win_rows, phased_outcomes, phased_win_probability, sample_blitz, sample_commander,
                         sample_phased, seeing_defender_model, six_choice, special_round, win_probability)
from risk.battle.law import (SEA_LANE_ROUNDS, BattleLaw, BlitzOutcome, RollOutcome, commander_ready, land_key,
                             sea_rounds_left)
from risk.phase import Phase
from risk.rules import Rules
from risk.state import GameState
from tests.support import ROOT


DICE = [STANDARD_DICE, DiceRules(defender_max=3), DiceRules(defender_two_dice_needs=3)]
LAWS = [BattleLaw(dice, seeing, sea, six)
        for dice in DICE
        for seeing in (False, True) if not (seeing and dice.defender_max == 3)
        for sea in (0, 1, SEA_LANE_ROUNDS)
        for six in (False, True)]


def law_id(law: BattleLaw) -> str:
    return (f"a{law.dice.attacker_max}d{law.dice.defender_max}n{law.dice.defender_two_dice_needs}"
            f"{'-seeing' if law.seeing else ''}{f'-sea{law.sea_rounds}' if law.sea_rounds else ''}"
            f"{'-six' if law.six else ''}")


def old_sample(law: BattleLaw, a: int, d: int, u: float, stop_at: int) -> tuple:
    """What the engine's blitz drew before the law (risk/engine/combat.py's dispatch)."""
    if law.plain:
        return (*sample_blitz(a, d, u, stop_at, law.dice), 0, False)
    if law.six:
        return sample_commander(a, d, u, stop_at, dice=law.dice, seeing=law.seeing, sea_rounds=law.sea_rounds)
    return (*sample_phased(a, d, u, stop_at, dice=law.dice, seeing=law.seeing, sea_rounds=law.sea_rounds), False)


@pytest.mark.parametrize("law", LAWS, ids=law_id)
def test_the_law_agrees_with_the_solvers(law):
    a, d = 9, 5
    expected = phased_win_probability(a, d, dice=law.dice, seeing=law.seeing, six=law.six, sea_rounds=law.sea_rounds)
    assert law.win_probability(a, d) == pytest.approx(expected, abs=1e-12)
    if law.plain:
        assert law.win_probability(a, d) == win_probability(a, d, 1, law.dice)
        assert law.win_probability(a, d, 3) == win_probability(a, d, 3, law.dice)
    odds = law.odds(a, d)
    reference = battle_odds(a, d, dice=law.dice, variant=law.variant, six=law.six, sea_rounds=law.sea_rounds)
    assert odds == reference
    distribution = law.blitz_distribution(a, d)
    assert sum(p for o, p in distribution.items() if o.defenders == 0) == pytest.approx(odds.attacker_win, abs=1e-12)
    if law.six:
        old = commander_outcomes(a, d, dice=law.dice, seeing=law.seeing, sea_rounds=law.sea_rounds)
    elif law.plain:
        old = {(left, dl, 0, False): p for (left, dl), p in blitz_distribution(a, d, 1, law.dice).items()}
    else:
        old = {(*k, False): p for k, p in phased_outcomes(a, d, dice=law.dice, seeing=law.seeing,
                                                          sea_rounds=law.sea_rounds).items()}
    assert {tuple(o): p for o, p in distribution.items()} == {k: p for k, p in old.items() if p}


@pytest.mark.parametrize("law", LAWS, ids=law_id)
def test_sampling_is_the_engines_draw_bit_for_bit(law):
    for a, d, stop_at in ((9, 5, 1), (6, 6, 2), (3, 1, 1)):
        for u in (0.0, 0.1234567, 0.5, 0.77, 0.999999):
            drawn = law.sample_blitz(a, d, u, stop_at)
            assert isinstance(drawn, BlitzOutcome)
            assert tuple(drawn) == tuple(old_sample(law, a, d, u, stop_at))


@pytest.mark.parametrize("law", [law for law in LAWS if not law.six], ids=law_id)
def test_exact_distributions_sum_to_one(law):
    blitz = law.blitz_distribution(5, 3, exact=True)
    assert all(isinstance(p, Fraction) for p in blitz.values()) and sum(blitz.values()) == 1
    for dice in range(1, law.dice.attacker_max + 1):
        for defenders in (1, 2, 3, 5):
            roll = law.roll_distribution(dice, defenders, exact=True)
            assert sum(roll.values()) == 1
            # Grouped by losses, the roll is the round law the solvers use.
            reference = special_round(dice, defenders, law.dice, extra_die=bool(law.sea_rounds), seeing=law.seeing)
            assert law.roll_losses(dice, defenders, exact=True) == {k: p for k, p in sorted(reference.items()) if p}


def test_the_six_distributions_are_exact_too():
    law = BattleLaw(six=True, sea_rounds=2, seeing=True)
    blitz = law.blitz_distribution(5, 3, exact=True)
    assert sum(blitz.values()) == 1 and any(o.six_spent for o in blitz)
    assert set(blitz) == set(law.blitz_distribution(5, 3))
    # A single roll under the six is the roll as rolled: the six is decided after it.
    assert law.roll_distribution(3, 2, exact=True) == law.without_six().roll_distribution(3, 2, exact=True)


def test_a_roll_names_its_dice():
    roll = RollOutcome((1, 5, 3), [2, 4])
    assert roll.attack_dice == (5, 3, 1) and roll.defend_dice == (4, 2) and roll.losses(3) == (0, 2)
    assert RollOutcome((5, 2, 1), (4, 3)).losses(3) == (1, 1)
    assert RollOutcome((6, 6, 6), (1, 1, 1)).losses(2) == (0, 2)  # the sea-lane die: he loses only what he has
    standard = BattleLaw().roll_distribution(3, 2)
    assert len(standard) == 56 * 21 and standard[RollOutcome((6, 6, 6), (6, 6))] == pytest.approx(1 / 6 ** 5)
    seeing = BattleLaw(seeing=True).roll_distribution(3, 3)
    assert all(len(r.defend_dice) == (2 if r.attack_dice[1] <= 3 else 1) for r in seeing)  # FAQ Q3.1


def test_stop_below_is_for_the_plain_law():
    law = BattleLaw()
    assert set(law.blitz_distribution(10, 5, stop_below=0.4)) == {
        BlitzOutcome(*k) for k in blitz_distribution(10, 5, stop_below=0.4)}
    assert law.sample_blitz(10, 5, 0.3, 1, 0.4) == BlitzOutcome(*sample_blitz(10, 5, 0.3, 1, STANDARD_DICE, 0.4))
    with pytest.raises(BattleError, match="stop_below"):
        BattleLaw(sea_rounds=1).sample_blitz(10, 5, 0.3, 1, 0.4)
    with pytest.raises(BattleError, match="sea-lane rounds"):
        BattleLaw(sea_rounds=SEA_LANE_ROUNDS + 1)


# -- reading the rules --------------------------------------------------------------------------------

def test_the_law_of_an_attack_reads_rules_board_and_turn(tiny):
    # Tiny map: 1 Beta Hills - 3 Delta Point is the one sea route; 0 - 1 a land border.
    rules = Rules(sea_lane_defence=True, defender_sees_dice=True, commanders=True, defender_two_dice_needs=3,
                  two_player_neutral=False)
    assert BattleLaw.of(rules, tiny, 1, 3) == BattleLaw(rules.dice, True, SEA_LANE_ROUNDS, False)
    assert BattleLaw.of(rules, tiny, 1, 3, sea_rounds_fought=3).sea_rounds == 1
    assert BattleLaw.of(rules, tiny, 1, 3, sea_rounds_fought=9).sea_rounds == 0
    assert BattleLaw.of(rules, tiny, 0, 1).sea_rounds == 0 and BattleLaw.of(rules).sea_rounds == 0
    assert sea_rounds_left(Rules(), tiny, 1, 3) == 0
    game = GameState.from_position([0, 0, 0, 1, 1, 1], [2, 9, 2, 5, 2, 2], 2, board=tiny, rules=rules, seed=1,
                                   phase=Phase.ATTACK)
    game.sea_rounds[(1, 3)] = 1
    assert BattleLaw.for_attack(game, 1, 3) == BattleLaw(rules.dice, True, 3, True)
    assert not BattleLaw.for_attack(game, 1, 3, six=False).six
    game.commander_used = True
    assert not BattleLaw.for_attack(game, 1, 3, six=True).six and not commander_ready(rules, True)
    assert land_key(rules) == (rules.dice, True)


def test_the_bots_odds_are_the_laws(classic, tiny):
    brazil, north_africa, peru = classic.id("Brazil"), classic.id("North Africa"), classic.id("Peru")
    for rules in (Rules(), Rules(sea_lane_defence=True), Rules(sea_lane_defence=True, defender_sees_dice=True),
                  Rules(sea_lane_defence=True, defender_max_dice=3)):
        for source, target, fought, six in ((brazil, north_africa, 0, False), (brazil, north_africa, 2, True),
                                             (brazil, peru, 0, True), (brazil, peru, 0, False)):
            law = BattleLaw.of(rules, classic, source, target, fought, six)
            assert border_chance(10, 6, rules, classic, source, target, fought, six) == pytest.approx(
                law.win_probability(10, 6), abs=1e-12)
        assert attack_chance(12, 7, rules) == pytest.approx(BattleLaw.of(rules).win_probability(12, 7), abs=1e-12)
    seeing = Rules(defender_sees_dice=True)
    assert attack_chance(12, 7, seeing) == model_win_rows(seeing_defender_model(seeing.dice), 12, 7)[12][7]
    game = GameState.from_position([0, 0, 0, 1, 1, 1], [2, 10, 2, 5, 2, 2], 2, board=tiny, seed=1,
                                   rules=Rules(sea_lane_defence=True, two_player_neutral=False))
    assert attack_odds(game, 1, 3) == BattleLaw.for_attack(game, 1, 3).win_probability(10, 5)


def test_the_six_chances_are_the_laws(tiny):
    rules = Rules(commanders=True, sea_lane_defence=True, two_player_neutral=False)
    game = GameState.from_position([0, 0, 0, 1, 1, 1], [2, 9, 2, 5, 2, 2], 2, board=tiny, rules=rules, seed=1,
                                   phase=Phase.ATTACK)
    game.apply(Attack(1, 3, 3), outcome=RollOutcome((5, 2, 1), (4, 3, 1)))
    assert game.phase == Phase.COMMANDER
    offer = game.six_offer()
    kept = (9 - offer.kept[0], 5 - offer.kept[1])
    spent = (9 - offer.six[0], 5 - offer.six[1])
    expected = six_choice(kept, spent, dice=rules.dice, sea_rounds=offer.sea_rounds_left)
    assert six_chances(game) == expected == BattleLaw.for_attack(game, 1, 3).six_chances(kept, spent)


# -- one reader ---------------------------------------------------------------------------------------

#: The variant flags of the rules, read as attributes (``rules.sea_lane_defence``, ...).
FLAG_READ = re.compile(r"\.(sea_lane_defence|defender_sees_dice|commanders)\b")


def _sources():
    for folder in ("risk", "ai"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            yield path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")


def test_the_variant_flags_are_read_in_the_law_only():
    readers = {name for name, text in _sources() if FLAG_READ.search(text)}
    assert readers <= {"risk/rules.py", "risk/battle/law.py"}, readers
    assert "risk/battle/law.py" in readers


def test_the_sea_lane_count_is_used_by_the_law_only():
    # Defined with the round laws of a sea lane, re-exported, and read where the law works out
    # the rounds left; the odds command takes its range from the law (risk odds --sea-lane).
    users = {name for name, text in _sources() if "SEA_LANE_ROUNDS" in text}
    assert users <= {"risk/battle/sealane.py", "risk/battle/phased.py", "risk/battle/__init__.py",
                     "risk/battle/law.py", "risk/commands/odds.py"}, users
    for name, text in _sources():
        if name in ("risk/battle/sealane.py", "risk/battle/phased.py", "risk/battle/__init__.py",
                    "risk/commands/odds.py"):
            arithmetic = [line for line in text.splitlines() if re.search(r"SEA_LANE_ROUNDS\s*[-+<>]", line)]
            assert not arithmetic, (name, arithmetic)
    hud = (ROOT / "risk/gui/hud.py").read_text(encoding="utf-8")
    assert not re.search(r"\b4 - ", hud)


def test_the_window_does_not_import_the_bots_odds():
    for name, text in _sources():
        if name.startswith("risk/gui/"):
            assert not re.search(r"^\s*(from|import) ai\.odds", text, re.M), name
