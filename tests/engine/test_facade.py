"""The public facade: ``import risk`` names what a user needs, and loads each name only when used."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import risk

#: What ``import risk`` alone must not load: the heavy packages and everything behind a name.
NOT_ON_IMPORT = ("scipy", "numpy", "networkx", "matplotlib", "pygame", "openskill", "ai",
                 "risk.state", "risk.battle", "risk.board", "risk.match", "risk.cli")


def modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``code``."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def loaded(modules: set[str], package: str) -> bool:
    return any(name == package or name.startswith(package + ".") for name in modules)


@pytest.mark.parametrize("name", risk.__all__)
def test_every_public_name_resolves(name):
    assert getattr(risk, name) is not None
    assert name in dir(risk)


def test_a_name_is_the_object_of_the_module_that_defines_it():
    from ai.registry import available
    from risk.actions import Blitz, parse_action
    from risk.errors import IllegalActionError
    from risk.position import Outcome
    from risk.players import make_player
    from risk.state import GameState

    assert risk.GameState is GameState and risk.Blitz is Blitz and risk.parse_action is parse_action
    assert risk.Outcome is Outcome
    assert risk.IllegalActionError is IllegalActionError
    assert risk.make_agent is make_player and risk.available_bots is available


def test_the_names_a_user_needs_are_there():
    needed = {"GameState", "Outcome", "Rules", "Phase", "Claim", "Place", "PlaceNeutral", "ChooseCapital", "Trade",
              "Deploy", "Attack", "Blitz", "Defend", "Retreat", "Stand", "UseSix", "KeepRoll", "Occupy",
              "Fortify", "EndPhase", "parse_action", "LegalActions", "RiskError", "IllegalActionError",
              "ActionParseError", "MapError", "RulesError", "RecordError", "PositionError", "UsageError", "Board",
              "load_map", "battle_odds", "Match", "GameRecord", "make_agent", "available_bots",
              "__version__"}
    assert needed <= set(risk.__all__)


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'Castle'"):
        risk.Castle  # noqa: B018


def test_import_risk_loads_nothing_heavy():
    modules = modules_after("import risk")
    assert [p for p in NOT_ON_IMPORT if loaded(modules, p)] == []


def test_a_name_loads_only_its_own_module():
    modules = modules_after("import risk\nrisk.Rules\nrisk.IllegalActionError")
    assert "risk.rules" in modules
    assert [p for p in NOT_ON_IMPORT if loaded(modules, p)] == []
