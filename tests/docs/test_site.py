"""The documentation site: every page reachable from the index, the API reference complete.

Sphinx itself (``.ci/run`` builds the site with warnings as errors) fails on a page outside every
table of contents; these tests say the same without Sphinx, in the README's test command, and
check what the generated API reference will hold.
"""

from __future__ import annotations

import importlib.util
import re
import sys

import pytest

import risk
from tests.support import ROOT

DOCS = ROOT / "docs"
#: Not pages: the built site, and the site's own Sphinx extensions.
NOT_PAGES = ("_build", "_ext")


def pages() -> set[str]:
    """Every page of the site, by its name as a table of contents gives it (``battle``)."""
    found = set()
    for path in [*DOCS.rglob("*.md"), *DOCS.rglob("*.rst")]:
        relative = path.relative_to(DOCS)
        if relative.parts[0] not in NOT_PAGES:
            found.add(relative.with_suffix("").as_posix())
    return found


def toctree_entries(page: str) -> list[str]:
    """The pages a page's tables of contents list (MyST ```{toctree} fences, reST directives)."""
    path = next(DOCS / (page + suffix) for suffix in (".md", ".rst") if (DOCS / (page + suffix)).exists())
    text = path.read_text(encoding="utf-8")
    bodies = re.findall(r"^```\{toctree\}[^\n]*\n(.*?)^```", text, flags=re.M | re.S)
    bodies += re.findall(r"^\.\. toctree::[^\n]*\n((?:[ \t]+[^\n]*\n|\n)*)", text, flags=re.M)
    entries = []
    for body in bodies:
        for line in body.splitlines():
            line = line.strip()
            if not line or line.startswith(":"):
                continue  # a blank line or an option such as :maxdepth:
            target = re.search(r"<([^>]+)>$", line)  # "Title <page>"
            entries.append((target.group(1) if target else line).removesuffix(".md").removesuffix(".rst"))
    return entries


def reachable_from_index() -> set[str]:
    seen, to_visit = {"index"}, ["index"]
    while to_visit:
        for entry in toctree_entries(to_visit.pop()):
            if entry in pages() and entry not in seen:
                seen.add(entry)
                to_visit.append(entry)
    return seen


def test_every_page_is_reachable_from_the_index():
    unreachable = sorted(pages() - reachable_from_index())
    assert not unreachable, f"pages of docs/ in no table of contents under docs/index.md: {unreachable}"


def test_every_table_of_contents_entry_is_a_page():
    missing = [(page, entry) for page in sorted(pages()) for entry in toctree_entries(page)
               if entry not in pages()]
    assert not missing, f"tables of contents naming pages that do not exist: {missing}"


def test_the_index_lists_the_api_reference_and_the_pages_in_its_tables_of_contents():
    entries = toctree_entries("index")
    assert "api" in entries and "bots" in entries and "commands" in entries
    assert len(entries) == len(set(entries)), "a page listed twice in the index"


@pytest.fixture(scope="module")
def api_names():
    """docs/_ext/api_names.py, the part of the site's API directive that needs no Sphinx."""
    spec = importlib.util.spec_from_file_location("docs_api_names", DOCS / "_ext" / "api_names.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def test_the_api_reference_documents_every_public_name_of_risk(api_names):
    documented = api_names.public_names()
    assert {name.name for name in documented} == set(risk.__all__) - {"__version__"}
    for name in documented:
        # Each is documented from the module that defines it, and that is the facade's object.
        defined = importlib.import_module(name.module)
        for part in name.qualname.split("."):
            defined = getattr(defined, part)
        assert defined is getattr(risk, name.name), name


def test_the_api_reference_groups_the_names_by_defining_module_in_the_facades_order(api_names):
    groups = api_names.by_module(api_names.public_names())
    assert list(groups)[0] == "risk.state"  # GameState comes first, as the facade lists it
    assert [name.name for name in groups["risk.errors"]][0] == "RiskError"
    assert sum(len(names) for names in groups.values()) == len(risk.__all__) - 1


def test_a_class_shows_the_methods_it_inherits_from_the_engine_not_from_builtins(api_names):
    by_name = {name.name: name for name in api_names.public_names()}
    game_state = api_names.autodoc_lines(by_name["GameState"])
    assert game_state[0] == ".. autoclass:: risk.state.GameState"
    assert "   :inherited-members:" in game_state  # legal_actions and apply live in risk.engine
    assert "   :inherited-members:" not in api_names.autodoc_lines(by_name["Phase"])  # an IntEnum
    assert api_names.autodoc_lines(by_name["IllegalActionError"])[0].startswith(".. autoexception::")
    renamed = api_names.autodoc_lines(by_name["available_bots"])
    assert renamed[0] == ".. autofunction:: ai.registry.available"
    assert "   Public as ``risk.available_bots``." in renamed


README = ROOT / "README.md"


def test_the_readme_is_short_and_its_quick_start_has_the_two_commands_ci_runs():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200, "the README grew past 200 lines: move the detail to docs/"
    # .ci/run takes the test command with this pattern (sed's ^    \(python3 -m venv .venv .*pytest.*\)$).
    commands = re.findall(r"^    (python3 -m venv \.venv .*)$", text, flags=re.M)
    assert len(commands) == 2, commands
    assert "/risk simulate " in commands[0] and commands[1].endswith(".venv/bin/python -m pytest")
