"""The card dialog: your hand, every set you may trade (the best first, in a list that scrolls
when they do not all fit), what each is worth and where its +2 bonus goes; trade or keep."""

from __future__ import annotations

import pygame

from risk.actions import EndPhase, Trade
from risk.cards import SYMBOL_NAMES, WILD, set_kinds, symbol
from risk.gui import intents as I
from risk.gui import theme
from risk.gui.layout import ellipsize
from risk.gui.scenes.base import Dialog
from risk.gui.widgets import Button, button_width
from risk.phase import Phase


def set_value(state, cards) -> int:
    symbols = [symbol(c, state.board.cards) for c in cards]
    return max(state.rules.set_value(state.sets_traded, kind) for kind in set_kinds(symbols))


class CardDialog(Dialog):
    """Your hand, the sets in it with their value and the +2 bonus; trade or keep.

    Every set that may be traded is listed, the best first; when they do not all fit, the list
    scrolls (wheel, arrows) under a scroll bar and a count, and the selected row is always shown.
    """

    title = "Your cards"
    size = (760, 600)
    ROW = 40
    CARD = (74, 100)

    def __init__(self, app, game):
        super().__init__(app)
        self.game = game
        self.row = 0
        self.first = 0  # the first set shown
        self.bonus_pick: dict[tuple, int] = {}
        self.shown_rows = 1

    @property
    def state(self):
        return self.game.state

    def trading(self) -> bool:
        return self.game.session.is_human_turn() and self.state.phase == Phase.TRADE

    def sets(self) -> list[tuple[tuple, list]]:
        """(cards, bonus choices) for every set that may be traded now, the best first: worth
        most, then not spending a wild card, then with a +2 bonus."""
        if not self.trading():
            return []
        found: dict[tuple, list] = {}
        for action in self.state.legal_actions():
            if isinstance(action, Trade):
                found.setdefault(action.cards, []).append(action.bonus)
        state = self.state
        return sorted(found.items(), key=lambda item: (-set_value(state, item[0]), WILD in item[0],
                                                       item[1] == [None], item[0]))

    def forced(self) -> bool:
        return self.trading() and not self.state.is_legal(EndPhase())

    def update(self, dt: float) -> None:
        if self.game.session.human is None:
            self.close()
            return
        super().update(dt)

    # -- layout ----------------------------------------------------------------------------------

    def facts(self) -> list[tuple[str, tuple]]:
        state = self.state
        value = state.rules.set_value(state.sets_traded)
        out = [(f"The next set is worth {value} armies ({state.sets_traded} traded so far by everyone). "
                "A set is three alike, one of each, or two and a wild; a card of a territory you hold "
                "puts +2 armies there (once a turn).", theme.TEXT_DIM)]
        if self.forced():
            out.append((f"You hold {len(self.state.hands[self.game.session.human])} cards: you must trade now.",
                        theme.TARGET))
        elif not self.trading():
            out.append(("Trade at the start of your turn, before deploying.", theme.TEXT_DIM))
        return out

    def list_rect(self, box: pygame.Rect) -> pygame.Rect:
        """Where the rows of sets go: under the hand, the facts and the list's heading, above
        the buttons."""
        inner = box.inflate(-24, -20)
        top = inner.y + theme.font(20, True).get_height() + 10 + self.CARD[1] + 12
        for text, _ in self.facts():
            top += 18 * len(theme.wrap(text, 14, inner.width))
        top += 30
        return pygame.Rect(inner.x, top, inner.width, max(self.ROW, box.bottom - 56 - top))

    def _scroll_to_row(self, count: int) -> None:
        self.row = max(0, min(self.row, count - 1))
        self.first = max(0, min(self.first, count - self.shown_rows))
        if self.row < self.first:
            self.first = self.row
        elif self.row >= self.first + self.shown_rows:
            self.first = self.row - self.shown_rows + 1

    def visible(self) -> range:
        """The indices of the sets shown now."""
        return range(self.first, min(len(self.sets()), self.first + self.shown_rows))

    def build(self, box):
        widgets = []
        sets = self.sets()
        rows = self.list_rect(box)
        self.shown_rows = max(1, rows.height // self.ROW)
        self._scroll_to_row(len(sets))
        right = rows.right - (14 if len(sets) > self.shown_rows else 0)  # room for the scroll bar
        for i in self.visible():
            cards, bonuses = sets[i]
            row_y = rows.y + (i - self.first) * self.ROW
            widgets.append(Button((right - 108, row_y, 108, 32), "Trade", I.Choose(("trade", i)),
                                  style="primary" if i == self.row else "normal"))
            if len(bonuses) > 1:
                widgets.append(Button((right - 276, row_y, 160, 32), "+2 on: change", I.Choose(("bonus", i))))
        bottom = box.bottom - 46
        if self.trading():
            label = "Keep cards" if not self.forced() else "You must trade"
            key = "" if self.forced() else "E"
            widgets.append(Button((box.x + 20, bottom, button_width(label, key, 150), 32), label, I.EndPhase(),
                                  key=key, enabled=not self.forced()))
        else:
            widgets.append(Button((box.right - 120, bottom, 100, 32), "Close", I.Cancel(), key="Esc"))
        return widgets

    def chosen_bonus(self, cards, bonuses):
        return bonuses[self.bonus_pick.get(cards, 0) % len(bonuses)]

    # -- drawing ---------------------------------------------------------------------------------

    def body(self, surface, inner) -> None:
        state = self.state
        human = self.game.session.human
        hand = state.hands[human]
        board = state.board
        if not hand:
            surface.blit(theme.render("You hold no cards. You earn one in each turn in which you conquer "
                                      "a territory.", 15, theme.TEXT_DIM), inner.topleft)
        # The hand: the cards overlap when there are too many for one row.
        w, h = self.CARD
        step = min(w + 6, (inner.width - w) // max(1, len(hand) - 1))
        for i, card in enumerate(hand):
            draw_card(surface, pygame.Rect(inner.x + i * step, inner.y, w, h), card, board,
                      owned=card != WILD and state.owner[card] == human)
        y = inner.y + h + 12
        for text, colour in self.facts():
            for piece in theme.wrap(text, 14, inner.width):
                surface.blit(theme.render(piece, 14, colour), (inner.x, y))
                y += 18
        sets = self.sets()
        if not self.trading():
            return
        rows = self.list_rect(self.box())
        heading = theme.render("Sets you can trade, the best first" if sets else "No set to trade", 15,
                               theme.TEXT, bold=True)
        surface.blit(heading, (inner.x, rows.y - 26))
        if len(sets) > self.shown_rows:
            shown = self.visible()
            note = theme.render(f"sets {shown.start + 1}-{shown.stop} of {len(sets)} · wheel or ↑↓ for more", 13,
                                theme.ACCENT)
            surface.blit(note, note.get_rect(bottomright=(rows.right, rows.y - 8)))
            self._scroll_bar(surface, rows, len(sets))
        right = rows.right - (14 if len(sets) > self.shown_rows else 0)
        text_room = right - (276 if any(len(b) > 1 for _, b in sets) else 108) - 12 - inner.x
        for i in self.visible():
            cards, bonuses = sets[i]
            row_y = rows.y + (i - self.first) * self.ROW
            names = ", ".join("wild" if c == WILD else board.names[c] for c in cards)
            bonus = self.chosen_bonus(cards, bonuses)
            chosen = i == self.row
            if chosen:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, (inner.x - 6, row_y - 2, right - inner.x + 6, 36),
                                 border_radius=6)
            text = ellipsize(f"{set_value(state, cards)} armies: {names}", 14, text_room, bold=chosen)
            surface.blit(theme.render(text, 14, theme.TEXT if chosen else theme.TEXT_DIM, bold=chosen),
                         (inner.x, row_y + 1))
            extra = f"+2 on {board.names[bonus]}" if bonus is not None else "no +2 (you hold none of these)"
            surface.blit(theme.render(ellipsize(extra, 12, text_room), 12,
                                      theme.GOOD if bonus is not None else theme.TEXT_DIM), (inner.x, row_y + 18))

    def _scroll_bar(self, surface, rows: pygame.Rect, count: int) -> None:
        track = pygame.Rect(rows.right - 6, rows.y, 6, self.shown_rows * self.ROW - 8)
        pygame.draw.rect(surface, theme.PANEL_LIGHT, track, border_radius=3)
        length = max(12, track.height * self.shown_rows // count)
        top = track.y + (track.height - length) * self.first // max(1, count - self.shown_rows)
        pygame.draw.rect(surface, theme.ACCENT, (track.x, top, track.width, length), border_radius=3)

    # -- input -----------------------------------------------------------------------------------

    def handle(self, intent) -> None:
        sets = self.sets()
        if isinstance(intent, I.Choose):
            what, index = intent.key
            if index < len(sets):
                self.row = index
                if what == "trade":
                    self.trade(sets[index])
                else:
                    cards, _ = sets[index]
                    self.bonus_pick[cards] = self.bonus_pick.get(cards, 0) + 1
        elif isinstance(intent, I.Navigate):
            if intent.dy and sets:
                self.row = (self.row + intent.dy) % len(sets)
                self._scroll_to_row(len(sets))
            elif intent.dx and sets:
                cards, _ = sets[self.row]
                self.bonus_pick[cards] = self.bonus_pick.get(cards, 0) + intent.dx
        elif isinstance(intent, I.Scroll) and sets:
            # The wheel moves the list; the selection stays on a row that is shown.
            self.first = max(0, min(len(sets) - self.shown_rows, self.first - intent.amount))
            self.row = max(self.first, min(self.row, self.first + self.shown_rows - 1))
        elif isinstance(intent, I.Confirm) and sets:
            self.trade(sets[self.row])
        elif isinstance(intent, I.EndPhase) and self.trading():
            if self.game.human_action(EndPhase()):
                self.close()
        elif isinstance(intent, (I.Cancel, I.ShowCards)):
            if self.forced():
                self.app.notify("You hold too many cards: trade a set first.")
            else:
                self.close()

    def trade(self, entry) -> None:
        cards, bonuses = entry
        self.game.human_action(Trade(cards, self.chosen_bonus(cards, bonuses)))
        if not self.trading():
            self.close()
        else:
            self.row = self.first = 0  # a new hand: its best set first


def draw_card(surface, rect: pygame.Rect, card: int, board, owned: bool) -> None:
    pygame.draw.rect(surface, (236, 230, 214), rect, border_radius=7)
    pygame.draw.rect(surface, theme.GOOD if owned else (90, 84, 70), rect, 3 if owned else 1, border_radius=7)
    ink = (40, 36, 30)
    cx = rect.centerx
    if card == WILD:
        label = theme.render("WILD", 16, ink, bold=True)
        surface.blit(label, label.get_rect(center=(cx, rect.y + 24)))
        for i, kind in enumerate(SYMBOL_NAMES):
            draw_symbol(surface, kind, (rect.x + 16 + i * 21, rect.y + 62), 8, ink)
        return
    kind = SYMBOL_NAMES[board.cards[card]]
    y = rect.y + 6
    for line in theme.wrap(board.names[card], 11, rect.width - 8, bold=True)[:3]:
        label = theme.render(line, 11, ink, bold=True)
        surface.blit(label, label.get_rect(midtop=(cx, y)))
        y += 13
    draw_symbol(surface, kind, (cx, rect.y + 64), 12, ink)
    label = theme.render(kind, 11, ink)
    surface.blit(label, label.get_rect(midtop=(cx, rect.y + 80)))
    if owned:
        tag = theme.render("+2", 12, (30, 110, 40), bold=True)
        surface.blit(tag, (rect.right - tag.get_width() - 4, rect.y + 44))


def draw_symbol(surface, kind: str, centre, r: int, colour) -> None:
    x, y = centre
    if kind == "infantry":
        pygame.draw.circle(surface, colour, (x, y - r // 2), r // 2)
        pygame.draw.rect(surface, colour, (x - r // 2, y, r, r // 1.5))
    elif kind == "cavalry":
        pygame.draw.polygon(surface, colour, [(x - r, y + r // 2), (x + r, y + r // 2), (x, y - r)])
    else:
        pygame.draw.rect(surface, colour, (x - r, y - r // 3, 2 * r, r // 1.5))
        pygame.draw.circle(surface, colour, (x - r // 2, y + r // 2), r // 3)
        pygame.draw.circle(surface, colour, (x + r // 2, y + r // 2), r // 3)
