"""The start and the end of a person's turn and game in the window: "while you waited", the
continent notices, placing the rest of the set-up automatically, and the game-over statistics."""

from __future__ import annotations

import pygame
import pytest

from risk.gui.scenes.handover import WaitedDialog
from risk.phase import Phase
from risk.rules import Rules

from tests.support.gui import button, click, frames, game, hover, press, quick_config, start, until


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("MARKOV_RISK_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("MARKOV_RISK_AUTOSAVE", raising=False)
    yield tmp_path / "data"
    pygame.display.quit()


def _end_my_turn(app, scene):
    mine = scene.state.territories_of(0)[0]
    hover(app, scene.view.centre(mine))
    press(app, pygame.K_a)
    press(app, pygame.K_e)
    press(app, pygame.K_RETURN)


def test_while_you_waited_shows_what_the_others_changed():
    app = start(quick_config(seed=6))
    scene = game(app)
    for _ in range(6):  # a few turns, until the bots have taken something of the person's
        until(app, lambda: scene.session.is_human_turn() and app.top is scene or isinstance(app.top, WaitedDialog))
        if isinstance(app.top, WaitedDialog):
            dialog = app.top
            summary = dialog.summary
            assert scene.waited is summary  # its territories are ringed on the map
            now = scene.state.owner
            assert all(now[t] != 0 and left[t] == 0 for t in summary.lost)
            assert all(now[t] == 0 and left[t] != 0 for t in summary.won)
            lost_expected = [t for t in range(len(now)) if left[t] == 0 and now[t] != 0]
            assert list(summary.lost) == lost_expected
            assert dialog.lines and all(isinstance(line, str) for line in dialog.lines)
            if summary.lost:
                assert any(line.startswith("Lost ") for line in dialog.lines)
                click(app, button(app, "OK").rect.center)
                assert scene.waited is None and app.top is scene
                return
            click(app, button(app, "OK").rect.center)
        left = list(scene.state.owner)  # no attack is made: the map as the person leaves it
        _end_my_turn(app, scene)
    raise AssertionError("the bots never took a territory of the person's in six turns")


def test_a_continent_changing_hands_is_noticed():
    from risk.gui.waited import continent_holders

    app = start(quick_config(bots_only=True, bots=["angry"] * 3, seed=4, speed="fast"))
    scene = game(app)
    changes = 0
    holders = continent_holders(scene.state)
    for _ in range(3000):
        if scene.state.is_terminal():
            break
        scene.next_bot_at = 0
        app.frame()
        now = continent_holders(scene.state)
        changes += sum(a != b for a, b in zip(holders, now))
        holders = now
    notices = [line.text for line in scene.session.log if line.kind == "continent"]
    assert notices and len(notices) >= changes - 1  # the last one may come with the game's end
    assert any("now holds" in text for text in notices)


def test_place_the_rest_automatically_during_set_up():
    rules = Rules(setup="claim", placement="turns")
    app = start(quick_config(seed=3, rules=rules, speed="max"))
    scene = game(app)
    until(app, lambda: scene.session.is_human_turn())
    assert scene.state.phase == Phase.CLAIM
    click(app, button(app, "Place the rest automatically").rect.center)
    until(app, lambda: not scene.state.phase.is_setup, limit=3000)
    assert scene.state.reserve[0] == 0 and scene.state.count[0] > 0
    assert not scene.auto_setup, "the automatic placing ends with the set-up"


def test_game_over_shows_the_persons_own_battles_and_luck():
    from risk.gui.scenes.gameover import GameOverScene

    app = start(quick_config(bots_only=True, bots=["angry"] * 3, seed=5))
    scene = game(app)
    until(app, lambda: app.find(GameOverScene) is not None, limit=6000)
    tally = scene.session.tally
    records = [tally.record(p) for p in range(3)]
    # Every army one player's dice took was another's (no neutral army here): luck is zero-sum.
    assert abs(sum(r.luck for r in records)) < 1e-6
    assert sum(r.armies_killed for r in records) == sum(r.armies_lost for r in records)
    winner = records[scene.state.winner]
    assert winner.attacks >= winner.attacks_won >= 1 and winner.largest_conquest >= 1
    assert sum(r.attacks for r in records) == sum(r.defences for r in records)
    lines = winner.lines()
    assert lines[0].startswith("Battles: attacked") and "Dice luck" in lines[1] and "Largest conquest" in lines[2]


def test_one_roll_is_measured_against_its_exact_odds():
    from fractions import Fraction

    from risk.battle.dice import round_outcomes
    from risk.events import DiceRolled
    from risk.gui.endstats import BattleTally

    tally = BattleTally(2)
    tally.observe([DiceRolled(0, 1, 3, 4, (6, 5, 1), (4, 3), 0, 2)])
    outcomes = round_outcomes(3, 2)
    expected_killed = float(sum(p * d for (_, d), p in outcomes.items()))
    expected_lost = float(sum(p * a for (a, _), p in outcomes.items()))
    mine = tally.record(0)
    assert mine.attacks == 1 and tally.record(1).defences == 1
    assert mine.luck == pytest.approx((2 - expected_killed) - (0 - expected_lost))
    # (0, 2) and (1, 1): the defender loses 2 or 1
    assert expected_killed == pytest.approx(float(Fraction(2890, 7776) * 2 + Fraction(2611, 7776)))
