"""The window under the rule variants: the decisions they add are made with the mouse."""

from __future__ import annotations

import pygame
import pytest

from ai import make_agent
from ai.agent import BaseAgent
from risk.actions import Attack, EndPhase
from risk.events import DiceRolled
from risk.gui.scenes.game import GameScene
from risk.gui.session import GameSession, HumanAgent
from risk.match import Match
from risk.phase import Phase
from risk.rules import Rules
from risk.state import GameState, classic_board

from tests_gui_support import button, click, frames, game, quick_config, start, territory_click, until


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("MARKOV_RISK_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("MARKOV_RISK_AUTOSAVE", raising=False)
    yield
    pygame.display.quit()


class OneRoll(BaseAgent):
    """Rolls once from ``source`` at ``target``, then stops attacking; angry otherwise."""

    name = "one-roll"

    def __init__(self, source: int = 0, target: int = 0):
        super().__init__()
        self.source, self.target, self.rolled = source, target, False
        self.angry = make_agent("angry")

    def act(self, view):
        if view.phase == Phase.ATTACK:
            if not self.rolled and view.owner[self.target] != view.player:
                self.rolled = True
                return Attack(self.source, self.target, min(3, view.armies[self.source] - 1))
            return EndPhase()
        return self.angry.act(view)


def scene_with(state, agents):
    app = start(quick_config())
    match = Match(agents, state=state)
    app.replace_all(GameScene(app, GameSession(match, 1 if isinstance(agents[1], HumanAgent) else 0)))
    frames(app, 2)
    return app


def attacked_position(**rules):
    board = classic_board()
    alaska, kamchatka, irkutsk = board.id("Alaska"), board.id("Kamchatka"), board.id("Irkutsk")
    owner = [t % 2 for t in range(42)]
    owner[alaska], owner[kamchatka], owner[irkutsk] = 0, 1, 1
    armies = [2] * 42
    armies[alaska], armies[kamchatka] = 12, 5
    state = GameState.from_position(owner, armies, 2, phase=Phase.ATTACK, player=0, seed=4,
                                    rules=Rules(two_player_neutral=False, **rules))
    return state, alaska, kamchatka, irkutsk


def test_capital_is_chosen_by_clicking():
    state = GameState.new(players=3, seed=3, rules=Rules(capitals=True, setup="deal", placement="auto"))
    app = start(quick_config())
    match = Match([HumanAgent(), make_agent("angry"), make_agent("angry")], state=state)
    app.replace_all(GameScene(app, GameSession(match, 0)))
    frames(app, 2)
    scene = game(app)
    assert scene.state.phase == Phase.CAPITAL and scene.session.is_human_turn()
    mine = scene.state.territories_of(0)[2]
    territory_click(app, mine)
    assert scene.state.capitals[0] == mine
    until(app, lambda: scene.state.phase != Phase.CAPITAL)
    assert all(c >= 0 for c in scene.state.capitals)
    from risk.gui import panels
    assert any(line.startswith("Capitals:") for line in panels.objective_lines(scene))


def test_defender_chooses_dice_after_seeing_the_roll():
    state, alaska, kamchatka, _ = attacked_position(defender_sees_dice=True)
    app = scene_with(state, [OneRoll(alaska, kamchatka), HumanAgent()])
    scene = game(app)
    until(app, lambda: scene.state.phase == Phase.DEFEND)
    assert scene.session.is_human_turn()
    assert "rolled" in __import__("risk.gui.hud", fromlist=["guidance"]).guidance(scene)
    click(app, button(app, "Defend with 1 die").rect.center)
    frames(app, 3)
    rolled = [e for e in scene.session.match.record.actions if e[1] == "defend 1"]
    assert rolled and scene.state.phase != Phase.DEFEND


def test_defender_retreats_by_clicking_a_neighbour():
    state, alaska, kamchatka, irkutsk = attacked_position(retreat=True)
    app = scene_with(state, [OneRoll(alaska, kamchatka), HumanAgent()])
    scene = game(app)
    until(app, lambda: scene.state.phase == Phase.RETREAT)
    assert irkutsk in scene.candidates()
    territory_click(app, irkutsk)
    frames(app, 3)
    assert scene.state.owner[kamchatka] == 0 and scene.state.armies[irkutsk] == 2 + 5
    assert ("retreat irkutsk" in [a for _, a in scene.session.match.record.actions])


def test_commander_six_button():
    state, alaska, kamchatka, _ = attacked_position(commanders=True)
    state.player = 0
    app = scene_with(state, [HumanAgent(), make_agent("angry")])
    scene = game(app)
    territory_click(app, alaska)
    territory_click(app, kamchatka)
    click(app, button(app, "Six: off").rect.center)
    assert scene.use_six
    seen = []
    original = scene.session.apply

    def spy(action, human=False):
        events = original(action, human=human)
        seen.extend(e for e in events if isinstance(e, DiceRolled))
        return events

    scene.session.apply = spy
    press_roll = button(app, "Roll")
    click(app, press_roll.rect.center)
    assert seen and 6 in seen[0].attack_dice and scene.state.commander_used
    assert not scene.use_six
