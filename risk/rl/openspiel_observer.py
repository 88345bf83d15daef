"""What a player of ``python_markov_risk`` observes: the tensor, its string, and the information
state string. Everything here is read from the public part of the position and the player's
own secrets (their cards and mission), never from the others' cards, missions, unrevealed
capitals or the deck.

The observation tensor, rotated so that the observing player is seat 0 (``P`` players, ``n``
territories, ``C`` continents; the pieces in this order, each named in ``observer.dict``):

=================  ==============  ===============================================================
piece              shape           meaning
=================  ==============  ===============================================================
``owner``          (n, P + 1)      one-hot owner of each territory, by rotated seat; column P the
                                   neutral army; all 0 while unclaimed
``armies``         (n,)            armies on each territory
``to_act``         (P,)            the seat that decides now (the defender, when he decides)
``turn_player``    (P,)            the seat whose turn it is
``phase``          (12,)           one-hot :class:`risk.phase.Phase`
``alive``          (P,)            1 for a seat still in the game
``hand_sizes``     (P,)            the cards each seat holds (public)
``own_cards``      (n + 1,)        the observer's cards: one per territory card, then the wilds
``counters``       (6,)            reinforcements to place, turn, sets traded so far, whether a
                                   territory was conquered this turn, the least armies to move
                                   in, the dice of the last roll
``attack``         (2, n)          one-hot source and target of the attack under way
``dice_on_table``  (3,)            the attacker's dice a seeing defender answers (DEFEND phase)
``mission``        (C + P + 3,)    the observer's mission: its continents, "and a third", the
                                   rotated seat to destroy, territories to hold, armies on each
``capitals``       (P, n)          each rotated seat's capital, where the observer knows it
=================  ==============  ===============================================================

With ``private_info=NONE`` the observer's own cards and mission are left out (zeros, and out of
the string). The information state string (``perfect_recall=True``) is the game so far as the
player saw it, move by move (a secret capital choice of another seat shows as "chooses a
capital", a card drawn as in the events, the player's own hand after every change), followed
by the current observation string. There is no information state tensor.
"""

from __future__ import annotations

import numpy as np
import pyspiel

from risk.actions import ChooseCapital
from risk.cards import WILD
from risk.phase import Phase


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
        if self._perfect_recall:
            self.tensor, self.dict = None, {}
            return
        players, n, continents = game.num_players(), len(game.board), len(game.board.continents)
        pieces = [("owner", (n, players + 1)), ("armies", (n,)), ("to_act", (players,)),
                  ("turn_player", (players,)), ("phase", (len(Phase),)), ("alive", (players,)),
                  ("hand_sizes", (players,)), ("own_cards", (n + 1,)), ("counters", (6,)),
                  ("attack", (2, n)), ("dice_on_table", (3,)), ("mission", (continents + players + 3,)),
                  ("capitals", (players, n))]
        self.tensor = np.zeros(sum(int(np.prod(shape)) for _, shape in pieces), np.float32)
        self.dict = {}
        index = 0
        for name, shape in pieces:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[index:index + size].reshape(shape)
            index += size

    # -- the tensor ----------------------------------------------------------------------------

    def set_from(self, state, player: int) -> None:
        if self.tensor is None:
            return
        position = state.position
        self.tensor.fill(0)
        if position is None:  # before the deal
            return
        players = position.players
        seat = lambda owner: (owner - player) % players  # noqa: E731 - rotation, read at every use
        view = self.dict
        for t, owner in enumerate(position.owner):
            if owner >= 0:
                view["owner"][t, players if owner == position.neutral else seat(owner)] = 1
        view["armies"][:] = position.armies
        if not position.is_terminal():
            view["to_act"][seat(position.current_player)] = 1
            view["turn_player"][seat(position.player)] = 1
        view["phase"][int(position.phase)] = 1
        for owner in range(players):
            view["alive"][seat(owner)] = position.alive[owner]
            view["hand_sizes"][seat(owner)] = len(position.hands[owner])
        if self._private:
            for card in position.hands[player]:
                view["own_cards"][len(position.board) if card == WILD else card] += 1
        view["counters"][:] = (position.pool, position.turn, position.sets_traded, position.conquered,
                               position.occupy_min, position.last_attack_dice)
        if position.attack_source >= 0:
            view["attack"][0, position.attack_source] = 1
        if position.attack_target >= 0:
            view["attack"][1, position.attack_target] = 1
        if position.phase == Phase.DEFEND:
            dice = tuple(position.pending.attack_dice)
            view["dice_on_table"][:len(dice)] = dice
        mission = self._own_mission(position, player)
        if mission is not None:
            self._set_mission(mission, position, seat)
        for owner, capital in enumerate(self._known_capitals(position, player)):
            if capital >= 0:
                view["capitals"][seat(owner), capital] = 1

    def _set_mission(self, mission, position, seat) -> None:
        row = self.dict["mission"]
        continents = [c.name for c in position.board.continents]
        for name in mission.continents:
            row[continents.index(name)] = 1
        count = len(continents)
        row[count] = mission.third
        if mission.kind == "destroy":
            row[count + 1 + seat(mission.target)] = 1
        row[-2] = mission.territories
        row[-1] = mission.min_armies if mission.kind == "territories" else 0

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
