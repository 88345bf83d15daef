"""Shared fixtures. Tests are deterministic: every game and bot is seeded."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# Property tests draw the same examples on every run and every machine (the guide: tests are
# deterministic); a failure found once is found again, not by luck.
settings.register_profile("deterministic", derandomize=True, database=None)
settings.load_profile("deterministic")

# The window's tests run without a display or sound device.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

DATA = Path(__file__).parent / "data"
BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def load_benchmark(name: str):
    """A script of benchmarks/ as a module (its siblings importable while it loads)."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCHMARKS))


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
