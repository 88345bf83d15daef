"""The game state: who holds what, whose turn and phase it is, cards, and the random source.

:class:`GameState` carries the data; the rules that change it live in :mod:`risk.engine`
(``legal_actions``, ``is_legal``, ``apply``), mixed in so that one object answers everything, as
a python-chess board does. A state is cheap to copy (plain lists), which the bots' search relies on.

>>> game = GameState.new(players=3, seed=7)
>>> game.phase, game.current_player
(<Phase.CLAIM: 0>, 0)
>>> len(game.legal_actions())
42
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import numpy as np

from risk.board import Board, load_map
from risk.cards import full_deck
from risk.engine import Engine
from risk.errors import RulesError
from risk.phase import Phase
from risk.rules import Rules

if TYPE_CHECKING:
    from risk.actions import Action

NO_OWNER = -1

_classic_board: Board | None = None


def classic_board() -> Board:
    """The classic map, loaded once per process."""
    global _classic_board
    if _classic_board is None:
        _classic_board = load_map()
    return _classic_board


class RandomSource:
    """The game's only source of randomness: a seeded numpy Generator, drawn in batches.

    Single draws from a numpy Generator cost about a microsecond each; drawing 512 at a time and
    handing them out from a Python list makes a die roll cheap while keeping every number a
    deterministic function of the seed.
    """

    __slots__ = ("seed", "generator", "_buffer")

    BATCH = 512

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.generator = np.random.default_rng(seed)
        self._buffer: list[float] = []

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        buffer = self._buffer
        if not buffer:
            buffer.extend(self.generator.random(self.BATCH).tolist())
        return buffer.pop()

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        return int(self.random() * n)

    def die(self) -> int:
        return int(self.random() * 6) + 1

    def shuffle(self, items: list) -> None:
        """Shuffle in place: Fisher-Yates for a few items, one numpy permutation for more."""
        n = len(items)
        if n > 8:
            order = self.generator.permutation(n).tolist()
            items[:] = [items[i] for i in order]
            return
        for i in range(n - 1, 0, -1):
            j = int(self.random() * (i + 1))
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence):
        return items[int(self.random() * len(items))]

    def get_state(self) -> dict:
        return {"seed": self.seed, "bit_generator": self.generator.bit_generator.state,
                "buffer": list(self._buffer)}

    def set_state(self, state: dict) -> None:
        self.seed = state.get("seed")
        self.generator.bit_generator.state = state["bit_generator"]
        self._buffer = list(state["buffer"])

    def fingerprint(self) -> tuple:
        """The state, as a hashable value: equal fingerprints draw the same numbers from now on."""
        return _frozen(self.get_state())


def _frozen(value):
    """``value`` with every dict and list made a (sorted) tuple, so that it can be hashed."""
    if isinstance(value, dict):
        return tuple(sorted((key, _frozen(item)) for key, item in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(item) for item in value)
    return value


class GameState(Engine):
    """One position of a game of Risk, with the rules that change it (see :class:`risk.engine.Engine`).

    Owners are seats 0..players-1; in a 2-player game with the neutral army, the neutral owner is
    ``players`` (so ``owners == players + 1``). Territories are board ids. ``pending`` is the
    decision the game is waiting for, if any (a value of :mod:`risk.pending`).
    """

    __slots__ = (
        "board", "rules", "players", "owners", "neutral",
        "owner", "armies", "count", "own_mask",
        "phase", "player", "turn",
        "reserve", "setup_placed_own", "setup_placed_neutral",
        "pool", "hands", "deck", "discard", "sets_traded", "bonus_used",
        "conquered", "attack_source", "attack_target", "occupy_min", "last_attack_dice",
        "resume_attack", "trade_until", "arrived", "fortified",
        "alive", "eliminated", "winner", "end_reason", "places", "rng",
        # the variants (docs/rules.md): decisions by the defender, old UK turns, commanders,
        # sea lanes, retreats, missions and capitals
        "decider", "pending", "attacked", "withheld", "after_deploy", "commander_used",
        "sea_rounds", "retreat_offered", "declared", "missions", "mission_done", "capitals",
    )

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
        self.board = board
        self.rules = rules
        self.players = players
        self.owners = owners
        self.neutral = players if neutral else NO_OWNER
        self.owner = [NO_OWNER] * n
        self.armies = [0] * n
        self.count = [0] * owners
        self.own_mask = [0] * owners
        self.phase = Phase.CLAIM
        self.player = 0
        self.turn = 0
        self.reserve = [start] * owners
        self.setup_placed_own = 0
        self.setup_placed_neutral = 0
        self.pool = 0
        self.hands = [[] for _ in range(owners)]
        self.deck = full_deck(n) if rules.cards else []
        self.discard = []
        self.sets_traded = 0
        self.bonus_used = False
        self.conquered = False
        self.attack_source = -1
        self.attack_target = -1
        self.occupy_min = 0
        self.last_attack_dice = 0
        self.resume_attack = False
        self.trade_until = 0
        self.arrived = [0] * n
        self.fortified = False
        self.alive = [True] * owners
        self.eliminated = []
        self.winner = None
        self.end_reason = None
        self.places = None
        self.rng = RandomSource(seed)
        self.decider = -1
        self.pending = None
        self.attacked = False
        self.withheld = 0
        self.after_deploy = Phase.ATTACK
        self.commander_used = False
        self.sea_rounds = {}
        self.retreat_offered = 0
        self.declared = None
        self.missions = None
        self.mission_done = None
        self.capitals = [-1] * players
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
        state.count = [0] * state.owners
        state.own_mask = [0] * state.owners
        for t, o in enumerate(owner):
            state.count[o] += 1
            state.own_mask[o] |= 1 << t
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

    def copy(self, rng: RandomSource | None = None) -> "GameState":
        """An independent copy. It shares ``rng`` unless another source is given.

        The board and rules are immutable and shared.
        """
        other = GameState.__new__(GameState)
        other.board = self.board
        other.rules = self.rules
        other.players = self.players
        other.owners = self.owners
        other.neutral = self.neutral
        other.owner = self.owner[:]
        other.armies = self.armies[:]
        other.count = self.count[:]
        other.own_mask = self.own_mask[:]
        other.phase = self.phase
        other.player = self.player
        other.turn = self.turn
        other.reserve = self.reserve[:]
        other.setup_placed_own = self.setup_placed_own
        other.setup_placed_neutral = self.setup_placed_neutral
        other.pool = self.pool
        other.hands = [h[:] for h in self.hands]
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.sets_traded = self.sets_traded
        other.bonus_used = self.bonus_used
        other.conquered = self.conquered
        other.attack_source = self.attack_source
        other.attack_target = self.attack_target
        other.occupy_min = self.occupy_min
        other.last_attack_dice = self.last_attack_dice
        other.resume_attack = self.resume_attack
        other.trade_until = self.trade_until
        other.arrived = self.arrived[:]
        other.fortified = self.fortified
        other.alive = self.alive[:]
        other.eliminated = self.eliminated[:]
        other.winner = self.winner
        other.end_reason = self.end_reason
        other.places = self.places
        other.rng = rng if rng is not None else self.rng
        other.decider = self.decider
        other.pending = self.pending
        other.attacked = self.attacked
        other.withheld = self.withheld
        other.after_deploy = self.after_deploy
        other.commander_used = self.commander_used
        other.sea_rounds = dict(self.sea_rounds) if self.sea_rounds else {}
        other.retreat_offered = self.retreat_offered
        other.declared = self.declared
        other.missions = list(self.missions) if self.missions is not None else None
        other.mission_done = list(self.mission_done) if self.mission_done is not None else None
        other.capitals = self.capitals[:]
        return other

    __copy__ = copy

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
        mask = self.own_mask[player]
        return [t for t in range(len(self.owner)) if (mask >> t) & 1]

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
        from_continents = self.board.continent_bonus_for(self.owner, player)
        total = self.rules.income(self.board, self.count[player], self.own_mask[player])
        return total - from_continents, from_continents

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

    def fingerprint(self) -> tuple:
        """Every field of the state, as a hashable value (for comparing replays and round trips,
        and for checking that a refused action changed nothing): the board by its name, the
        rules by value and the random source by its state, so that equal fingerprints play on
        identically. Ordered as ``__slots__``."""
        return (self.board.name, self.rules, self.players, self.owners, self.neutral,
                tuple(self.owner), tuple(self.armies), tuple(self.count), tuple(self.own_mask),
                self.phase, self.player, self.turn,
                tuple(self.reserve), self.setup_placed_own, self.setup_placed_neutral,
                self.pool, tuple(tuple(h) for h in self.hands), tuple(self.deck), tuple(self.discard),
                self.sets_traded, self.bonus_used,
                self.conquered, self.attack_source, self.attack_target, self.occupy_min, self.last_attack_dice,
                self.resume_attack, self.trade_until, tuple(self.arrived), self.fortified,
                tuple(self.alive), tuple(self.eliminated), self.winner, self.end_reason, self.places,
                self.rng.fingerprint(),
                self.decider, self.pending, self.attacked, self.withheld, self.after_deploy, self.commander_used,
                tuple(sorted(self.sea_rounds.items())), self.retreat_offered, self.declared,
                tuple(self.missions) if self.missions is not None else None,
                tuple(self.mission_done) if self.mission_done is not None else None,
                tuple(self.capitals))
