"""What the tests share: where the checkout, the tests and their data files are.

The helpers beside this module: :mod:`tests.support.gui` (start a window, post clicks and keys),
:mod:`tests.support.golden` (the golden games), :mod:`tests.support.broken_files` (the corpus of
broken files), :mod:`tests.support.distributions` (goodness of fit against an exact law),
:mod:`tests.support.bots` (small bots loadable by import path, ``tests.support.bots:CrashBot``),
:mod:`tests.support.isles` (the test map Isles with its pictures, written for the run) and
:mod:`tests.support.untouched` (the listings that show a run wrote nothing outside its temporary
folders).
"""

from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
ROOT = TESTS.parent
DATA = TESTS / "data"
