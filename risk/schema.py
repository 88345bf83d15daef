"""The declared shape of every file the program reads, and the one JSON reader they all use.

A file's content is never trusted: before any other code looks at it, it is parsed by
:func:`read_json` (which refuses what ``json.loads`` would let through or choke on: numbers of
thousands of digits, 1e400, NaN, nesting thousands deep) and checked against a schema declared
here as data, field by field: its type, its range or length, and whether it must be there.
:func:`problem` says in one phrase what the first mismatch is (``continents[1].bonus: not a
whole number from 0 to 1000``), or None; the loaders turn that into their named error
(:class:`~risk.errors.MapError`, :class:`~risk.errors.RecordError`), so a malformed file is
refused with one line. Checks that need more than one field (a border naming a territory that
exists, a map that is connected) stay with the loader.

>>> problem({"bonus": "five"}, Object({"bonus": Int(0, 1000)}))
"bonus: not a whole number from 0 to 1000: 'five'"
>>> problem([1, 2, 3], List(Int(0, 9), max_len=2))
'a list of 3 items (at most 2)'
"""

from __future__ import annotations

import json
import math
import reprlib
from dataclasses import dataclass, field
from typing import Any, Mapping

from risk.files import unsafe_character

#: Bounds shared by every file kind: a JSON value nests at most this deep and an integer has at
#: most this many digits (each field's own range is in its schema below).
MAX_DEPTH = 64
MAX_INT_DIGITS = 40   # a random generator's 128-bit state has 39

#: The largest file each kind may be (bytes): far above any real map, game or run.
MAX_MAP_BYTES = 8 << 20
MAX_RECORD_BYTES = 64 << 20
MAX_RESULTS_BYTES = 1 << 30


class JsonProblem(ValueError):
    """Text that is not acceptable JSON; ``line`` is where, when known. Loaders re-raise it as
    their own named error."""

    def __init__(self, message: str, line: int | None = None, detail: str | None = None):
        super().__init__(message)
        self.line = line
        self.detail = message if detail is None else detail


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise JsonProblem(f"a number of {len(text.lstrip('-'))} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _real(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonProblem(f"the number {text[:20]} is too large")
    return value


def _constant(name: str) -> Any:
    raise JsonProblem(f"{name} is not a number JSON allows")


def read_json(text: str) -> Any:
    """Parse one JSON document; :class:`JsonProblem` for anything but bounded, finite JSON."""
    try:
        value = json.loads(text, parse_int=_integer, parse_float=_real, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise JsonProblem(f"not valid JSON: {exc.msg}", exc.lineno, exc.msg) from None
    except RecursionError:
        raise JsonProblem("nested too deeply") from None
    except ValueError as exc:  # a JsonProblem from a hook, or an int Python will not read
        raise JsonProblem(str(exc) if isinstance(exc, JsonProblem) else "a number that is too long") from None
    if nested_deeper_than(value, MAX_DEPTH):
        raise JsonProblem(f"nested more than {MAX_DEPTH} levels deep")
    return value


def nested_deeper_than(value: Any, limit: int) -> bool:
    level = [value]
    for _ in range(limit + 1):
        level = [child for item in level if isinstance(item, (list, dict))
                 for child in (item.values() if isinstance(item, dict) else item)]
        if not level:
            return False
    return True


# -- the schema types ------------------------------------------------------------------------------

class Schema:
    """A declared type; :meth:`check` gives the problem with ``value`` (None if it fits)."""

    def check(self, value: Any, where: str) -> str | None:  # pragma: no cover - abstract
        raise NotImplementedError


_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother, _REPR.maxlist, _REPR.maxdict = 2, 30, 30, 3, 3


def short_form(value: Any) -> str:
    """A short form of any value, even one no ``repr`` would finish (10**5000, nesting 10,000
    deep: a map handed over as a dict has not been through :func:`read_json`)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    text = _REPR.repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _at(where: str, message: str) -> str:
    return f"{where}: {message}" if where else message


@dataclass(frozen=True)
class Int(Schema):
    low: int
    high: int

    def check(self, value, where):
        if isinstance(value, bool) or not isinstance(value, int) or not self.low <= value <= self.high:
            return _at(where, f"not a whole number from {self.low} to {self.high}: {short_form(value)}")
        return None


@dataclass(frozen=True)
class Number(Schema):
    low: float
    high: float

    def check(self, value, where):
        if (isinstance(value, bool) or not isinstance(value, (int, float))
                or not self.low <= value <= self.high):
            return _at(where, f"not a number from {self.low:g} to {self.high:g}: {short_form(value)}")
        return None


@dataclass(frozen=True)
class Str(Schema):
    """A string of ``min_len`` to ``max_len`` characters, one of ``choices`` if given. No control
    or bidirectional-formatting character, except those in ``allow`` (None: any at all, for text
    a bot wrote that is kept as it was and shown escaped)."""

    max_len: int
    min_len: int = 0
    choices: tuple[str, ...] | None = None
    allow: str | None = ""

    def check(self, value, where):
        if not isinstance(value, str):
            return _at(where, f"not a string: {short_form(value)}")
        if self.choices is not None and value not in self.choices:
            return _at(where, f"{short_form(value)} is not one of {', '.join(self.choices)}")
        if not self.min_len <= len(value) <= self.max_len:
            return _at(where, f"a string of {len(value)} characters "
                              f"({self.min_len} to {self.max_len} allowed)")
        unsafe = None if self.allow is None else unsafe_character(value, self.allow)
        if unsafe is not None:
            return _at(where, f"holds a control or bidirectional character ({ascii(unsafe)}): {short_form(value)}")
        return None


@dataclass(frozen=True)
class Bool(Schema):
    def check(self, value, where):
        return None if isinstance(value, bool) else _at(where, f"not true or false: {short_form(value)}")


@dataclass(frozen=True)
class Anything(Schema):
    """Any JSON value (already bounded in depth and numbers by :func:`read_json`)."""

    def check(self, value, where):
        return None


@dataclass(frozen=True)
class Scalar(Schema):
    """null, true or false, a number, or a string of at most ``max_len`` characters: an option's
    value (the rules are checked option by option by ``risk.rules.Rules``)."""

    max_len: int

    def check(self, value, where):
        if value is None or isinstance(value, (bool, int, float)):
            return None if not isinstance(value, float) or math.isfinite(value) else \
                _at(where, f"not a finite number: {short_form(value)}")
        if isinstance(value, str):
            return Str(self.max_len).check(value, where)
        return _at(where, f"not a single value: {short_form(value)}")


@dataclass(frozen=True)
class Nullable(Schema):
    inner: Schema

    def check(self, value, where):
        return None if value is None else self.inner.check(value, where)


@dataclass(frozen=True)
class List(Schema):
    item: Schema
    min_len: int = 0
    max_len: int = 10_000

    def check(self, value, where):
        if not isinstance(value, list):
            return _at(where, f"not a list: {short_form(value)}")
        if not self.min_len <= len(value) <= self.max_len:
            return _at(where, f"a list of {len(value)} items "
                              + (f"(exactly {self.min_len})" if self.min_len == self.max_len
                                 else f"(at most {self.max_len})" if len(value) > self.max_len
                                 else f"(at least {self.min_len})"))
        for index, item in enumerate(value):
            found = self.item.check(item, f"{where}[{index}]")
            if found:
                return found
        return None


@dataclass(frozen=True)
class Object(Schema):
    """A JSON object: ``fields`` by name, those in ``required`` must be there; other keys are
    allowed (and ignored) when ``others`` is set, a schema every such value must fit."""

    fields: Mapping[str, Schema]
    required: frozenset[str] = field(default_factory=frozenset)
    others: Schema | None = Anything()
    max_keys: int = 1000

    def check(self, value, where):
        if not isinstance(value, dict):
            return _at(where, f"not an object: {short_form(value)}")
        if len(value) > self.max_keys:
            return _at(where, f"an object of {len(value)} keys (at most {self.max_keys})")
        for name in self.fields:
            if name in self.required and name not in value:
                kind = "list" if isinstance(self.fields[name], List) else "field"
                return _at(where, f"missing the '{name}' {kind}")
        for name, item in value.items():
            schema = self.fields.get(name, self.others)
            inner = f"{where}.{name}" if where else str(name)
            if schema is None:
                return _at(where, f"unexpected field {short_form(name)}")
            found = schema.check(item, inner)
            if found:
                return found
        return None


def problem(value: Any, schema: Schema) -> str | None:
    """The first way ``value`` does not fit ``schema``, in one phrase; None if it fits."""
    return schema.check(value, "")


# -- the file kinds --------------------------------------------------------------------------------

NAME = Str(max_len=200, min_len=1)
MAX_SEED = 10 ** MAX_INT_DIGITS - 1   # any seed a file can hold: the command line sets no bound
COORDINATE = Number(-1e6, 1e6)
POINT = List(COORDINATE, 2, 2)

#: A map file (docs/map-format.md). Cross-references (a border naming a territory, a territory's
#: continent existing, connectivity) are checked by ``risk.board.board_from_dict``.
MAP = Object({
    "format": Str(100), "version": Int(0, 1000), "name": Str(200), "description": Str(10_000, allow="\t\n\r"),
    "size": List(Number(0, 1e6), 2, 2),
    "continents": List(Object({"name": NAME, "bonus": Int(0, 1000), "color": Str(100)},
                              required=frozenset({"name", "bonus"})), 0, 500),
    "territories": List(Object({"name": NAME, "continent": Nullable(Str(200)), "card": Str(100),
                                "pos": POINT, "shape": Nullable(List(POINT, 0, 10_000))},
                               required=frozenset({"name"})), 0, 5_000),
    "borders": List(List(Str(200), 2, 2), 0, 100_000),
    "sea_routes": Nullable(List(List(Str(200), 2, 2), 0, 100_000)),
    "coastlines": Nullable(List(List(POINT, 3, 100_000), 0, 10_000)),
    # An imported Domination map's own picture and colour-index image, files beside the map.
    "picture": Object({"image": Str(200, 1), "index": Str(200, 1), "codes": List(Int(0, 10 ** 9), 0, 5_000)},
                      required=frozenset({"image", "index", "codes"})),
}, required=frozenset({"continents", "territories", "borders"}))

#: Rule options by name, each a single value (``Rules.from_dict`` checks names and ranges).
RULES = Object({}, others=Scalar(100), max_keys=200)

#: The first line of a game record or save (the map and rules are checked by their own code).
RECORD_HEADER = Object({
    "format": Str(100), "version": Int(0, 1000), "seed": Nullable(Int(0, MAX_SEED)),
    "players": List(Str(500, 1), 2, 6), "rules": RULES,
    "map": Object({}),
}, required=frozenset({"format", "version", "players", "map"}))

RECORD_ACTION = Object({"p": Int(0, 5), "a": Str(1000, 1)}, required=frozenset({"p", "a"}), others=None)
RECORD_RESULT = Object({"winner": Nullable(Int(0, 5)), "turns": Int(0, 10 ** 9),
                        "reason": Nullable(Str(100)), "places": Nullable(List(Int(1, 6), 2, 6))})
WORD = 2 ** 128
RNG_STATE = Object({
    "seed": Nullable(Int(0, WORD)), "buffer": List(Number(0, 1), 0, 100_000), "blitz_draws": Int(1, 2),
    "bit_generator": Object({"bit_generator": Str(20, choices=("PCG64",)),
                             "state": Object({"state": Int(0, WORD), "inc": Int(0, WORD)},
                                             required=frozenset({"state", "inc"})),
                             "has_uint32": Int(0, 1), "uinteger": Int(0, 2 ** 32)},
                            required=frozenset({"bit_generator", "state", "has_uint32", "uinteger"})),
}, required=frozenset({"bit_generator", "buffer"}))
SAVE = Object({"seat_rngs": List(RNG_STATE, 2, 6)}, required=frozenset({"seat_rngs"}))

#: How a game ends (``risk.position.Outcome.reason``), or ``fault`` when a bot forfeited it.
END_REASONS = ("conquest", "mission", "capitals", "turn limit", "fault")
#: The kinds of a bot's fault (the constants of ``risk.match``).
FAULT_KINDS = ("crashed", "made an illegal move", "timed out", "broke the pipe", "wrote unreadable output",
               "sent an unknown message", "answered a stale or wrong request id", "failed the handshake")

#: One line of a tournament results file (docs/tournaments.md); ``record_problem`` in
#: ``risk.tournament.results`` adds the checks between fields (a winner among the seats ...).
RESULTS_LINE = Object({
    "game": Int(0, 10 ** 9), "group": Int(0, 10 ** 9), "rotation": Int(0, 5), "seed": Int(0, MAX_SEED),
    "seats": List(Str(500, 1), 2, 6), "players": List(Str(500, 1), 2, 6),
    "winner": Nullable(Int(0, 5)), "winner_bot": Nullable(Str(500)), "places": List(Int(1, 6), 2, 6),
    "turns": Int(0, 10 ** 9), "reason": Str(100, choices=END_REASONS), "actions": Int(0, 10 ** 12),
    "fault": Nullable(Object({"seat": Int(0, 5), "bot": Str(500), "kind": Str(100, choices=FAULT_KINDS),
                              "error": Str(100_000, allow=None)},
                             required=frozenset({"seat", "bot", "kind"}))),
    "rules": RULES, "setup": Str(100), "tag": Object({}, max_keys=200),
}, required=frozenset({"game", "group", "seed", "turns", "seats", "places", "reason"}))
