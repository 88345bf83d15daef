"""Risk as an OpenSpiel game, registered with ``pyspiel.register_game`` as ``python_markov_risk``.

Importing this module registers the game; then ``pyspiel.load_game("python_markov_risk",
{"players": 3, ...})`` builds it. Sequential, imperfect information, explicit stochastic,
terminal rewards, zero-sum.

**Parameters** (``DEFAULT_PARAMETERS``): ``players`` (2 to 6), ``preset`` (a rules edition:
``us-1993``, ``uk-old``, ...), ``rules`` (more rule options, written ``"setup:deal;placement:auto"``
because OpenSpiel's game string reserves ``=`` and ``,``), ``map`` (a map file; empty: the classic map), ``max_turns``
(the turn cap, adjudicated by the rules; 0: the preset's own), ``seed`` (the game's internal
randomness, with the deal) and ``max_battle_armies`` (the largest blitz losses the chance ids can name).

**Actions** are the indices of :class:`risk.rl.codec.ActionCodec` for the map and rules:
``num_distinct_actions()`` is the codec's ``size`` and the legal actions are its ``mask``.

**Chance.** The first move is the deal, a chance node of :data:`~risk.rl.openspiel_chance.DEALS`
equally likely outcomes: deal ``k`` seeds the game's internal random source from ``seed`` and
``k``, and from it come the set-up (territories dealt, random placements), the deck's order and
the secret missions. An attack roll, a seeing defender's roll and a blitz are chance nodes: choosing
such an action moves the game to a chance node whose outcomes are exactly
``GameState.chance_outcomes(action)``, numbered by :mod:`risk.rl.openspiel_chance` (a fixed
numbering, documented there). Under the commanders rule the engine cannot solve a blitz that
keeps the six over a very large battle; that one chance node has the single outcome the
engine's internal source draws (probability 1). So the history (the deal, the decisions, the
outcomes) fixes the game, as OpenSpiel expects: a clone carries its random source's state along,
and a serialized state replays. Before the deal there is no position (``state.position`` is None).

**Who acts**: the player to decide, the defender included when a variant gives him a decision
(the seeing defender's dice, a retreat). Eliminated players never act again.

**Returns**, at the end only: by rank, linear from +1 (first) to -1 (last),
``1 - 2 * (rank - 1) / (players - 1)``; players sharing a place (adjudication at the turn cap
gives equal places to equal territories and armies) share the mean of the ranks they span, so
the returns always sum to 0. The winner of a 2-player game gets +1, the loser -1.

**Observations** (:mod:`risk.rl.openspiel_observer`) come only from what the player may see;
``resample_from_infostate(player, sampler)`` rebuilds the hidden part as the bots' view does
(``GameState.view(seat, rng)``: the deck and the others' cards redrawn from what the player
cannot see), with the others' secret missions and not yet revealed capitals redrawn too.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pyspiel

from risk.battle.dice import BattleError
from risk.board import load_map
from risk.errors import IllegalActionError, RiskError
from risk.missions import mission_deck, territory_mission
from risk.phase import Phase
from risk.rl.codec import ActionCodec
from risk.rl.openspiel_chance import DEAL_BASE, DEALS, ChanceNumbering
from risk.rl.openspiel_log import Move, Snapshot, history_lines, moves
from risk.rl.openspiel_observer import RiskObserver
from risk.rules import Rules
from risk.state import GameState, RandomSource, classic_board

SHORT_NAME = "python_markov_risk"

DEFAULT_PARAMETERS = {
    "players": 4,
    "preset": "us-1993",
    "rules": "",
    "map": "",
    "max_turns": 0,
    "seed": 0,
    "max_battle_armies": 1_000_000,
}

#: A bound on the moves (decisions and chance outcomes) of one turn, for ``max_game_length``:
#: generous, not tight (a turn of random play takes tens of moves).
_MOVES_PER_TURN_BOUND = 5000

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Risk (markov-risk engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULT_PARAMETERS,
)


class RiskGameError(RiskError):
    """A game parameter that cannot make a game (named in the message)."""


def rules_text(text: str) -> str:
    """The ``rules`` parameter (``"setup:deal;placement:auto"``) in the command line's form
    (``"setup=deal,placement=auto"``). OpenSpiel writes a game's parameters as
    ``name=value,...``, so the parameter itself can hold neither ``=`` nor ``,``.
    Raises :class:`RiskGameError` if it does."""
    if "=" in text or "," in text:
        raise RiskGameError(f"rules={text!r}: write the rule options as name:value;name:value "
                            "(OpenSpiel's game string reserves '=' and ',')")
    return ",".join(part.replace(":", "=", 1) for part in text.split(";") if part.strip())


def _rules_from(params: dict) -> Rules:
    base = Rules.preset(params["preset"])
    rules = Rules.parse(rules_text(params["rules"]), base=base) if params["rules"] else base
    if params["max_turns"]:
        rules = replace(rules, max_turns=params["max_turns"])
    return rules


def rank_returns(places, players: int) -> list[float]:
    """Returns from the places of a finished game (see the module's notes); all 0 if ``places``
    is None (a game not over)."""
    if places is None:
        return [0.0] * players
    values = []
    for place in places:
        sharing = sum(1 for other in places if other == place)
        mean_rank = place + (sharing - 1) / 2
        values.append(1.0 - 2.0 * (mean_rank - 1) / (players - 1))
    return values


class RiskGame(pyspiel.Game):
    """The game: its rules, map, codec and chance numbering, and the initial states it deals.

    Raises :class:`RiskGameError` (or the engine's :class:`~risk.errors.RulesError` /
    :class:`~risk.board.MapError`) for parameters that make no game."""

    def __init__(self, params=None):
        given = dict(params or {})
        unknown = sorted(set(given) - set(DEFAULT_PARAMETERS))
        if unknown:
            raise RiskGameError(f"unknown parameter(s) {', '.join(unknown)} of {SHORT_NAME}; "
                                f"the parameters are: {', '.join(DEFAULT_PARAMETERS)}")
        settings = {**DEFAULT_PARAMETERS, **given}
        players = settings["players"]
        if not 2 <= players <= 6:
            raise RiskGameError(f"players={players}: a game of {SHORT_NAME} has 2 to 6 players")
        self.rules = _rules_from(settings)
        self.board = load_map(settings["map"]) if settings["map"] else classic_board()
        self.seed = settings["seed"]
        self.codec = ActionCodec(self.board, self.rules)
        self.chance = ChanceNumbering(settings["max_battle_armies"])
        GameState.new(players=players, seed=0, rules=self.rules, board=self.board)  # refuse bad rules now
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=self.chance.size,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.rules.max_turns * _MOVES_PER_TURN_BOUND,
        )
        super().__init__(_GAME_TYPE, info, given)

    def new_initial_state(self) -> "RiskState":
        """The state before the deal (a chance node)."""
        return RiskState(self, None)

    def deal(self, number: int) -> GameState:
        """The position of deal ``number``: its random source seeded from ``seed`` and ``number``."""
        entropy = np.random.SeedSequence(self.seed, spawn_key=(number,)).generate_state(2)
        seed = int(entropy[0]) << 32 | int(entropy[1])
        return GameState.new(players=self.num_players(), seed=seed, rules=self.rules, board=self.board)

    def initial_state_for(self, position: GameState) -> "RiskState":
        """A state of this game at ``position`` (any engine position of the same map and rules),
        for puzzles and tests; its history starts there, so it does not replay from a deal."""
        return RiskState(self, position.copy(_CopiedSource(position.rng)))

    def make_py_observer(self, iig_obs_type=None, params=None) -> RiskObserver:
        return RiskObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class _CopiedSource(RandomSource):
    """An exact copy of a random source that builds its numpy generator only when first drawn
    from. MCTS clones a state at every simulation; building a generator costs many times the
    rest of a clone (``benchmarks/bench_openspiel.py`` times a clone), and after the set-up the
    game seldom draws (the dice are chance nodes; only a reshuffled deck draws)."""

    __slots__ = ("_snapshot",)

    def __init__(self, source: RandomSource):
        self.seed = source.seed
        self._buffer = list(source._buffer)
        self.blitz_draws = source.blitz_draws
        unbuilt = isinstance(source, _CopiedSource) and source._snapshot is not None
        self._snapshot = source._snapshot if unbuilt else source.generator.bit_generator.state

    @property
    def generator(self) -> np.random.Generator:
        if self._snapshot is not None:
            bits = np.random.PCG64()
            bits.state = self._snapshot
            RandomSource.generator.__set__(self, np.random.Generator(bits))
            self._snapshot = None
        return RandomSource.generator.__get__(self)

    @generator.setter
    def generator(self, value: np.random.Generator) -> None:
        self._snapshot = None
        RandomSource.generator.__set__(self, value)



class _Core:
    """Everything a state holds, copied cheaply: OpenSpiel clones a Python state by deep-copying
    its ``__dict__``, and a plain deep copy would copy the board and the rules too."""

    __slots__ = ("game", "position", "chance_action", "log", "hands")

    def __init__(self, game: "RiskGame", position: GameState | None, chance_action=None, log=None, hands=()):
        self.game = game  # shared by the clones: a game is fixed once built
        self.position = position  # None before the deal
        self.chance_action = chance_action  # the Attack, Defend or Blitz waiting for its outcome
        self.log = log
        self.hands = hands

    def __deepcopy__(self, memo) -> "_Core":
        position = self.position
        copied = position.copy(_CopiedSource(position.rng)) if position is not None else None
        return _Core(self.game, copied, self.chance_action, self.log, self.hands)

    def __reduce__(self):
        # serialize() pickles the state's __dict__: a flat snapshot, not the linked moves,
        # which pickle would follow by recursion (past Python's limit in a 40-turn game)
        return Snapshot.of(self.position, self.chance_action, self.log).__reduce__()

    @classmethod
    def restored(cls, game: "RiskGame", snapshot: Snapshot) -> "_Core":
        """The core of a state of ``game`` written as ``snapshot``."""
        position = GameState.from_dict(snapshot.position, game.board) if snapshot.position is not None else None
        hands = tuple(tuple(h) for h in position.hands) if position is not None else ()
        return cls(game, position, snapshot.chance_action, snapshot.last_move(), hands)


class RiskState(pyspiel.State):
    """A position of the game, or the chance node of an attack or a blitz just chosen."""

    def __init__(self, game: RiskGame, position: GameState | None, core: _Core | None = None):
        super().__init__(game)
        self._core = core or _Core(game, position)

    def __setattr__(self, name: str, value) -> None:
        if type(value) is Snapshot:  # deserialize_state setting the unpickled attributes (see Snapshot)
            value = _Core.restored(self.get_game(), value)
        super().__setattr__(name, value)

    # -- what the engine knows -----------------------------------------------------------------

    @property
    def position(self) -> GameState | None:
        """The engine's position (everything, hidden information included: not for a player);
        None before the deal."""
        return self._core.position

    @property
    def chance_action(self):
        """The engine action whose outcome the chance node draws, or None at a decision."""
        return self._core.chance_action

    def moves(self) -> list[Move]:
        """The game so far, one :class:`~risk.rl.openspiel_log.Move` per move: ``actor`` (-1 for
        chance), the engine ``action`` (None for a chance outcome), the ``events`` it produced
        (filter them with ``event.visible_to(seat)``) and ``hands`` (every seat's cards after it,
        when they changed). The full record: a player may see only what the observer shows him."""
        return moves(self._core.log)

    @property
    def last_move(self) -> Move | None:
        """The latest move (the others linked behind it), or None before the deal."""
        return self._core.log

    def history_as_seen(self, player: int) -> str:
        """The game so far as ``player`` saw it, spelled out move by move (what the information
        state string carries as a digest; see :mod:`risk.rl.openspiel_log`)."""
        return "\n".join(history_lines(self._core.log, player, True, self._core.game.board))

    # -- the OpenSpiel API ---------------------------------------------------------------------

    def current_player(self) -> int:
        position = self._core.position
        if position is None:
            return pyspiel.PlayerId.CHANCE
        if position.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        if self._core.chance_action is not None:
            return pyspiel.PlayerId.CHANCE
        return position.current_player

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return sorted(self._core.game.codec.legal_indices(self._core.position))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        core = self._core
        action, position = core.chance_action, core.position
        numbering = self._core.game.chance
        if position is None:
            return [(DEAL_BASE + k, 1.0 / DEALS) for k in range(DEALS)]
        try:
            outcomes = position.chance_outcomes(action)
        except BattleError:  # a blitz with the six too large to solve: drawn inside (module notes)
            outcome = position.copy(_CopiedSource(position.rng)).draw_blitz_outcome(action)
            return [(numbering.encode(outcome, action, position), 1.0)]
        return [(numbering.encode(outcome, action, position), p) for outcome, p in outcomes]

    def _apply_action(self, action: int) -> None:
        core = self._core
        position = core.position
        if position is None:
            core.position = core.game.deal(core.game.chance.deal(action))
            self._record(-1, None, [])
            return
        if core.chance_action is not None:
            chosen = core.chance_action
            outcome = self._core.game.chance.decode(action, chosen, position)
            try:
                events = position.apply(chosen, outcome=outcome)
            except IllegalActionError:
                if not _unsolved(position, chosen):
                    raise
                events = position.apply(chosen)  # the engine draws the outcome chance_outcomes listed
            core.chance_action = None
            self._record(-1, None, events)
            return
        engine_action = self._core.game.codec.decode(action, position)
        actor = position.current_player
        if position.is_chance(engine_action):
            core.chance_action = engine_action
            self._record(actor, engine_action, [])
            return
        self._record(actor, engine_action, position.apply(engine_action))

    def _record(self, actor: int, action, events) -> None:
        core = self._core
        hands = tuple(tuple(h) for h in core.position.hands)
        changed = hands if hands != core.hands else None
        core.hands = hands
        core.log = Move(core.log, actor, action, tuple(events), changed)

    def _action_to_string(self, player: int, action: int) -> str:
        core = self._core
        if player == pyspiel.PlayerId.CHANCE:
            return self._core.game.chance.describe(action)
        try:
            return self._core.game.codec.decode(action, core.position).text(core.position.board)
        except (RiskError, IndexError, ValueError):  # asked about an index that is not legal here
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self._core.position is not None and self._core.position.is_terminal()

    def returns(self) -> list[float]:
        position = self._core.position
        if position is None:
            return [0.0] * self.num_players()
        outcome = position.outcome()
        return rank_returns(outcome.places if outcome else None, position.players)

    def resample_from_infostate(self, player_id: int, probability_sampler) -> "RiskState":
        """A state ``player_id`` cannot tell from this one: the hidden information redrawn, as
        the bots' view draws it, from a source seeded by ``probability_sampler()``."""
        if self._core.position is None:  # before the deal nobody knows anything
            return self.clone()
        source = RandomSource(int(probability_sampler() * 2 ** 53))
        position = self._core.position.view(player_id, source)
        _redraw_secrets(position, player_id, source)
        core = _Core(self._core.game, position, self._core.chance_action, self._core.log, self._core.hands)
        return RiskState(self._core.game, position, core)

    def __str__(self) -> str:
        """The whole position (a debugging aid: it shows every seat's cards)."""
        position = self._core.position
        if position is None:
            return "before the deal"
        board = position.board
        lines = [f"turn {position.turn} {position.phase.label} player {position.player + 1}"]
        for t, name in enumerate(board.names):
            lines.append(f"{name}: {position.owner_name(position.owner[t])} {position.armies[t]}")
        lines.append(f"hands {position.hands}")
        if self._core.chance_action is not None:
            lines.append(f"chance: {self._core.chance_action.text(board)}")
        return "\n".join(lines)


def _unsolved(position: GameState, action) -> bool:
    """Whether the engine cannot list the outcomes of the chance ``action`` (module notes)."""
    try:
        position.chance_outcomes(action)
    except BattleError:
        return True
    return False


def _redraw_secrets(position: GameState, player: int, source: RandomSource) -> None:
    """Fill what the view blanked out: the others' missions (drawn from the missions ``player``
    does not hold) and capitals chosen but not yet revealed (drawn among their territories)."""
    if position.missions is not None:
        mine = position.missions[player]
        deck = [m for m in mission_deck(position.board, position.players, position.rules.mission_set) if m != mine]
        source.shuffle(deck)
        for seat in range(position.players):
            if seat != player:
                mission = deck.pop()
                if mission.kind == "destroy" and mission.target == seat:
                    mission = territory_mission(len(position.board), 24)
                position.missions[seat] = mission
    if position.phase == Phase.CAPITAL:
        for seat in range(position.player):  # the seats before the chooser have chosen
            if seat != player:
                position.capitals[seat] = source.choice(position.territories_of(seat))


pyspiel.register_game(_GAME_TYPE, RiskGame)
