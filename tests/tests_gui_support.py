"""Helpers for the window's tests: start a window, post clicks and keys, wait in frames."""

from __future__ import annotations

import time

import pygame

from risk.gui.app import App, PlayConfig
from risk.gui.scenes.game import GameScene
from risk.rules import Rules


def start(config: PlayConfig) -> App:
    app = App(config)
    app.start()
    app.frame()
    return app


def quick_config(**changes) -> PlayConfig:
    from risk.state import classic_board

    values = dict(players=3, bots=["angry", "angry"], seat=0, seed=11, board=classic_board(),
                  rules=Rules(setup="deal", placement="auto"), speed="max")
    values.update(changes)
    return PlayConfig(**values)


def game(app) -> GameScene:
    return app.find(GameScene)


def frames(app, n: int = 1) -> None:
    for _ in range(n):
        app.frame()


def until(app, condition, limit: int = 3000) -> None:
    for _ in range(limit):
        if condition():
            return
        app.frame()
        time.sleep(0.001)
    raise AssertionError("the window never got there")


def click(app, pos, shift: bool = False, button: int = 1) -> None:
    pygame.key.set_mods(pygame.KMOD_SHIFT if shift else 0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.frame()
    pygame.key.set_mods(0)


def press(app, key, mod: int = 0, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0))
    app.frame()


def territory_click(app, t: int, shift: bool = False) -> None:
    click(app, game(app).view.centre(t), shift)


def button(app, label_start: str):
    for widget in app.top.widgets():
        if getattr(widget, "label", "").startswith(label_start) and widget.enabled:
            return widget
    raise AssertionError(f"no button {label_start!r} among {[getattr(w, 'label', '') for w in app.top.widgets()]}")


