"""Dialogs: overlays on the game for moving armies, the pause menu, help and loading (the card
dialog is the scene "cards", in :mod:`risk.gui.scenes.cards`)."""

from __future__ import annotations

from dataclasses import replace

from risk.actions import Fortify, Occupy
from risk.gui import intents as I
from risk.gui import saves, theme
from risk.gui.keys import key_help
from risk.gui.savelist import SaveDescriptions
from risk.gui.scenes.base import ButtonMenu, Dialog, FilePicker
from risk.gui.widgets import Button, Slider, button_width
from risk.phase import Phase


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
        self.game.selection = replace(self.game.selection, target=None)
        self.close()


# -- menus ----------------------------------------------------------------------------------------

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
        if key == "resume":
            self.close()
        elif key == "save":
            self.game.save_as()
            self.close()
        elif key == "load":
            self.close()
            self.app.open("load")
        elif key == "help":
            self.close()
            self.app.open("help")
        elif key == "menu":
            if not self.game.state.is_terminal():
                self.game.autosave()  # before the menu looks for a game to resume
            self.app.switch("menu")
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


class LoadDialog(FilePicker):
    """The saved games, newest first (the autosave first), to load in place of the game."""

    title = "Load a game"

    size = (760, 600)

    def __init__(self, app):
        super().__init__(app)
        self.paths = saves.list_saves(10)
        self.descriptions = SaveDescriptions(self.paths)

    def choices(self):
        from risk.gui.layout import ellipsize

        auto = saves.autosave_path()
        width = self.box().width - 80
        out = []
        for path in self.paths:
            about = self.descriptions.get(path) or "..."
            if path == auto:
                label = f"Last game (autosave): {about}"
            elif path.stem.startswith("game_"):  # named by its date and time, which the description ends with
                label = about
            else:
                label = f"{path.stem}: {about}"
            out.append((ellipsize(label, 14, width, bold=True), path, True))
        out.append(("Cancel", None, True))
        return out

    def body(self, surface, inner):
        if len(self.paths) == 0:
            surface.blit(theme.render(f"No saved games in {saves.saves_dir()}", 13, theme.TEXT_DIM), inner.topleft)
