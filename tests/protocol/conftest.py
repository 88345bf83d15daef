"""The protocol tests' shared fixture: no program kept between games outlives its test."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def stop_kept_programs():
    """Programs kept for a next game (the default for ``cmd:`` specs and bot files) are stopped
    after each test, so no test finds one that an earlier test left."""
    yield
    from risk.protocol.external import stop_parked_programs

    stop_parked_programs()
