"""Risk: a rules-exact game engine, exact battle mathematics, AI players and tournaments.

Everything a user of the library needs is a name of this package::

    import risk

    state = risk.GameState.new(players=3, seed=7)
    state.apply(state.parse_action("claim alaska"))
    risk.battle_odds(10, 5).attacker_win
    risk.Match([risk.make_agent("angry") for _ in range(3)], seed=1).play()

The names load lazily (PEP 562): ``import risk`` reads no other module, and the first use of a
name imports only the module that defines it, so the ``risk`` command and scripts that need one
corner of the library do not pay for the rest. The README's "library in five minutes" is a tour.

The layout follows the architecture:

- :mod:`risk.board` maps (the classic map, Domination imports) and the compiled board;
- :mod:`risk.rules` the rules as one frozen value; :mod:`risk.cards` cards and their odds;
- :mod:`risk.state` and :mod:`risk.engine` the game itself (:mod:`risk.position` its fields and
  their written form, :class:`Outcome` how it ended); :mod:`risk.actions`,
  :mod:`risk.events` what goes in and what comes out; :mod:`risk.record` records and saves;
- :mod:`risk.battle` the exact Markov solution of a battle, sampling and Monte Carlo;
- :mod:`risk.match` one game between bots; :mod:`risk.cli` the ``risk`` command;
- the bots live in the sibling package :mod:`ai` (``available_bots`` here); :mod:`risk.players`
  builds a player from any spec, a bot, a program or a trained policy (``make_agent`` here).

docs/architecture.md gives the layers these modules sit in.
"""

from __future__ import annotations

import importlib

__version__ = "0.1.0"

#: Each public name -> (the module that defines it, its name there).
_SOURCES: dict[str, tuple[str, str]] = {
    "GameState": ("risk.state", "GameState"),
    "Outcome": ("risk.position", "Outcome"),
    "Rules": ("risk.rules", "Rules"),
    "Phase": ("risk.phase", "Phase"),
    "Board": ("risk.board", "Board"),
    "load_map": ("risk.board", "load_map"),
    "parse_action": ("risk.actions", "parse_action"),
    "LegalActions": ("risk.actions", "LegalActions"),
    "battle_odds": ("risk.battle", "battle_odds"),
    "BattleOdds": ("risk.battle", "BattleOdds"),
    "DiceRules": ("risk.battle", "DiceRules"),
    "Match": ("risk.match", "Match"),
    "GameResult": ("risk.match", "GameResult"),
    "GameRecord": ("risk.record", "GameRecord"),
    "make_agent": ("risk.players", "make_player"),
    "available_bots": ("ai.registry", "available"),
}
_SOURCES.update((name, ("risk.actions", name)) for name in (
    "Claim", "Place", "PlaceNeutral", "ChooseCapital", "Trade", "Deploy", "Attack", "Blitz", "Defend",
    "Retreat", "Stand", "UseSix", "KeepRoll", "Occupy", "Fortify", "EndPhase"))
_SOURCES.update((name, ("risk.errors", name)) for name in (
    "RiskError", "IllegalActionError", "ActionParseError", "MapError", "RulesError", "RecordError",
    "PositionError", "UsageError"))

__all__ = sorted(_SOURCES) + ["__version__"]


def __getattr__(name: str) -> object:
    """Import the module behind a public name on its first use, and keep the name."""
    try:
        module, attribute = _SOURCES[name]
    except KeyError:
        raise AttributeError(f"module 'risk' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module), attribute)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_SOURCES))
