"""The JSON Schema of protocol 1: every message both ways, in one document.

``docs/protocol.schema.json`` is this document written out (``python -m risk.protocol.schema``
writes it again); a test checks that the file equals :func:`protocol_schema` and that every
message class of :mod:`risk.protocol.messages` has exactly the fields its schema lists.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from risk.protocol.messages import PROTOCOL_VERSION

SCHEMA_PATH = Path(__file__).resolve().parents[2] / "docs" / "protocol.schema.json"

_INT = {"type": "integer"}
_NAT = {"type": "integer", "minimum": 0}
_STR = {"type": "string"}
_BOOL = {"type": "boolean"}
_SLUG = {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"}
_SLUG_OR_NULL = {"anyOf": [_SLUG, {"type": "null"}]}
_CARD = {"anyOf": [_SLUG, {"const": "wild"}]}
_SEAT = _NAT
_DICE = {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def _message(type_name: str, properties: dict[str, Any], optional: tuple[str, ...] = (),
             description: str = "") -> dict[str, Any]:
    return {
        "type": "object",
        "description": description,
        "properties": {"type": {"const": type_name}, **properties},
        "required": ["type", *(name for name in properties if name not in optional)],
        "additionalProperties": True,  # later versions may add fields; a reader ignores them
    }


_PENDING = {
    "type": "object",
    "properties": {
        "kind": {"enum": ["first_placer", "defence", "retreat", "six"]},
        "seat": _SEAT, "source": _SLUG, "target": _SLUG, "attack": _STR,
        "attack_dice": _DICE, "defend_dice": _DICE,
    },
    "required": ["kind"],
}

_ENGINE_FIELDS = {
    "type": "object",
    "description": "the rest of the public game state, for rebuilding a state to search from",
    "properties": {
        "reserve": {"type": "array", "items": _NAT},
        "setup_placed_own": _NAT, "setup_placed_neutral": _NAT,
        "deck_size": _NAT,
        "discard": {"type": "array", "items": _CARD},
        "sets_traded": _NAT, "bonus_used": _BOOL, "conquered": _BOOL,
        "attack_source": _SLUG_OR_NULL, "attack_target": _SLUG_OR_NULL,
        "occupy_min": _NAT, "last_attack_dice": _NAT, "resume_attack": _BOOL, "trade_until": _INT,
        "arrived": {"type": "array", "items": _NAT},
        "fortified": _BOOL, "decider": _INT, "attacked": _BOOL, "withheld": _NAT,
        "after_deploy": _STR, "commander_used": _BOOL,
        "sea_rounds": {"type": "array", "items": {"type": "array", "prefixItems": [_SLUG, _SLUG, _NAT],
                                                    "minItems": 3, "maxItems": 3}},
        "retreat_offered": _INT,
        "declared": _nullable({"type": "array", "items": _SLUG, "minItems": 2, "maxItems": 2}),
        "mission": _nullable({"type": "object"}),
        "mission_done": _nullable(_BOOL),
        "capitals": {"type": "array", "items": _SLUG_OR_NULL},
    },
    "required": ["reserve", "deck_size", "discard", "sets_traded", "capitals"],
}

_VIEW = {
    "type": "object",
    "properties": {
        "turn": _NAT,
        "phase": {"enum": ["CLAIM", "PLACE", "TRADE", "DEPLOY", "ATTACK", "OCCUPY", "FORTIFY", "GAME_OVER",
                           "CAPITAL", "DEFEND", "RETREAT", "COMMANDER"]},
        "current_player": _SEAT, "seat": _SEAT, "player": _SEAT, "players": {"type": "integer", "minimum": 2},
        "neutral": _nullable(_SEAT),
        "owners": {"type": "array", "items": _nullable(_SEAT)},
        "armies": {"type": "array", "items": _NAT},
        "hand": {"type": "array", "items": _CARD},
        "hand_sizes": {"type": "array", "items": _NAT},
        "pool": _NAT,
        "pending": _nullable(_PENDING),
        "occupy": _nullable({"type": "object", "properties": {"min": _NAT, "max": _NAT},
                             "required": ["min", "max"]}),
        "next_trade_value": _nullable(_NAT),
        "mission": _nullable(_STR),
        "eliminated": {"type": "array", "items": _SEAT},
        "alive": {"type": "array", "items": _BOOL},
        "engine": _ENGINE_FIELDS,
    },
    "required": ["turn", "phase", "current_player", "seat", "owners", "armies", "hand", "hand_sizes", "pool",
                 "pending", "occupy", "next_trade_value", "mission", "eliminated"],
}

_NAME_PAIR = {"type": "array", "items": _STR, "minItems": 2, "maxItems": 2}
_POINT = {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}

_CONTINENT = {
    "type": "object",
    "properties": {
        "name": _STR, "slug": _SLUG, "bonus": _NAT, "color": _STR,
        "territories": {"type": "array", "items": _SLUG, "minItems": 1,
                        "description": "the continent's territories by slug, in the map's order"},
    },
    "required": ["name", "slug", "bonus", "territories"],
}

_TERRITORY = {
    "type": "object",
    "properties": {
        "name": _STR, "slug": _SLUG,
        "continent": {**_STR, "description": "the continent's name"},
        "continent_slug": _SLUG,
        "card": {"enum": ["infantry", "cavalry", "artillery"], "description": "the symbol on its card"},
        "neighbours": {"type": "array", "items": _SLUG, "minItems": 1,
                       "description": "every territory it borders, by slug, sea routes included"},
        "sea_neighbours": {"type": "array", "items": _SLUG,
                           "description": "the neighbours across a sea route (a subset of neighbours)"},
        "pos": _POINT,
        "shape": _nullable({"type": "array", "items": _POINT}),
    },
    "required": ["name", "slug", "continent", "continent_slug", "card", "neighbours", "sea_neighbours"],
}

#: The map of ``new_game``: the map file's fields (docs/map-format.md, territories and borders by
#: display name) with the slugs added (:func:`risk.protocol.names.encode_map`).
_MAP = {
    "type": "object",
    "description": "the map: the map file's fields, with slugs; lists indexed by territory follow "
                   "the order of territories",
    "properties": {
        "format": _STR, "version": _INT, "name": _STR, "description": _STR, "size": _POINT,
        "continents": {"type": "array", "items": _CONTINENT, "minItems": 1},
        "territories": {"type": "array", "items": _TERRITORY, "minItems": 2},
        "borders": {"type": "array", "items": _NAME_PAIR,
                    "description": "every border once, by display name (sea routes included)"},
        "sea_routes": _nullable({"type": "array", "items": _NAME_PAIR}),
    },
    "required": ["continents", "territories", "borders"],
}

_LEGAL_ITEM = {
    "type": "object",
    "description": "an action as it is, or (with min and max) the action, a space and a number from min to max, "
                   "then a space and the suffix if chosen; what the number means depends on the verb (for blitz: "
                   "where the blitz stops), see docs/protocol.md",
    "properties": {"action": {"type": "string", "minLength": 1}, "min": _INT, "max": _INT, "suffix": _STR},
    "required": ["action"],
    "dependentRequired": {"min": ["max"], "max": ["min"]},
}

_EVENT = {
    "type": "object",
    "properties": {"event": _STR, "text": _STR},
    "required": ["event", "text"],
}

_OPTION = {
    "type": "object",
    "properties": {"name": {"type": "string", "minLength": 1}, "type": {"enum": ["int", "float", "bool", "string"]},
                   "default": {}},
    "required": ["name", "type", "default"],
}

ENGINE_SCHEMAS: dict[str, dict[str, Any]] = {
    "hello": _message("hello", {"protocol": {"const": PROTOCOL_VERSION}, "engine": _STR, "engine_version": _STR},
                      description="the engine's first line"),
    "option": _message("option", {"name": _STR, "value": {"type": ["integer", "number", "boolean", "string"]}},
                       description="set an option the bot declared; no reply"),
    "new_game": _message("new_game", {
        "game": _STR, "seat": _SEAT, "players": {"type": "array", "items": _STR},
        "rules": {"type": "object"}, "map": _MAP, "seed": _nullable(_NAT),
        "clock": {"type": "object", "properties": {"move_ms": _nullable(_NAT), "bank_ms": _nullable(_NAT)},
                  "required": ["move_ms", "bank_ms"]},
    }, description="a game starts"),
    "events": _message("events", {"events": {"type": "array", "items": _EVENT}},
                       description="what the seat may see of what happened since its last request"),
    "request": _message("request", {"id": _NAT, "view": _VIEW, "legal": {"type": "array", "items": _LEGAL_ITEM,
                                                                          "minItems": 1},
                                    "time_left_ms": _nullable(_NAT)},
                        description="the engine asks for an action"),
    "error": _message("error", {"id": _NAT, "reason": _STR, "retries_left": _NAT},
                      description="the answer to request id was refused; the request stands"),
    "game_over": _message("game_over", {"places": {"type": "array", "items": _NAT}, "winner": _nullable(_SEAT),
                                        "reason": _STR}, description="the game ended"),
    "quit": _message("quit", {}, description="the bot exits"),
}

BOT_SCHEMAS: dict[str, dict[str, Any]] = {
    "hello": _message("hello", {"protocol": {"const": PROTOCOL_VERSION}, "name": {"type": "string", "minLength": 1},
                                "version": _STR, "author": _STR,
                                "options": {"type": "array", "items": _OPTION}},
                      optional=("version", "author", "options"), description="the bot's answer to hello"),
    "action": _message("action", {"id": _NAT, "action": _STR}, description="the bot's action for request id"),
    "log": _message("log", {"text": _STR}, description="a line for the referee's log"),
}


def protocol_schema() -> dict[str, Any]:
    """The whole schema: ``$defs`` holds each message (``engine.*`` and ``bot.*``); the document
    validates any message in either direction; ``engine_message`` and ``bot_message`` validate
    one direction."""
    defs: dict[str, Any] = {}
    for name, schema in ENGINE_SCHEMAS.items():
        defs[f"engine.{name}"] = schema
    for name, schema in BOT_SCHEMAS.items():
        defs[f"bot.{name}"] = schema
    defs["engine_message"] = {"oneOf": [{"$ref": f"#/$defs/engine.{name}"} for name in ENGINE_SCHEMAS]}
    defs["bot_message"] = {"oneOf": [{"$ref": f"#/$defs/bot.{name}"} for name in BOT_SCHEMAS]}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://github.com/markov-risk/markov-risk/docs/protocol.schema.json",
        "title": f"markov-risk bot protocol {PROTOCOL_VERSION}",
        "description": "One JSON object per line over the bot's stdin (engine messages) and stdout "
                       "(bot messages); see docs/protocol.md.",
        "x-protocol": PROTOCOL_VERSION,
        "anyOf": [{"$ref": "#/$defs/engine_message"}, {"$ref": "#/$defs/bot_message"}],
        "$defs": defs,
    }


def direction_schema(direction: str) -> dict[str, Any]:
    """The schema of one direction, ``"engine"`` (engine -> bot) or ``"bot"`` (bot -> engine)."""
    whole = protocol_schema()
    return {**whole, "anyOf": [{"$ref": f"#/$defs/{direction}_message"}]}


def schema_text() -> str:
    return json.dumps(protocol_schema(), indent=2) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write docs/protocol.schema.json (or the path given)."""
    argv = sys.argv[1:] if argv is None else argv
    path = Path(argv[0]) if argv else SCHEMA_PATH
    path.write_text(schema_text(), encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
