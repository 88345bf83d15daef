"""A fixed numbering of actions for reinforcement learning: one integer per (bucketed) action.

Risk's raw action set is huge (deploy 1..n armies on each territory, blitz stopping at any
count, fortify any number), so armies are bucketed: each index names an action *shape* whose
army count is worked out from the position (``half the pool``, ``all but one``). An index means
the same thing in every position of a game on the same map and rules; :meth:`ActionCodec.mask`
says which indices are legal now, :meth:`~ActionCodec.decode` turns a legal index into the
engine's :class:`~risk.actions.Action` and :meth:`~ActionCodec.encode` goes back.

When two buckets of one group name the same concrete action (a pool of 2: ``half`` and ``1``
are both ``deploy alaska 1``), only the first of them (the lowest index) is legal, so every
legal concrete action has exactly one index and a uniformly random legal index is a uniformly
random distinct action among those the codec can name.

The layout, section by section (``N`` territories, ``E`` directed borders ``(s, t)`` sorted by
``s`` then ``t``, ``F`` fortify pairs: the ``E`` borders under ``fortify=adjacent``, every
ordered pair of distinct territories otherwise)::

    section   size   index                    action
    end       1      0                        EndPhase (stop trading, attacking, fortifying)
    claim     N      claim + t                Claim(t)
    place     N      place + t                Place(t)
    neutral   N      neutral + t              PlaceNeutral(t)
    capital   N      capital + t              ChooseCapital(t)
    deploy    4N     deploy + 4t + b          Deploy(t, n), b: 1 | 3 | half the pool | all of it
    trade     1      trade                    the best trade (see best_trade)
    attack    4E     attack + 4e + b          e = (s, t), b: Attack with the most dice |
                                              Blitz to the end | Blitz keeping half of s |
                                              Blitz spending the commander's six
    occupy    3      occupy + b               Occupy(n), b: the least | the middle | the most
    fortify   3F     fortify + 3f + b         f = (s, t), b: 1 | half | the most that may move
    defend    3      defend + k - 1           Defend(k), k = 1, 2, 3
    retreat   N      retreat + t              Retreat(t)
    stand     1      stand                    Stand()
    six       1      six                      UseSix()
    keep      1      keep                     KeepRoll()

On the classic map (42 territories, 166 directed borders) that is 1,551 actions under adjacent
fortifying and 6,219 under connected or unlimited fortifying. The buckets, exactly:

- deploy: ``1``; ``3``; ``half`` = ceil(pool / 2); ``all`` = min(pool, what the territory may
  still hold under an army limit);
- attack: ``Attack(s, t, min(attacker's most dice, armies on s - 1))``; ``Blitz(s, t, 1)``;
  ``Blitz(s, t, armies on s // 2)`` (the source keeps half); ``Blitz(s, t, 1, six=True)``;
- occupy: ``min`` = the dice of the last roll; ``max`` = all but one of the source (or what the
  target may hold); ``middle`` = (min + max + 1) // 2;
- fortify: ``1``; ``half`` = ceil(most / 2); ``most`` = all but one of the source (less armies
  that arrived this turn under unlimited fortifying, at most ``fortify_max_armies``).

Actions the buckets do not name (``deploy alaska 7`` from a pool of 10, a trade other than the
best) have no index: :meth:`~ActionCodec.encode` raises :class:`~risk.errors.ActionIndexError`.

>>> from risk.state import GameState
>>> game = GameState.new(players=3, seed=7)
>>> codec = ActionCodec(game.board, game.rules)
>>> codec.size
1551
>>> index = codec.encode(game.parse_action("claim alaska"), game)
>>> index, codec.describe(index), codec.decode(index, game).text(game.board)
(1, 'claim alaska', 'claim alaska')
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

import numpy as np

from risk.actions import (Action, Attack, Blitz, ChooseCapital, Claim, Defend, Deploy, EndPhase, Fortify,
                          KeepRoll, Occupy, Place, PlaceNeutral, Retreat, Stand, Trade, UseSix)
from risk.cards import WILD, set_kinds, symbol
from risk.errors import ActionIndexError
from risk.phase import Phase
from risk.rules import Rules

if TYPE_CHECKING:
    from risk.board import Board
    from risk.state import GameState

DEPLOY_BUCKETS = ("1", "3", "half", "all")
ATTACK_BUCKETS = ("roll", "blitz", "blitz-half", "blitz-six")
OCCUPY_BUCKETS = ("min", "middle", "max")
FORTIFY_BUCKETS = ("1", "half", "most")

#: The sections in index order, each (name, how many indices per key).
SECTIONS = ("end", "claim", "place", "neutral", "capital", "deploy", "trade", "attack", "occupy", "fortify",
            "defend", "retreat", "stand", "six", "keep")


def _half(n: int) -> int:
    return (n + 1) // 2


class ActionCodec:
    """The fixed numbering of actions for games on ``board`` under ``rules`` (see the module).

    ``size`` indices, ``mask(state)`` the legal ones (int8), ``decode``/``encode`` between an
    index and an engine action. The numbering depends on the board and, through the fortify
    pairs, on ``rules.fortify`` only, so one codec serves every preset that fortifies the same way.
    """

    def __init__(self, board: "Board", rules: Rules | None = None):
        rules = rules or Rules()
        self.board = board
        self.rules = rules
        n = len(board)
        self.territories = n
        self.edges: tuple[tuple[int, int], ...] = tuple((s, t) for s in range(n) for t in sorted(board.neighbours[s]))
        if rules.fortify == "adjacent":
            self.fortify_pairs = self.edges
        else:
            self.fortify_pairs = tuple((s, t) for s in range(n) for t in range(n) if s != t)
        self._edge_index = {pair: e for e, pair in enumerate(self.edges)}
        self._pair_index = {pair: f for f, pair in enumerate(self.fortify_pairs)}
        sizes = {"end": 1, "claim": n, "place": n, "neutral": n, "capital": n, "deploy": 4 * n, "trade": 1,
                 "attack": 4 * len(self.edges), "occupy": 3, "fortify": 3 * len(self.fortify_pairs), "defend": 3,
                 "retreat": n, "stand": 1, "six": 1, "keep": 1}
        self.offsets: dict[str, int] = {}
        total = 0
        for name in SECTIONS:
            self.offsets[name] = total
            total += sizes[name]
        self.sizes = sizes
        self.size = total
        o = self.offsets
        self.END, self.CLAIM, self.PLACE, self.NEUTRAL = o["end"], o["claim"], o["place"], o["neutral"]
        self.CAPITAL, self.DEPLOY, self.TRADE, self.ATTACK = o["capital"], o["deploy"], o["trade"], o["attack"]
        self.OCCUPY, self.FORTIFY, self.DEFEND, self.RETREAT = o["occupy"], o["fortify"], o["defend"], o["retreat"]
        self.STAND, self.SIX, self.KEEP = o["stand"], o["six"], o["keep"]
        self._starts = [o[name] for name in SECTIONS]
        self._attack_at = {pair: self.ATTACK + 4 * e for e, pair in enumerate(self.edges)}

    def __repr__(self) -> str:
        return f"<ActionCodec {self.board.name} fortify={self.rules.fortify} size={self.size}>"

    def compatible(self, board: "Board", rules: Rules) -> bool:
        """Whether this numbering also serves games on ``board`` under ``rules``."""
        return (board is self.board or board.to_dict() == self.board.to_dict()) and \
            (rules.fortify == "adjacent") == (self.rules.fortify == "adjacent")

    # -- where an index points -----------------------------------------------------------------

    def section(self, index: int) -> tuple[str, int]:
        """(section name, offset inside it) of ``index``; raises :class:`ActionIndexError` out of range."""
        if not 0 <= index < self.size:
            raise ActionIndexError(f"action index {index} is out of range 0..{self.size - 1}")
        k = bisect_right(self._starts, index) - 1
        return SECTIONS[k], index - self._starts[k]

    def describe(self, index: int) -> str:
        """The meaning of ``index`` in words, the same in every position (``deploy alaska half``)."""
        name, k = self.section(int(index))
        slug = self.board.slugs
        if name in ("claim", "place", "capital", "retreat"):
            return f"{name} {slug[k]}"
        if name == "neutral":
            return f"neutral {slug[k]}"
        if name == "deploy":
            return f"deploy {slug[k // 4]} {DEPLOY_BUCKETS[k % 4]}"
        if name == "attack":
            s, t = self.edges[k // 4]
            return f"{ATTACK_BUCKETS[k % 4]} {slug[s]} {slug[t]}"
        if name == "fortify":
            s, t = self.fortify_pairs[k // 3]
            return f"fortify {slug[s]} {slug[t]} {FORTIFY_BUCKETS[k % 3]}"
        if name == "occupy":
            return f"occupy {OCCUPY_BUCKETS[k]}"
        if name == "defend":
            return f"defend {k + 1}"
        if name == "trade":
            return "trade best"
        return name

    # -- the concrete action of an index -------------------------------------------------------

    def concrete(self, index: int, state: "GameState") -> Action | None:
        """The engine action ``index`` names in ``state`` (legal or not), or None when its bucket
        has no army count there (``occupy`` outside the occupy phase, ``trade`` without a set).
        Raises :class:`ActionIndexError` for an index out of range."""
        name, k = self.section(int(index))
        if name == "deploy":
            t = k // 4
            return Deploy(t, self._deploy_amount(k % 4, t, state))
        if name == "attack":
            s, t = self.edges[k // 4]
            return self._attack_bucket(k % 4, s, t, state)
        if name == "fortify":
            s, t = self.fortify_pairs[k // 3]
            return Fortify(s, t, self._fortify_amount(k % 3, s, t, state))
        if name == "occupy":
            if state.phase != Phase.OCCUPY:
                return None
            return Occupy(self._occupy_amounts(state)[k])
        if name == "trade":
            return best_trade(state)
        return _SIMPLE[name](k)

    def _deploy_amount(self, bucket: int, t: int, state: "GameState") -> int:
        pool = state.pool
        if bucket == 0:
            return 1
        if bucket == 1:
            return 3
        if bucket == 2:
            return max(1, _half(pool))
        return max(1, min(pool, state.room(t)))

    def _attack_bucket(self, bucket: int, s: int, t: int, state: "GameState") -> Action:
        armies = state.armies[s]
        if bucket == 0:
            return Attack(s, t, max(1, min(state.rules.dice.attacker_max, armies - 1)))
        if bucket == 1:
            return Blitz(s, t, 1)
        if bucket == 2:
            return Blitz(s, t, max(1, armies // 2))
        return Blitz(s, t, 1, True)

    def _fortify_amount(self, bucket: int, s: int, t: int, state: "GameState") -> int:
        if bucket == 0:
            return 1
        most = max(1, state.fortify_limit(s, t)) if state.owner[s] == state.owner[t] else 1
        return most if bucket == 2 else _half(most)

    def _occupy_amounts(self, state: "GameState") -> tuple[int, int, int]:
        low, high = state.occupy_min, state.occupy_max()
        return low, (low + high + 1) // 2, high

    # -- legality ------------------------------------------------------------------------------

    def mask(self, state: "GameState") -> np.ndarray:
        """An int8 array of ``size``: 1 at each legal index (one per distinct concrete action),
        all 0 once the game is over."""
        out = np.zeros(self.size, dtype=np.int8)
        legal = self.legal_indices(state)
        if legal:
            out[legal] = 1
        return out

    def legal_indices(self, state: "GameState") -> list[int]:
        """The legal indices in increasing order of section (what :meth:`mask` sets)."""
        if state.phase == Phase.GAME_OVER:
            return []
        return self.indices_of_runs(state, state.legal_runs())

    def indices_of_runs(self, state: "GameState", runs: list[tuple]) -> list[int]:
        """The legal indices of some of the engine's legal runs in ``state`` (``GameState.legal_runs``
        or a part of them), in the runs' order."""
        found: list[int] = []
        append = found.append
        trades = False
        half_pool = max(1, _half(state.pool))
        attack_at = self._attack_at
        armies = state.armies
        # the attack phase's runs first: the commonest moves of a game, a pair of runs a border
        for cls, lead, first, last in runs:
            if cls is Attack:
                append(attack_at[lead])  # the most dice is always the run's last
            elif cls is Blitz:
                base = attack_at[lead]
                append(base + 1)
                keep = armies[lead[0]] // 2
                if keep > 1 and first <= keep <= last:
                    append(base + 2)
            elif cls is Fortify:  # buckets 1, half and the most: the run's end; a repeated amount once
                base = self.FORTIFY + 3 * self._pair_index[lead]
                half = _half(last)
                if first <= 1:
                    append(base)
                if half != 1 and first <= half:
                    append(base + 1)
                if last != 1 and last != half:
                    append(base + 2)
            elif cls is Deploy:  # buckets 1, 3, half the pool, and the run's end: all it may take
                base = self.DEPLOY + 4 * lead[0]
                if first <= 1 <= last:
                    append(base)
                if first <= 3 <= last:
                    append(base + 1)
                if half_pool != 1 and half_pool != 3 and first <= half_pool <= last:
                    append(base + 2)
                if last != 1 and last != 3 and last != half_pool and first <= last:
                    append(base + 3)
            elif cls is None:
                action = lead
                kind = type(action)
                if kind is Trade:
                    trades = True
                elif kind is EndPhase:
                    append(self.END)
                elif kind in _SINGLE_SECTION:
                    append(getattr(self, _SINGLE_SECTION[kind]) + _single_key(action))
            elif cls is Occupy:
                self._add_runs(found, self.OCCUPY, self._occupy_amounts(state), first, last)
            elif cls is Defend:
                found.extend(self.DEFEND + k - 1 for k in range(first, last + 1))
            else:  # the blitz that may spend the commander's six (risk.engine.combat.blitz_with_six)
                append(attack_at[lead] + 3)
        if trades:
            append(self.TRADE)
        return found

    @staticmethod
    def _add_runs(found: list[int], base: int, amounts, first: int, last: int) -> None:
        seen: set[int] = set()
        for bucket, amount in enumerate(amounts):
            if first <= amount <= last and amount not in seen:
                found.append(base + bucket)
            seen.add(amount)

    def is_legal(self, index: int, state: "GameState") -> bool:
        """Whether ``index`` is legal in ``state`` (what ``mask(state)[index]`` says), worked
        out from the index alone."""
        return 0 <= index < self.size and self._check(int(index), state)[1] is None

    def decode(self, index: int, state: "GameState") -> Action:
        """The engine action of a legal ``index``. Raises :class:`ActionIndexError` for an index
        out of range, one whose action is illegal here, or a bucket that repeats an earlier
        bucket's action (only the first of them is legal)."""
        index = int(index)
        action, reason = self._check(index, state)
        if reason is not None:
            raise ActionIndexError(f"action index {index} ({self.describe(index)}) is not legal here: {reason}",
                                   action=action, reason=reason)
        return action

    def _check(self, index: int, state: "GameState") -> tuple[Action | None, str | None]:
        """(the action of ``index``, None if it is legal, else why not)."""
        action = self.concrete(index, state)
        if action is None:
            return None, "its bucket has no army count here"
        reason = state.why_illegal(action)
        if reason is not None:
            return action, reason
        name, k = self.section(index)
        group = _GROUPS.get(name)
        if group:
            for earlier in range(index - k % group, index):
                if self.concrete(earlier, state) == action:
                    return action, f"index {earlier} names the same action: use that one"
        return action, None

    def encode(self, action: Action, state: "GameState") -> int:
        """The index of a legal ``action`` in ``state``. Raises :class:`ActionIndexError` if it
        is illegal or if no bucket names it (an army count that is not a bucket, a trade that
        is not the best)."""
        reason = state.why_illegal(action)
        if reason is not None:
            raise ActionIndexError.refusing(action, _text(action, state), reason)
        for index in self._candidates(action):
            if self.concrete(index, state) == action:
                return index
        raise ActionIndexError(f"action '{_text(action, state)}' has no index: its army count is not one of "
                               "the codec's buckets" + (" (only the best trade has one)" if type(action) is Trade
                                                        else ""), action=action)

    def _candidates(self, action: Action) -> range | tuple[int, ...]:
        kind = type(action)
        if kind is EndPhase:
            return (self.END,)
        if kind in _SINGLE_SECTION:
            return (getattr(self, _SINGLE_SECTION[kind]) + _single_key(action),)
        if kind is Deploy:
            base = self.DEPLOY + 4 * action.territory
            return range(base, base + 4)
        if kind in (Attack, Blitz):
            e = self._edge_index.get((action.source, action.target))
            return () if e is None else range(self.ATTACK + 4 * e, self.ATTACK + 4 * e + 4)
        if kind is Fortify:
            f = self._pair_index.get((action.source, action.target))
            return () if f is None else range(self.FORTIFY + 3 * f, self.FORTIFY + 3 * f + 3)
        if kind is Occupy:
            return range(self.OCCUPY, self.OCCUPY + 3)
        if kind is Trade:
            return (self.TRADE,)
        if kind is Defend and 1 <= action.dice <= 3:
            return (self.DEFEND + action.dice - 1,)
        return ()


def best_trade(state: "GameState") -> Trade | None:
    """The trade the codec's ``trade`` index plays, or None when no trade is legal: the set worth
    the most armies (the +2 territory bonus counted), then the one spending fewer wild cards, then
    the first in the engine's order (cards sorted, the +2 on the lowest-numbered territory)."""
    if not state.may_trade_now():
        return None
    best, best_key = None, None
    rules, board = state.rules, state.board
    for action in state.trade_actions():
        if type(action) is not Trade:
            continue
        symbols = [symbol(c, board.cards) for c in action.cards]
        value = max(rules.set_value(state.sets_traded, kind) for kind in set_kinds(symbols))
        if rules.territory_bonus == "card":
            value += 2 * len(state.bonus_choices(action.cards))
        elif action.bonus is not None:
            value += 2
        key = (value, -action.cards.count(WILD))
        if best_key is None or key > best_key:
            best, best_key = action, key
    return best


def _text(action: object, state: "GameState") -> str:
    try:
        return action.text(state.board)  # type: ignore[attr-defined]
    except Exception:
        return repr(action)


#: The sections whose indices come in groups of buckets, and the group size.
_GROUPS = {"deploy": 4, "attack": 4, "fortify": 3, "occupy": 3}

#: Sections of one index per territory (or one index), by action type.
_SINGLE_SECTION = {Claim: "CLAIM", Place: "PLACE", PlaceNeutral: "NEUTRAL", ChooseCapital: "CAPITAL",
                   Retreat: "RETREAT", Stand: "STAND", UseSix: "SIX", KeepRoll: "KEEP"}


def _single_key(action: Action) -> int:
    territory = getattr(action, "territory", None)
    return 0 if territory is None else territory


_SIMPLE = {"end": lambda k: EndPhase(), "claim": Claim, "place": Place, "neutral": PlaceNeutral,
           "capital": ChooseCapital, "defend": lambda k: Defend(k + 1), "retreat": Retreat,
           "stand": lambda k: Stand(), "six": lambda k: UseSix(), "keep": lambda k: KeepRoll()}
