"""The card dialog: every set listed, the best first; a forced trade cannot be left."""

from __future__ import annotations

import pygame

from risk.gui.session import HumanAgent
from risk.phase import Phase
from risk.rules import Rules
from risk.state import GameState

from tests.support.gui import angry, button, classic_position, click, game, press, scene_with, wheel


def test_forced_card_trade_in_the_dialog():
    board_state = GameState.new(players=3, seed=3, rules=Rules(setup="deal", placement="auto"))
    owner, armies = board_state.owner, board_state.armies
    board = board_state.board
    mine = [t for t in range(len(board)) if owner[t] == 0]
    infantry = [t for t in range(len(board)) if board.cards[t] == 0]
    hand = infantry[:3] + [t for t in range(len(board)) if board.cards[t] == 1][:2]
    state = GameState.from_position(owner, armies, 3, player=0, phase=Phase.TRADE, pool=4,
                                    hands=[hand, [], []], seed=3)
    app = scene_with(state, [HumanAgent(), angry(), angry()])
    dialog = app.top
    assert type(dialog).__name__ == "CardDialog" and dialog.forced()
    press(app, pygame.K_ESCAPE)                  # cannot leave: five cards must be traded
    assert app.top is dialog
    sets = dialog.sets()
    assert sets and all(len(cards) == 3 for cards, _ in sets)
    with_bonus = [i for i, (cards, bonuses) in enumerate(sets) if any(b is not None for b in bonuses)]
    click(app, button(app, "Trade").rect.center)
    traded = [e for e in scene_log(app) if e.kind == "trade"]
    assert traded, "the trade shows in the log"
    state = game(app).state
    assert len(state.hands[0]) == 2 and state.phase == Phase.DEPLOY
    assert state.pool == 4 + 4 + 0  # the first set of the game is worth 4
    assert mine  # the human holds territories to put the +2 on when a card matches
    del with_bonus


def scene_log(app):
    return game(app).session.log


def test_card_dialog_lists_every_set_the_best_first():
    from risk.cards import WILD
    from risk.state import classic_board

    board = classic_board()
    of = {k: [t for t in range(len(board)) if board.cards[t] == k] for k in (0, 1, 2)}
    hand = of[0][:2] + of[1][:2] + of[2][:1] + [WILD]  # 2 infantry, 2 cavalry, 1 artillery, 1 wild
    holdings = {board.names[t]: (0, 3) for t in (of[0][1], of[1][1], of[2][0])}
    state = classic_position(holdings, phase=Phase.TRADE, pool=3, hands=[hand, [], []])
    app = scene_with(state, [HumanAgent(), angry(), angry()], size=(800, 560))
    dialog = app.top
    assert type(dialog).__name__ == "CardDialog" and dialog.forced()
    sets = dialog.sets()
    assert len(sets) == 14
    assert dialog.shown_rows < 14, "at 800x560 the list scrolls"
    best = sets[0]
    assert WILD not in best[0] and best[1] != [None], "the best set keeps the wild and takes the +2"
    keys = [(WILD in cards, bonuses == [None]) for cards, bonuses in sets]
    assert keys == sorted(keys), "sets keeping the wild first, then those with the +2 bonus"
    box = dialog.box()

    def trade_buttons():
        return {w.intent.key[1]: w for w in dialog.widgets() if w.label == "Trade"}

    for step in range(14):  # round the list and back to the top with the keyboard
        assert dialog.row in dialog.visible(), f"the selection is hidden after {step} steps"
        assert box.contains(trade_buttons()[dialog.row].rect)
        press(app, pygame.K_DOWN)
    assert dialog.row == 0 and dialog.first == 0
    wheel(app, box.center, -3)  # the wheel scrolls the list; the selection follows into view
    assert dialog.first == 3 and dialog.row == 3 and 3 in trade_buttons()
    assert all(box.contains(w.rect) for w in dialog.widgets())
    last = len(sets) - 1
    press(app, pygame.K_UP)
    press(app, pygame.K_UP)
    press(app, pygame.K_UP)
    press(app, pygame.K_UP)
    assert dialog.row == last and last in trade_buttons()
    chosen = sets[last][0]
    press(app, pygame.K_RETURN)                  # Enter trades the selected set: the last one
    left = list(hand)
    for card in chosen:
        left.remove(card)
    assert sorted(game(app).state.hands[0]) == sorted(left)
