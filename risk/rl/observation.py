"""What one seat sees, as a flat float32 vector in [0, 1], rotated so that the observer comes first.

Built only from what the seat may know: the board (owners, armies, capitals once revealed), its
own cards and mission, the other players' hand sizes, and the public state of the turn. Never
another seat's cards, mission or the deck order. Seats are *relative*: slot 0 is the observer,
slot k the seat k places after it in turn order (``(seat - observer) % players``); slots of seats
not in the game are 0. The neutral army of a 2-player game has its own owner slot. Army counts
are scaled as ``log2(1 + min(armies, 1023)) / 10`` ("log armies" below).

The layout for a map of ``N`` territories and ``C`` continents (``ObservationEncoder.fields``
gives each field's slice; 829 floats on the classic map)::

    field        size    meaning
    owner        7N      per territory: one-hot owner, relative seats 0..5 then neutral
    armies       N       per territory: log armies
    my_cards     N       per territory: 1 if the observer holds its card
    capital      6N      per territory: 1 at the relative seat whose capital it is (others' capitals
                         only once revealed)
    battle       2N      per territory: 1 if it is the source / the target of the battle under way
                         (a conquest to occupy, a decision pending, an attack declared)
    seats        6 x 11  per relative seat: in the game, alive, whose turn, deciding now,
                         territories / N, log armies / 1.2, hand size / 10 (capped), log reinforcements,
                         log set-up armies left, continents held / C, capitals held / 6
    phase        12      one-hot risk.phase.Phase
    turn         12      log pool, log withheld (old UK), log next set's value, turn / max_turns,
                         conquered, attacked, territory bonus used, fortified, commander's six ready,
                         wild cards held / 2, log least and log most armies to occupy
    dice         6       the attacker's then the defender's dice on the table / 6, high to low
                         (the roll the defender or the commander decides on), else 0
    mission      C + 13  kind one-hot (destroy, continents, territories), the relative seat to
                         destroy (6), the continents to hold (C), and a third of one's choice,
                         territories to hold / N, at least 2 armies on each, done (destroy missions)

>>> from risk.state import GameState
>>> encoder = ObservationEncoder(GameState.new(players=3, seed=1).board)
>>> encoder.size, encoder.fields["owner"]
(829, slice(0, 294, None))
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from risk.cards import WILD
from risk.phase import Phase

if TYPE_CHECKING:
    from risk.board import Board
    from risk.state import GameState

SEATS = 6
OWNER_SLOTS = SEATS + 1
SEAT_FEATURES = 11
TURN_FEATURES = 12
MISSION_KINDS = ("destroy", "continents", "territories")
ARMY_CAP = 1023

#: log2(1 + n) / 10 for the counts that occur; bigger ones are computed.
LOG_ARMIES = [math.log2(1 + n) / 10 for n in range(ARMY_CAP + 1)]


def log_armies(n: int) -> float:
    """An army count scaled into [0, 1]: log2(1 + min(n, 1023)) / 10."""
    return LOG_ARMIES[n] if 0 <= n <= ARMY_CAP else (1.0 if n > 0 else 0.0)


class ObservationEncoder:
    """The flat observation of a seat (see the module for the layout) for games on ``board``."""

    def __init__(self, board: "Board"):
        self.board = board
        n = len(board)
        self.territories = n
        self.continent_names = tuple(c.name for c in board.continents)
        c = len(self.continent_names)
        sizes = [("owner", OWNER_SLOTS * n), ("armies", n), ("my_cards", n), ("capital", SEATS * n),
                 ("battle", 2 * n), ("seats", SEATS * SEAT_FEATURES), ("phase", len(Phase)),
                 ("turn", TURN_FEATURES), ("dice", 6), ("mission", len(MISSION_KINDS) + SEATS + c + 4)]
        self.fields: dict[str, slice] = {}
        start = 0
        for name, size in sizes:
            self.fields[name] = slice(start, start + size)
            start += size
        self.size = start
        self.continent_members = [c.members for c in board.continents]
        self._offsets_abs = {name: part.start for name, part in self.fields.items()}

    def encode(self, state: "GameState", seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The observation of ``seat`` (a float32 array of ``size``, every value in [0, 1]), built
        from scratch (:class:`risk.rl.incremental.ObservationTracker` keeps one up to date)."""
        # Filled as a Python list and converted once: for a vector this small, setting numpy
        # items one by one, or many small numpy operations, cost more than the list.
        values = [0.0] * self.size
        n, players, f = self.territories, state.players, self._offsets_abs
        relative = relative_seats(players, seat)
        slot_of = [*relative, SEATS]  # the owner slot of each owner, the neutral army last
        owner, armies = state.owner, state.armies
        totals = [0] * state.owners
        armies_base = f["armies"]
        for t in range(n):
            holder, count = owner[t], armies[t]
            if holder >= 0:
                values[OWNER_SLOTS * t + slot_of[holder]] = 1.0
                totals[holder] += count
            values[armies_base + t] = LOG_ARMIES[count] if count <= ARMY_CAP else 1.0

        for card in own_cards(state, seat):
            values[f["my_cards"] + card] = 1.0
        for t, slot in known_capitals(state, seat, relative):
            values[f["capital"] + SEATS * t + slot] = 1.0
        source, target = battle_territories(state)
        if source >= 0:
            values[f["battle"] + 2 * source] = 1.0
        if target >= 0:
            values[f["battle"] + 2 * target + 1] = 1.0

        held = continents_held(state)
        continents = max(1, len(self.continent_members))
        for s in range(players):
            row = f["seats"] + SEAT_FEATURES * relative[s]
            values[row:row + SEAT_FEATURES] = seat_row(state, s, totals[s], held[s] / continents, n)
        if state.phase < len(Phase):
            values[f["phase"] + int(state.phase)] = 1.0
        values[f["turn"]:f["turn"] + TURN_FEATURES] = turn_values(state, seat)
        values[f["dice"]:f["dice"] + 6] = dice_values(state)
        values[f["mission"]:f["mission"] + self.fields["mission"].stop - self.fields["mission"].start] = \
            mission_values(state, seat, relative, self.continent_names, n)
        if out is None:
            return np.array(values, dtype=np.float32)
        out[:] = values
        return out


# -- the pieces of an observation, shared by the full encoding and the incremental one ----------


def relative_seats(players: int, seat: int) -> list[int]:
    """The relative slot of each seat as ``seat`` sees them (``seat`` is slot 0)."""
    return [(s - seat) % players for s in range(players)]


def own_cards(state: "GameState", seat: int) -> list[int]:
    """The territory cards ``seat`` holds (its wild cards are counted in the turn field)."""
    hand = state.hands[seat] if seat < len(state.hands) else ()
    return [card for card in hand if card >= 0]


def known_capitals(state: "GameState", seat: int, relative: list[int]) -> list[tuple[int, int]]:
    """(territory, relative seat) of each capital ``seat`` may know of: its own while the
    capitals are being chosen, every one once they are revealed."""
    hidden = state.phase == Phase.CAPITAL
    return [(t, relative[holder]) for holder, t in enumerate(state.capitals)
            if t >= 0 and (holder == seat or not hidden)]


def continents_held(state: "GameState") -> list[int]:
    """How many whole continents each owner holds."""
    return [continents_whole(state.board, territories) for territories in state.own_mask]


#: Where each input of a seat sits in its ``seats`` row (:class:`~risk.rl.incremental.ObservationTracker`
#: rewrites an entry when its input changes): the row is in game, alive, then these.
PLAYER_FEATURE, DECIDING_FEATURE, COUNT_FEATURE, TOTAL_FEATURE, HAND_FEATURE, INCOME_FEATURE, RESERVE_FEATURE, \
    CONTINENTS_FEATURE = 2, 3, 4, 5, 6, 7, 8, 9


def seat_row(state: "GameState", s: int, total: int, continents_share: float, territories: int) -> list[float]:
    """The ``seats`` row of seat ``s`` (see the module), given its total armies and its share of
    the continents held."""
    return [1.0,
            1.0 if state.alive[s] else 0.0,
            1.0 if s == state.player and state.phase != Phase.GAME_OVER else 0.0,
            1.0 if s == state.current_player else 0.0,
            state.count[s] / territories,
            total_feature(total),
            min(1.0, len(state.hands[s]) / 10),
            income_feature(state, s, state.count[s]),
            log_armies(state.reserve[s]),
            continents_share,
            state.capitals_held(s) / SEATS if state.rules.capitals else 0.0]


def income_feature(state: "GameState", s: int, count: int) -> float:
    """Seat ``s``'s income from its ``count`` territories and its continents, in log armies (0 once
    it fell or while it holds nothing)."""
    if not (state.alive[s] and count):
        return 0.0
    return log_armies(state.rules.income(state.board, count, state.own_mask[s]))


def continents_whole(board: "Board", territories: int) -> int:
    """How many continents the bit mask ``territories`` holds whole."""
    return sum(1 for continent, _ in board.continent_masks if territories & continent == continent)


def total_feature(total: int) -> float:
    """A seat's total armies as its row shows them: log armies / 1.2, at most 1."""
    return min(1.0, LOG_ARMIES[total] / 1.2 if total <= ARMY_CAP else math.log2(1 + total) / 12)


#: total_feature of the totals that occur, looked up
TOTALS = [total_feature(n) for n in range(ARMY_CAP + 1)]

#: Where the ``turn`` field holds the observer's wild cards (its own: the rest of the field is public)
WILD_FEATURE = 9
#: Where the ``turn`` field's two occupation entries start (the last two; 0 outside the occupy phase)
OCCUPY_FEATURE = 10


def turn_values(state: "GameState", seat: int) -> list[float]:
    """The ``turn`` field (see the module) as ``seat`` sees it (its wild cards)."""
    hand = state.hands[seat] if seat < len(state.hands) else ()
    return [log_armies(state.pool),
            *public_turn_values(state),
            hand.count(WILD) / 2,
            *(occupy_values(state) if state.phase == Phase.OCCUPY else (0.0, 0.0))]


def public_turn_values(state: "GameState") -> tuple[float, ...]:
    """The ``turn`` field's entries between the pool and the wild cards: the same for every seat,
    and changed only by a few moves of a turn."""
    rules = state.rules
    return (log_armies(state.withheld),
            log_armies(rules.set_value(state.sets_traded)) if rules.cards else 0.0,
            min(1.0, state.turn / rules.max_turns),
            float(state.conquered),
            float(state.attacked),
            float(state.bonus_used),
            float(state.fortified),
            float(state.commander_ready()))


def occupy_values(state: "GameState") -> tuple[float, float]:
    """The ``turn`` field's last two entries while a conquest is occupied: the least and the most
    armies that may move in, in log armies."""
    return log_armies(state.occupy_min), log_armies(state.occupy_max())


def dice_values(state: "GameState") -> list[float]:
    """The ``dice`` field: the attacker's then the defender's dice on the table / 6."""
    out = [0.0] * 6
    pending = state.pending
    for i, die in enumerate(getattr(pending, "attack_dice", ())[:3]):
        out[i] = die / 6
    for i, die in enumerate(getattr(pending, "defend_dice", ())[:3]):
        out[3 + i] = die / 6
    return out


def mission_values(state: "GameState", seat: int, relative: list[int], continent_names, territories: int) \
        -> list[float]:
    """The ``mission`` field of ``seat`` (see the module)."""
    out = [0.0] * (len(MISSION_KINDS) + SEATS + len(continent_names) + 4)
    if state.missions is None or seat >= len(state.missions) or state.missions[seat] is None:
        return out
    mission = state.missions[seat]
    out[MISSION_KINDS.index(mission.kind)] = 1.0
    k = len(MISSION_KINDS)
    if mission.kind == "destroy" and 0 <= mission.target < state.players:
        out[k + relative[mission.target]] = 1.0
    k += SEATS
    for name in mission.continents:
        if name in continent_names:
            out[k + continent_names.index(name)] = 1.0
    k += len(continent_names)
    out[k] = float(mission.third)
    out[k + 1] = min(1.0, mission.territories / territories)
    out[k + 2] = float(mission.min_armies > 1)
    out[k + 3] = float(bool(state.mission_done and state.mission_done[seat]))
    return out


def battle_territories(state: "GameState") -> tuple[int, int]:
    """(source, target) of the battle under way, or -1s."""
    if state.phase == Phase.OCCUPY:
        return state.attack_source, state.attack_target
    pending = state.pending
    if pending is not None and hasattr(pending, "target"):
        return pending.source, pending.target
    if state.declared is not None:
        return state.declared
    return -1, -1
