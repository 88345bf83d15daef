"""Actions: small frozen values with a short text form that parses back.

Territories inside an action are ids; the text form names them by slug (``north-africa``), so
it needs the board: ``action.text(board)`` and ``parse_action(text, board)``. Without a board,
``str(action)`` uses ``#id`` tokens, which ``parse_action`` also reads.

=================  =======================================  =========================================
action             text                                     meaning
=================  =======================================  =========================================
Claim(t)           ``claim alaska``                         set-up: take an empty territory
Place(t)           ``place alaska``                         set-up: one more army on your territory
PlaceNeutral(t)    ``neutral alaska``                       2-player set-up: one army on a neutral one
Trade(cards, b)    ``trade alaska siam wild +siam``         trade a set (``+t``: where the +2 goes)
Deploy(t, n)       ``deploy alaska 3``                      place n reinforcements
Attack(s, t, k)    ``attack alaska kamchatka 3``            roll once with k dice
Blitz(s, t, k)     ``blitz alaska kamchatka`` / ``... 4``   roll until conquest or s is down to k
                   ``blitz alaska kamchatka 4 six``         ... and spend the commander's six if it helps
Occupy(n)          ``occupy 3``                             move n armies into the conquered territory
Fortify(s, t, n)   ``fortify ural siberia 4``               move n armies
EndPhase()         ``end``                                  stop trading, attacking or fortifying
ChooseCapital(t)   ``capital alaska``                       capital Risk: your capital
Defend(k)          ``defend 2``                             old UK: the defender's dice, after the roll
Retreat(t)         ``retreat alberta``                      FAQ 4.2: the defender retreats to t
Stand()            ``stand``                                FAQ 4.2: the defender fights
UseSix()           ``six``                                  US 1980: turn the roll's lowest die into a six
KeepRoll()         ``keep``                                 US 1980: keep the roll, and the six
=================  =======================================  =========================================

>>> from risk.board import load_map
>>> board = load_map()
>>> a = parse_action("blitz alaska kamchatka 2", board)
>>> a, a.text(board)
(Blitz(source=0, target=29, stop_at=2, six=False), 'blitz alaska kamchatka 2')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Union

from risk.cards import WILD
from risk.errors import ActionParseError

if TYPE_CHECKING:
    from risk.board import Board


def _name(board: "Board | None", territory: int) -> str:
    if board is None or not 0 <= territory < len(board):
        return f"#{territory}"
    return board.slugs[territory]


@dataclass(frozen=True, slots=True)
class Claim:
    territory: int
    verb: ClassVar[str] = "claim"

    def text(self, board: "Board | None" = None) -> str:
        return f"claim {_name(board, self.territory)}"


@dataclass(frozen=True, slots=True)
class Place:
    territory: int
    verb: ClassVar[str] = "place"

    def text(self, board: "Board | None" = None) -> str:
        return f"place {_name(board, self.territory)}"


@dataclass(frozen=True, slots=True)
class PlaceNeutral:
    territory: int
    verb: ClassVar[str] = "neutral"

    def text(self, board: "Board | None" = None) -> str:
        return f"neutral {_name(board, self.territory)}"


@dataclass(frozen=True, slots=True)
class Trade:
    """Trade three cards. ``bonus`` is the territory that gets the +2 armies, or None."""

    cards: tuple[int, ...]
    bonus: int | None = None
    verb: ClassVar[str] = "trade"

    def text(self, board: "Board | None" = None) -> str:
        names = ["wild" if c == WILD else _name(board, c) for c in self.cards]
        out = "trade " + " ".join(names)
        if self.bonus is not None:
            out += " +" + _name(board, self.bonus)
        return out


@dataclass(frozen=True, slots=True)
class Deploy:
    territory: int
    armies: int
    verb: ClassVar[str] = "deploy"

    def text(self, board: "Board | None" = None) -> str:
        return f"deploy {_name(board, self.territory)} {self.armies}"


@dataclass(frozen=True, slots=True)
class Attack:
    """Roll once with ``dice`` dice. With the commander's six (US 1980) the attacker may then
    turn a die of the roll into a six (:class:`UseSix`)."""

    source: int
    target: int
    dice: int
    verb: ClassVar[str] = "attack"

    def text(self, board: "Board | None" = None) -> str:
        return f"attack {_name(board, self.source)} {_name(board, self.target)} {self.dice}"


@dataclass(frozen=True, slots=True)
class Blitz:
    """Roll with as many dice as allowed until the target falls or the source is down to ``stop_at``.

    ``six`` (US 1980 commanders): the blitz may spend the commander's six, on the roll where
    that raises the chance of conquest most; it stays unused if no roll needs it.
    """

    source: int
    target: int
    stop_at: int = 1
    six: bool = False
    verb: ClassVar[str] = "blitz"

    def text(self, board: "Board | None" = None) -> str:
        out = f"blitz {_name(board, self.source)} {_name(board, self.target)}"
        out = out if self.stop_at == 1 else f"{out} {self.stop_at}"
        return out + " six" if self.six else out


@dataclass(frozen=True, slots=True)
class Occupy:
    armies: int
    verb: ClassVar[str] = "occupy"

    def text(self, board: "Board | None" = None) -> str:
        return f"occupy {self.armies}"


@dataclass(frozen=True, slots=True)
class Fortify:
    source: int
    target: int
    armies: int
    verb: ClassVar[str] = "fortify"

    def text(self, board: "Board | None" = None) -> str:
        return f"fortify {_name(board, self.source)} {_name(board, self.target)} {self.armies}"


@dataclass(frozen=True, slots=True)
class EndPhase:
    verb: ClassVar[str] = "end"

    def text(self, board: "Board | None" = None) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class ChooseCapital:
    territory: int
    verb: ClassVar[str] = "capital"

    def text(self, board: "Board | None" = None) -> str:
        return f"capital {_name(board, self.territory)}"


@dataclass(frozen=True, slots=True)
class Defend:
    """The defender's dice, chosen after seeing the attacker's roll (old UK rules)."""

    dice: int
    verb: ClassVar[str] = "defend"

    def text(self, board: "Board | None" = None) -> str:
        return f"defend {self.dice}"


@dataclass(frozen=True, slots=True)
class Retreat:
    """The attacked armies withdraw to ``territory``, a neighbour of their own (FAQ 4.2)."""

    territory: int
    verb: ClassVar[str] = "retreat"

    def text(self, board: "Board | None" = None) -> str:
        return f"retreat {_name(board, self.territory)}"


@dataclass(frozen=True, slots=True)
class Stand:
    """The attacked armies stay and fight (FAQ 4.2)."""

    verb: ClassVar[str] = "stand"

    def text(self, board: "Board | None" = None) -> str:
        return "stand"


@dataclass(frozen=True, slots=True)
class UseSix:
    """The commander's six (US 1980): the lowest die of the roll just made becomes a six."""

    verb: ClassVar[str] = "six"

    def text(self, board: "Board | None" = None) -> str:
        return "six"


@dataclass(frozen=True, slots=True)
class KeepRoll:
    """The roll just made stands as rolled; the commander's six stays for a later roll."""

    verb: ClassVar[str] = "keep"

    def text(self, board: "Board | None" = None) -> str:
        return "keep"


Action = Union[Claim, Place, PlaceNeutral, Trade, Deploy, Attack, Blitz, Occupy, Fortify, EndPhase,
               ChooseCapital, Defend, Retreat, Stand, UseSix, KeepRoll]
ACTION_TYPES = (Claim, Place, PlaceNeutral, Trade, Deploy, Attack, Blitz, Occupy, Fortify, EndPhase,
                ChooseCapital, Defend, Retreat, Stand, UseSix, KeepRoll)

for _cls in ACTION_TYPES:
    _cls.__str__ = _cls.text  # type: ignore[method-assign]


# ---------------------------------------------------------------------------------------------
# Field types: a bot or a protocol client can build an action with anything in it (True for an
# army count, 2.5 dice, a name for a territory id); such an action is illegal, not a crash.

def _cards(value: object) -> bool:
    return type(value) is tuple and all(type(card) is int for card in value)


#: Each declared field type: the exact type that passes at once (``type(value) is ...``: not
#: bool for int, not float, not a numpy scalar, exactly what parsing gives), else a further check,
#: and how the refusal names it. Exact-type tests first, as every apply pays for them.
_FIELD_CHECKS = {"int": (int, None, "a whole number"), "bool": (bool, None, "true or false"),
                 "int | None": (int, lambda value: value is None, "a whole number or none"),
                 "tuple[int, ...]": (None, _cards, "a tuple of card numbers")}

#: For each action type, its fields with the checks of the type each declares.
_FIELDS = {cls: tuple((name, *_FIELD_CHECKS[annotation]) for name, annotation in cls.__annotations__.items()
                      if not annotation.startswith("ClassVar"))
           for cls in ACTION_TYPES}


def malformed(action: object) -> str | None:
    """Why ``action`` is not a well-formed action (a field of the wrong type), or None.

    Only exact types pass: an army count of ``True`` or ``2.0`` is refused, as the text form could
    never produce it.
    """
    fields = _FIELDS.get(type(action))
    if fields is None:
        return f"{action!r} is not an action"
    for name, exact_type, check, expected in fields:
        value = getattr(action, name)
        if type(value) is not exact_type and (check is None or not check(value)):
            return f"its {name} must be {expected}, not {value!r}"
    return None


# ---------------------------------------------------------------------------------------------
# Parsing

_SHAPES: dict[str, tuple[type, str]] = {
    # verb: (class, argument pattern: t = territory, n = whole number, ? = optional number)
    "claim": (Claim, "t"),
    "place": (Place, "t"),
    "neutral": (PlaceNeutral, "t"),
    "deploy": (Deploy, "tn"),
    "attack": (Attack, "ttn"),
    "blitz": (Blitz, "tt?"),
    "occupy": (Occupy, "n"),
    "fortify": (Fortify, "ttn"),
    "end": (EndPhase, ""),
    "capital": (ChooseCapital, "t"),
    "defend": (Defend, "n"),
    "retreat": (Retreat, "t"),
    "stand": (Stand, ""),
    "six": (UseSix, ""),
    "keep": (KeepRoll, ""),
}


def _territory(token: str, board: "Board | None", text: str) -> int:
    if board is None:
        if token.startswith("#") and token[1:].isdigit():
            return int(token[1:])
        raise ActionParseError(f"cannot read '{text}': territory '{token}' needs a board to look it up")
    try:
        return board.id(token)
    except KeyError:
        raise ActionParseError(f"cannot read '{text}': unknown territory '{token}'") from None


def _number(token: str, text: str) -> int:
    try:
        return int(token)
    except ValueError:
        raise ActionParseError(f"cannot read '{text}': '{token}' is not a whole number") from None


def parse_action(text: str, board: "Board | None" = None) -> Action:
    """Read an action from its text form; raises :class:`ActionParseError` naming the problem."""
    tokens = text.strip().split()
    if not tokens:
        raise ActionParseError("cannot read an empty action")
    verb, args = tokens[0].lower(), tokens[1:]
    if verb == "trade":
        return _parse_trade(args, board, text)
    six = verb == "blitz" and bool(args) and args[-1].lower() == "six"
    if six:
        args = args[:-1]
    if verb == "attack" and args and args[-1].lower() == "six":
        raise ActionParseError(f"cannot read '{text}': the commander's six is no longer declared with "
                               "the attack; it is chosen after the roll ('six' or 'keep')")
    if verb not in _SHAPES:
        raise ActionParseError(f"cannot read '{text}': unknown action '{tokens[0]}' "
                               f"(known: {', '.join(sorted([*_SHAPES, 'trade']))})")
    cls, pattern = _SHAPES[verb]
    required = pattern.replace("?", "")
    if not len(required) <= len(args) <= len(pattern):
        raise ActionParseError(f"cannot read '{text}': '{verb}' takes "
                               f"{_describe(pattern)}, got {len(args)} argument(s)")
    values = [
        _territory(token, board, text) if kind == "t" else _number(token, text)
        for token, kind in zip(args, pattern.replace("?", "n"))
    ]
    if six:
        if cls is Blitz and len(values) == 2:
            values.append(1)
        return cls(*values, True)
    return cls(*values)


def _parse_trade(args: list[str], board: "Board | None", text: str) -> Trade:
    bonus = None
    cards = []
    for token in args:
        if token.startswith("+"):
            if bonus is not None:
                raise ActionParseError(f"cannot read '{text}': more than one bonus territory")
            bonus = _territory(token[1:], board, text)
        elif token.lower() == "wild":
            cards.append(WILD)
        else:
            cards.append(_territory(token, board, text))
    if len(cards) != 3:
        raise ActionParseError(f"cannot read '{text}': a trade names exactly three cards")
    return Trade(tuple(sorted(cards)), bonus)


def _describe(pattern: str) -> str:
    words = {"t": "a territory", "n": "a number", "?": "an optional number"}
    return ", ".join(words[kind] for kind in pattern) or "no arguments"


# ---------------------------------------------------------------------------------------------
# The lazy list of legal actions


class LegalActions:
    """The legal actions of a position as a lazy sequence, like python-chess's ``legal_moves``.

    Most actions come in runs that differ only in a final number (deploy 1..n armies, blitz
    stopping at 1..n-1, fortify 1..n armies), so the list is kept as runs: ``len`` and indexing
    cost the number of runs, not the number of actions, which keeps a uniformly random choice
    cheap even when there are thousands of actions. Iterating builds the actions one by one;
    ``action in legal`` asks the engine, so it costs one check.
    """

    __slots__ = ("_runs", "_ends", "_state")

    def __init__(self, state, runs: list[tuple]):
        # A run is (constructor, leading arguments, first number, last number), or
        # (None, action, 0, 0) for a single action.
        self._state = state
        self._runs = runs
        ends = []
        total = 0
        for run in runs:
            total += run[3] - run[2] + 1
            ends.append(total)
        self._ends = ends

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    def __bool__(self) -> bool:
        return bool(self._ends)

    def __getitem__(self, index: int) -> Action:
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("legal action index out of range")
        from bisect import bisect_right
        k = bisect_right(self._ends, index)
        cls, lead, first, _ = self._runs[k]
        if cls is None:
            return lead
        offset = index - (self._ends[k - 1] if k else 0)
        return cls(*lead, first + offset)

    def __iter__(self):
        for cls, lead, first, last in self._runs:
            if cls is None:
                yield lead
            else:
                for n in range(first, last + 1):
                    yield cls(*lead, n)

    def __contains__(self, action: object) -> bool:
        return self._state.is_legal(action)

    def __repr__(self) -> str:
        from itertools import islice
        shown = ", ".join(a.text(self._state.board) for a in islice(self, 8))
        more = f", ... ({len(self)} in all)" if len(self) > 8 else ""
        return f"<LegalActions [{shown}{more}]>"

    def runs(self) -> list[tuple]:
        """The runs themselves, for bots that reason about an action and its range of numbers."""
        return list(self._runs)
