"""Shared fixtures. Tests are deterministic: every game and bot is seeded."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from tests.support import DATA, ROOT, pools
from tests.support.untouched import device_listing, differences, tree_listing

# Property tests draw the same examples on every run and every machine (the guide: tests are
# deterministic); a failure found once is found again, not by luck.
settings.register_profile("deterministic", derandomize=True, database=None)
settings.load_profile("deterministic")

# The window's tests run without a display or sound device.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


# -- a run leaves everything outside its temporary folders as it found it ---------------------------

_LISTINGS = pytest.StashKey[tuple]()


def pytest_sessionstart(session):
    session.stash[_LISTINGS] = (tree_listing(ROOT), device_listing())


def pytest_sessionfinish(session, exitstatus):
    """Fail the run if a test wrote outside its temporary folders: into the checkout, or over a
    device of /dev (as a writer that replaced what it was given once did to /dev/full)."""
    if _LISTINGS not in session.stash:
        return
    checkout, devices = session.stash[_LISTINGS]
    changed = (differences(checkout, tree_listing(ROOT), str(ROOT))
               + differences(devices, device_listing(), "/dev"))
    if not changed:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    lines = ["", "the tests changed files outside their temporary folders:", *changed[:50]]
    for line in lines:
        reporter.write_line(line, red=True) if reporter else print(line)
    session.exitstatus = pytest.ExitCode.TESTS_FAILED


# -- a run leaves no process pool running ------------------------------------------------------------

@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item, nextitem):
    yield
    pools.note(item.nodeid)


def pytest_unconfigure(config):
    pools.end_run_if_stuck()


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
