"""The window's tests run headless (SDL's dummy drivers, set in ``tests/conftest.py``), seeded, with
waits counted in frames. Each has a per-user data folder of its own and closes the display after."""

from __future__ import annotations

import pygame
import pytest


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    """A fresh per-user folder: no autosave, no settings, no maps of the player's own."""
    monkeypatch.setenv("MARKOV_RISK_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("MARKOV_RISK_AUTOSAVE", raising=False)
    yield tmp_path / "data"
    pygame.display.quit()
