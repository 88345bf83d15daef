"""The lab's tests: deterministic hypothesis runs and a plotting back end without a display
(the study scripts they load are found through :mod:`study_scripts`)."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("deterministic", derandomize=True, database=None)
settings.load_profile("deterministic")
os.environ.setdefault("MPLBACKEND", "Agg")
