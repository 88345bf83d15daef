"""The messages of bot protocol 1, one frozen dataclass each, and reading them from a line.

Every message is one JSON object on one line with a ``"type"``; ``message.to_json()`` gives that
object and :func:`read_message` reads one back (raising :class:`ProtocolError` naming what was
wrong). ``docs/protocol.schema.json`` describes the same messages (see
:mod:`risk.protocol.schema`; a test checks that the two agree field by field).
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any, ClassVar

from risk.errors import RiskError
from risk.schema import JsonProblem, read_json

PROTOCOL_VERSION = 1
ENGINE_NAME = "markov-risk"

#: The option types a bot may declare, and the JSON values each accepts.
OPTION_TYPES = {"int": (int,), "float": (int, float), "bool": (bool,), "string": (str,)}


class ProtocolError(RiskError):
    """A line that is not a message of the protocol (unreadable JSON, unknown type, bad field)."""


class Message:
    """What every message shares: its ``type`` and its JSON object."""

    TYPE: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.TYPE}
        for item in dataclasses.fields(self):  # type: ignore[arg-type]
            out[item.name] = getattr(self, item.name)
        return out

    def line(self) -> bytes:
        """The message as one line of UTF-8 JSON, newline included."""
        return (json.dumps(self.to_json(), separators=(",", ":")) + "\n").encode()


# -- engine -> bot -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Hello(Message):
    """The engine's first line."""

    TYPE: ClassVar[str] = "hello"
    protocol: int = PROTOCOL_VERSION
    engine: str = ENGINE_NAME
    engine_version: str = ""


@dataclass(frozen=True)
class SetOption(Message):
    """Set one of the options the bot declared (no reply)."""

    TYPE: ClassVar[str] = "option"
    name: str
    value: Any


@dataclass(frozen=True)
class NewGame(Message):
    """A game starts: the bot's seat, the players' specs, the rules, the map, the seed of the
    bot's own random source (None: unseeded) and the clock (milliseconds, None: no limit)."""

    TYPE: ClassVar[str] = "new_game"
    game: str
    seat: int
    players: list
    rules: dict
    map: dict
    seed: int | None
    clock: dict


@dataclass(frozen=True)
class Events(Message):
    """What the bot's seat may see of what happened since its last request."""

    TYPE: ClassVar[str] = "events"
    events: list


@dataclass(frozen=True)
class Request(Message):
    """The engine asks for an action: the seat's view and the legal actions (see
    :mod:`risk.protocol.view`), and the time the bot has for it (None: no limit)."""

    TYPE: ClassVar[str] = "request"
    id: int
    view: dict
    legal: list
    time_left_ms: int | None


@dataclass(frozen=True)
class Error(Message):
    """The bot's answer to request ``id`` was refused; the request stands."""

    TYPE: ClassVar[str] = "error"
    id: int
    reason: str
    retries_left: int


@dataclass(frozen=True)
class GameOver(Message):
    """The game ended (``reason``: conquest, mission, capitals, turn cap, or fault)."""

    TYPE: ClassVar[str] = "game_over"
    places: list
    winner: int | None
    reason: str


@dataclass(frozen=True)
class Quit(Message):
    """The bot exits."""

    TYPE: ClassVar[str] = "quit"


# -- bot -> engine -----------------------------------------------------------------------------

@dataclass(frozen=True)
class BotOption:
    """An option a bot accepts, like UCI's ``option``."""

    name: str
    type: str
    default: Any

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "type": self.type, "default": self.default}


@dataclass(frozen=True)
class BotHello(Message):
    """The bot's answer to the engine's hello."""

    TYPE: ClassVar[str] = "hello"
    protocol: int
    name: str
    version: str = ""
    author: str = ""
    options: tuple[BotOption, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["options"] = [option.to_json() for option in self.options]
        return out


@dataclass(frozen=True)
class ActionReply(Message):
    """The bot's action for request ``id``, in the action text grammar."""

    TYPE: ClassVar[str] = "action"
    id: int
    action: str


@dataclass(frozen=True)
class Log(Message):
    """A line for the referee's log of the bot."""

    TYPE: ClassVar[str] = "log"
    text: str


ENGINE_MESSAGES: dict[str, type] = {m.TYPE: m for m in (Hello, SetOption, NewGame, Events, Request, Error,
                                                        GameOver, Quit)}
BOT_MESSAGES: dict[str, type] = {m.TYPE: m for m in (BotHello, ActionReply, Log)}


# -- reading ------------------------------------------------------------------------------------

def decode_line(line: bytes | str) -> dict[str, Any]:
    """The JSON object on ``line``; raises ProtocolError if it is not one. A line is UTF-8 text
    holding bounded JSON (:func:`risk.schema.read_json`: nesting, numbers), whatever a bot sends:
    its depth or its numbers can never crash the reader."""
    try:
        text = line.decode("utf-8") if isinstance(line, (bytes, bytearray)) else line
    except UnicodeDecodeError as exc:
        raise ProtocolError(f"unreadable JSON (not UTF-8 text: byte {exc.start + 1} is "
                            f"0x{line[exc.start]:02x}): {_excerpt(line)}") from None
    try:
        data = read_json(text)
    except JsonProblem as exc:
        raise ProtocolError(f"unreadable JSON ({_short(exc)}): {_excerpt(line)}") from None
    if not isinstance(data, dict):
        raise ProtocolError(f"a message must be a JSON object, not {_excerpt(line)}")
    if not isinstance(data.get("type"), str):
        raise ProtocolError(f"a message needs a string \"type\": {_excerpt(line)}")
    return data


def read_message(line: bytes | str, kinds: dict[str, type] = BOT_MESSAGES) -> Message:
    """The message on ``line``, one of ``kinds`` (by default what a bot may send); raises
    ProtocolError naming an unknown type or a missing or wrongly typed field."""
    data = decode_line(line)
    kind = kinds.get(data["type"])
    if kind is None:
        raise ProtocolError(f"unknown message type {data['type']!r} (expected one of: "
                            f"{', '.join(sorted(kinds))}): {_excerpt(line)}")
    return _build(kind, data, line)


def _build(kind: type, data: dict[str, Any], line) -> Message:
    values: dict[str, Any] = {}
    for item in dataclasses.fields(kind):
        if item.name in data:
            values[item.name] = data[item.name]
        elif item.default is dataclasses.MISSING and item.default_factory is dataclasses.MISSING:
            raise ProtocolError(f"a {kind.TYPE!r} message needs the field {item.name!r}: {_excerpt(line)}")
    if kind is BotHello:
        values["options"] = _options(values.get("options", []), line)
        if not isinstance(values.get("name"), str) or not isinstance(values.get("protocol"), int):
            raise ProtocolError(f"a 'hello' needs a string name and an integer protocol: {_excerpt(line)}")
    if kind is ActionReply:
        if not isinstance(values["id"], int) or isinstance(values["id"], bool):
            raise ProtocolError(f"an 'action' needs an integer id: {_excerpt(line)}")
        if not isinstance(values["action"], str):
            raise ProtocolError(f"an 'action' needs the action as a string: {_excerpt(line)}")
    if kind is Log and not isinstance(values["text"], str):
        raise ProtocolError(f"a 'log' needs a string text: {_excerpt(line)}")
    return kind(**values)


def _options(raw: Any, line) -> tuple[BotOption, ...]:
    if not isinstance(raw, list):
        raise ProtocolError(f"a hello's options must be a list: {_excerpt(line)}")
    options = []
    for item in raw:
        if not isinstance(item, dict) or not isinstance(item.get("name"), str) \
                or item.get("type") not in OPTION_TYPES or "default" not in item:
            raise ProtocolError(f"an option needs a name, a type ({', '.join(OPTION_TYPES)}) and a "
                                f"default: {_excerpt(json.dumps(item))}")
        options.append(BotOption(item["name"], item["type"], item["default"]))
    return tuple(options)


def _excerpt(line: bytes | str, limit: int = 120) -> str:
    text = line.decode("utf-8", "replace") if isinstance(line, bytes) else str(line)
    text = text.strip()
    return repr(text if len(text) <= limit else text[:limit] + "...")


def _short(exc: Exception) -> str:
    return str(exc).split("\n", 1)[0]
