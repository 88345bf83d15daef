"""What a player of ``python_markov_risk`` observes: the tensors, their strings, and the
information state string. Everything here is read from the public part of the position and the
player's own secrets (their cards and mission), never from the others' cards, missions,
unrevealed capitals or the deck.

The **observation tensor** is the seat's observation of the PettingZoo and Gymnasium
environments (:class:`risk.rl.observation.ObservationEncoder`, laid out field by field in
``docs/rl.md``): a flat float32 vector in [0, 1], rotated so that the observing player comes
first, each field (``owner``, ``armies``, ``my_cards``, ``capital``, ``battle``, ``seats``,
``phase``, ``turn``, ``dice``, ``mission``) a named piece of ``observer.dict``.

The **information state tensor** (:class:`InformationStateEncoder`) is the observation followed
by what the player has seen of the cards: ``discard``, the cards traded and not yet shuffled back
into the deck (one per territory card, then the wild cards / 2), and ``deck``, the cards left in
the deck and in the discard pile, each as a share of the whole deck. Risk's past does not fit a
tensor of fixed size, so this one summarises it: everything the player knows of the position,
and where the cards it cannot see may be; two histories that end in the same position with the
same cards seen share a tensor. (The information state string tells every history apart.)

With ``private_info=NONE`` (a public observer) there is a string and no tensor: the string
leaves out the observer's own cards and mission. The information state string
(``perfect_recall=True``) is a digest of the game so far as the player saw it, move by move
(:func:`risk.rl.openspiel_log.seen_digest`), followed by the current observation string;
``RiskState.history_as_seen(player)`` spells that history out.
"""

from __future__ import annotations

import numpy as np
import pyspiel

from risk.cards import full_deck
from risk.phase import Phase
from risk.rl.observation import ObservationEncoder
from risk.rl.openspiel_log import card_name, seen_digest


#: The wild cards of a deck (the cards are the territories' and these).
WILD_CARDS = len(full_deck(0))


class RiskObserver:
    """Builds a player's tensor (the observation, or with perfect recall the information state)
    and strings (OpenSpiel's PyObserver interface).

    Raises ``ValueError`` for observation parameters or an observation type it does not provide
    (every player's private information, or no public information)."""

    def __init__(self, game, iig_obs_type, params=None):
        if params:
            raise ValueError(f"python_markov_risk observations take no parameters; passed {params}")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS or not iig_obs_type.public_info:
            raise ValueError("python_markov_risk observes one player's view (public information and, "
                             "optionally, that player's own secrets)")
        self._game = game
        self._perfect_recall = iig_obs_type.perfect_recall
        self._private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self._encoder = None
        self.tensor, self.dict = None, {}
        if not self._private:
            return
        self._encoder = InformationStateEncoder(game.board) if self._perfect_recall else ObservationEncoder(game.board)
        self.tensor = np.zeros(self._encoder.size, np.float32)
        self.dict = {name: self.tensor[part] for name, part in self._encoder.fields.items()}

    def set_from(self, state, player: int) -> None:
        if self._encoder is None:
            return
        if state.position is None:  # before the deal
            self.tensor.fill(0)
            return
        self._encoder.encode(state.position, player, out=self.tensor)

    def _own_mission(self, position, player: int):
        if not self._private or position.missions is None:
            return None
        return position.missions[player]

    @staticmethod
    def _known_capitals(position, player: int) -> list[int]:
        """The capitals ``player`` knows: all once revealed, only his own while they are chosen."""
        if position.phase == Phase.CAPITAL:
            return [c if owner == player else -1 for owner, c in enumerate(position.capitals)]
        return list(position.capitals)

    # -- the strings ---------------------------------------------------------------------------

    def string_from(self, state, player: int) -> str:
        now = self._observation_string(state.position, player)
        if not self._perfect_recall:
            return now
        last = state.last_move
        digest = seen_digest(last, player, self._private, self._game.board)
        return f"history {digest} after {last.number if last is not None else 0} moves\nnow: {now}"

    def _observation_string(self, position, player: int) -> str:
        if position is None:
            return f"p{player + 1} | before the deal"
        board = position.board
        parts = [f"p{player + 1}", f"turn {position.turn}", position.phase.label]
        if not position.is_terminal():
            parts.append(f"Player {position.player + 1}'s turn, Player {position.current_player + 1} to act")
        parts.append(f"pool {position.pool}, sets traded {position.sets_traded}")
        if position.attack_source >= 0 and position.attack_target >= 0:
            parts.append(f"attack {board.names[position.attack_source]} -> {board.names[position.attack_target]}")
        if position.phase == Phase.DEFEND:
            parts.append("dice on the table " + "-".join(map(str, position.pending.attack_dice)))
        if position.phase == Phase.OCCUPY:
            parts.append(f"move in at least {position.occupy_min}")
        parts.append("cards held " + " ".join(str(len(h)) for h in position.hands[:position.players]))
        if self._private:
            parts.append("your cards " + (" ".join(card_name(c, board) for c in sorted(position.hands[player]))
                                          or "none"))
            mission = self._own_mission(position, player)
            if mission is not None:
                parts.append("your mission " + mission.describe())
        capitals = self._known_capitals(position, player)
        if any(c >= 0 for c in capitals):
            parts.append("capitals " + " ".join(board.names[c] if c >= 0 else "?" for c in capitals))
        names = board.names
        parts.append(", ".join(f"{names[t]} {_owner_mark(position, o)} {position.armies[t]}"
                               for t, o in enumerate(position.owner)))
        return " | ".join(parts)

def _owner_mark(position, owner: int) -> str:
    if owner < 0:
        return "-"
    return "N" if owner == position.neutral else f"P{owner + 1}"


class InformationStateEncoder:
    """The information state tensor of a player (see the module): the observation, then
    ``discard`` (N + 1) and ``deck`` (2). ``fields`` names each slice, as
    :class:`~risk.rl.observation.ObservationEncoder`'s do."""

    def __init__(self, board):
        self.observation = ObservationEncoder(board)
        territories = len(board)
        self.fields = dict(self.observation.fields)
        start = self.observation.size
        for name, size in (("discard", territories + 1), ("deck", 2)):
            self.fields[name] = slice(start, start + size)
            start += size
        self.size = start
        self._whole_deck = territories + WILD_CARDS

    def encode(self, position, player: int, out: np.ndarray | None = None) -> np.ndarray:
        """The tensor of ``player`` in ``position`` (a float32 array of ``size``, in [0, 1])."""
        if out is None:
            out = np.zeros(self.size, np.float32)
        seen = self.observation.size
        self.observation.encode(position, player, out=out[:seen])
        out[seen:] = 0.0
        discard = self.fields["discard"].start
        wilds = 0
        for card in position.discard:
            if card >= 0:
                out[discard + card] = 1.0
            else:
                wilds += 1
        out[discard + len(position.board)] = min(1.0, wilds / WILD_CARDS)
        deck = self.fields["deck"].start
        out[deck] = min(1.0, len(position.deck) / self._whole_deck)
        out[deck + 1] = min(1.0, len(position.discard) / self._whole_deck)
        return out
