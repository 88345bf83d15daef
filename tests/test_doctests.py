"""The examples in the docstrings are tests too: every module's doctests run and pass."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import ai
import risk


def modules_with_examples() -> list[str]:
    names = []
    for package in (risk, ai):
        for info in pkgutil.walk_packages(package.__path__, prefix=package.__name__ + "."):
            if ".gui" in info.name:
                continue  # the window's modules start pygame on import and hold no examples
            spec = importlib.util.find_spec(info.name)
            if spec.origin and spec.origin.endswith(".py"):
                with open(spec.origin, encoding="utf-8") as source:
                    if ">>> " in source.read():
                        names.append(info.name)
    return names


MODULES = modules_with_examples()


def test_the_modules_with_examples_are_found():
    assert {"risk.cards", "risk.actions", "risk.battle.dice", "risk.tournament.stats"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_doctests_pass(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
