"""What a player of ``python_markov_risk`` observes: the tensor, its string, and the information
state string. Everything here is read from the public part of the position and the player's
own secrets (their cards and mission), never from the others' cards, missions, unrevealed
capitals or the deck.

The observation tensor is the seat's observation of the PettingZoo and Gymnasium environments
(:class:`risk.rl.observation.ObservationEncoder`, laid out field by field in ``docs/rl.md``):
a flat float32 vector in [0, 1], rotated so that the observing player comes first, each field
(``owner``, ``armies``, ``my_cards``, ``capital``, ``battle``, ``seats``, ``phase``, ``turn``,
``dice``, ``mission``) a named piece of ``observer.dict``.

With ``private_info=NONE`` (a public observer) there is a string and no tensor: the string
leaves out the observer's own cards and mission. The information state string
(``perfect_recall=True``) is the game so far as the player saw it, move by move (a secret capital choice of another seat shows as "chooses a
capital", a card drawn as in the events, the player's own hand after every change), followed
by the current observation string. There is no information state tensor.
"""

from __future__ import annotations

import numpy as np
import pyspiel

from risk.actions import ChooseCapital
from risk.cards import WILD
from risk.phase import Phase
from risk.rl.observation import ObservationEncoder


class RiskObserver:
    """Builds a player's observation tensor and strings (OpenSpiel's PyObserver interface).

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
        if self._perfect_recall or not self._private:
            return
        self._encoder = ObservationEncoder(game.board)
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
        return "\n".join(self._history(state, player) + ["now: " + now])

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
            parts.append("your cards " + (" ".join(_card_name(c, board) for c in sorted(position.hands[player]))
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

    def _history(self, state, player: int) -> list[str]:
        board = self._game.board
        lines, hand = [], ()
        for move in state.moves():
            if move.actor >= 0:
                secret = isinstance(move.action, ChooseCapital) and move.actor != player
                what = "chooses a capital" if secret else move.action.text(board)
                lines.append(f"Player {move.actor + 1}: {what}")
            lines.extend(event.describe(board) for event in move.events if event.visible_to(player))
            if self._private and move.hands is not None and move.hands[player] != hand:
                hand = move.hands[player]
                lines.append("your cards " + (" ".join(_card_name(c, board) for c in sorted(hand)) or "none"))
        return lines


def _card_name(card: int, board) -> str:
    return "wild" if card == WILD else board.names[card]


def _owner_mark(position, owner: int) -> str:
    if owner < 0:
        return "-"
    return "N" if owner == position.neutral else f"P{owner + 1}"
