"""The record of a ``python_markov_risk`` game: its moves, what each player saw of them, the
digest the information state string carries, and the snapshot a serialized state is written as.

The moves are a linked list (each :class:`Move` points to the one before), so that a clone
shares the past instead of copying it. Everything here walks that list with loops, never by
recursion: a game of Risk runs to tens of thousands of moves (random play reaches the
1,000-turn cap after about 25,000), far deeper than Python's recursion limit.

**The seen history.** :func:`seen_lines` is one move as a player saw it (each decision's text,
a rival's secret capital choice as "chooses a capital", the events the player may see, the
player's own cards after every change). The information state string does not spell the whole
history out: OpenSpiel asks for every player's string at every step of a playout, and a string
as long as the game makes a playout cost the square of its length. It carries a digest instead,
chained move by move (:func:`seen_digest`): equal for two histories the player cannot tell apart,
different (but for a 2^-128 chance) otherwise, and computed once per move and player, lazily.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from risk.actions import ChooseCapital
from risk.cards import WILD

if TYPE_CHECKING:
    from risk.board import Board

#: The seat a public observer sees as: no seat, so no private event is visible to it.
NO_SEAT = -1
_DIGEST_BYTES = 16


class Move:
    """One move of the game: who moved (-1 for chance), the engine ``action`` (None for a
    chance outcome), the ``events`` it produced, and every seat's hand after it if any changed.
    ``number`` counts the moves from the first (1)."""

    __slots__ = ("previous", "actor", "action", "events", "hands", "number", "_digests")

    def __init__(self, previous: "Move | None", actor: int, action, events: tuple, hands: tuple | None):
        self.previous, self.actor, self.action, self.events, self.hands = previous, actor, action, events, hands
        self.number = 1 if previous is None else previous.number + 1
        self._digests: dict[tuple[int, bool], bytes] | None = None  # by (player, private), filled lazily


def moves(last: Move | None) -> list[Move]:
    """The moves up to ``last``, first to last."""
    out = []
    while last is not None:
        out.append(last)
        last = last.previous
    return out[::-1]


def card_name(card: int, board: "Board") -> str:
    return "wild" if card == WILD else board.names[card]


def hand_line(hand, board: "Board") -> str:
    return "your cards " + (" ".join(card_name(c, board) for c in sorted(hand)) or "none")


def seen_lines(move: Move, player: int, private: bool, board: "Board") -> list[str]:
    """The move as ``player`` saw it (``private``: with the player's own secrets; otherwise as
    any onlooker), without the player's cards (which :func:`history_lines` and
    :func:`seen_digest` add when they change)."""
    lines = []
    if move.actor >= 0:
        secret = isinstance(move.action, ChooseCapital) and (move.actor != player or not private)
        lines.append(f"Player {move.actor + 1}: " + ("chooses a capital" if secret else move.action.text(board)))
    seat = player if private else NO_SEAT
    lines.extend(event.describe(board) for event in move.events if event.visible_to(seat))
    return lines


def history_lines(last: Move | None, player: int, private: bool, board: "Board") -> list[str]:
    """The game so far as ``player`` saw it, spelled out: the lines of every move, and the
    player's cards after each change (with ``private``)."""
    lines, hand = [], ()
    for move in moves(last):
        lines.extend(seen_lines(move, player, private, board))
        if private and move.hands is not None and move.hands[player] != hand:
            hand = move.hands[player]
            lines.append(hand_line(hand, board))
    return lines


def seen_digest(last: Move | None, player: int, private: bool, board: "Board") -> str:
    """A digest (32 hex digits) of the game so far as ``player`` saw it: the hash of the
    digest before and the move's :func:`seen_lines` (and the player's cards, with ``private``,
    after a move that changed any hand: public, as draws, trades and captures are announced).
    Kept on each move, so a playout computes it once per move and player."""
    key = (player, private)
    unseen = []
    move = last
    while move is not None and (move._digests is None or key not in move._digests):
        unseen.append(move)
        move = move.previous
    digest = move._digests[key] if move is not None else b""
    for move in reversed(unseen):
        text = "\n".join(seen_lines(move, player, private, board))
        if private and move.hands is not None:
            text += "\n" + hand_line(move.hands[player], board)
        digest = hashlib.blake2b(digest + text.encode(), digest_size=_DIGEST_BYTES).digest()
        if move._digests is None:
            move._digests = {}
        move._digests[key] = digest
    return digest.hex() if digest else "0" * 2 * _DIGEST_BYTES


class Snapshot:
    """A state in the form OpenSpiel's ``serialize`` pickles it: the position's written form
    (:meth:`risk.position.Position.to_dict`, random source included), the action waiting for
    its chance outcome, and the moves as a flat list of ``(actor, action, events, hands)``.

    OpenSpiel serializes a Python state by pickling its ``__dict__`` and deserializes by setting
    the unpickled attributes on a new state of the same game; the new state turns a snapshot
    back into a live one with the game it belongs to (``RiskState.__setattr__``)."""

    __slots__ = ("position", "chance_action", "moves")

    def __init__(self, position: dict[str, Any] | None, chance_action, moves: list[tuple]):
        self.position, self.chance_action, self.moves = position, chance_action, moves

    def __reduce__(self):
        return Snapshot, (self.position, self.chance_action, self.moves)

    @classmethod
    def of(cls, position, chance_action, last: Move | None) -> "Snapshot":
        written = position.to_dict() if position is not None else None
        return cls(written, chance_action, [(m.actor, m.action, m.events, m.hands) for m in moves(last)])

    def last_move(self) -> Move | None:
        """The moves linked again; the last of them."""
        last = None
        for actor, action, events, hands in self.moves:
            last = Move(last, actor, action, events, hands)
        return last
