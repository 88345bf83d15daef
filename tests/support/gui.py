"""Helpers for the window's tests: start a window, post clicks and keys, wait in frames, find a
button, set up a position. The fixtures are in ``tests/gui/conftest.py``."""

from __future__ import annotations

import time

import pygame

from risk.gui.app import App, PlayConfig
from risk.gui.scenes.game import GameScene
from risk.phase import Phase
from risk.rules import Rules

#: The window sizes every layout is checked at: the smallest allowed, a small laptop, the default.
SIZES = [(800, 560), (1024, 700), (1280, 800)]


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


def angry():
    from ai import make_agent
    return make_agent("angry")


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


def play_to_the_end(app, limit: int = 6000) -> None:
    from risk.gui.scenes.gameover import GameOverScene
    until(app, lambda: app.find(GameOverScene) is not None, limit=limit)
    frames(app, 2)  # the game-over screen draws


def click(app, pos, shift: bool = False, button: int = 1) -> None:
    pygame.key.set_mods(pygame.KMOD_SHIFT if shift else 0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.frame()
    pygame.key.set_mods(0)


def hover(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame()


def wheel(app, pos, notches: int = 1) -> None:
    """One turn of the wheel by ``notches`` over ``pos``, as pygame-ce reports it: a press and
    release of button 4 (up) or 5 (down) for each notch, and one MOUSEWHEEL event."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    button = 4 if notches > 0 else 5
    for _ in range(abs(notches)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False, precise_x=0.0,
                                         precise_y=float(notches), touch=False, which=0))
    app.frame()


def press(app, key, mod: int = 0, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0))
    app.frame()


def territory_click(app, t: int, shift: bool = False) -> None:
    click(app, game(app).view.centre(t), shift)


def button(app, label_start: str, scene=None):
    widgets = (scene or app.top).widgets()
    for widget in widgets:
        if getattr(widget, "label", "").startswith(label_start) and widget.enabled:
            return widget
    raise AssertionError(f"no button {label_start!r} among {[getattr(w, 'label', '') for w in widgets]}")


def widget_with(app, label: str):
    """The widget on top labelled exactly ``label``, enabled or not."""
    for widget in app.top.widgets():
        if getattr(widget, "label", None) == label:
            return widget
    raise AssertionError(f"no widget labelled {label!r}: {[getattr(w, 'label', '?') for w in app.top.widgets()]}")


def row_button(app, row: str, step: int):
    """The new-game screen's arrow that moves ``row`` by ``step``."""
    from risk.gui import intents as I

    for widget in app.top.widgets():
        if getattr(widget, "intent", None) == I.Choose(("row", row, step)):
            return widget
    raise AssertionError(f"no button for {row} {step}")


def open_new_game(app):
    """The new-game screen, opened from the main menu by its button."""
    from risk.gui.scenes.newgame import NewGameScene

    click(app, widget_with(app, "New game").rect.center)
    assert isinstance(app.top, NewGameScene)
    return app.top


def scene_with(state, agents, human: int = 0, **config):
    """A window showing the game ``state`` with these agents (a HumanAgent in seat ``human``)."""
    from risk.gui.session import GameSession
    from risk.match import Match

    app = start(quick_config(**config))
    app.replace_all(GameScene(app, GameSession(Match(agents, state=state), human)))
    frames(app, 2)
    return app


def classic_position(holdings: dict, players: int = 3, **options):
    """A position on the classic map: ``holdings`` maps territory names to (owner, armies);
    the other territories go round the seats after the first, with 2 armies each. ``options``
    go to ``GameState.from_position`` (phase, player, pool, hands, rules, seed)."""
    from risk.state import GameState, classic_board

    board = classic_board()
    owner, armies = [], []
    others = [seat for seat in range(1, players)]
    for t in range(len(board)):
        seat, count = holdings.get(board.names[t], (others[t % len(others)], 2))
        owner.append(seat)
        armies.append(count)
    options.setdefault("seed", 4)
    return GameState.from_position(owner, armies, players, **options)


def attack_moment(size):
    """The busiest moment of the action bar: an attack chosen, the commander's six and a card
    trade on offer, a hint with its "Do it"."""
    from risk.actions import Blitz
    from risk.gui.session import HumanAgent
    from risk.state import classic_board

    board = classic_board()
    infantry = [t for t in range(len(board)) if board.cards[t] == 0]
    state = classic_position({"Alaska": (0, 12), "Kamchatka": (1, 5)}, phase=Phase.ATTACK,
                             hands=[infantry[:3], [], []], rules=Rules(commanders=True, trade_anytime=True))
    app = scene_with(state, [HumanAgent(), angry(), angry()], size=size)
    scene = game(app)
    alaska, kamchatka = board.id("Alaska"), board.id("Kamchatka")
    territory_click(app, alaska)
    territory_click(app, kamchatka)
    scene.hint = {"version": scene.session.version, "bot": "angry", "action": Blitz(alaska, kamchatka),
                  "text": "blitz Kamchatka from Alaska", "job": None}
    hover(app, scene.view.centre(kamchatka))  # the box describing the territory under the pointer
    return app, scene
