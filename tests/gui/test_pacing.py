"""How fast the bots move in the window (:mod:`risk.gui.pacing`): the speed buttons and keys,
skipping to the person's turn, animations that never pile up and how long the dice stay up, and
a bot's illegal answer replaced by a random legal move."""

from __future__ import annotations

import pygame
import pytest

from ai.agent import BaseAgent
from risk.actions import Claim
from risk.events import DiceRolled
from risk.gui import pacing
from risk.gui.animation import Animations, Dice
from risk.gui.pacing import BotPacer
from risk.gui.session import GameSession, HumanAgent
from risk.match import Match
from risk.phase import Phase
from risk.rules import Rules

from tests.support.gui import (angry, button, classic_position, click, frames, game, hover, press, quick_config,
                               start, until)


def test_speed_buttons_and_keys():
    app = start(quick_config(bots_only=True, bots=["angry"] * 3, speed="normal"))
    scene = game(app)
    for label, level in (("Slow", "slow"), ("Fast", "fast"), ("Max", "max"), ("Normal", "normal")):
        click(app, button(app, label).rect.center)
        assert app.speed == level and scene.speed() == level
        assert button(app, label).selected
    for key, level in ((pygame.K_1, "slow"), (pygame.K_3, "fast"), (pygame.K_4, "max"), (pygame.K_2, "normal")):
        press(app, key)
        assert app.speed == level


def test_skip_to_my_turn_plays_the_bots_at_full_speed_until_mine():
    app = start(quick_config(seed=6, speed="slow"))
    scene = game(app)
    assert scene.session.is_human_turn()
    skip = next(w for w in scene.widgets() if getattr(w, "label", "") == "Skip to my turn")
    assert not skip.enabled, "nothing to skip during your own turn"
    # Finish the turn: place all, stop attacking, end the turn without a move.
    mine = scene.state.territories_of(0)[0]
    hover(app, scene.view.centre(mine))
    press(app, pygame.K_a)
    press(app, pygame.K_e)
    press(app, pygame.K_RETURN)
    assert not scene.session.is_human_turn()
    turn = scene.state.turn
    frames(app, 3)
    assert scene.state.turn == turn, "at slow speed the bots take their time"
    click(app, button(app, "Skip to my turn").rect.center)
    assert scene.pacer.skip_to_mine or scene.session.is_human_turn()
    until(app, lambda: scene.session.is_human_turn(), limit=100)  # at slow speed: hundreds of frames
    assert scene.state.turn == turn + 2
    assert not scene.pacer.skip_to_mine and app.speed == "slow", "back to the chosen speed on your turn"


def test_s_skips_even_while_the_dice_are_up():
    from risk.gui import animation as anim

    app = start(quick_config(seed=6, speed="slow"))
    scene = game(app)
    mine = scene.state.territories_of(0)[0]
    hover(app, scene.view.centre(mine))
    press(app, pygame.K_a)
    press(app, pygame.K_e)
    press(app, pygame.K_RETURN)
    assert not scene.session.is_human_turn()
    scene.anims.add(anim.Banner(0.0, "dice", blocking=True, duration=1e9))
    press(app, pygame.K_s)
    assert scene.pacer.skip_to_mine or scene.session.is_human_turn()


def test_labels_and_arrows_do_not_pile_up_at_fast_speed():
    app = start(quick_config(bots_only=True, bots=["angry"] * 3, seed=4, speed="fast"))
    scene = game(app)
    most = 0
    for _ in range(400):
        scene.pacer.next_move_at = 0  # as fast as the bots answer
        app.frame()
        most = max(most, max((sum(1 for a in scene.anims.items if getattr(a, "territory", None) == t)
                              for t in range(42)), default=0))
    assert most <= 2, "at most one label and one flash on a territory at a time"


# -- the pacer and the animations' timing, without a window --------------------------------------

class ClaimsAlways(BaseAgent):
    """Answers every question with a claim: illegal once the territories are dealt."""

    name = "claims-always"

    def act(self, view):
        return Claim(0)


def test_an_illegal_bot_answer_is_replaced_by_a_random_legal_move_and_said():
    match = Match([ClaimsAlways(), angry(), angry()], seed=3, rules=Rules(setup="deal", placement="auto"))
    session = GameSession(match, None, humans=[])
    pacer = BotPacer(session)
    made = []
    try:
        for _ in range(2000):
            if 0 in made:
                break
            pacer.advance(0.0, "max", Animations(), lambda events, seat: made.append(seat), lambda: False)
    finally:
        pacer.stop()
    assert 0 in made, "seat 0 never moved"
    notes = [line.text for line in session.log if line.kind == "note"]
    assert notes and notes[0].startswith(f"{session.names[0]} failed (") and "random move" in notes[0]
    seat, text = match.record.actions[made.index(0)]
    assert seat == 0 and not text.startswith("claim")


def test_nothing_moves_on_a_persons_turn_and_skipping_ends_there():
    state = classic_position({"Alaska": (0, 5)}, phase=Phase.ATTACK)
    session = GameSession(Match([HumanAgent(), angry(), angry()], state=state), 0)
    pacer = BotPacer(session)
    try:
        pacer.skip_to_mine = True
        assert pacer.speed("slow") == "max"
        pacer.advance(0.0, "slow", Animations(), lambda events, seat: pytest.fail("a bot moved"), lambda: False)
        assert not pacer.skip_to_mine and pacer.job is None and pacer.speed("slow") == "slow"
    finally:
        pacer.stop()


def test_the_dice_stay_up_as_long_as_the_speed_says_and_a_persons_own_roll_always_shows():
    roll = DiceRolled(0, 1, 3, 4, (6, 5, 1), (4, 3), 0, 2)
    names = ["You", "Angry", "Angry 2"]

    def dice_shown(speed, human):
        animations = Animations()
        pacing.show(animations, [roll], 0.0, speed, human, names, -1)
        return [a.duration for a in animations.items if isinstance(a, Dice)]

    assert dice_shown("slow", False) == [pacing.SPEEDS["slow"][1]]
    assert dice_shown("normal", False) == [pacing.SPEEDS["normal"][1]]
    assert dice_shown("fast", False) == [] and dice_shown("max", False) == []
    assert dice_shown("normal", True) == [pacing.OWN_DICE]
    animations = Animations()
    pacing.show(animations, [roll], 0.0, "normal", False, names, -1)
    assert animations.items[0].text == "Angry loses 2"
