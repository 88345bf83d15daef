"""The battle package reads bottom-up: its import graph has no cycle, every import of one battle
module by another is at module level, and importing it loads neither scipy nor matplotlib."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import risk.battle

PACKAGE = "risk.battle"
FOLDER = Path(risk.battle.__file__).parent
MODULES = {path.stem: path for path in sorted(FOLDER.glob("*.py"))}


def module_name(stem: str) -> str:
    return PACKAGE if stem == "__init__" else f"{PACKAGE}.{stem}"


def battle_targets(node: ast.Import | ast.ImportFrom, importer: str) -> set[str]:
    """The battle modules an import statement loads (``risk.battle`` itself for its package)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:  # relative: from the battle package itself
            base = ".".join([PACKAGE] + ([base] if base else []))
        names = [base] + [f"{base}.{alias.name}" for alias in node.names]
    targets = set()
    for name in names:
        if name == PACKAGE or (name.startswith(PACKAGE + ".") and name.split(".")[2] in MODULES):
            target = PACKAGE if name == PACKAGE else f"{PACKAGE}.{name.split('.')[2]}"
            if target != importer:
                targets.add(target)
    # "from risk.battle import dice" loads the package and the module; only the module is a
    # new edge when the package's own names are not what is asked for.
    if len(targets) > 1:
        targets.discard(PACKAGE)
    return targets


def imports(stem: str) -> tuple[set[str], list[tuple[int, str]]]:
    """(battle modules imported at module level, (line, module) of imports inside a function)."""
    tree = ast.parse(MODULES[stem].read_text(encoding="utf-8"))
    importer = module_name(stem)
    top: set[str] = set()
    nested: list[tuple[int, str]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                for target in battle_targets(child, importer):
                    if in_function:
                        nested.append((child.lineno, target))
                    else:
                        top.add(target)
            visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    visit(tree, False)
    return top, nested


def import_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for stem in MODULES:
        top, nested = imports(stem)
        graph[module_name(stem)] = top | {target for _, target in nested}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a path that comes back to its start, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_graph_sees_the_imports():
    graph = import_graph()
    assert "risk.battle.dice" in graph["risk.battle.rounds"]
    assert "risk.battle.analysis" in graph["risk.battle.sampling"]
    assert "risk.battle.report" in graph["risk.battle"]


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_battle_module_imports_another_inside_a_function():
    nested = {module_name(stem): found for stem in MODULES if (found := imports(stem)[1])}
    assert nested == {}


def test_the_battle_import_graph_has_no_cycle():
    assert find_cycle(import_graph()) is None


@pytest.mark.parametrize("module", ["risk.battle", "risk.battle.law"])
def test_importing_the_battle_package_loads_no_numpy_scipy_or_matplotlib(module):
    """numpy is loaded by the functions that need it (large battles, the simulator, the bots)."""
    code = (f"import sys, {module}; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'numpy', 'scipy', 'matplotlib'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_lazy_names_of_the_package_load_their_module():
    """The reference chain and the simulator (numpy at import) are loaded when first asked for."""
    code = ("import sys, risk.battle as battle; loaded = 'risk.battle.montecarlo' in sys.modules; "
            "from risk.battle import simulate_battles, TanChain; "
            "print(loaded, simulate_battles.__module__, TanChain.__module__, 'simulate_battles' in dir(battle))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "risk.battle.montecarlo", "risk.battle.markov", "True"]
