"""Every rule value is bounded, so that any game the rules allow stays playable: each bound is
enforced with one line naming the rule, and docs/rules.md states it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from risk.errors import RulesError
from risk.rules import BOUNDS, Rules
from tests.support import ROOT

RULES_DOC = (ROOT / "docs" / "rules.md").read_text()


def test_every_whole_number_option_has_a_bound():
    numbers = {name for name, value in Rules().to_dict().items()
               if isinstance(value, int) and not isinstance(value, bool)}
    # capitals_to_win is bounded by the number of players, when a game is made (below).
    assert numbers - {"capitals_to_win"} == set(BOUNDS)


@pytest.mark.parametrize("capitals", [True, False])
def test_the_capitals_to_win_are_bounded_by_the_players_when_a_game_is_made(capitals):
    from risk.state import GameState

    for value in (7, 10 ** 30):
        with pytest.raises(RulesError, match=f"capitals_to_win={value} must be 0 .* or 2 to 3"):
            GameState.new(players=3, seed=1, rules=Rules(capitals=capitals, capitals_to_win=value))


@pytest.mark.parametrize("name", sorted(BOUNDS))
def test_each_bound_is_enforced_in_one_line(name):
    low, high = BOUNDS[name]
    for value in (low, high):
        assert Rules.from_dict({name: value}).to_dict()[name] == value
    for value in (low - 1, high + 1, 10 ** 30):
        with pytest.raises(RulesError) as refused:
            Rules.from_dict({name: value})
        message = str(refused.value)
        assert f"rule {name}={value}" in message and f"{low:,} to {high:,}" in message
        assert "\n" not in message


@pytest.mark.parametrize("name", sorted(BOUNDS))
def test_each_bound_is_stated_in_the_rules_page(name):
    low, high = BOUNDS[name]
    row = next(line for line in RULES_DOC.splitlines() if line.startswith(f"| `{name}` |"))
    assert f"{low:,} to {high:,}" in row, row


def test_a_huge_army_count_is_refused_at_once():
    run = subprocess.run([sys.executable, "-m", "risk", "simulate", "--bots", "random,random", "--seed", "1",
                          "--rules", "starting_armies=100000"], capture_output=True, text=True,
                         timeout=30, cwd=ROOT)
    assert run.returncode != 0
    assert run.stderr.count("\n") == 1 and "starting_armies=100000" in run.stderr, run.stderr


def test_the_largest_allowed_game_still_ends(tiny):
    from risk.match import Match
    from risk.players import make_player

    rules = Rules(starting_armies_override=BOUNDS["starting_armies"][1], max_turns=2, placement="auto")
    result = Match([make_player("angry"), make_player("angry")], seed=1, rules=rules, board=tiny).play()
    assert result.turns <= 2
