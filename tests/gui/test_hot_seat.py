"""Hot-seat: two people and a bot at one window. A scripted game where each person's moves
are chosen by a bot on their own view and made through the window; the hand-over screen is
clicked through. At every frame the test checks that what the window shows belongs to the
person whose turn it is, and never the other person's cards, mission or private log lines."""

from __future__ import annotations

import pygame

from risk.actions import EndPhase, Fortify
from risk.gui.app import PlayConfig
from risk.gui.scenes.cards import CardDialog
from risk.gui.scenes.handover import HandOverScene, WaitedDialog
from risk.rules import Rules
from risk.state import RandomSource, classic_board

from tests.support.gui import button, click, game, start


def _hot_seat_app(seed: int = 5, **rules):
    config = PlayConfig.for_seats(["human", "angry", "human"], seed=seed,
                                  rules=Rules(setup="deal", placement="auto", **rules), board=classic_board(),
                                  speed="max")
    return start(config)


def _secrets_shown(scene) -> list[str]:
    """Every text of the game scene that belongs to one seat only: the side panel's cards and
    mission lines, and the private lines of the log it shows."""
    from risk.gui import hud

    hud.build_widgets(scene)
    return [label.text for label in scene.panels.labels if label.text.startswith(("Your cards", "Cards:", "Mission"))]


def _play_person(app, scene, agent, seat: int) -> None:
    """One decision of the person in ``seat``, chosen by ``agent`` on that seat's view, made
    through the scene (dialogs the window opened for it are put aside first)."""
    while app.top is not scene:
        app.pop()
    view = scene.state.view(seat, RandomSource(len(scene.session.match.record.actions)))
    action = agent.act(view)
    if isinstance(action, Fortify):
        assert scene.human_action(action)
        action = EndPhase()
    assert scene.human_action(action), action


def test_two_people_and_a_bot_never_see_each_others_cards():
    from ai import make_agent

    app = _hot_seat_app(missions=True)
    scene = game(app)
    session = scene.session
    assert session.humans == [0, 2] and session.hot_seat()
    people = {0: make_agent("angry"), 2: make_agent("angry")}
    handovers, turns_played, mission_lines = [], {0: 0, 2: 0}, {0: set(), 2: set()}
    cards_checked, hands_seen = {0: 0, 2: 0}, {0: [], 2: []}
    for _ in range(4000):
        state = scene.state
        if state.is_terminal() or min(turns_played.values()) >= 6:
            break
        top = app.top
        if isinstance(top, HandOverScene):
            # The whole window is the hand-over screen: nothing of the game is drawn below it.
            assert top.opaque and app.stack.index(top) == len(app.stack) - 1
            assert top.seat == state.current_player and top.seat != session.human
            assert not session.shows_secrets() or session.human == state.current_player
            handovers.append(top.seat)
            click(app, button(app, "I am ready").rect.center)
            assert session.human == top.seat and session.is_human_turn()
            continue
        if isinstance(top, WaitedDialog):
            assert top.summary.seat == session.human
            click(app, button(app, "OK").rect.center)
            continue
        if session.is_human_turn():
            seat = session.human
            other = 2 - seat
            shown = _secrets_shown(scene)
            if state.missions is not None:
                mine = state.missions[seat].describe(session.names)
                theirs = state.missions[other].describe(session.names)
                assert all(text == "Mission: " + mine for text in shown if text.startswith("Mission")), shown
                if theirs != mine:
                    assert not any(theirs in text for text in shown)
                mission_lines[seat].update(t for t in shown if t.startswith("Mission"))
            if cards_checked[seat] < turns_played[seat] + 1:  # once a turn: C shows this seat's hand
                cards_checked[seat] += 1
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c", scancode=0))
                app.frame()
                dialog = app.top
                if isinstance(dialog, CardDialog):
                    assert dialog.game.session.human == seat == scene.state.current_player
                    assert session.log is session.logs[seat]
                    hands_seen[seat].append(tuple(scene.state.hands[seat]))
                while app.top is not scene:
                    app.pop()
            before = state.turn
            _play_person(app, scene, people[seat], seat)
            if scene.state.turn != before or scene.state.current_player != seat:
                turns_played[seat] += 1
        else:
            # Between turns: only what everyone may see, and C opens no hand.
            assert not _secrets_shown(scene) and session.log is session.logs["public"]
            scene.on_ShowCards(None)
            assert not isinstance(app.top, CardDialog)
        app.frame()
    assert min(turns_played.values()) >= 6, turns_played
    assert handovers.count(0) >= 3 and handovers.count(2) >= 3
    assert mission_lines[0] and mission_lines[2] and mission_lines[0] != mission_lines[2]
    assert any(hands_seen[0]) and any(hands_seen[2]), hands_seen


def test_hot_seat_from_the_command_line():
    from risk.cli import build_parser
    from risk.commands.play import build_config

    config = build_config(build_parser().parse_args(["play", "--humans", "2", "--bots", "angry", "--seed", "1"]))
    assert config.players == 4 and config.human_seats() == [0, 1] and config.bots == ["angry", "angry"]
    three = build_config(build_parser().parse_args(["play", "--humans", "2", "--bots", "angry", "--players", "3",
                                                    "--seed", "1"]))
    assert three.human_seats() == [0, 1] and three.bots == ["angry"]


def test_for_seats_builds_the_game_a_new_game_screen_asks_for():
    config = PlayConfig.for_seats(["angry", "human", "random"], seed=9, rules=Rules(), board=classic_board())
    assert config.human_seats() == [1] and config.bots == ["angry", "random"] and config.players == 3
    app = start(config)
    scene = game(app)
    assert scene.session.match.specs == ["angry", "human", "random"] and scene.session.human == 1
    assert any("seed 9" in line.text for line in scene.session.log), "the seed is shown"


def test_a_hot_seat_game_saves_and_resumes_with_every_person_seated(tmp_path):
    from risk.gui.session import load_session

    app = _hot_seat_app(seed=7)
    scene = game(app)
    path = tmp_path / "hot.jsonl"
    scene.session.save(path)
    session = load_session(path)
    assert session.humans == [0, 2] and session.hot_seat()
    assert session.names[0] == "Player 1" and session.names[2] == "Player 3"
    assert set(session.logs) == {0, 2, "public"}
