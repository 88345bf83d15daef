"""The layers of docs/architecture.md, held: every module of ``risk`` and ``ai`` sits in one layer,
and imports only from its own layer and the layers below.

Every import counts: at the top of a module, inside a function, under ``TYPE_CHECKING``. A name
taken from a package's lazy table (``from risk import Match``) counts as an import of the module
that defines it.
"""

from __future__ import annotations

import ast
import importlib
from functools import lru_cache
from pathlib import Path

import networkx as nx
import pytest

from tests.support import ROOT

#: The layers, lowest first. A name stands for the module or the package of that name, except
#: ``risk``, which stands for the package's own ``__init__`` only (its version and lazy names).
LAYERS: dict[str, tuple[str, ...]] = {
    "battle, board, rules, actions": (
        "risk", "risk.actions", "risk.battle", "risk.board", "risk.cards", "risk.colours",
        "risk.domination", "risk.errors", "risk.missions", "risk.paths", "risk.phase", "risk.rules",
        "risk.schema", "risk.files", "risk.randomness", "risk.worlds"),
    "engine": ("risk.engine", "risk.events", "risk.pending", "risk.position", "risk.position_codecs",
               "risk.state"),
    "match and records": ("risk.clock", "risk.match", "risk.record"),
    "bots": ("ai",),
    "adapters": ("risk.players", "risk.protocol", "risk.rl"),
    "applications": ("risk.__main__", "risk.bot_check", "risk.bot_tap", "risk.cli", "risk.commands",
                     "risk.gui", "risk.tournament", "risk.tuning"),
}

#: The imports against the layers that are allowed, each with its reason (docs/architecture.md).
EXCEPTIONS: dict[tuple[str, str], str] = {
    ("risk.rl.render", "risk.gui.maprender"): "the RL environments' rgb_array pictures are the "
                                              "window's map, drawn off-screen",
    ("risk.rl.render", "risk.gui.theme"): "the same pictures' sea colour",
}

#: Import circles allowed, each within one group of packages: the engine's mixins make up
#: GameState's methods and read its fields.
CIRCLES_WITHIN = (("risk.state", "risk.engine"),)

_LAYER_OF = {name: index for index, names in enumerate(LAYERS.values()) for name in names}
_NAMES = list(LAYERS)
_PACKAGE_ROOTS = {"risk"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_modules() -> dict[str, Path]:
    return {module_name(path): path for package in ("risk", "ai") for path in sorted((ROOT / package).rglob("*.py"))}


MODULES = source_modules()


def layer_of(module: str) -> int:
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        name = ".".join(parts[:n])
        if name in _LAYER_OF and (n == len(parts) or name not in _PACKAGE_ROOTS):
            return _LAYER_OF[name]
    raise AssertionError(f"{module} is in no layer: place it in LAYERS (tests/test_layers.py) and in "
                         "docs/architecture.md")


@lru_cache(maxsize=None)
def lazy_table(package: str) -> dict[str, str]:
    """A package's lazily loaded names and the module behind each (PEP 562 tables)."""
    loaded = importlib.import_module(package)
    table: dict[str, str] = {}
    for attribute in ("_SOURCES", "_LAZY", "_HOMES"):
        for name, home in getattr(loaded, attribute, {}).items():
            if isinstance(home, tuple):
                home = home[0]
            table[name] = home if "." in home else f"{package}.{home}"
    return table


def imported_modules(module: str, path: Path) -> set[str]:
    """Every module of ``risk`` or ``ai`` that ``module`` imports, anywhere in its source."""
    found = set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            for alias in node.names:
                name = f"{base}.{alias.name}"
                if name in MODULES:
                    found.add(name)
                elif base in MODULES and alias.name in lazy_table_if_package(base):
                    found.add(lazy_table_if_package(base)[alias.name])
                else:
                    found.add(base)
    return {name for name in found if name.split(".")[0] in ("risk", "ai")}


def lazy_table_if_package(module: str) -> dict[str, str]:
    return lazy_table(module) if MODULES[module].name == "__init__.py" else {}


@lru_cache(maxsize=None)
def import_graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    for module, path in MODULES.items():
        graph.add_node(module)
        for target in imported_modules(module, path):
            if target != module:
                graph.add_edge(module, target)
    return graph


def test_every_module_sits_in_a_layer_and_the_document_names_each_layer():
    document = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    for module in MODULES:
        layer_of(module)
    for layer, names in LAYERS.items():
        assert layer in document, f"docs/architecture.md does not name the layer '{layer}'"
        for name in names:
            assert f"`{name}`" in document, f"docs/architecture.md does not place `{name}` in '{layer}'"


def test_imports_go_down_the_layers_or_stay_within_one():
    upward = []
    for module, target in import_graph().edges:
        if layer_of(target) > layer_of(module) and (module, target) not in EXCEPTIONS:
            upward.append(f"{module} ({_NAMES[layer_of(module)]}) imports {target} "
                          f"({_NAMES[layer_of(target)]})")
    assert not upward, "imports against the layers of docs/architecture.md:\n" + "\n".join(upward)


@pytest.mark.parametrize("edge", sorted(EXCEPTIONS))
def test_every_exception_is_still_needed(edge):
    assert import_graph().has_edge(*edge), f"{edge[0]} no longer imports {edge[1]}: drop the exception"


def test_no_circle_of_imports_but_the_known_ones():
    def within(circle: set[str], group: tuple[str, ...]) -> bool:
        return all(any(m == p or m.startswith(p + ".") for p in group) for m in circle)

    circles = [sorted(c) for c in nx.strongly_connected_components(import_graph()) if len(c) > 1]
    unknown = [c for c in circles if not any(within(set(c), group) for group in CIRCLES_WITHIN)]
    assert not unknown, f"modules that import one another: {unknown}"


def test_the_checker_sees_every_kind_of_import(tmp_path):
    source = tmp_path / "sample.py"
    source.write_text("from typing import TYPE_CHECKING\n"
                      "from risk import Match, __version__\n"
                      "if TYPE_CHECKING:\n"
                      "    from risk.state import GameState\n"
                      "def later():\n"
                      "    import risk.gui.app\n"
                      "    from risk.protocol import ExternalAgent\n"
                      "    from .odds import win_rows\n")
    assert imported_modules("risk.battle.sample", source) == {
        "risk.match", "risk", "risk.state", "risk.gui.app", "risk.protocol.external", "risk.battle.odds"}
