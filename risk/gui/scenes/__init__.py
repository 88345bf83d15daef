"""The scenes of the window, by name: the menu, the new-game screen, the game, the dialogs over
it, hand-over and game over, replays.

:data:`SCENES` is the one place that knows where each scene lives. Scenes open each other by
name through the app (:meth:`~risk.gui.app.App.open`, :meth:`~risk.gui.app.App.switch`,
:meth:`~risk.gui.app.App.make`) and import none of their peers, only the kinds they build on
(:mod:`risk.gui.scenes.base`). A scene's module is imported when the scene is first made: a game
started from the command line loads no menu, and ``risk replay --window`` loads no game.
"""

from __future__ import annotations

from importlib import import_module

#: name: (module in this package, what makes the scene: a class, or "Class.method" for a class
#: method that makes it). Each is called with the app first, then the arguments the opener gives.
SCENES: dict[str, tuple[str, str]] = {
    "menu": ("menu", "MenuScene"),
    "quick-game": ("menu", "NewGameDialog"),            # (watch=False)
    "new-game": ("newgame", "NewGameScene"),            # (watch=False)
    "game": ("game", "GameScene"),                      # (session)
    "game.new": ("game", "GameScene.new"),              # (config): a new game as a PlayConfig asks
    "game.loaded": ("game", "GameScene.loaded"),        # (path): a saved game
    "cards": ("cards", "CardDialog"),                   # (game)
    "occupy": ("dialogs", "OccupyDialog"),              # (game)
    "move": ("dialogs", "MoveDialog"),                  # (game, source, target, movable)
    "pause": ("dialogs", "PauseMenu"),                  # (game)
    "help": ("dialogs", "HelpDialog"),
    "load": ("dialogs", "LoadDialog"),
    "hand-over": ("handover", "HandOverScene"),         # (game, seat)
    "waited": ("handover", "WaitedDialog"),             # (game, summary)
    "game-over": ("gameover", "GameOverScene"),         # (game)
    "replay": ("replay", "ReplayScene"),                # (replay, title="", from_menu=True)
    "replay.opened": ("replay", "ReplayScene.opened"),  # (path, from_menu=True)
    "replay-picker": ("replay", "ReplayPicker"),
}


def scene_maker(name: str):
    """What makes the scene called ``name`` (a class or a class method, to call with the app and
    the scene's arguments); LookupError naming the scenes there are if there is none."""
    try:
        module, attribute = SCENES[name]
    except KeyError:
        raise LookupError(f"no scene called {name!r}; the scenes are {', '.join(SCENES)}") from None
    maker = import_module(f"{__name__}.{module}")
    for part in attribute.split("."):
        maker = getattr(maker, part)
    return maker
