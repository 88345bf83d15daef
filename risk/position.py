"""The game state's schema: every field declared once, with its kind and its written form.

:data:`FIELDS` is the one list of what a game state holds. From it follow :class:`Position`'s
``__slots__``, ``copy`` and ``fingerprint`` (their source generated once at import, as
:mod:`dataclasses` generates ``__init__``, so that a copy costs what a hand-written one does),
the fields derived from others, the flags a turn resets, and the position as JSON-able data
(:meth:`Position.to_dict`, :meth:`Position.from_dict`), which the bot protocol's view builds on.
:class:`~risk.state.GameState` is a :class:`Position` with the rules (:class:`risk.engine.Engine`).

A field's :class:`Kind` says what a copy does with it; its codec
(:mod:`risk.position_codecs`) how it is written. The board is written by name and by a digest of
the map's content (the whole map belongs in a record's header, not in every position): reading a
position back needs the board it was played on, which is checked against the digest (the classic
map is found by itself). The rules are written as the options that differ from the standard ones.

>>> import json
>>> from risk.state import GameState
>>> game = GameState.new(players=3, seed=7)
>>> text = json.dumps(game.to_dict())
>>> GameState.from_dict(json.loads(text)).fingerprint() == game.fingerprint()
True
"""

from __future__ import annotations

import enum
import hashlib
import json
import weakref
from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple

from risk.board import Board, load_map
from risk.errors import PositionError, RiskError
from risk.phase import Phase
from risk.position_codecs import (BOOL, BOOLS, CARDS, FLAGS_OR_NONE, HANDS, INT, INTS, MASK, MISSIONS, NEUTRAL,
                                  NO_OWNER, OWNERS, PENDING, PHASE, PLACES, RANDOM, RULES_CHANGES, SEA_ROUNDS,
                                  SEAT_OR_NONE, TERRITORIES, TERRITORY, TERRITORY_PAIR, TEXT_OR_NONE, Codec)
from risk.schema import Object, Str, problem, short_form

__all__ = ["DERIVED", "FIELDS", "FIELD_NAMES", "GIVEN", "HIDDEN", "NO_OWNER", "TURN_FLAGS", "Field", "Kind",
           "Outcome", "Position", "classic_board", "decode_fields", "map_digest"]


class Kind(enum.Enum):
    """What a copy of the state does with a field (and how its fingerprint reads it)."""

    SHARED = "shared"        #: immutable and shared by every copy; fingerprinted by name (the board)
    VALUE = "value"          #: an immutable value (number, text, enum, tuple, frozen value, None)
    LIST = "list"            #: a list of immutable items, copied by slice
    LISTS = "lists"          #: a list of such lists (the hands)
    DICT = "dict"            #: a dict of immutable keys and values
    OPTIONAL_LIST = "optional list"  #: None, or a list of immutable items
    RANDOM = "random"        #: the random source: shared by a copy unless it is given another


#: How many items a list field has: one per territory, per owner (the seats and the neutral
#: army), or per seat.
TERRITORY_ITEMS, OWNER_ITEMS, SEAT_ITEMS = "territory", "owner", "seat"


# -- the board by name and digest ---------------------------------------------------------------

_classic_board: Board | None = None
_digests: weakref.WeakKeyDictionary[Board, str] = weakref.WeakKeyDictionary()


def classic_board() -> Board:
    """The classic map, loaded once per process."""
    global _classic_board
    if _classic_board is None:
        _classic_board = load_map()
    return _classic_board


def map_digest(board: Board) -> str:
    """A short hash of the map's content (its file form), the same for every copy of the map."""
    digest = _digests.get(board)
    if digest is None:
        text = json.dumps(board.to_dict(), sort_keys=True, separators=(",", ":"))
        digest = _digests[board] = hashlib.sha256(text.encode()).hexdigest()[:16]
    return digest


def _board_of(written: Mapping[str, str], board: Board | None) -> Board:
    """The board a written position is on: ``board`` if its digest is the position's, the
    classic map when no board is given and the position is on it."""
    name, digest = written["name"], written["digest"]
    if board is None:
        if map_digest(classic_board()) != digest:
            raise PositionError(f"the position is on the map {name!r}: give its board")
        return classic_board()
    if map_digest(board) != digest:
        raise PositionError(f"the position is on the map {name!r} (digest {digest}), not on the board given "
                            f"({board.name!r}, digest {map_digest(board)})")
    return board


#: The board, by name and digest; reading it back checks the board given (see the module's notes).
MAP = Codec(lambda board, _: {"name": board.name, "digest": map_digest(board)}, _board_of,
            Object({"name": Str(200), "digest": Str(64, 1)}, required=frozenset({"name", "digest"}), others=None))


class _Given:
    """The start of a field that :meth:`~risk.state.GameState.new` sets from its arguments."""

    def __repr__(self) -> str:
        return "GIVEN"


GIVEN = _Given()


class Field(NamedTuple):
    """One field of the state.

    ``codec`` is its written form, None for a field derived from others (rebuilt by
    :meth:`Position.derive_fields`, never written). ``start`` is its value in a new game (for a
    list of ``items``, the value of each item; other lists and dicts start empty), or
    :data:`GIVEN`. ``items`` is what a list has one item for: a territory, an owner (the seats
    and the neutral army) or a seat. ``per_turn`` marks a flag a turn starts afresh at ``start``;
    ``hidden`` a field a seat may not see (wholly or in part), which every view of the state
    (``GameState.view``, the protocol's view) treats by name.
    """

    name: str
    kind: Kind
    codec: Codec | None
    start: Any = GIVEN
    items: str | None = None
    per_turn: bool = False
    hidden: bool = False


#: Every field of the state, in the order of ``__slots__`` and of the fingerprint.
FIELDS: tuple[Field, ...] = (
    Field("board", Kind.SHARED, MAP),
    Field("rules", Kind.VALUE, RULES_CHANGES),
    Field("players", Kind.VALUE, INT),
    Field("owners", Kind.VALUE, None),     # the seats and the neutral army, if any
    Field("neutral", Kind.VALUE, NEUTRAL),  # the neutral army's owner number, or NO_OWNER
    Field("owner", Kind.LIST, OWNERS, NO_OWNER, TERRITORY_ITEMS),
    Field("armies", Kind.LIST, INTS, 0, TERRITORY_ITEMS),
    Field("count", Kind.LIST, None),       # territories held, by owner
    Field("own_mask", Kind.LIST, None),    # the territories held, by owner, as a bit mask
    Field("phase", Kind.VALUE, PHASE, Phase.CLAIM),
    Field("player", Kind.VALUE, INT, 0),
    Field("turn", Kind.VALUE, INT, 0),
    Field("reserve", Kind.LIST, INTS, GIVEN, OWNER_ITEMS),
    Field("setup_placed_own", Kind.VALUE, INT, 0),
    Field("setup_placed_neutral", Kind.VALUE, INT, 0),
    Field("pool", Kind.VALUE, INT, 0),
    Field("hands", Kind.LISTS, HANDS, (), OWNER_ITEMS, hidden=True),
    Field("deck", Kind.LIST, CARDS, GIVEN, hidden=True),
    Field("discard", Kind.LIST, CARDS, ()),
    Field("sets_traded", Kind.VALUE, INT, 0),
    Field("bonus_used", Kind.VALUE, BOOL, False, per_turn=True),
    Field("conquered", Kind.VALUE, BOOL, False, per_turn=True),
    Field("attack_source", Kind.VALUE, TERRITORY, -1),
    Field("attack_target", Kind.VALUE, TERRITORY, -1),
    Field("occupy_min", Kind.VALUE, INT, 0),
    Field("last_attack_dice", Kind.VALUE, INT, 0),
    Field("resume_attack", Kind.VALUE, BOOL, False, per_turn=True),
    Field("trade_until", Kind.VALUE, INT, 0),
    Field("arrived", Kind.LIST, INTS, 0, TERRITORY_ITEMS, per_turn=True),
    Field("fortified", Kind.VALUE, BOOL, False, per_turn=True),
    Field("alive", Kind.LIST, BOOLS, True, OWNER_ITEMS),
    Field("eliminated", Kind.LIST, INTS, ()),
    Field("winner", Kind.VALUE, SEAT_OR_NONE, None),
    Field("end_reason", Kind.VALUE, TEXT_OR_NONE, None),
    Field("places", Kind.VALUE, PLACES, None),
    Field("rng", Kind.RANDOM, RANDOM, GIVEN, hidden=True),
    # the variants (docs/rules.md): decisions by the defender, old UK turns, commanders,
    # sea lanes, retreats, missions and capitals
    Field("decider", Kind.VALUE, INT, -1),
    Field("pending", Kind.VALUE, PENDING, None),
    Field("attacked", Kind.VALUE, BOOL, False, per_turn=True),
    Field("withheld", Kind.VALUE, INT, 0),
    Field("after_deploy", Kind.VALUE, PHASE, Phase.ATTACK, per_turn=True),
    Field("commander_used", Kind.VALUE, BOOL, False, per_turn=True),
    Field("sea_rounds", Kind.DICT, SEA_ROUNDS, (), per_turn=True),
    Field("retreat_offered", Kind.VALUE, MASK, 0, per_turn=True),  # defenders offered a retreat
    Field("declared", Kind.VALUE, TERRITORY_PAIR, None, per_turn=True),
    Field("missions", Kind.OPTIONAL_LIST, MISSIONS, None, SEAT_ITEMS, hidden=True),
    Field("mission_done", Kind.OPTIONAL_LIST, FLAGS_OR_NONE, None, SEAT_ITEMS, hidden=True),
    Field("capitals", Kind.LIST, TERRITORIES, -1, SEAT_ITEMS, hidden=True),  # hidden while being chosen
)

FIELD_NAMES: tuple[str, ...] = tuple(f.name for f in FIELDS)
#: The fields that hold for one turn only (``_reset_turn_flags`` in :mod:`risk.engine.flow`).
TURN_FLAGS: tuple[str, ...] = tuple(f.name for f in FIELDS if f.per_turn)
#: The fields rebuilt from others, never written.
DERIVED: tuple[str, ...] = tuple(f.name for f in FIELDS if f.codec is None)
#: The fields a seat may not see whole.
HIDDEN: tuple[str, ...] = tuple(f.name for f in FIELDS if f.hidden)
_STORED = tuple(f for f in FIELDS if f.name not in DERIVED)
_STARTED = tuple(f for f in _STORED if f.start is not GIVEN)

_CODECS: dict[str, Codec] = {f.name: f.codec for f in _STORED}
_SHAPE = Object({f.name: f.codec.shape for f in _STORED},
                required=frozenset(f.name for f in _STORED), others=None)
_new = object.__new__


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended (:meth:`Position.outcome`).

    ``winner`` is a seat, or None for a draw on adjudication; ``reason`` is ``"conquest"``,
    ``"mission"``, ``"capitals"`` or ``"turn limit"``; ``places`` gives each seat its place, 1
    the best (the winner first, the other survivors by territories then armies, equal keys
    sharing a place, then the eliminated, the last to fall first).
    """

    winner: int | None
    reason: str
    places: tuple[int, ...]


# -- generated methods --------------------------------------------------------------------------

_COPIED = {
    Kind.SHARED: "self.{0}", Kind.VALUE: "self.{0}", Kind.LIST: "self.{0}[:]",
    Kind.LISTS: "list(map(list.copy, self.{0}))",
    Kind.DICT: "dict(self.{0}) if self.{0} else {{}}",
    Kind.OPTIONAL_LIST: "None if self.{0} is None else self.{0}[:]",
    Kind.RANDOM: "self.{0} if rng is None else rng",
}
_FINGERPRINTED = {
    Kind.SHARED: "self.{0}.name", Kind.VALUE: "self.{0}", Kind.LIST: "tuple(self.{0})",
    Kind.LISTS: "tuple(map(tuple, self.{0}))", Kind.DICT: "tuple(sorted(self.{0}.items()))",
    Kind.OPTIONAL_LIST: "None if self.{0} is None else tuple(self.{0})",
    Kind.RANDOM: "self.{0}.fingerprint()",
}


def _generated(source: str, name: str, doc: str):
    namespace: dict[str, Any] = {"_new": object.__new__, "__name__": __name__}
    exec(source, namespace)  # noqa: S102  (source built above from FIELDS alone)
    function = namespace[name]
    function.__doc__ = doc
    function.__qualname__ = f"Position.{name}"
    return function


def _copy_method():
    lines = ["def copy(self, rng=None):", "    other = _new(self.__class__)"]
    lines += [f"    other.{f.name} = " + _COPIED[f.kind].format(f.name) for f in FIELDS]
    lines.append("    return other")
    return _generated("\n".join(lines), "copy", """An independent copy. It shares the random source
        unless ``rng`` is given; the board and rules are immutable and shared.""")


def _fingerprint_method():
    items = ",\n        ".join(_FINGERPRINTED[f.kind].format(f.name) for f in FIELDS)
    source = f"def fingerprint(self):\n    return (\n        {items},\n    )"
    return _generated(source, "fingerprint", """Every field of the state, as a hashable value (for
        comparing replays and round trips, and for checking that a refused action changed
        nothing): the board by its name, the rules by value and the random source by its state,
        so that equal fingerprints play on identically. Ordered as :data:`FIELDS`.""")


# -- the data class -----------------------------------------------------------------------------

class Position:
    """The data of a game state, as :data:`FIELDS` declares it: no rules, only fields and what
    follows from them (copies, fingerprints, the written form, the outcome)."""

    __slots__ = FIELD_NAMES

    copy = _copy_method()
    __copy__ = copy
    fingerprint = _fingerprint_method()

    def start_fields(self) -> None:
        """Every field at its value in a new game, but those :data:`GIVEN` (which must be set
        already, ``players`` and ``neutral`` among them) and the derived ones (rebuilt)."""
        sizes = self._sizes()
        for f in _STARTED:
            if f.kind is Kind.LISTS:
                value = [[] for _ in range(sizes[f.items])]
            elif f.kind is Kind.LIST:
                value = [f.start] * sizes[f.items] if f.items else list(f.start)
            elif f.kind is Kind.DICT:
                value = dict(f.start)
            else:
                value = f.start
            setattr(self, f.name, value)
        self.derive_fields()

    def _sizes(self) -> dict[str, int]:
        owners = self.players + (1 if self.neutral >= 0 else 0)
        return {TERRITORY_ITEMS: len(self.board), OWNER_ITEMS: owners, SEAT_ITEMS: self.players}

    def derive_fields(self) -> None:
        """Rebuild the derived fields (``owners``, ``count``, ``own_mask``) from ``players``,
        ``neutral`` and ``owner``."""
        self.owners = owners = self.players + (1 if self.neutral >= 0 else 0)
        count, own_mask = [0] * owners, [0] * owners
        for t, o in enumerate(self.owner):
            if o >= 0:
                count[o] += 1
                own_mask[o] |= 1 << t
        self.count, self.own_mask = count, own_mask

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        if self.phase != Phase.GAME_OVER:
            return None
        return Outcome(self.winner, self.end_reason, self.places)

    # -- the written form ----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole position as JSON-able data, field by field (see the module's notes):
        :meth:`from_dict` gives it back exactly, random source included."""
        return self.encode_fields(f.name for f in _STORED)

    def encode_fields(self, names) -> dict[str, Any]:
        """The written form of the fields ``names`` (none of them derived)."""
        board = self.board
        return {name: _CODECS[name].encode(getattr(self, name), board) for name in names}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], board: Board | None = None):
        """The position ``data`` (from :meth:`to_dict`) on ``board`` (needed unless it is the
        classic map). Raises :class:`~risk.errors.PositionError`, naming the field, for data
        that is malformed or does not fit the board."""
        found = problem(data, _SHAPE)
        if found:
            raise PositionError(f"the position is malformed: {found}")
        return cls.from_fields(decode_fields(data, _board_of(data["board"], board)))

    @classmethod
    def from_fields(cls, values: Mapping[str, Any]):
        """A position from the value of every field but the derived ones (which are rebuilt).
        Raises :class:`~risk.errors.PositionError` for a field missing, unknown, or a list of
        the wrong length."""
        missing = [f.name for f in _STORED if f.name not in values]
        unknown = [name for name in values if name not in _CODECS]
        if missing or unknown:
            raise PositionError(f"a position needs every field: {', '.join(missing)} missing" if missing
                                else f"a position has no field {unknown[0]!r}")
        position = _new(cls)
        for f in _STORED:
            setattr(position, f.name, values[f.name])
        position._check_sizes()
        position.derive_fields()
        return position

    def _check_sizes(self) -> None:
        sizes = self._sizes()
        owners = sizes[OWNER_ITEMS]
        for f in _STORED:
            value = getattr(self, f.name)
            if f.items is not None and value is not None and len(value) != sizes[f.items]:
                raise PositionError(f"the position's {f.name} has {len(value)} items, not one per "
                                    f"{f.items} ({sizes[f.items]})")
        if any(not NO_OWNER <= o < owners for o in self.owner):
            raise PositionError(f"the position's owner names an owner outside 0 to {owners - 1}")



def decode_fields(data: Mapping[str, Any], board: Board) -> dict[str, Any]:
    """The values of the written fields in ``data`` on ``board``; :class:`PositionError` naming
    the first that does not fit."""
    values = {}
    for name, written in data.items():
        codec = _CODECS.get(name)
        if codec is None:
            raise PositionError(f"a position has no field {name!r}")
        try:
            values[name] = codec.decode(written, board)
        except RiskError as exc:
            raise PositionError(f"the position's {name}: {exc}") from None
        except KeyError as exc:
            raise PositionError(f"the position's {name} names {short_form(exc.args[0])}, which is not on the "
                                f"map {board.name!r}") from None
        except (TypeError, ValueError, IndexError) as exc:
            raise PositionError(f"the position's {name} is malformed: {exc}") from None
    return values
