"""A person's turn by mouse and keyboard: claiming and placing, a whole turn from the card trade
to the fortify move, what may be picked next, refusals, hints and the automatic set-up."""

from __future__ import annotations

import pygame

from risk.actions import Deploy
from risk.gui.session import HumanAgent
from risk.phase import Phase
from risk.rules import Rules

from tests.support.gui import (angry, button, classic_position, click, game, hover, press, quick_config, scene_with,
                               start, territory_click, until)


def test_claiming_by_clicks_and_a_map_without_shapes(data_dir):
    from risk.board import load_map

    tiny = load_map(data_dir / "tiny.json")
    config = quick_config(players=3, board=tiny, rules=Rules(), speed="max")
    app = start(config)
    scene = game(app)
    assert scene.state.phase == Phase.CLAIM and scene.session.is_human_turn()
    for t in range(len(tiny)):
        assert scene.view.territory_at(scene.view.centre(t)) == t
    territory_click(app, 4)
    assert scene.state.owner[4] == 0
    # The bots claim too; the human claims again when it is their turn.
    until(app, lambda: scene.session.is_human_turn())
    free = [t for t in range(len(tiny)) if scene.state.owner[t] < 0]
    territory_click(app, free[0])
    assert scene.state.owner[free[0]] == 0


def test_two_players_place_their_own_and_the_neutral_armies():
    app = start(quick_config(players=2, bots=["angry"], rules=Rules(), seed=3))
    scene = game(app)
    state = scene.state
    assert state.phase == Phase.PLACE and scene.session.is_human_turn()
    mine, neutral = state.territories_of(0), state.territories_of(state.neutral)
    territory_click(app, mine[0])
    territory_click(app, mine[0])
    assert scene.state.armies[mine[0]] == 3
    territory_click(app, neutral[0])
    assert (0, f"neutral {state.board.slugs[neutral[0]]}") in scene.session.match.record.actions


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


def test_the_armies_placed_automatically_are_spread_on_the_borders():
    """Not every army on one territory: on the borders, where the enemy can strike."""
    rules = Rules(setup="claim", placement="turns")
    app = start(quick_config(seed=3, rules=rules, speed="max"))
    scene = game(app)
    until(app, lambda: scene.session.is_human_turn())
    click(app, button(app, "Place the rest automatically").rect.center)
    until(app, lambda: not scene.state.phase.is_setup, limit=3000)
    state = scene.state
    board = state.board
    reinforced = [t for t in state.territories_of(0) if state.armies[t] > 1]
    assert len(reinforced) >= 3, [(board.names[t], state.armies[t]) for t in reinforced]
    for t in reinforced:
        assert any(state.owner[n] != 0 for n in board.neighbours[t]), f"{board.names[t]} is not on a border"
    assert max(state.armies[t] for t in reinforced) <= state.rules.starting_armies(3) // 3


NORTH_AMERICA = ["Alaska", "Northwest Territory", "Greenland", "Alberta", "Ontario", "Quebec",
                 "Western United States", "Eastern United States", "Central America"]


def turn_position():
    """The human (seat 0) holds North America, Alaska strong; a 1-army Kamchatka to conquer and a
    5-army Japan that one roll cannot take; a set of cards including Alaska's."""
    from risk.state import classic_board

    board = classic_board()
    holdings = {name: (0, 2) for name in NORTH_AMERICA}
    holdings.update({"Alaska": (0, 10), "Kamchatka": (1, 1), "Japan": (2, 5)})
    alaska = board.id("Alaska")
    alike = [t for t in range(len(board)) if board.cards[t] == board.cards[alaska]
             and board.names[t] not in holdings]
    state = classic_position(holdings, phase=Phase.TRADE, pool=6, hands=[[alaska] + alike[:2], [], []])
    return state, board


def test_a_scripted_turn_trade_deploy_attack_roll_occupy_fortify():
    state, board = turn_position()
    alaska, kamchatka, japan, alberta = (board.id(n) for n in ("Alaska", "Kamchatka", "Japan", "Alberta"))
    app = scene_with(state, [HumanAgent(), angry(), angry()])
    scene = game(app)

    # Cards: the dialog opens by itself at the start of the turn; the set pays 4 and +2 on Alaska.
    dialog = app.top
    assert type(dialog).__name__ == "CardDialog" and not dialog.forced()
    assert dialog.sets()[0][1] == [alaska]
    click(app, button(app, "Trade").rect.center)
    state = scene.state
    assert app.top is scene and state.phase == Phase.DEPLOY
    assert state.armies[alaska] == 10 + 2, "the +2 territory bonus lands on Alaska"
    assert state.pool == 6 + 4 and not state.hands[0]
    assert any(line.kind == "trade" for line in scene.session.log)

    # Deploy: +1, +5, undo the +5, then point at Alaska and press "Place all here".
    pool = state.pool
    territory_click(app, alaska)
    territory_click(app, alaska, shift=True)
    assert scene.state.armies[alaska] == 12 + 6 and scene.state.pool == pool - 6
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.state.pool == pool - 1
    hover(app, scene.view.centre(alaska))
    place_all = button(app, "Place all here")
    hover(app, place_all.rect.center)      # the pointer leaves the map: Alaska is still meant
    assert scene.selection.focus is None
    click(app, place_all.rect.center)
    state = scene.state
    assert state.phase == Phase.ATTACK and state.armies[alaska] == 12 + pool

    # Attack: click the enemy; the window picks Alaska as the source and shows the odds; blitz.
    territory_click(app, kamchatka)
    assert (scene.selection.source, scene.selection.target) == (alaska, kamchatka)
    from risk.gui.hud import odds_lines
    assert "blitz wins" in odds_lines(scene)[0][0]
    click(app, button(app, "Blitz").rect.center)
    state = scene.state
    assert state.phase == Phase.OCCUPY and type(app.top).__name__ == "OccupyDialog"
    low = state.occupy_min
    press(app, pygame.K_HOME)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    state = scene.state
    assert state.owner[kamchatka] == 0 and state.armies[kamchatka] == low + 1 and state.phase == Phase.ATTACK

    # Roll once from Kamchatka (2+ armies) at Japan (5 armies: one roll cannot take it).
    territory_click(app, kamchatka)
    territory_click(app, japan)
    assert (scene.selection.source, scene.selection.target) == (kamchatka, japan)
    battles = sum(line.kind == "battle" for line in scene.session.log)
    press(app, pygame.K_r)
    assert sum(line.kind == "battle" for line in scene.session.log) == battles + 1
    assert scene.session.match.record.actions[-1][1].startswith("attack kamchatka japan")
    assert scene.anims.blocking(), "the dice are shown"
    press(app, pygame.K_SPACE)
    assert not scene.anims.blocking(), "any key skips the dice"
    assert scene.state.phase == Phase.ATTACK

    # End the attack; fortify, take it back, fortify again and end the turn.
    press(app, pygame.K_e)
    state = scene.state
    assert state.phase == Phase.FORTIFY
    before = list(state.armies)
    territory_click(app, alaska)
    territory_click(app, alberta)
    assert type(app.top).__name__ == "MoveDialog"
    press(app, pygame.K_HOME)                    # move 1
    press(app, pygame.K_RETURN)
    assert scene.session.pending and scene.state.armies == before
    assert scene.session.display_state().armies[alberta] == before[alberta] + 1
    press(app, pygame.K_u)
    assert not scene.session.pending
    territory_click(app, alaska)
    territory_click(app, alberta)
    press(app, pygame.K_RETURN)                  # all movable armies
    actions = len(scene.session.match.record.actions)
    press(app, pygame.K_RETURN)                  # end the turn: the move is made
    record = scene.session.match.record.actions
    assert record[actions] == (0, f"fortify alaska alberta {before[alaska] - 1}")
    assert scene.state.armies[alberta] == before[alberta] + before[alaska] - 1
    until(app, lambda: scene.session.is_human_turn() or scene.state.is_terminal())
    assert scene.state.turn == 4 and scene.state.player == 0  # a turn each for the two bots


def test_candidates_after_planning_a_fortify_move_are_still_the_humans():
    state, board = turn_position()
    state.phase = Phase.FORTIFY
    state.hands[0] = []
    alaska, alberta = board.id("Alaska"), board.id("Alberta")
    app = scene_with(state, [HumanAgent(), angry(), angry()])
    scene = game(app)
    before = scene.candidates()
    territory_click(app, alaska)
    territory_click(app, alberta)
    press(app, pygame.K_RETURN)
    assert scene.session.pending
    after = scene.candidates()
    assert after and all(scene.state.owner[t] == 0 for t in after), "not the next player's territories"
    assert after == before  # one move a turn: choosing again replaces the plan
    territory_click(app, board.id("Ontario"))
    assert scene.selection.source == board.id("Ontario")


def test_the_window_says_the_reason_of_a_refusal_not_the_message():
    from risk.errors import IllegalActionError
    from risk.gui.scenes.game import _reason

    error = IllegalActionError.refusing(Deploy(0, 3), "deploy 3 'a': b", "you have 2 armies to deploy, so deploy 1 to 2")
    assert _reason(error) == "You have 2 armies to deploy, so deploy 1 to 2."
    assert _reason(IllegalActionError("no more fortify moves this turn")) == "No more fortify moves this turn."


def test_hint_asks_the_best_bot(monkeypatch):
    from risk.gui import hints

    monkeypatch.setattr(hints, "best_bot", lambda: "angry")  # the stronger bots are slower
    app = start(quick_config(seed=12))
    scene = game(app)
    press(app, pygame.K_h)
    until(app, lambda: scene.hint is not None and scene.hint.get("action") is not None)
    action = scene.hint["action"]
    assert isinstance(action, Deploy) and scene.state.is_legal(action)
    actions = len(scene.session.match.record.actions)
    click(app, button(app, "Do it").rect.center)
    assert len(scene.session.match.record.actions) == actions + 1


def test_a_message_about_the_deploy_is_gone_once_the_attack_begins():
    """"Undone." answers the undo; it does not stay on the bar into the attack phase."""
    from risk.gui.hud import bar_text

    state = classic_position({"Alaska": (0, 5), "Kamchatka": (1, 1)}, phase=Phase.DEPLOY, pool=4)
    app = scene_with(state, [HumanAgent(), angry(), angry()])
    scene = game(app)
    alaska = state.board.id("Alaska")
    territory_click(app, alaska)
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert any(block.text == "Undone." for block in bar_text(scene))
    hover(app, scene.view.centre(alaska))
    click(app, button(app, "Place all here").rect.center)
    assert scene.state.phase == Phase.ATTACK
    assert not any(block.text == "Undone." for block in bar_text(scene))


def test_the_hint_comes_from_the_strongest_bot_the_expert_plays():
    """Expert plays the strongest bot; the hint is that bot's move too, and comes in moments."""
    from ai.registry import STRONGEST
    from risk.gui import setup as S

    app = start(quick_config(seed=12))
    scene = game(app)
    press(app, pygame.K_h)
    assert scene.hint["bot"] == STRONGEST == S.DIFFICULTIES["Expert"]
    until(app, lambda: scene.hint.get("action") is not None, limit=2000)
    assert scene.state.is_legal(scene.hint["action"])
