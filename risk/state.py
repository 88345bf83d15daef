"""The game state: who holds what, whose turn and phase it is, cards, and the random source.

:class:`GameState` carries the data, its fields declared once in :mod:`risk.position` (which also
gives the copy, the fingerprint, the position as JSON-able data and the :class:`Outcome` of a
finished game); the rules that change it live in :mod:`risk.engine` (``legal_actions``,
``is_legal``, ``apply``), mixed in so that one object answers everything, as a python-chess board
does. A state is cheap to copy (plain lists), which the bots' search relies on.

>>> game = GameState.new(players=3, seed=7)
>>> game.phase, game.current_player
(<Phase.CLAIM: 0>, 0)
>>> len(game.legal_actions())
42
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from risk.board import Board
from risk.cards import full_deck
from risk.engine import Engine
from risk.errors import RulesError
from risk.phase import Phase
from risk.position import NO_OWNER, Outcome, Position, classic_board
from risk.randomness import RandomSource
from risk.rules import Rules

if TYPE_CHECKING:
    from risk.actions import Action

__all__ = ["NO_OWNER", "GameState", "Outcome", "RandomSource", "classic_board"]


class GameState(Engine, Position):
    """One position of a game of Risk, with the rules that change it (see :class:`risk.engine.Engine`).

    Owners are seats 0..players-1; in a 2-player game with the neutral army, the neutral owner is
    ``players`` (so ``owners == players + 1``). Territories are board ids. ``pending`` is the
    decision the game is waiting for, if any (a value of :mod:`risk.pending`). Every field is
    declared in :data:`risk.position.FIELDS`; a finished game's result is :meth:`outcome`.
    """

    __slots__ = ()  # the slots are Position's, one per field of the schema

    # -- construction --------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int = 4, seed: int | None = None, rules: Rules | None = None,
            board: Board | None = None) -> "GameState":
        """A new game at the start of set-up (territories dealt first if the rules deal them)."""
        rules = rules or Rules()
        board = board or classic_board()
        if not 2 <= players <= 6:
            raise RulesError(f"a game has 2 to 6 players, not {players}")
        neutral = players == 2 and rules.two_player_neutral
        owners = players + (1 if neutral else 0)
        n = len(board)
        if n < owners:
            raise RulesError(f"map {board.name!r} has {n} territories, too few for {owners} owners")
        start = rules.starting_armies(players)
        needed = -(-n // owners)
        rules.check_players(players)
        if start < needed:
            raise RulesError(f"{start} starting armies cannot cover {needed} territories each on map "
                             f"{board.name!r}; set the rule starting_armies to at least {needed}")

        self = cls.__new__(cls)
        self.board, self.rules, self.players = board, rules, players
        self.neutral = players if neutral else NO_OWNER
        self.start_fields()
        self.reserve = [start] * owners
        self.deck = full_deck(n) if rules.cards else []
        self.rng = RandomSource(seed)
        self._begin_setup()
        return self

    @classmethod
    def from_position(cls, owner: Sequence[int], armies: Sequence[int], players: int, *,
                      player: int = 0, phase: Phase = Phase.ATTACK, pool: int = 0,
                      hands: Sequence[Sequence[int]] | None = None, turn: int = 1,
                      sets_traded: int = 0, seed: int | None = None, rules: Rules | None = None,
                      board: Board | None = None) -> "GameState":
        """A game in any position: who holds each territory and with how many armies.

        For tests, puzzles and analysis. The cards not in ``hands`` form the deck (shuffled).
        """
        import dataclasses

        rules = rules or Rules()
        state = cls.new(players=players, seed=seed, board=board,
                        rules=dataclasses.replace(rules, setup="deal", placement="auto"))
        state.rules = rules
        n = len(state.board)
        if len(owner) != n or len(armies) != n:
            raise RulesError(f"a position needs an owner and an army count for each of the {n} territories")
        if any(not 0 <= o < state.owners for o in owner) or any(a < 1 for a in armies):
            raise RulesError("every territory needs an owner in range and at least one army")
        state.owner = list(owner)
        state.armies = list(armies)
        state.derive_fields()
        state.alive = [c > 0 for c in state.count]
        state.reserve = [0] * state.owners
        state.phase = phase
        state.player = player
        state.turn = turn
        state.pool = pool
        state.sets_traded = sets_traded
        state.hands = [list(h) for h in hands] if hands is not None else [[] for _ in range(state.owners)]
        while len(state.hands) < state.owners:
            state.hands.append([])
        held = [c for h in state.hands for c in h]
        deck = full_deck(n) if rules.cards else []
        for c in held:
            if c in deck:
                deck.remove(c)
        state.rng.shuffle(deck)
        state.deck = deck
        state.discard = []
        state.trade_until = rules.forced_trade_at - 1
        state.arrived = [0] * n
        if rules.missions and state.missions is None:
            from risk.missions import deal_missions
            state.missions = deal_missions(state.board, players, rules.mission_set, state.rng)
            state.mission_done = [False] * players
        return state

    def view(self, player: int, rng: RandomSource) -> "GameState":
        """What ``player`` may know, as a state a bot can search from.

        A copy with ``rng`` (the bot's own random source, never the game's), the deck order
        reshuffled and the other players' hands replaced by cards drawn at random from everything
        ``player`` cannot see, keeping the hand sizes (which are public).
        """
        other = self.copy(rng)
        unseen = list(other.deck)
        for owner, hand in enumerate(other.hands):
            if owner != player:
                unseen.extend(hand)
        rng.shuffle(unseen)
        position = 0
        for owner, hand in enumerate(other.hands):
            if owner != player and hand:
                size = len(hand)
                other.hands[owner] = unseen[position:position + size]
                position += size
        other.deck = unseen[position:]
        if other.missions is not None:  # a mission, and whether its target fell, is its holder's secret
            other.missions = [m if owner == player else None for owner, m in enumerate(other.missions)]
            other.mission_done = [done and owner == player for owner, done in enumerate(other.mission_done)]
        if self.phase == Phase.CAPITAL:  # capitals are revealed together, once all are chosen
            other.capitals = [c if owner == player else -1 for owner, c in enumerate(other.capitals)]
        return other

    # -- queries -------------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        """The seat to act (the defender, when a variant gives it a decision), or -1 when the
        game is over."""
        if self.phase == Phase.GAME_OVER:
            return -1
        return self.decider if self.decider >= 0 else self.player

    def is_terminal(self) -> bool:
        return self.phase == Phase.GAME_OVER

    def returns(self) -> list[float]:
        """1 for the winner, 0 for everyone else (all 0 in a drawn adjudication); seats only."""
        return [1.0 if self.winner == p else 0.0 for p in range(self.players)]

    def territories_of(self, player: int) -> list[int]:
        """``player``'s territories, in index order (read from its bit mask, lowest bit first:
        as many steps as it holds territories, not as the map has)."""
        mask = self.own_mask[player]
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out

    def total_armies(self, player: int) -> int:
        owner = self.owner
        return sum(a for t, a in enumerate(self.armies) if owner[t] == player)

    def income(self, player: int) -> int:
        """Reinforcements from territories and continents (what a turn would start with; under
        the old UK rules the armies for territories come only if the player does not attack,
        see :meth:`income_parts`)."""
        return sum(self.income_parts(player))

    def income_parts(self, player: int) -> tuple[int, int]:
        """(armies for territories, armies for continents) of a turn of ``player``."""
        return self.rules.territory_income(self.count[player]), self.board.continent_bonus_for(self.owner, player)

    def owner_name(self, owner: int) -> str:
        return "Neutral" if owner == self.neutral else f"Player {owner + 1}"

    def action_text(self, action: "Action") -> str:
        return action.text(self.board)

    def parse_action(self, text: str) -> "Action":
        from risk.actions import parse_action
        return parse_action(text, self.board)

    def __repr__(self) -> str:
        return (f"<GameState {self.board.name} players={self.players} turn={self.turn} "
                f"phase={self.phase.label} player={self.player}>")
