"""One registry holds every module-level cache of the battle package and of the bots' odds, and
``risk.battle.clear_caches()`` empties every one of them."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import ai.odds
import risk.battle
from risk.battle import (STANDARD_DICE, DiceRules, battle_odds, blitz_distribution, caches, clear_caches, commander_outcomes,
                         final_states, model_win_rows, phased_outcomes, round_model, sample_blitz, sample_commander,
                         sample_phased, six_choice, win_probability, win_rows)
from risk.battle.large import large_battle_odds
from risk.battle.law import BattleLaw
from risk.battle.sampling import sample_blitz_first_way
from risk.battle.sealane import variant_model
from risk.battle.variants import seeing_defender_model, tan1997_model
from risk.rules import Rules

FOLDER = Path(risk.battle.__file__).parent
#: Where module-level caches may be declared: every battle module, and the bots' odds.
CACHE_MODULES = {f"risk.battle.{path.stem}": path for path in sorted(FOLDER.glob("*.py"))
                 if path.stem != "__init__"}
CACHE_MODULES["ai.odds"] = Path(ai.odds.__file__)
#: Constructors whose result, bound at module level, is a cache.
CACHE_TYPES = {"dict", "defaultdict", "OrderedDict", "SamplerCache"}


def name_of(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def is_cache_value(node: ast.AST | None) -> bool:
    return isinstance(node, ast.Dict) and not node.keys or (
        isinstance(node, ast.Call) and name_of(node) in CACHE_TYPES)


def declared_caches(path: Path) -> tuple[list[str], list[str]]:
    """(names of the module-level caches declared through ``register``, declarations that are not)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    registered, unregistered = [], []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            decorators = [name_of(d) for d in node.decorator_list]
            if {"lru_cache", "cache"} & set(decorators):
                if "register" in decorators and node in tree.body:
                    registered.append(node.name)
                else:
                    unregistered.append(f"{path.name}:{node.lineno} {node.name}")
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [target.id for target in targets if isinstance(target, ast.Name)]
            value = node.value
            if isinstance(value, ast.Call) and name_of(value) == "register" and value.args:
                registered.extend(names)
            elif is_cache_value(value) and not all(name.isupper() and not name.startswith("_") for name in names):
                # A public constant written as an empty dict would be odd; a private one is a cache.
                unregistered.append(f"{path.name}:{node.lineno} {', '.join(names)}")
    return registered, unregistered


def test_every_module_level_cache_is_registered():
    unregistered = []
    declared = 0
    for module_name, path in CACHE_MODULES.items():
        registered, missing = declared_caches(path)
        unregistered.extend(missing)
        module = importlib.import_module(module_name)
        for name in registered:
            assert any(getattr(module, name) is cache for cache in caches.registered_caches()), (module_name, name)
        declared += len(registered)
    assert unregistered == []
    # Nothing registered that was not found declared (a registry of strays would hide a miss).
    assert declared == len(caches.registered_caches())


def test_the_scan_sees_an_unregistered_cache(tmp_path):
    source = tmp_path / "stray.py"
    source.write_text("from functools import lru_cache\n_SEEN = {}\n_KEPT = register({})\n"
                      "@lru_cache(maxsize=None)\ndef f(x):\n    return x\n")
    registered, unregistered = declared_caches(source)
    assert registered == ["_KEPT"]
    assert unregistered == ["stray.py:5 f", "stray.py:2 _SEEN"]


def fill_every_cache() -> None:
    """Odds under every variant, through every entry point that caches something."""
    for dice in (STANDARD_DICE, DiceRules(defender_max=3)):
        win_probability(8, 5, dice=dice)
        win_rows(10, 10, 1, dice)
        blitz_distribution(9, 6, dice=dice, stop_below=0.3)
        sample_blitz(9, 6, 0.4, dice=dice)
        sample_blitz(120, 110, 0.4, dice=dice, stop_below=0.3)  # a big battle: in strides
        sample_blitz_first_way(120, 110, 0.4, dice=dice)  # the same, as version-1 records drew it
        for variant in ("standard", "tan1997"):
            final_states(round_model(variant, dice), 6, 4)
    seeing = seeing_defender_model()
    model_win_rows(seeing, 12, 12)
    tan1997_model()
    variant_model(extra_die=True)
    for seeing_defender in (False, True):
        phased_outcomes(7, 5, seeing=seeing_defender, sea_rounds=4)
        sample_phased(7, 5, 0.3, seeing=seeing_defender, sea_rounds=4)
        commander_outcomes(7, 5, seeing=seeing_defender, sea_rounds=2)
        sample_commander(7, 5, 0.6, seeing=seeing_defender)
        six_choice((6, 4), (6, 3), seeing=seeing_defender)
    for variant in ("standard", "seeing-defender", "tan1997"):
        battle_odds(10, 7, variant=variant)
    battle_odds(10, 7, six=True, sea_rounds=4)
    # The approximation of huge battles, calibrated on a small table (the real one is 1024 a
    # side: too slow for a test that only needs every cache filled).
    approximation = large_battle_odds(round_model(), 64)
    for rules in (Rules(), Rules(defender_sees_dice=True, sea_lane_defence=True, commanders=True)):
        ai.odds.attack_chance(9, 4, rules)
    ai.odds._approximate(approximation, 2000, 1800)
    variant_law = BattleLaw.with_sea_rounds(Rules(defender_sees_dice=True, commanders=True), 4, six=True)
    variant_law.win_probability(8, 5)
    variant_law.roll_distribution(3, 5)


def test_clear_caches_empties_every_registered_cache():
    fill_every_cache()
    # Every cache filled first, so that emptying it below proves something.
    assert all(caches.cache_size(cache) > 0 for cache in caches.registered_caches())
    clear_caches()
    assert all(caches.cache_size(cache) == 0 for cache in caches.registered_caches())
    # The package's name for it is the registry's.
    assert risk.battle.clear_caches is caches.clear_caches


def test_register_refuses_what_cannot_be_cleared():
    with pytest.raises(TypeError):
        caches.register(42)
