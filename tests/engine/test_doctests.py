"""The examples in the docstrings and the README are tests too: every one runs and passes."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import ai
import risk
from tests.support import ROOT


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


README = ROOT / "README.md"


def test_the_readme_examples_pass():
    """The README's examples (its quick tour) run and print what the README shows."""
    # A fence line would read as expected output; a blank line in its place keeps the line numbers.
    text = re.sub(r"(?m)^```.*$", "", README.read_text(encoding="utf-8"))
    test = doctest.DocTestParser().get_doctest(text, {}, "README.md", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False) == (0, len(test.examples))
    assert len(test.examples) >= 20  # the tour is there
