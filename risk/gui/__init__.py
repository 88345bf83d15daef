"""The pygame window: scenes over the untouched engine.

Modules, from the bottom up: :mod:`~risk.gui.theme` (colours, fonts), :mod:`~risk.gui.geometry`
(territory cells), :mod:`~risk.gui.maprender` (drawing the board), :mod:`~risk.gui.intents`
(what the player means, plain values), :mod:`~risk.gui.keys` (pygame input turned into intents),
:mod:`~risk.gui.advice` (advice from the exact odds), :mod:`~risk.gui.selection` (the person's
picks and what each intent comes to: no pygame), :mod:`~risk.gui.widgets`,
:mod:`~risk.gui.animation`, :mod:`~risk.gui.session` (the match, undo, log, statistics, saving),
:mod:`~risk.gui.worker` (bots on a thread), :mod:`~risk.gui.pacing` (the pace of the bots' turns
and of what a move shows), :mod:`~risk.gui.hints`, :mod:`~risk.gui.saves`, :mod:`~risk.gui.stats`,
:mod:`~risk.gui.graphs`, :mod:`~risk.gui.layout` (text that fits), :mod:`~risk.gui.maplabels`
(territory names), :mod:`~risk.gui.panels` (the game's panels, laid out as data),
:mod:`~risk.gui.hud` (words, odds, a frame of the game), :mod:`~risk.gui.app` (the scene stack,
scenes opened by name, the main loop), and the scenes in :mod:`risk.gui.scenes` (a table of them
by name). See ``docs/window.md``.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
