"""The keyboard and the mouse: the key table (which the help overlay shows) and
:class:`InputMapper`, turning each pygame event into :mod:`~risk.gui.intents` for the scene on top.

The mapper asks the top scene only what is under the pointer: a widget, whose intent it then
emits, or a territory.
"""

from __future__ import annotations

import pygame

from risk.gui.intents import (Activate, Adjust, Blitz, BlitzUntil, Cancel, Confirm, Cycle, Deselect, DropFile,
                              EndPhase, Extreme, Help, Hint, Hover, Intent, KeepRoll, Load, Navigate, PlaceAll,
                              Press, Quit, Roll, Save, Screenshot, Scroll, SelectTerritory, ShowCards, SkipToMyTurn,
                              Speed, SpendSix, ToggleSound, TypeText, Undo, Pan, Zoom)

#: How far Ctrl+arrow moves a zoomed map, in pixels.
PAN_STEP = 120
#: How far the pointer moves, a button held down on the sea, before the press is a drag of the map.
DRAG_START = 4

#: (key, needs ctrl, needs shift or None for either, intent factory, what the help says)
KEYS: list[tuple[int, bool, bool | None, object, str]] = [
    (pygame.K_RETURN, False, None, Confirm, "Enter: the phase's main step (place all, blitz, end turn, OK)"),
    (pygame.K_KP_ENTER, False, None, Confirm, ""),
    (pygame.K_SPACE, False, False, Activate, "Space: pick the highlighted territory (Shift+Space: +5)"),
    (pygame.K_SPACE, False, True, lambda: Activate(True), ""),
    (pygame.K_ESCAPE, False, None, Cancel, "Esc: cancel the selection / close a dialog / menu"),
    (pygame.K_e, False, None, EndPhase, "E: end the phase (stop trading, stop attacking, end turn)"),
    (pygame.K_z, True, None, Undo, "Ctrl+Z or U: undo a deploy or the fortify move"),
    (pygame.K_u, False, None, Undo, ""),
    (pygame.K_a, False, None, PlaceAll, "A: deploy all remaining armies on the highlighted territory"),
    (pygame.K_r, False, None, Roll, "R: roll the dice once"),
    (pygame.K_b, False, None, Blitz, "B: blitz (roll until conquest or 1 army left)"),
    (pygame.K_n, False, None, BlitzUntil, "N: blitz until N armies are left (+/- sets N)"),
    (pygame.K_6, False, None, SpendSix, "6 / K: after a roll, turn a die into the commander's six / keep the roll"),
    (pygame.K_KP6, False, None, SpendSix, ""),
    (pygame.K_k, False, None, KeepRoll, ""),
    (pygame.K_EQUALS, True, None, lambda: Zoom(1), "Ctrl + / Ctrl - / Ctrl 0: zoom the map in, out, all of it "
                                                    "(or Ctrl+wheel; drag the sea, or the middle button, to move it)"),
    (pygame.K_PLUS, True, None, lambda: Zoom(1), ""),
    (pygame.K_KP_PLUS, True, None, lambda: Zoom(1), ""),
    (pygame.K_MINUS, True, None, lambda: Zoom(-1), ""),
    (pygame.K_KP_MINUS, True, None, lambda: Zoom(-1), ""),
    (pygame.K_0, True, None, lambda: Zoom(0), ""),
    (pygame.K_LEFT, True, None, lambda: Pan(PAN_STEP, 0), "Ctrl+arrows: move the zoomed map"),
    (pygame.K_RIGHT, True, None, lambda: Pan(-PAN_STEP, 0), ""),
    (pygame.K_UP, True, None, lambda: Pan(0, PAN_STEP), ""),
    (pygame.K_DOWN, True, None, lambda: Pan(0, -PAN_STEP), ""),
    (pygame.K_PLUS, False, None, lambda: Adjust(1), "+ / -: more / fewer (armies, N)"),
    (pygame.K_EQUALS, False, None, lambda: Adjust(1), ""),
    (pygame.K_KP_PLUS, False, None, lambda: Adjust(1), ""),
    (pygame.K_MINUS, False, None, lambda: Adjust(-1), ""),
    (pygame.K_KP_MINUS, False, None, lambda: Adjust(-1), ""),
    (pygame.K_PAGEUP, False, None, lambda: Adjust(5), ""),
    (pygame.K_PAGEDOWN, False, None, lambda: Adjust(-5), ""),
    (pygame.K_HOME, False, None, lambda: Extreme(False), ""),
    (pygame.K_END, False, None, lambda: Extreme(True), ""),
    (pygame.K_LEFT, False, None, lambda: Navigate(-1, 0), "Arrows: move the highlight between territories"),
    (pygame.K_RIGHT, False, None, lambda: Navigate(1, 0), ""),
    (pygame.K_UP, False, None, lambda: Navigate(0, -1), ""),
    (pygame.K_DOWN, False, None, lambda: Navigate(0, 1), ""),
    (pygame.K_TAB, False, False, lambda: Cycle(1), "Tab / Shift+Tab: next / previous territory you can pick"),
    (pygame.K_TAB, False, True, lambda: Cycle(-1), ""),
    (pygame.K_h, False, None, Hint, "H: ask the best bot for a hint"),
    (pygame.K_c, False, None, ShowCards, "C: your cards (and trading)"),
    (pygame.K_s, True, None, Save, "Ctrl+S: save the game"),
    (pygame.K_l, True, None, Load, "Ctrl+L: load a game"),
    (pygame.K_o, True, None, Load, ""),
    (pygame.K_q, True, None, Quit, "Ctrl+Q: quit (the game is saved automatically)"),
    (pygame.K_F1, False, None, Help, "F1 or ?: this help"),
    (pygame.K_SLASH, False, None, Help, ""),
    (pygame.K_1, False, None, lambda: Speed("slow"), "1-4: bot speed slow, normal, fast, max"),
    (pygame.K_2, False, None, lambda: Speed("normal"), ""),
    (pygame.K_3, False, None, lambda: Speed("fast"), ""),
    (pygame.K_4, False, None, lambda: Speed("max"), ""),
    (pygame.K_s, False, None, SkipToMyTurn, "S: skip to my turn (bots play at full speed)"),
    (pygame.K_F12, False, None, Screenshot, "F12: save a screenshot"),
    (pygame.K_m, False, None, ToggleSound, "M: sound on / off"),
]


def key_help() -> list[str]:
    return [text for *_, text in KEYS if text]


def _typed(event) -> list[Intent]:
    if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        return [Confirm()]
    if event.key == pygame.K_ESCAPE:
        return [Cancel()]
    if event.key == pygame.K_BACKSPACE:
        return [TypeText("\b")]
    text = getattr(event, "unicode", "")
    return [TypeText(text)] if text and text.isprintable() else []


class InputMapper:
    """Turns pygame events into intents for the scene on top."""

    def __init__(self):
        self.hovered: object = None
        self.drag = None  # the slider being dragged
        self.pointer: tuple[int, int] | None = None  # where the mouse was last seen
        #: Where a press that may become a drag of the map began, and whether it has moved enough
        #: to be one (a left press on the sea, or any middle press).
        self.panning: tuple[int, int] | None = None
        self.panned = False

    def translate(self, event, scene) -> list[Intent]:
        kind = event.type
        if kind == pygame.QUIT:
            return [Quit()]
        if kind == pygame.KEYDOWN:
            return self._key(event, scene)
        if kind == pygame.DROPFILE:
            return [DropFile(event.file)]
        if kind == pygame.MOUSEBUTTONDOWN:
            self.pointer = event.pos
            return self._press(event, scene)
        if kind == pygame.MOUSEBUTTONUP:
            self.drag = None
            self.panning = None
            return []
        if kind == pygame.MOUSEMOTION:
            last, self.pointer = self.pointer, event.pos
            if self.drag is not None:
                return self.drag.drag(event.pos)
            if self.panning is not None and last is not None:
                start = self.panning
                if self.panned or abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) >= DRAG_START:
                    self.panned = True
                    return [Pan(event.pos[0] - last[0], event.pos[1] - last[1])]
                return []
            territory = scene.territory_at(event.pos)
            if territory != self.hovered:
                self.hovered = territory
                return [Hover(territory)]
            return []
        if kind == pygame.MOUSEWHEEL:
            # The wheel's only event: SDL also reports each notch as a press of "button" 4 or 5,
            # which _press ignores, or every notch would count twice.
            if not event.y:
                return []
            pos = self.pointer if self.pointer is not None else pygame.mouse.get_pos()
            if pygame.key.get_mods() & (pygame.KMOD_CTRL | pygame.KMOD_META):
                return [Zoom(int(event.y), pos)]
            return [Scroll(int(event.y), pos)]  # notches; a fast spin may bring several
        return []

    def _key(self, event, scene=None) -> list[Intent]:
        mods = event.mod
        ctrl = bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if getattr(scene, "wants_text", False) and not ctrl and event.key != pygame.K_F12:
            return _typed(event)  # a text field has the keyboard: keys are letters
        shift = bool(mods & pygame.KMOD_SHIFT)
        if event.key == pygame.K_SLASH and shift or getattr(event, "unicode", "") == "?":
            return [Help()]
        for key, needs_ctrl, needs_shift, make, _ in KEYS:
            if key == event.key and needs_ctrl == ctrl and (needs_shift is None or needs_shift == shift):
                return [make()]
        return []

    def _press(self, event, scene) -> list[Intent]:
        shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        if event.button == 3:
            return [Deselect()]
        if event.button == 2:
            self.panning, self.panned = event.pos, False
            return []
        if event.button != 1:
            return []
        for widget in reversed(scene.widgets()):
            if widget.rect.collidepoint(event.pos) and widget.enabled:
                if getattr(widget, "draggable", False):
                    self.drag = widget
                return widget.click(event.pos, shift)
        territory = scene.territory_at(event.pos)
        if territory is not None:
            return [SelectTerritory(territory, shift)]
        self.panning, self.panned = event.pos, False  # on the sea: a drag moves a zoomed map
        return [Press(event.pos)]
