"""The rules of a game as one frozen value.

The defaults are the standard US rules of 1993 (see ``docs/rules.md`` and the FAQ in the seeds);
every option is one field. ``Rules.parse("fortify=connected,card_values=fixed")`` reads the
command line's ``--rules`` form, and :meth:`Rules.to_dict` / :meth:`Rules.from_dict` are the
form kept in game records.

>>> Rules().reinforcement_minimum, Rules().starting_armies(4)
(3, 30)
>>> Rules.parse("fortify=connected").fortify
'connected'
>>> Rules.preset("italian").changes()   # what differs from the standard rules
{'defender_max_dice': 3}
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from risk.errors import RulesError

if TYPE_CHECKING:
    from risk.board import Board

STANDARD_STARTING_ARMIES = {2: 40, 3: 35, 4: 30, 5: 25, 6: 20}

#: The escalating schedule's first values; after the last, each set is worth 5 more.
ESCALATING_VALUES = (4, 6, 8, 10, 12, 15)

#: The fixed-by-type schedule (UK): three artillery, three infantry, three cavalry, one of each.
FIXED_VALUES = {"artillery": 4, "infantry": 6, "cavalry": 8, "mixed": 10}

_CHOICES: dict[str, tuple[str, ...]] = {
    "card_values": ("escalating", "fixed", "incremental"),
    "territory_bonus": ("turn", "trade", "card", "off"),
    "captured_cards": ("trade", "trade-any", "hold"),
    "fortify": ("adjacent", "connected", "unlimited"),
    "setup": ("claim", "deal"),
    "placement": ("turns", "auto", "none"),
    "mission_set": ("classic", "us-1998"),
    "mission_kill": ("uk", "us"),
}

_HELP: dict[str, str] = {
    "cards": "play with territory cards at all",
    "card_values": "escalating: 4, 6, 8, 10, 12, 15, then +5 by sets traded by everyone; "
                   "fixed: 4 artillery / 6 infantry / 8 cavalry / 10 one of each; "
                   "incremental: 4, 5, 6, ... (+1 per set)",
    "territory_bonus": "+2 armies on a traded card's territory you hold: turn (once a turn, US 1993), "
                       "trade (once a trade, US 1980), card (for every such card), off",
    "forced_trade_at": "a player holding this many cards must trade at the start of the turn",
    "elimination_trade_at": "after taking a player's cards, trade at once while holding this many",
    "capture_cards": "eliminating a player takes their cards (not in the old UK rules)",
    "captured_cards": "trade: holding elimination_trade_at cards or more after a capture, trade at "
                      "once down to 4 or fewer (US since the 70s); trade-any: after a capture, trade "
                      "at once down to 4 or fewer, and any set you hold may be traded (older US); "
                      "hold: kept until your next turn (new UK)",
    "trade_anytime": "cards may be traded at any time of the attack phase (house rule); the armies "
                     "may be placed at any moment of it, and what is left when it ends is placed then",
    "fortify": "adjacent: one move between neighbours; connected: one move along your own "
               "territories; unlimited: any number of moves, each army moving once",
    "fortify_max_armies": "at most this many armies per fortify move (old UK: 7; 0 = no limit)",
    "setup": "claim: players claim empty territories in turns; deal: territories are dealt at random",
    "placement": "turns: the remaining starting armies are placed one at a time in turns; "
                 "auto: they are placed at random; none: one army per territory only (US 1959)",
    "setup_limit": "at most this many armies on a territory during set-up (old UK: 4; 0 = none)",
    "army_limit": "at most this many armies on any territory; armies that cannot be placed are "
                  "lost (US 1980: 12; 0 = none)",
    "two_player_neutral": "a 2-player game has a neutral third army that never attacks or reinforces",
    "reinforce_or_attack": "old UK: each turn either attack or take the armies for territories "
                           "(continent and card armies come either way)",
    "defender_max_dice": "the most dice a defender rolls (Italian and Brazilian editions: 3)",
    "defender_two_dice_needs": "a defender rolls more than one die only with this many armies "
                               "(NZ and UK c. 1990: 3)",
    "defender_sees_dice": "old UK: the defender chooses 1 or 2 dice after seeing the attacker's roll",
    "commanders": "US 1980: once a turn an attacker may turn one of the dice he rolled into a six, "
                  "after seeing the roll",
    "retreat": "FAQ 4.2: a defender may retreat to a neighbouring territory of its own; the "
               "attacker then loses one army and moves in",
    "sea_lane_defence": "FAQ 4.10: for the first 4 rolls across a sea route the defender rolls an "
                        "extra die",
    "missions": "secret missions: win by completing yours (3 or more players)",
    "mission_set": "classic: the 14 missions; us-1998: the 12 of the 1998 US edition",
    "mission_kill": "us: anyone may complete a destroy mission (new US rules); uk: you must destroy "
                    "the last army of your target yourself, or your mission becomes 24 territories",
    "capitals": "capital Risk: each player picks a capital; holding the capitals wins",
    "capitals_to_win": "how many capitals win, your own included (0 = all of them; else 2 to the "
                       "number of players)",
    "max_turns": "the game ends after this many player turns and is adjudicated "
                 "(most territories, then most armies)",
    "starting_armies": "armies each player starts with (0 = the standard table by player count)",
}

#: Named sets of options: the rules the FAQ (seed 003) gives each edition, and nothing it does not
#: give; every other option keeps the standard value. docs/rules.md quotes the FAQ for each entry.
PRESETS: dict[str, dict[str, Any]] = {
    # The new US rules: the defaults, among them the new-US mission rule (Q2.2.1: "anyone may
    # complete your mission").
    "us-1993": {},
    "uk-old": {
        "setup": "deal",              # Q2.3: cards dealt out "in the U.K. rules and the 1959 U.S. rules"
        "setup_limit": 4,             # Q2.3: "at most 4 armies in a single territory at setup"
        "reinforce_or_attack": True,  # Q2.4: "either reinforce or attack"
        "card_values": "fixed",       # Q2.5: the U.K. rules' "standard" scheme 4/6/8/10
        "capture_cards": False,       # Q2.5: "no mention of ... gaining Risk cards by wiping out"
        "defender_sees_dice": True,   # Q2.6.1: "the attacker rolls the dice first, then the defender"
        "fortify_max_armies": 7,      # Q2.7: "a maximum of 7 to be moved"
        "mission_kill": "uk",         # Q2.2.1: "you must kill the last remaining unit ... yourself"
    },
    "uk-new": {
        "setup": "deal",              # Q2.3, as for the old UK rules
        "card_values": "fixed",       # Q2.5, as for the old UK rules
        "captured_cards": "hold",     # Q2.5: "In the new U.K. rules, you simply hold the extra cards"
        "mission_kill": "uk",         # Q2.2.1, as for the old UK rules
    },
    "us-1959": {
        "setup": "deal",              # Q2.3, as for the UK rules
        "placement": "none",          # Q2.3: "players start with only the one army per territory"
        "captured_cards": "trade-any",  # Q2.5: "trade in sets immediately to reduce ... to 4 or fewer.
                                        # You can also trade in cards if you do have sets, however
                                        # many cards you hold" (the "6 or more" rule is "since the 70s")
    },
    "italian": {
        "defender_max_dice": 3,       # Q2.6: "the Italian Risiko! ... as many as three dice"
    },
}


#: The range of every whole-number option (docs/rules.md states each): wide enough for every
#: edition and every map, narrow enough that any game the rules allow ends in reasonable time.
#: ``capitals_to_win`` is bounded by the number of players, when a game is made.
BOUNDS: dict[str, tuple[int, int]] = {
    "forced_trade_at": (3, 10),
    "elimination_trade_at": (5, 10),
    "fortify_max_armies": (0, 100_000),
    "setup_limit": (0, 100_000),
    "army_limit": (0, 100_000),
    "defender_max_dice": (1, 3),
    "defender_two_dice_needs": (2, 1_000),
    "max_turns": (1, 1_000_000),  # an outside referee ending games itself sets it out of the way
    "starting_armies": (0, 5_000),   # a map has at most 5,000 territories: enough for any map
}

_BOUND_NOTES = {"starting_armies": " (0: the standard table)", "fortify_max_armies": " (0: no limit)",
                "setup_limit": " (0: no limit)", "army_limit": " (0: no limit)"}


def short_number(value: int) -> str:
    """A whole number as a message shows it: in full, unless it has more digits than a file's
    number may (40)."""
    text = str(value)
    return text if len(text) <= 40 else f"{text[:6]}...({len(text)} digits)"


@dataclass(frozen=True)
class Rules:
    """Every rule option, defaulting to the standard rules (US 1993)."""

    cards: bool = True
    card_values: str = "escalating"
    territory_bonus: str = "turn"
    forced_trade_at: int = 5
    elimination_trade_at: int = 6
    capture_cards: bool = True
    captured_cards: str = "trade"
    trade_anytime: bool = False
    fortify: str = "adjacent"
    fortify_max_armies: int = 0
    setup: str = "claim"
    placement: str = "turns"
    setup_limit: int = 0
    army_limit: int = 0
    two_player_neutral: bool = True
    reinforce_or_attack: bool = False
    defender_max_dice: int = 2
    defender_two_dice_needs: int = 2
    defender_sees_dice: bool = False
    commanders: bool = False
    retreat: bool = False
    sea_lane_defence: bool = False
    missions: bool = False
    mission_set: str = "classic"
    mission_kill: str = "us"
    capitals: bool = False
    capitals_to_win: int = 0
    max_turns: int = 1000
    starting_armies_override: int = 0

    reinforcement_minimum = 3
    reinforcement_divisor = 3

    def __post_init__(self) -> None:
        # Older records and callers give the territory bonus as true/false.
        if isinstance(self.territory_bonus, bool) or self.territory_bonus in ("true", "false"):
            on = self.territory_bonus in (True, "true")
            object.__setattr__(self, "territory_bonus", "turn" if on else "off")
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise RulesError(f"rule {name}={value!r} is not one of: {', '.join(allowed)}")
        for name, (low, high) in BOUNDS.items():
            value = getattr(self, "starting_armies_override" if name == "starting_armies" else name)
            if not low <= value <= high:
                raise RulesError(f"rule {name}={short_number(value)} must be from {low:,} to {high:,}"
                                 + _BOUND_NOTES.get(name, ""))
        if self.capitals_to_win < 0:
            raise RulesError("rule capitals_to_win must not be negative")
        if self.army_limit == 1 or self.setup_limit == 1:
            raise RulesError("army limits below 2 leave no army free to attack")
        if self.defender_sees_dice and self.defender_max_dice != 2:
            raise RulesError("the seeing defender (defender_sees_dice) chooses between 1 and 2 dice; "
                             "it does not combine with defender_max_dice=3")

    @functools.cached_property
    def dice(self):
        """The dice counts as the battle solver takes them (worked out once: every attack asks)."""
        from risk.battle.dice import STANDARD_DICE, DiceRules

        if self.defender_max_dice == 2 and self.defender_two_dice_needs == 2:
            return STANDARD_DICE
        return DiceRules(defender_max=self.defender_max_dice,
                         defender_two_dice_needs=self.defender_two_dice_needs)

    @classmethod
    def preset(cls, name: str, **changes: Any) -> "Rules":
        """The rules of an edition (``us-1993``, ``uk-old``, ``uk-new``, ``us-1959``, ``italian``)."""
        if name not in PRESETS:
            raise RulesError(f"unknown rules preset '{name}'; the presets are: {', '.join(PRESETS)}")
        return cls(**{**PRESETS[name], **changes})

    def check_players(self, players: int) -> None:
        """Refuse options that cannot work with ``players`` players (one line naming the rule)."""
        if self.missions and players < 3:
            raise RulesError("secret missions need at least 3 players")
        # Your own capital counts (as in the Hasbro rules), so 1 would win before the first
        # attack, and more capitals than players can never be held.
        if self.capitals_to_win and not 2 <= self.capitals_to_win <= players:
            raise RulesError(f"rule capitals_to_win={short_number(self.capitals_to_win)} must be 0 (all capitals) or "
                             f"2 to {players} with {players} players (your own capital counts)")

    def changes(self) -> dict[str, Any]:
        """The options that differ from the standard rules, named as in :meth:`to_dict`."""
        standard = Rules().to_dict()
        return {name: value for name, value in self.to_dict().items() if value != standard[name]}

    def starting_armies(self, players: int) -> int:
        if self.starting_armies_override:
            return self.starting_armies_override
        if players not in STANDARD_STARTING_ARMIES:
            raise RulesError(f"a game has 2 to 6 players, not {players}")
        return STANDARD_STARTING_ARMIES[players]

    def income(self, board: Board, territories: int, held: int, attacking: bool = False) -> int:
        """The armies a turn brings a player before cards: for its ``territories`` territories
        their number // ``reinforcement_divisor``, at least ``reinforcement_minimum``, plus the
        bonus of every continent whole in ``held`` (the bit mask of its territories).

        Under the old UK rules (``reinforce_or_attack``) the armies for territories come only to
        a turn without an attack: with ``attacking`` they are left out. Every reader of the rule
        calls this (the engine, the bots' light models of a turn, the RL observation), so each
        counts the same armies under every option.

        >>> from risk.board import load_map
        >>> board = load_map()
        >>> australia = sum(1 << t for t in board.continents[5].members)  # and 9 territories elsewhere
        >>> Rules().income(board, 13, australia)
        6
        >>> Rules.preset("uk-old").income(board, 13, australia, attacking=True)
        2
        """
        armies = 0
        for continent, bonus in board.continent_masks:
            if held & continent == continent:
                armies += bonus
        if attacking and self.reinforce_or_attack:
            return armies
        return armies + self.territory_income(territories)

    def territory_income(self, territories: int) -> int:
        """The part of :meth:`income` that ``territories`` territories bring: their number //
        ``reinforcement_divisor``, at least ``reinforcement_minimum``."""
        return max(self.reinforcement_minimum, territories // self.reinforcement_divisor)

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
