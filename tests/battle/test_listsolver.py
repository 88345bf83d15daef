"""The list solver (:mod:`risk.battle.listsolver`) gives the numpy solver's floats bit for bit:
every entry compared with ``==``, never approximately, under every round model and dice rule."""

from __future__ import annotations

import itertools

import pytest

from risk import cli
from risk.battle import analysis, clear_caches
from risk.battle.dice import DiceRules
from risk.battle.listsolver import final_distribution_lists, solve_table_lists, stop_levels_lists
from risk.battle.rounds import VARIANTS, round_model
from risk.battle.sealane import battle_laws
from risk.battle.solver import final_distribution, solve_table, stop_levels_below

ALL_DICE = [DiceRules(attack, defend, needs)
            for attack, defend, needs in itertools.product((1, 2, 3), (1, 2, 3), (2, 3, 4))]


def models(dice: DiceRules) -> list:
    """Every round model defined under ``dice`` (the seeing defender only with two dice)."""
    found = [round_model("standard", dice), round_model("tan1997", dice)]
    found += battle_laws(dice, seeing=False, sea_rounds=1)[1]
    if dice.defender_max == 2:
        found.append(round_model("seeing-defender", dice))
        found += battle_laws(dice, seeing=True, sea_rounds=1)[1]
    return found


def same(model, a: int, d: int, stop: int, levels=None) -> None:
    conquests, stopped = final_distribution(model, a, d, stop, levels)
    listed_conquests, listed_stopped = final_distribution_lists(
        model, a, d, stop, None if levels is None else [int(level) for level in levels])
    assert conquests.tolist() == listed_conquests, (model.variant, model.dice, a, d, stop)
    assert stopped.tolist() == listed_stopped, (model.variant, model.dice, a, d, stop)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_battle_up_to_40_a_side_every_stop(variant: str) -> None:
    model = round_model(variant)
    for a in range(1, 41):
        for d in range(1, 41):
            for stop in (range(a) if a <= 12 and d <= 12 else {0, a // 2, a - 1}):
                same(model, a, d, stop)


@pytest.mark.parametrize("dice", ALL_DICE, ids=str)
def test_every_dice_rule_and_round_model(dice: DiceRules) -> None:
    for model in models(dice):
        for a in range(1, 9):
            for d in range(1, 9):
                for stop in range(a):
                    same(model, a, d, stop)
        same(model, 40, 37, 0)
        same(model, 37, 40, 5)


def same_table(model, a: int, d: int, stop: int) -> list:
    table = solve_table(model, a, d, stop)
    listed = solve_table_lists(model, a, d, stop)
    assert table.values.tolist() == listed, (model.variant, model.dice, a, d, stop)
    return listed


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_win_table_every_size_up_to_40_every_stop(variant: str) -> None:
    """Every entry of the three tables (win, attackers left, defenders left), ``==``. A cell's
    value does not depend on the table's size, so the 40 x 40 tables cover every smaller battle;
    the small sizes check the edges (runs that start past the table, the first columns)."""
    model = round_model(variant)
    for stop in range(40):
        same_table(model, 40, 40, stop)
    for a in range(1, 9):
        for d in range(1, 9):
            for stop in range(a):
                same_table(model, a, d, stop)


@pytest.mark.parametrize("dice", ALL_DICE, ids=str)
def test_the_win_table_under_every_dice_rule_and_round_model(dice: DiceRules) -> None:
    for model in models(dice):
        for stop in (0, 1, 2, 5):
            listed = same_table(model, 25, 22, stop)
            for threshold in (0.2, 0.6):
                numpy_levels = stop_levels_below(solve_table(model, 25, 22, stop), threshold)
                levels = stop_levels_lists(listed, stop, threshold)
                assert (None if numpy_levels is None else numpy_levels.tolist()) == levels
        for a, d in ((1, 1), (2, 5), (5, 2), (3, 3)):
            same_table(model, a, d, 0)


@pytest.mark.parametrize("variant", VARIANTS)
def test_stop_levels_below_a_threshold(variant: str) -> None:
    """The columns' own stop levels (``stop_below``) push the same floats too."""
    model = round_model(variant)
    for stop in (0, 2):
        table = solve_table(model, 40, 40, stop)
        for threshold in (0.05, 0.3, 0.5, 0.8, 0.97):
            levels = stop_levels_below(table, threshold)
            if levels is None:
                continue
            for a, d in ((40, 40), (33, 12), (12, 33), (stop + 1, 7), (20, 1)):
                if a > stop:
                    same(model, a, d, stop, levels[:d + 1])


ODDS_COMMANDS = (
    ["10", "5"], ["3", "1"], ["2", "9"], ["40", "40"], ["75", "60"], ["10", "5", "--stop-at", "4"],
    ["12", "7", "--convention", "tan", "--stop-at", "3"], ["10", "5", "--seeing-defender"],
    ["10", "5", "--defender-dice", "3"], ["10", "5", "--defender-two-dice-needs", "3"],
    ["10", "5", "--sea-lane"], ["10", "5", "--seeing-defender", "--sea-lane", "2"],
    ["10", "5", "--tan1997"], ["10", "5", "--retreat"], ["15", "12", "--stop-at", "5", "--retreat"],
    ["10", "5", "--stop-below", "0.3"], ["30", "25", "--stop-below", "0.5", "--stop-at", "3"],
    ["40", "12", "--stop-below", "0.9", "--seeing-defender"], ["6", "9", "--stop-below", "0.01"],
    ["12", "7", "--convention", "tan", "--stop-below", "0.7", "--defender-dice", "3"],
)


@pytest.mark.parametrize("argv", ODDS_COMMANDS, ids=" ".join)
def test_risk_odds_json_is_the_numpy_path_byte_for_byte(argv: list[str], monkeypatch, capsys) -> None:
    printed = []
    for listed in (False, True):   # False: every battle through numpy, as before
        monkeypatch.setattr(analysis, "in_lists", lambda cells, listed=listed: listed)
        clear_caches()
        assert cli.main(["odds", *argv, "--json"]) == 0
        printed.append(capsys.readouterr().out)
    clear_caches()
    assert printed[0] == printed[1]
