"""The rules of a game as one frozen value.

The defaults are the standard US rules of 1993 (see ``docs/rules.md`` and the FAQ in the seeds);
every option is one field. ``Rules.parse("fortify=connected,card_values=fixed")`` reads the
command line's ``--rules`` form, and :meth:`Rules.to_dict` / :meth:`Rules.from_dict` are the
form kept in game records.

>>> Rules().reinforcement_minimum, Rules().starting_armies(4)
(3, 30)
>>> Rules.parse("fortify=connected").fortify
'connected'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from typing import Any

from risk.errors import RulesError

STANDARD_STARTING_ARMIES = {2: 40, 3: 35, 4: 30, 5: 25, 6: 20}

#: The escalating schedule's first values; after the last, each set is worth 5 more.
ESCALATING_VALUES = (4, 6, 8, 10, 12, 15)

#: The fixed-by-type schedule (UK): three artillery, three infantry, three cavalry, one of each.
FIXED_VALUES = {"artillery": 4, "infantry": 6, "cavalry": 8, "mixed": 10}

_CHOICES: dict[str, tuple[str, ...]] = {
    "card_values": ("escalating", "fixed", "incremental"),
    "fortify": ("adjacent", "connected", "unlimited"),
    "setup": ("claim", "deal"),
    "placement": ("turns", "auto"),
}

_HELP: dict[str, str] = {
    "cards": "play with territory cards at all",
    "card_values": "escalating: 4, 6, 8, 10, 12, 15, then +5 by sets traded by everyone; "
                   "fixed: 4 artillery / 6 infantry / 8 cavalry / 10 one of each; "
                   "incremental: 4, 5, 6, ... (+1 per set)",
    "territory_bonus": "+2 armies on a traded card's territory that you hold (once per turn)",
    "forced_trade_at": "a player holding this many cards must trade at the start of the turn",
    "elimination_trade_at": "after taking a player's cards, trade at once while holding this many",
    "fortify": "adjacent: one move between neighbours; connected: one move along your own "
               "territories; unlimited: any number of moves, each army moving once",
    "setup": "claim: players claim empty territories in turns; deal: territories are dealt at random",
    "placement": "turns: the remaining starting armies are placed one at a time in turns; "
                 "auto: they are placed at random",
    "two_player_neutral": "a 2-player game has a neutral third army that never attacks or reinforces",
    "max_turns": "the game ends after this many player turns and is adjudicated "
                 "(most territories, then most armies)",
    "starting_armies": "armies each player starts with (0 = the standard table by player count)",
}


@dataclass(frozen=True)
class Rules:
    """Every rule option, defaulting to the standard rules."""

    cards: bool = True
    card_values: str = "escalating"
    territory_bonus: bool = True
    forced_trade_at: int = 5
    elimination_trade_at: int = 6
    fortify: str = "adjacent"
    setup: str = "claim"
    placement: str = "turns"
    two_player_neutral: bool = True
    max_turns: int = 1000
    starting_armies_override: int = 0

    reinforcement_minimum = 3
    reinforcement_divisor = 3

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise RulesError(f"rule {name}={value!r} is not one of: {', '.join(allowed)}")
        if self.max_turns < 1:
            raise RulesError(f"rule max_turns={self.max_turns} must be at least 1")
        if not 3 <= self.forced_trade_at <= 10:
            raise RulesError(f"rule forced_trade_at={self.forced_trade_at} must be between 3 and 10")
        if not 5 <= self.elimination_trade_at <= 10:
            raise RulesError(f"rule elimination_trade_at={self.elimination_trade_at} must be between 5 and 10")
        if self.starting_armies_override < 0:
            raise RulesError("rule starting_armies must not be negative")

    def starting_armies(self, players: int) -> int:
        if self.starting_armies_override:
            return self.starting_armies_override
        if players not in STANDARD_STARTING_ARMIES:
            raise RulesError(f"a game has 2 to 6 players, not {players}")
        return STANDARD_STARTING_ARMIES[players]

    def set_value(self, sets_traded_before: int, kind: str = "mixed") -> int:
        """Armies for a set, given how many sets all players traded before it and its kind."""
        if self.card_values == "escalating":
            if sets_traded_before < len(ESCALATING_VALUES):
                return ESCALATING_VALUES[sets_traded_before]
            return ESCALATING_VALUES[-1] + 5 * (sets_traded_before - len(ESCALATING_VALUES) + 1)
        if self.card_values == "incremental":
            return 4 + sets_traded_before
        return FIXED_VALUES[kind]

    # -- serialisation -------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        out = dataclasses.asdict(self)
        out["starting_armies"] = out.pop("starting_armies_override")
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Rules":
        if not isinstance(data, dict):
            raise RulesError("rules must be an object of option names and values")
        values: dict[str, Any] = {}
        for key, value in data.items():
            field_name = _field_name(key)
            values[field_name] = _coerce(key, value, _field_types()[field_name])
        return cls(**values)

    @classmethod
    def parse(cls, text: str, base: "Rules | None" = None) -> "Rules":
        """Read ``name=value,name=value`` (the ``--rules`` form) on top of ``base``."""
        changes: dict[str, Any] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            if "=" not in part:
                raise RulesError(f"rule '{part}' needs the form name=value")
            key, value = (s.strip() for s in part.split("=", 1))
            field_name = _field_name(key)
            changes[field_name] = _coerce(key, value, _field_types()[field_name])
        return dataclasses.replace(base or cls(), **changes)

    @staticmethod
    def describe() -> list[tuple[str, str, str]]:
        """(name, default, meaning) for every option, for ``--help`` and the docs."""
        default = Rules().to_dict()
        return [(name, str(default[name]).lower(), _HELP[name]) for name in _HELP]


def _field_types() -> dict[str, type]:
    return {f.name: type(getattr(Rules(), f.name)) for f in fields(Rules)}


def _field_name(key: str) -> str:
    name = key.strip().replace("-", "_")
    if name == "starting_armies":
        return "starting_armies_override"
    if name not in _field_types():
        known = ", ".join(n for n, _, _ in Rules.describe())
        raise RulesError(f"unknown rule '{key}'; the rules are: {known}")
    return name


def _coerce(key: str, value: Any, kind: type) -> Any:
    if kind is bool:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("true", "yes", "on", "1"):
            return True
        if text in ("false", "no", "off", "0"):
            return False
        raise RulesError(f"rule {key}={value!r} must be true or false")
    if kind is int:
        if isinstance(value, bool):
            raise RulesError(f"rule {key}={value!r} must be a whole number")
        try:
            return int(str(value).strip())
        except ValueError:
            raise RulesError(f"rule {key}={value!r} must be a whole number") from None
    return str(value).strip()
