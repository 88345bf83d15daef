"""How each kind of field of the game state is written as JSON-able data, and read back.

A :class:`Codec` pairs the two directions with the shape the data must have (a schema of
:mod:`risk.schema`, checked before anything is read). The words are the ones a player sees and
the bot protocol sends: territories by slug (None for no territory), cards by their territory's
slug or ``"wild"``, phases by name, the pending decision as an object with a ``kind``. The
schema of the state (:mod:`risk.position`) names one codec per field.

>>> from risk.board import load_map
>>> board = load_map()
>>> TERRITORY.encode(0, board), TERRITORY.decode("alaska", board), TERRITORY.encode(-1, board)
('alaska', 0, None)
>>> CARDS.encode([WILD, 1], board)
['wild', 'northwest-territory']
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, NamedTuple

from risk.actions import Attack, Blitz, parse_action
from risk.board import Board
from risk.cards import WILD
from risk.missions import Mission
from risk.pending import DefenceChoice, FirstPlacer, RetreatChoice, SixChoice
from risk.phase import Phase
from risk.randomness import RandomSource
from risk.rules import Rules
from risk.schema import RNG_STATE, RULES, Bool, Int, List, Nullable, Object, Schema, Str, short_form

#: The owner of a territory nobody holds yet, and the neutral seat of a game without one.
NO_OWNER = -1

#: Bounds generous enough for any game: armies, turns, counts.
_BIG = 10 ** 9


class Codec(NamedTuple):
    """A field's written form: ``encode(value, board)`` gives JSON-able data, ``decode(data,
    board)`` the value again; ``shape`` is what the data must look like."""

    encode: Callable[[Any, Board], Any]
    decode: Callable[[Any, Board], Any]
    shape: Schema


def card_name(state_or_board, card: int) -> str:
    """A card's written name: its territory's slug, or ``"wild"``."""
    board = getattr(state_or_board, "board", state_or_board)
    return "wild" if card == WILD else board.slugs[card]


def card_id(board: Board, name: str) -> int:
    """The card a name stands for; raises KeyError for an unknown one."""
    return WILD if name == "wild" else board.id(name)


def _slug(board: Board, territory: int) -> str | None:
    return None if territory < 0 else board.slugs[territory]


def _territory(board: Board, slug: str | None) -> int:
    return -1 if slug is None else board.id(slug)


def _same(value, board):
    return value


def _listed(value, board):
    return list(value)


def _optional(codec: Codec) -> Codec:
    """``codec``, or None for None."""
    return Codec(lambda value, board: None if value is None else codec.encode(value, board),
                 lambda data, board: None if data is None else codec.decode(data, board),
                 Nullable(codec.shape))


class _Mask(Schema):
    """A set of territories as a bit mask: a whole number of any size from 0 up."""

    def check(self, value, where):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            return f"{where}: not a bit mask of territories (a whole number from 0): {short_form(value)}"
        return None


INT = Codec(_same, _same, Int(-1, _BIG))
#: A set of territories, bit ``t`` for territory ``t`` (as the bot protocol sends it).
MASK = Codec(_same, _same, _Mask())
BOOL = Codec(_same, _same, Bool())
INTS = Codec(_listed, _listed, List(Int(-1, _BIG)))
BOOLS = Codec(_listed, _listed, List(Bool()))
TEXT_OR_NONE = Codec(_same, _same, Nullable(Str(100)))
SEAT_OR_NONE = Codec(_same, _same, Nullable(Int(0, 6)))
PLACES = _optional(Codec(_listed, lambda data, board: tuple(data), List(Int(1, 6), 2, 6)))
PHASE = Codec(lambda phase, board: phase.name, lambda name, board: Phase[name],
              Str(20, choices=tuple(Phase.__members__)))

#: The neutral seat, None when there is none.
NEUTRAL = Codec(lambda seat, board: None if seat < 0 else seat,
                lambda data, board: NO_OWNER if data is None else data, Nullable(Int(0, 6)))
#: The owner of each territory, None where nobody holds it yet.
OWNERS = Codec(lambda owner, board: [None if o < 0 else o for o in owner],
               lambda data, board: [NO_OWNER if o is None else o for o in data], List(Nullable(Int(0, 6))))

TERRITORY = Codec(lambda t, board: _slug(board, t), lambda slug, board: _territory(board, slug),
                  Nullable(Str(200)))
TERRITORIES = Codec(lambda ts, board: [_slug(board, t) for t in ts],
                    lambda slugs, board: [_territory(board, s) for s in slugs], List(Nullable(Str(200))))
#: An attack declared and stood against (a pair of territories), or None.
TERRITORY_PAIR = _optional(Codec(lambda pair, board: [_slug(board, t) for t in pair],
                                 lambda slugs, board: tuple(_territory(board, s) for s in slugs),
                                 List(Str(200), 2, 2)))
CARDS = Codec(lambda cards, board: [card_name(board, c) for c in cards],
              lambda names, board: [card_id(board, n) for n in names], List(Str(200)))
HANDS = Codec(lambda hands, board: [CARDS.encode(h, board) for h in hands],
              lambda data, board: [CARDS.decode(h, board) for h in data], List(CARDS.shape))


class _SeaRound(Schema):
    """``[source, target, rounds]``: two territories and a count."""

    def check(self, value, where):
        if not isinstance(value, list) or len(value) != 3 or not all(isinstance(s, str) for s in value[:2]):
            return f"{where}: not [source, target, rounds]: {short_form(value)}"
        return Int(0, _BIG).check(value[2], f"{where}[2]")


#: The sea-lane rounds fought this turn, by (source, target): ``[[source, target, rounds], ...]``.
SEA_ROUNDS = Codec(lambda rounds, board: [[_slug(board, s), _slug(board, t), n]
                                          for (s, t), n in sorted(rounds.items())],
                   lambda data, board: {(_territory(board, s), _territory(board, t)): n for s, t, n in data},
                   List(_SeaRound()))


def _mission(data: dict[str, Any], board: Board) -> Mission:
    return Mission(**{**data, "continents": tuple(data.get("continents", ()))})


MISSION = Codec(lambda mission, board: mission.to_json(), _mission, Object({
    "kind": Str(20, choices=("destroy", "continents", "territories")), "target": Int(-1, 6),
    "continents": List(Str(200)), "third": Bool(), "territories": Int(0, _BIG), "min_armies": Int(1, _BIG),
}, required=frozenset({"kind"}), others=None))
#: Each seat's mission (None for one a view hides), or None without missions.
MISSIONS = _optional(Codec(lambda ms, board: [None if m is None else MISSION.encode(m, board) for m in ms],
                           lambda data, board: [None if m is None else MISSION.decode(m, board) for m in data],
                           List(Nullable(MISSION.shape))))
FLAGS_OR_NONE = _optional(BOOLS)


#: What each kind of pending decision holds besides its kind.
_PENDING_KEYS = {"first_placer": ("seat",), "defence": ("source", "target", "attack_dice"),
                 "retreat": ("source", "target", "attack"), "six": ("source", "target", "attack_dice", "defend_dice")}


def encode_pending(pending, board: Board) -> dict[str, Any] | None:
    """The pending decision as an object with a ``kind``, or None."""
    if pending is None:
        return None
    if isinstance(pending, FirstPlacer):
        return {"kind": "first_placer", "seat": pending.seat}
    if isinstance(pending, DefenceChoice):
        return {"kind": "defence", "source": _slug(board, pending.source), "target": _slug(board, pending.target),
                "attack_dice": list(pending.attack_dice)}
    if isinstance(pending, RetreatChoice):
        return {"kind": "retreat", "source": _slug(board, pending.source), "target": _slug(board, pending.target),
                "attack": pending.attack.text(board)}
    if isinstance(pending, SixChoice):
        return {"kind": "six", "source": _slug(board, pending.source), "target": _slug(board, pending.target),
                "attack_dice": list(pending.attack_dice), "defend_dice": list(pending.defend_dice)}
    raise TypeError(f"no written form for the pending decision {pending!r}")


def decode_pending(data: dict[str, Any] | None, board: Board):
    """The pending decision an object of :func:`encode_pending` stands for."""
    if data is None:
        return None
    kind = data["kind"]
    missing = [key for key in _PENDING_KEYS.get(kind, ()) if key not in data]
    if missing:
        raise ValueError(f"a {kind} decision needs {', '.join(missing)}")
    if kind == "first_placer":
        return FirstPlacer(data["seat"])
    source, target = board.id(data["source"]), board.id(data["target"])
    if kind == "defence":
        return DefenceChoice(source, target, tuple(data["attack_dice"]))
    if kind == "retreat":
        attack = parse_action(data["attack"], board)
        if not isinstance(attack, (Attack, Blitz)):
            raise ValueError(f"a retreat decision needs an attack, not {data['attack']!r}")
        return RetreatChoice(attack)
    if kind == "six":
        return SixChoice(source, target, tuple(data["attack_dice"]), tuple(data["defend_dice"]))
    raise ValueError(f"unknown pending decision {kind!r}")


_DICE = List(Int(1, 6), 0, 3)
PENDING = Codec(encode_pending, decode_pending, Nullable(Object({
    "kind": Str(20, choices=("first_placer", "defence", "retreat", "six")), "seat": Int(0, 6),
    "source": Str(200), "target": Str(200), "attack": Str(1000), "attack_dice": _DICE, "defend_dice": _DICE,
}, required=frozenset({"kind"}), others=None)))


@lru_cache(maxsize=64)
def _rules_from(changes: tuple[tuple[str, Any], ...]) -> Rules:
    return Rules.from_dict(dict(changes))  # rules are immutable: a game's positions share them


#: The rules by the options that differ from the standard ones (``Rules.changes``).
RULES_CHANGES = Codec(lambda rules, board: rules.changes(),
                      lambda data, board: _rules_from(tuple(sorted(data.items()))), RULES)


def _random_source(data: dict[str, Any], board: Board) -> RandomSource:
    source = RandomSource()
    source.set_state(data)
    return source


#: The random source by its whole state: the seed, the generator's state and the numbers drawn
#: ahead, so that a position read back draws exactly what the original would.
RANDOM = Codec(lambda source, board: source.get_state(), _random_source, RNG_STATE)
