"""Shared fixtures. Tests are deterministic: every game and bot is seeded."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from tests.support import DATA

# Property tests draw the same examples on every run and every machine (the guide: tests are
# deterministic); a failure found once is found again, not by luck.
settings.register_profile("deterministic", derandomize=True, database=None)
settings.load_profile("deterministic")

# The window's tests run without a display or sound device.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(scope="session")
def classic():
    from risk.board import load_map
    return load_map()


@pytest.fixture(scope="session")
def tiny():
    from risk.board import load_map
    return load_map(DATA / "tiny.json")


@pytest.fixture
def data_dir() -> Path:
    return DATA
