"""The window's scenes by name: one table says where each lives, scenes open each other through
the app by name, and no scene module imports another (only the kinds in ``scenes/base.py``)."""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

from risk.gui import scenes
from risk.gui.app import PlayConfig
from risk.gui.scenes.base import Scene

from tests.support import ROOT
from tests.support.gui import start

SCENES_DIR = ROOT / "risk" / "gui" / "scenes"
PACKAGE = "risk.gui.scenes"


def imported_modules(path) -> set[str]:
    """Every module a file imports, anywhere in it (inside functions and ``if TYPE_CHECKING:``
    blocks too), relative imports resolved, and every module named in a string (what
    ``importlib.import_module`` would load)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative to this package, one level up for each dot after the first
                parts = PACKAGE.split(".")[: len(PACKAGE.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)  # "from risk.gui.scenes import menu"
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith(PACKAGE + "."):
            found.add(node.value)
    return found


def test_no_scene_module_imports_another():
    modules = sorted(path for path in SCENES_DIR.glob("*.py") if path.name != "__init__.py")
    assert len(modules) >= 9
    for path in modules:
        peers = {name for name in imported_modules(path) if name == PACKAGE or name.startswith(PACKAGE + ".")}
        allowed = set() if path.stem == "base" else {f"{PACKAGE}.base"}
        # "from risk.gui.scenes.base import Dialog" also names risk.gui.scenes.base.Dialog: the kinds, allowed.
        peers = {name for name in peers if name not in allowed and not name.startswith(f"{PACKAGE}.base.")}
        assert not peers, f"{path.name} imports {sorted(peers)}: open the scene by name through the app"


def test_the_import_check_sees_imports_inside_functions_and_type_checking_blocks(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .menu import MenuScene\n"
                      "def f():\n    from risk.gui.scenes import game\n    import risk.gui.scenes.cards\n")
    found = imported_modules(sample)
    assert {f"{PACKAGE}.menu", f"{PACKAGE}.game", f"{PACKAGE}.cards"} <= found


def test_every_name_in_the_table_makes_a_scene():
    for name, (module, attribute) in scenes.SCENES.items():
        maker = scenes.scene_maker(name)
        made = maker.__self__ if "." in attribute else maker  # a class method's class
        assert isinstance(made, type) and issubclass(made, Scene), name
        assert made.__module__ == f"{PACKAGE}.{module}", name
    assert set(scenes.SCENES) >= {"menu", "game", "game.new", "game.loaded", "cards", "pause", "game-over"}


def test_an_unknown_scene_is_refused_in_one_line_naming_it():
    with pytest.raises(LookupError) as refused:
        scenes.scene_maker("credits")
    message = str(refused.value)
    assert "'credits'" in message and "menu" in message and "\n" not in message


def test_the_app_opens_and_switches_scenes_by_name():
    app = start(PlayConfig(menu=True, speed="max"))
    menu = app.top
    assert type(menu).__name__ == "MenuScene"
    help_dialog = app.open("help")
    assert app.top is help_dialog and app.stack == [menu, help_dialog]
    assert type(help_dialog).__name__ == "HelpDialog"
    new_game = app.switch("new-game", watch=True)
    assert app.stack == [new_game] and new_game.watch
    made = app.make("quick-game")
    assert made not in app.stack and type(made).__name__ == "NewGameDialog"


def test_the_table_loads_no_scene_until_one_is_made():
    code = ("import sys; import risk.gui.scenes as s; "
            "print(sorted(m for m in sys.modules if m.startswith('risk.gui.scenes.')))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
