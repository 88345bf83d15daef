"""The pygame window: scenes over the untouched engine.

Modules, from the bottom up: :mod:`~risk.gui.theme` (colours, fonts), :mod:`~risk.gui.geometry`
(territory cells), :mod:`~risk.gui.maprender` (drawing the board), :mod:`~risk.gui.intents`
(input turned into intents), :mod:`~risk.gui.widgets`, :mod:`~risk.gui.animation`,
:mod:`~risk.gui.session` (the match, undo, log, statistics, saving), :mod:`~risk.gui.worker`
(bots on a thread), :mod:`~risk.gui.saves`, :mod:`~risk.gui.stats`, :mod:`~risk.gui.graphs`,
:mod:`~risk.gui.layout` (text that fits), :mod:`~risk.gui.maplabels` (territory names),
:mod:`~risk.gui.panels` (the game's panels, laid out as data), :mod:`~risk.gui.hud` (words, odds,
a frame of the game), :mod:`~risk.gui.app` (the scene stack and main loop),
and the scenes in :mod:`risk.gui.scenes`. See ``docs/window.md``.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
