"""The end of a game: the last lines of the log, who is told they won or lost, the controls
turned off, and each person's battles measured against the exact odds."""

from __future__ import annotations

import pygame
import pytest

from risk.gui.session import HumanAgent
from risk.phase import Phase

from tests.support.gui import (angry, classic_position, frames, game, play_to_the_end, press, quick_config,
                               scene_with, start, until)


def test_the_log_ends_with_the_winners_last_move_then_game_over():
    app = start(quick_config(bots_only=True, bots=["angry"] * 3, seed=4))
    play_to_the_end(app)
    log = game(app).session.log
    assert log[-1].kind == "end" and log[-2].kind in ("move", "conquest", "elimination")


def _about_to_lose():
    """Two players: the bot holds every territory but Alaska (1 army) and attacks from Kamchatka."""
    holdings = {"Alaska": (0, 1), "Kamchatka": (1, 30)}
    state = classic_position(holdings, players=2, phase=Phase.ATTACK, player=1)
    return scene_with(state, [HumanAgent(), angry()], players=2, bots=["angry"])


def test_a_losing_person_is_told_they_lost_and_the_end_turns_the_controls_off():
    from risk.gui.scenes.gameover import GameOverScene, verdict

    app = _about_to_lose()
    scene = game(app)
    play_to_the_end(app, limit=500)
    state = scene.state
    assert state.winner == 1
    title, colour = verdict(scene.session)
    assert title.startswith("You lost: Angry wins") and "2nd" in title
    app.pop(app.find(GameOverScene))
    frames(app, 1)
    live = [w.label for w in scene.widgets() if w.enabled and w.label in ("Slow", "Normal", "Fast", "Max", "Skip",
                                                                        "Skip to my turn", "Hint")]
    assert not live, live
    speed = app.speed
    press(app, pygame.K_1)
    press(app, pygame.K_h)
    assert app.speed == speed and scene.hint is None


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


@pytest.mark.parametrize("width", [260, 340, 420, 600])
@pytest.mark.parametrize("last", [7, 12, 38, 95, 160])
def test_no_tick_of_a_chart_overlaps_the_axis_name(width, last, monkeypatch):
    """The turn numbers under a chart leave room for the word "turn" at its corner."""
    from risk.gui import graphs, theme

    words: dict[int, str] = {}
    render = theme.render

    def remembered(text, *args, **kwargs):
        label = render(text, *args, **kwargs)
        words[id(label)] = text
        return label

    class Recording(pygame.Surface):
        def blit(self, source, dest, *args, **kwargs):
            rect = super().blit(source, dest, *args, **kwargs)
            drawn.append((words.get(id(source), ""), pygame.Rect(dest) if len(dest) == 4 else rect))
            return rect

    pygame.font.init()
    monkeypatch.setattr(theme, "render", remembered)
    drawn: list[tuple[str, pygame.Rect]] = []
    surface = Recording((width + 20, 220))
    xs = list(range(0, last + 1, max(1, last // 12)))
    graphs.draw_chart(surface, pygame.Rect(10, 10, width, 200), "Armies", xs, [[5 + x for x in xs]], [0], -1)
    axis = [rect for text, rect in drawn if text == "turn"]
    ticks = [rect for text, rect in drawn if text.isdigit() and rect.top > 150]
    assert axis and ticks
    assert axis[0].collidelist(ticks) < 0, (axis[0], ticks)
