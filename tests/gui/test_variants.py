"""The window under the rule variants: the decisions they add are made with the mouse."""

from __future__ import annotations

import pygame

from ai import make_agent
from ai.agent import BaseAgent
from ai.common import variant_decision
from risk.actions import Attack, EndPhase, UseSix
from risk.gui.session import GameSession, HumanAgent
from risk.match import Match
from risk.phase import Phase
from risk.rules import Rules
from risk.state import GameState, RandomSource, classic_board

from tests.support.gui import button, click, frames, game, press, scene_with, territory_click, until


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
    app = scene_with(state, [HumanAgent(), make_agent("angry"), make_agent("angry")])
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
    app = scene_with(state, [OneRoll(alaska, kamchatka), HumanAgent()], human=1)
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
    app = scene_with(state, [OneRoll(alaska, kamchatka), HumanAgent()], human=1)
    scene = game(app)
    until(app, lambda: scene.state.phase == Phase.RETREAT)
    assert irkutsk in scene.candidates()
    territory_click(app, irkutsk)
    frames(app, 3)
    assert scene.state.owner[kamchatka] == 0 and scene.state.armies[irkutsk] == 2 + 5
    assert ("retreat irkutsk" in [a for _, a in scene.session.match.record.actions])


def commander_position(seed_wanted=True):
    """Alaska (12) against Kamchatka (5), the human's roll: a seed whose first roll of 3 dice the
    six would change (or, with ``seed_wanted=False``, would not)."""
    state, alaska, kamchatka, _ = attacked_position(commanders=True)
    for seed in range(200):
        trial = state.copy(RandomSource(seed))
        trial.apply(Attack(alaska, kamchatka, 3))
        if (trial.phase == Phase.COMMANDER) == seed_wanted:
            state.rng = RandomSource(seed)
            return state, alaska, kamchatka
    raise AssertionError("no such seed")


def test_commander_six_is_chosen_after_the_roll():
    state, alaska, kamchatka = commander_position()
    app = scene_with(state, [HumanAgent(), make_agent("angry")])
    scene = game(app)
    territory_click(app, alaska)
    territory_click(app, kamchatka)
    assert button(app, "Blitz may use the six: off")
    click(app, button(app, "Roll").rect.center)
    assert scene.state.phase == Phase.COMMANDER
    offer = scene.state.six_offer()
    from risk.gui import hud
    assert f"turn the {offer.changed} into a six" in hud.guidance(scene)
    six = button(app, f"Turn the {offer.changed} into a six (once a turn): conquest ")
    keep = button(app, "Keep the roll: conquest ")
    assert six.key == "6" and keep.key == "K"
    assert any(label.text.startswith(f"Turn the {offer.changed} into a six (") for label in scene.panels.labels)
    territory_click(app, kamchatka)  # refused while the roll waits
    assert scene.state.phase == Phase.COMMANDER and "commander's six" in scene.message[0]
    click(app, six.rect.center)
    frames(app, 2)
    assert scene.state.commander_used and scene.session.match.record.actions[-1][1] == "six"
    assert any(f"a {offer.changed} turned into a 6" in line.text for line in scene.session.log)
    assert not any(getattr(w, "label", "").startswith("Blitz may use") for w in scene.widgets())
    assert scene.selection.source == alaska and scene.selection.target == kamchatka  # the attack stays chosen


def test_commander_keys_and_blitz_toggle():
    state, alaska, kamchatka = commander_position()
    app = scene_with(state, [HumanAgent(), make_agent("angry")])
    scene = game(app)
    territory_click(app, alaska)
    territory_click(app, kamchatka)
    press(app, pygame.K_r)
    assert scene.state.phase == Phase.COMMANDER
    press(app, pygame.K_k)
    assert scene.session.match.record.actions[-1][1] == "keep" and scene.state.commander_ready()
    scene.anims.skip()  # the dice of the roll kept
    click(app, button(app, "Blitz may use the six: off").rect.center)
    assert scene.selection.blitz_six and button(app, "Blitz may use the six: on")
    assert any("blitz with the six wins" in label.text for label in scene.panels.labels)
    press(app, pygame.K_b)
    assert scene.session.match.record.actions[-1][1] == "blitz alaska kamchatka six"


def test_roll_the_six_cannot_change_is_not_asked():
    state, alaska, kamchatka = commander_position(seed_wanted=False)
    app = scene_with(state, [HumanAgent(), make_agent("angry")])
    scene = game(app)
    territory_click(app, alaska)
    territory_click(app, kamchatka)
    click(app, button(app, "Roll").rect.center)
    assert scene.state.phase != Phase.COMMANDER and scene.state.commander_ready()


def test_bot_use_of_the_six_is_logged():
    state, alaska, kamchatka, _ = attacked_position(commanders=True)
    for seed in range(300):
        trial = state.copy(RandomSource(seed))
        trial.apply(Attack(alaska, kamchatka, 3))
        if trial.phase == Phase.COMMANDER and variant_decision(trial) == UseSix():
            break
    else:
        raise AssertionError("no roll where the bot spends the six")
    state.rng = RandomSource(seed)
    app = scene_with(state, [OneRoll(alaska, kamchatka), HumanAgent()], human=1)
    scene = game(app)
    until(app, lambda: any("the commander's six" in line.text for line in scene.session.log))
    assert ("six" in [a for _, a in scene.session.match.record.actions])


# -- what the window shows of the recent rule changes -------------------------------------------

def test_log_shows_a_player_only_what_their_seat_may_see():
    from risk.events import CapitalChosen, CardDrawn, MissionChanged
    from risk.missions import Mission

    state, *_ = attacked_position()
    board = state.board
    secret = [MissionChanged(1, 0, Mission("territories", territories=24)), CardDrawn(1, board.id("Peru")),
              CapitalChosen(1, board.id("Siam"))]
    for human, shown in ((0, 2), (1, 3), (None, 3)):
        agents = [HumanAgent() if seat == human else make_agent("angry") for seat in range(2)]
        session = GameSession(Match(agents, state=state.copy()), human)
        session.observe(session.state, secret)
        texts = [line.text for line in session.log]
        assert len(texts) == shown
        assert not any("Peru" in text or "Siam" in text for text in texts)  # the card and the capital stay hidden
        assert any("secret mission" in text for text in texts) == (human != 0)


def test_old_uk_income_tells_the_armies_that_need_a_turn_without_attacking():
    from risk.gui import panels

    state, *_ = attacked_position(reinforce_or_attack=True)
    territories, continents = state.income_parts(1)
    app = scene_with(state, [HumanAgent(), make_agent("angry")])
    texts = [label.text for label in game(app).panels.labels]
    assert any(f"+{continents}/turn, +{territories} more without attacking" in text for text in texts), texts
    assert panels.income_texts(attacked_position()[0], 1)[0] == f"+{sum(state.income_parts(1))}/turn"


def test_traded_armies_are_placed_during_the_attack():
    from risk.gui import hud

    state, alaska, kamchatka, _ = attacked_position(trade_anytime=True)
    state.pool = 6
    app = scene_with(state, [HumanAgent(), make_agent("angry")])
    scene = game(app)
    assert "Place your 6 traded armies" in hud.guidance(scene) and alaska in scene.candidates()
    territory_click(app, alaska)
    assert scene.state.pool == 5 and scene.state.armies[alaska] == 13 and scene.state.phase == Phase.ATTACK
    territory_click(app, alaska, shift=True)
    assert scene.state.pool == 0 and scene.state.armies[alaska] == 18
    territory_click(app, kamchatka)  # with the pool empty, clicks attack again
    assert scene.selection.source == alaska and scene.selection.target == kamchatka


def test_place_all_during_the_attack():
    state, alaska, _, _ = attacked_position(trade_anytime=True)
    state.pool = 4
    app = scene_with(state, [HumanAgent(), make_agent("angry")])
    scene = game(app)
    territory_click(app, alaska)
    click(app, button(app, "Place all 3 here").rect.center)
    assert scene.state.pool == 0 and scene.state.armies[alaska] == 16


def test_after_the_defender_stands_the_declared_attack_waits_for_its_dice():
    from risk.gui import hud

    state, alaska, kamchatka, _ = attacked_position(retreat=True)
    state.armies[alaska] = 4  # too weak for the defender to retreat
    app = scene_with(state, [HumanAgent(), make_agent("angry")])
    scene = game(app)
    territory_click(app, alaska)
    territory_click(app, kamchatka)
    press(app, pygame.K_r)  # only declares the attack: the defender decides first
    until(app, lambda: scene.state.declared is not None)
    assert (scene.selection.source, scene.selection.target) == (alaska, kamchatka)
    assert "stands and fights" in hud.guidance(scene)
    assert any("blitz wins" in label.text for label in scene.panels.labels)  # the odds of that attack
    assert not [w for w in scene.widgets() if getattr(w, "label", "") == "End attack" and w.enabled]
    other = next(t for t in scene.state.board.neighbours[alaska] if scene.state.owner[t] == 1 and t != kamchatka)
    territory_click(app, other)
    assert "stood against your attack" in scene.message[0] and "\n" not in scene.message[0]
    assert (scene.selection.source, scene.selection.target) == (alaska, kamchatka)
    click(app, scene.view.centre(alaska), button=3)  # a right click cannot call the attack off either
    assert (scene.selection.source, scene.selection.target) == (alaska, kamchatka)
    press(app, pygame.K_r)
    assert scene.state.declared is None and scene.session.match.record.actions[-1][1].startswith("attack alaska")
