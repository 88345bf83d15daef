"""Intents: what the player means, decided from raw input before any scene sees it.

Scenes never read keys or mouse buttons: :class:`~risk.gui.keys.InputMapper` turns each pygame
event into intents such as ``SelectTerritory(12)``, ``Confirm()`` or ``Undo()``. The intents are
plain values with no pygame in them, so what a scene makes of them can be tested without a window
(:mod:`risk.gui.selection`).
"""

from __future__ import annotations

from dataclasses import dataclass


class Intent:
    """Base class of all intents."""

    __slots__ = ()


def _intent(name: str, *fields: str, defaults: tuple = ()):
    namespace = {"__annotations__": {f: object for f in fields}}
    for field_name, default in zip(fields[len(fields) - len(defaults):], defaults):
        namespace[field_name] = default
    return dataclass(frozen=True)(type(name, (Intent,), namespace))


SelectTerritory = _intent("SelectTerritory", "territory", "shift", defaults=(False,))
Hover = _intent("Hover", "territory")
Activate = _intent("Activate", "shift", defaults=(False,))  # the focused territory, from the keyboard
Confirm = _intent("Confirm")
Cancel = _intent("Cancel")
Deselect = dataclass(frozen=True)(type("Deselect", (Cancel,), {}))  # right click: a Cancel that opens no menu
EndPhase = _intent("EndPhase")
Undo = _intent("Undo")
PlaceAll = _intent("PlaceAll")
Roll = _intent("Roll")
Blitz = _intent("Blitz")
BlitzUntil = _intent("BlitzUntil")
Adjust = _intent("Adjust", "delta")
Extreme = _intent("Extreme", "highest")
SetValue = _intent("SetValue", "key", "value")
Navigate = _intent("Navigate", "dx", "dy")
Cycle = _intent("Cycle", "step")
Scroll = _intent("Scroll", "amount", "pos")
Press = _intent("Press", "pos")  # a click on nothing in particular
Hint = _intent("Hint")
ApplyHint = _intent("ApplyHint")
ShowCards = _intent("ShowCards")
Save = _intent("Save")
Load = _intent("Load")
Menu = _intent("Menu")
Help = _intent("Help")
Speed = _intent("Speed", "level")
SkipToMyTurn = _intent("SkipToMyTurn")
Screenshot = _intent("Screenshot")
Quit = _intent("Quit")
Choose = _intent("Choose", "key")  # a choice in a dialog or menu (a button's own meaning)
DefendWith = _intent("DefendWith", "dice")  # the seeing defender's dice (old UK rules)
StandFast = _intent("StandFast")  # the defender stays and fights instead of retreating
ToggleSix = _intent("ToggleSix")  # whether the human's blitzes may spend the commander's six (US 1980)
SpendSix = _intent("SpendSix")  # turn the lowest die of the roll just made into the commander's six
KeepRoll = _intent("KeepRoll")  # keep the roll just made as rolled (and the commander's six)
TypeText = _intent("TypeText", "text")  # a character typed into a text field ("\b": erase one)
ToggleSound = _intent("ToggleSound")  # mute or unmute the sounds
DropFile = _intent("DropFile", "path")  # a file dropped on the window
Zoom = _intent("Zoom", "steps", "pos", defaults=(None,))  # zoom the map in (> 0) or out, about pos; 0: all of it
Pan = _intent("Pan", "dx", "dy")  # move the map by so many pixels
