"""Dialogs: overlays on the game for cards, moving armies, the pause menu, help and loading."""

from __future__ import annotations

import pygame

from risk.actions import EndPhase, Fortify, Occupy, Trade
from risk.cards import SYMBOL_NAMES, WILD, set_kinds, symbol
from risk.errors import RiskError
from risk.gui import intents as I
from risk.gui import saves, theme
from risk.gui.intents import key_help
from risk.gui.scenes.base import Scene
from risk.gui.widgets import Button, Slider, button_width, dim, panel
from risk.phase import Phase


class Dialog(Scene):
    """A modal overlay: the game shows dimmed behind it and waits."""

    opaque = False
    pauses_game = True
    title = ""
    size = (560, 360)

    def box(self) -> pygame.Rect:
        w, h = self.app.screen.get_size()
        width, height = min(self.size[0], w - 40), min(self.size[1], h - 40)
        return pygame.Rect((w - width) // 2, (h - height) // 2, width, height)

    def draw(self, surface) -> None:
        dim(surface, 140)
        inner = panel(surface, self.box(), self.title)
        self.body(surface, inner)
        mouse = pygame.mouse.get_pos()
        for widget in self._widgets:
            widget.draw(surface, mouse)

    def body(self, surface, inner: pygame.Rect) -> None:
        pass

    def update(self, dt: float) -> None:
        self._widgets = self.build(self.box())

    def build(self, box: pygame.Rect) -> list:
        return []


# -- cards ----------------------------------------------------------------------------------------

def set_value(state, cards) -> int:
    symbols = [symbol(c, state.board.cards) for c in cards]
    return max(state.rules.set_value(state.sets_traded, kind) for kind in set_kinds(symbols))


class CardDialog(Dialog):
    """Your hand, the sets in it with their value and the +2 bonus; trade or keep."""

    title = "Your cards"
    size = (760, 600)
    LIST_TOP = 284

    def __init__(self, app, game):
        super().__init__(app)
        self.game = game
        self.row = 0
        self.bonus_pick: dict[tuple, int] = {}

    @property
    def state(self):
        return self.game.state

    def trading(self) -> bool:
        return self.game.session.is_human_turn() and self.state.phase == Phase.TRADE

    def sets(self) -> list[tuple[tuple, list]]:
        """(cards, bonus choices) for every set that may be traded now."""
        if not self.trading():
            return []
        found: dict[tuple, list] = {}
        for action in self.state.legal_actions():
            if isinstance(action, Trade):
                found.setdefault(action.cards, []).append(action.bonus)
        return list(found.items())

    def forced(self) -> bool:
        return self.trading() and not self.state.is_legal(EndPhase())

    def update(self, dt: float) -> None:
        if self.game.session.human is None:
            self.close()
            return
        super().update(dt)

    def build(self, box):
        widgets = []
        sets = self.sets()
        self.row = min(self.row, max(0, len(sets) - 1))
        y = box.y + self.LIST_TOP
        for i, (cards, bonuses) in enumerate(sets[:6]):
            row_y = y + i * 40
            widgets.append(Button((box.right - 130, row_y, 108, 32), "Trade", I.Choose(("trade", i)),
                                  style="primary" if i == self.row else "normal"))
            if len(bonuses) > 1:
                widgets.append(Button((box.right - 300, row_y, 160, 32), "+2 on: change", I.Choose(("bonus", i))))
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

    def body(self, surface, inner) -> None:
        state = self.state
        human = self.game.session.human
        hand = state.hands[human]
        board = state.board
        if not hand:
            surface.blit(theme.render("You hold no cards. You earn one in each turn in which you conquer "
                                      "a territory.", 15, theme.TEXT_DIM), inner.topleft)
        # The hand.
        x, y = inner.x, inner.y
        for card in hand[:9]:
            draw_card(surface, pygame.Rect(x, y, 74, 100), card, board, owned=card != WILD and state.owner[card] == human)
            x += 80
        y += 112
        value = state.rules.set_value(state.sets_traded)
        facts = [f"The next set is worth {value} armies ({state.sets_traded} traded so far by everyone). "
                 "A set is three alike, one of each, or two and a wild; a card of a territory you hold "
                 "puts +2 armies there (once a turn)."]
        if self.forced():
            facts.append(f"You hold {len(hand)} cards: you must trade now.")
        elif not self.trading():
            facts.append("Trade at the start of your turn, before deploying.")
        for line in facts:
            for piece in theme.wrap(line, 14, inner.width):
                colour = theme.TARGET if "must" in line else theme.TEXT_DIM
                surface.blit(theme.render(piece, 14, colour), (inner.x, y))
                y += 18
        sets = self.sets()
        if self.trading():
            surface.blit(theme.render("Sets you can trade" if sets else "No set to trade", 15, theme.TEXT, bold=True),
                         (inner.x, self.box().y + self.LIST_TOP - 26))
        for i, (cards, bonuses) in enumerate(sets[:6]):
            row_y = self.box().y + self.LIST_TOP + i * 40
            names = ", ".join("wild" if c == WILD else board.names[c] for c in cards)
            bonus = self.chosen_bonus(cards, bonuses)
            text = f"{set_value(state, cards)} armies: {names}"
            colour = theme.TEXT if i == self.row else theme.TEXT_DIM
            if i == self.row:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, (inner.x - 6, row_y - 2, inner.width + 12, 36),
                                 border_radius=6)
            surface.blit(theme.render(text, 14, colour, bold=i == self.row), (inner.x, row_y + 1))
            extra = f"+2 on {board.names[bonus]}" if bonus is not None else "no +2 (you hold none of these)"
            surface.blit(theme.render(extra, 12, theme.GOOD if bonus is not None else theme.TEXT_DIM),
                         (inner.x, row_y + 18))

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
            elif intent.dx and sets:
                cards, _ = sets[self.row]
                self.bonus_pick[cards] = self.bonus_pick.get(cards, 0) + intent.dx
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


# -- moving armies -------------------------------------------------------------------------------

class AmountDialog(Dialog):
    """Choose a number of armies with a slider (keys: arrows, +/-, Home/End, Enter)."""

    size = (520, 250)
    cancellable = True

    def __init__(self, app, game, low: int, high: int, value: int):
        super().__init__(app)
        self.game = game
        self.low, self.high, self.value = low, high, max(low, min(high, value))

    def build(self, box):
        slider = Slider((box.x + 30, box.y + 110, box.width - 60, 30), self.low, self.high, self.value, "n")
        widgets = [slider]
        y = box.bottom - 48
        widgets.append(Button((box.x + 20, y, 70, 32), "Min", I.Extreme(False), key=""))
        widgets.append(Button((box.x + 96, y, 70, 32), "Max", I.Extreme(True), key=""))
        label = self.confirm_label()
        w = button_width(label, "Enter", 140)
        widgets.append(Button((box.right - 20 - w, y, w, 32), label, I.Confirm(), key="Enter", style="primary"))
        if self.cancellable:
            widgets.append(Button((box.right - 30 - w - 100, y, 90, 32), "Cancel", I.Cancel(), key="Esc"))
        return widgets

    def confirm_label(self) -> str:
        return f"Move {self.value}"

    def handle(self, intent) -> None:
        if isinstance(intent, I.SetValue):
            self.value = intent.value
        elif isinstance(intent, I.Adjust):
            self.value = max(self.low, min(self.high, self.value + intent.delta))
        elif isinstance(intent, I.Navigate):
            self.value = max(self.low, min(self.high, self.value + intent.dx - intent.dy))
        elif isinstance(intent, I.Scroll):
            self.value = max(self.low, min(self.high, self.value + intent.amount))
        elif isinstance(intent, I.Extreme):
            self.value = self.high if intent.highest else self.low
        elif isinstance(intent, I.Confirm):
            self.confirm()
        elif isinstance(intent, I.Cancel) and self.cancellable:
            self.cancel()

    def confirm(self) -> None:
        pass

    def cancel(self) -> None:
        self.close()


class OccupyDialog(AmountDialog):
    """After a conquest: how many armies move in (at least the dice of the last roll)."""

    cancellable = False

    def __init__(self, app, game):
        state = game.state
        s, t = state.attack_source, state.attack_target
        low, high = state.occupy_min, state.armies[s] - 1
        super().__init__(app, game, low, high, default_occupy(state))
        self.source, self.target = s, t
        self.title = f"Conquered {state.board.names[t]}!"

    def body(self, surface, inner):
        names = self.game.state.board.names
        text = (f"Move armies from {names[self.source]} into {names[self.target]}: at least {self.low} "
                f"(the dice you rolled), at most {self.high} (one stays behind).")
        y = inner.y
        for line in theme.wrap(text, 14, inner.width):
            surface.blit(theme.render(line, 14, theme.TEXT_DIM), (inner.x, y))
            y += 18

    def update(self, dt):
        if self.game.state.phase != Phase.OCCUPY or not self.game.session.is_human_turn():
            self.close()
            return
        super().update(dt)

    def confirm(self):
        if self.game.human_action(Occupy(self.value)):
            self.close()


def default_occupy(state) -> int:
    """Everything forward when the source has no other enemy neighbour; the minimum when the
    conquered territory has none; otherwise half."""
    s, t = state.attack_source, state.attack_target
    low, high = state.occupy_min, state.armies[s] - 1
    me = state.player
    source_threatened = any(state.owner[n] != me for n in state.board.neighbours[s])
    target_threatened = any(state.owner[n] != me for n in state.board.neighbours[t])
    if not source_threatened:
        return high
    if not target_threatened:
        return low
    return max(low, min(high, (low + high + 1) // 2))


class MoveDialog(AmountDialog):
    """The fortify move: how many armies go from one territory to another."""

    def __init__(self, app, game, source: int, target: int, movable: int):
        super().__init__(app, game, 1, movable, movable)
        self.source, self.target = source, target
        names = game.state.board.names
        self.title = f"Fortify {names[target]}"

    def body(self, surface, inner):
        names = self.game.state.board.names
        text = (f"Move armies from {names[self.source]} to {names[self.target]}. The move is made when "
                f"you end your turn, and can be taken back until then.")
        y = inner.y
        for line in theme.wrap(text, 14, inner.width):
            surface.blit(theme.render(line, 14, theme.TEXT_DIM), (inner.x, y))
            y += 18

    def confirm(self):
        self.close()
        self.game.human_action(Fortify(self.source, self.target, self.value))

    def cancel(self):
        self.game.target = None
        self.close()


# -- menus ----------------------------------------------------------------------------------------

class ButtonMenu(Dialog):
    """A column of choices (arrows and Enter, or the mouse)."""

    size = (360, 380)

    def __init__(self, app):
        super().__init__(app)
        self.index = 0

    def choices(self) -> list[tuple[str, object, bool]]:
        return []

    def build(self, box):
        widgets = []
        y = box.y + 60
        for i, (label, key, enabled) in enumerate(self.choices()):
            widgets.append(Button((box.x + 30, y, box.width - 60, 36), label, I.Choose(key), enabled=enabled,
                                  style="primary" if i == self.index else "normal"))
            y += 44
        return widgets

    def handle(self, intent) -> None:
        choices = self.choices()
        if isinstance(intent, I.Choose):
            self.choose(intent.key)
        elif isinstance(intent, I.Navigate) and intent.dy:
            self.index = (self.index + intent.dy) % len(choices)
        elif isinstance(intent, I.Cycle):
            self.index = (self.index + intent.step) % len(choices)
        elif isinstance(intent, (I.Confirm, I.Activate)):
            label, key, enabled = choices[self.index]
            if enabled:
                self.choose(key)
        elif isinstance(intent, (I.Cancel, I.Menu)):
            self.close()

    def choose(self, key) -> None:
        pass


class PauseMenu(ButtonMenu):
    title = "Paused"
    size = (360, 400)

    def __init__(self, app, game):
        super().__init__(app)
        self.game = game

    def choices(self):
        return [("Resume", "resume", True), ("Save game", "save", True), ("Load game", "load", True),
                ("Help", "help", True), ("Main menu", "menu", True), ("Quit", "quit", True)]

    def choose(self, key):
        from risk.gui.scenes.menu import MenuScene

        if key == "resume":
            self.close()
        elif key == "save":
            self.game.save_as()
            self.close()
        elif key == "load":
            self.close()
            self.app.push(LoadDialog(self.app))
        elif key == "help":
            self.close()
            self.app.push(HelpDialog(self.app))
        elif key == "menu":
            if not self.game.state.is_terminal():
                self.game.autosave()  # before the menu looks for a game to resume
            self.app.replace_all(MenuScene(self.app))
        elif key == "quit":
            self.app.quit()


class HelpDialog(Dialog):
    title = "How to play"
    size = (900, 600)

    RULES = [
        "Goal: hold every territory. Each turn: trade cards (if you have a set), deploy reinforcements, "
        "attack as often as you like, then make one fortify move.",
        "Reinforcements: your territories divided by 3 (at least 3), plus the bonus of every continent you "
        "hold whole (shown beside each continent on the map).",
        "Battles: the attacker rolls up to 3 dice, the defender up to 2; highest dice are compared, ties go "
        "to the defender. The odds shown before you attack are exact.",
        "Colours are backed by shapes: each player's armies sit in its own badge shape, and its land has "
        "its own hatching.",
    ]

    def body(self, surface, inner):
        y = inner.y
        for text in self.RULES:
            for line in theme.wrap(text, 14, inner.width):
                surface.blit(theme.render(line, 14, theme.TEXT), (inner.x, y))
                y += 18
            y += 4
        y += 6
        surface.blit(theme.render("Keys (the mouse does the same with clicks and buttons)", 15, theme.TEXT,
                                  bold=True), (inner.x, y))
        y += 24
        column = inner.width // 2
        lines = key_help()
        half = (len(lines) + 1) // 2
        for i, line in enumerate(lines):
            x = inner.x + (i // half) * column
            surface.blit(theme.render(line, 13, theme.TEXT_DIM), (x, y + (i % half) * 19))

    def build(self, box):
        return [Button((box.right - 120, box.bottom - 48, 100, 32), "Close", I.Cancel(), key="Esc")]

    def handle(self, intent):
        if isinstance(intent, (I.Cancel, I.Confirm, I.Help, I.Press)):
            self.close()


class LoadDialog(ButtonMenu):
    title = "Load a game"
    size = (620, 600)

    def __init__(self, app):
        super().__init__(app)
        self.paths = saves.list_saves(10)

    def choices(self):
        auto = saves.autosave_path()
        out = []
        for path in self.paths:
            label = "Last game (autosave)" if path == auto else path.stem.replace("_", " ")
            out.append((label, path, True))
        out.append(("Cancel", None, True))
        return out

    def body(self, surface, inner):
        if len(self.paths) == 0:
            surface.blit(theme.render(f"No saved games in {saves.saves_dir()}", 13, theme.TEXT_DIM), inner.topleft)

    def build(self, box):
        widgets = []
        y = box.y + 70
        for i, (label, key, enabled) in enumerate(self.choices()):
            widgets.append(Button((box.x + 30, y, box.width - 60, 34), label, I.Choose(key), enabled=enabled,
                                  style="primary" if i == self.index else "normal"))
            y += 42
        return widgets

    def choose(self, key):
        from risk.gui.scenes.game import GameScene

        if key is None:
            self.close()
            return
        try:
            scene = GameScene.loaded(self.app, key)
        except (RiskError, OSError) as exc:
            self.app.notify(f"Cannot load {key.name}: {exc}", 4)
            return
        self.app.replace_all(scene)
