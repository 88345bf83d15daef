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
_LOG = [math.log2(1 + n) / 10 for n in range(ARMY_CAP + 1)]


def log_armies(n: int) -> float:
    """An army count scaled into [0, 1]: log2(1 + min(n, 1023)) / 10."""
    return _LOG[n] if 0 <= n <= ARMY_CAP else (1.0 if n > 0 else 0.0)


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
        self._continent_members = [c.members for c in board.continents]
        self._offsets_abs = {name: part.start for name, part in self.fields.items()}

    def encode(self, state: "GameState", seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The observation of ``seat`` (a float32 array of ``size``, every value in [0, 1])."""
        # Filled as a Python list and converted once: for a vector this small, setting numpy
        # items one by one, or many small numpy operations, cost more than the list.
        values = [0.0] * self.size
        n, players, f = self.territories, state.players, self._offsets_abs
        relative = [(s - seat) % players for s in range(players)]
        slot_of = [*relative, SEATS]  # the owner slot of each owner, the neutral army last
        owner, armies = state.owner, state.armies
        totals = [0] * state.owners
        armies_base = f["armies"]
        for t in range(n):
            holder, count = owner[t], armies[t]
            if holder >= 0:
                values[OWNER_SLOTS * t + slot_of[holder]] = 1.0
                totals[holder] += count
            values[armies_base + t] = _LOG[count] if count <= ARMY_CAP else 1.0

        hand = state.hands[seat] if seat < len(state.hands) else []
        wilds = 0
        for card in hand:
            if card >= 0:
                values[f["my_cards"] + card] = 1.0
            else:
                wilds += 1

        capitals_hidden = state.phase == Phase.CAPITAL
        for holder, t in enumerate(state.capitals):
            if t >= 0 and (holder == seat or not capitals_hidden):
                values[f["capital"] + SEATS * t + relative[holder]] = 1.0

        source, target = _battle(state)
        if source >= 0:
            values[f["battle"] + 2 * source] = 1.0
        if target >= 0:
            values[f["battle"] + 2 * target + 1] = 1.0

        self._seats(state, relative, totals, values, f["seats"])
        if state.phase < len(Phase):
            values[f["phase"] + int(state.phase)] = 1.0
        self._turn(state, wilds, values, f["turn"])
        self._dice(state, values, f["dice"])
        self._mission(state, seat, relative, values, f["mission"])
        if out is None:
            return np.array(values, dtype=np.float32)
        out[:] = values
        return out

    def _seats(self, state: "GameState", relative: list[int], totals: list[int], out: list[float],
               start: int) -> None:
        n = self.territories
        held = [0] * state.owners
        state_owner = state.owner
        for members in self._continent_members:
            first = state_owner[members[0]]
            if first >= 0 and all(state_owner[t] == first for t in members):
                held[first] += 1
        deciding = state.current_player
        continents = max(1, len(self._continent_members))
        rules, board = state.rules, state.board
        for s in range(state.players):
            row = start + SEAT_FEATURES * relative[s]
            alive = state.alive[s]
            count = state.count[s]
            total = totals[s]
            out[row + 0] = 1.0
            out[row + 1] = 1.0 if alive else 0.0
            out[row + 2] = 1.0 if s == state.player and state.phase != Phase.GAME_OVER else 0.0
            out[row + 3] = 1.0 if s == deciding else 0.0
            out[row + 4] = count / n
            out[row + 5] = min(1.0, _LOG[total] / 1.2 if total <= ARMY_CAP else math.log2(1 + total) / 12)
            out[row + 6] = min(1.0, len(state.hands[s]) / 10)
            if alive and count:
                out[row + 7] = log_armies(rules.income(board, count, state.own_mask[s]))
            out[row + 8] = log_armies(state.reserve[s])
            out[row + 9] = held[s] / continents
            if rules.capitals:
                out[row + 10] = state.capitals_held(s) / SEATS

    def _turn(self, state: "GameState", wilds: int, out: list[float], o: int) -> None:
        rules = state.rules
        out[o + 0] = log_armies(state.pool)
        out[o + 1] = log_armies(state.withheld)
        out[o + 2] = log_armies(rules.set_value(state.sets_traded)) if rules.cards else 0.0
        out[o + 3] = min(1.0, state.turn / rules.max_turns)
        out[o + 4] = float(state.conquered)
        out[o + 5] = float(state.attacked)
        out[o + 6] = float(state.bonus_used)
        out[o + 7] = float(state.fortified)
        out[o + 8] = float(state.commander_ready())
        out[o + 9] = wilds / 2
        if state.phase == Phase.OCCUPY:
            out[o + 10] = log_armies(state.occupy_min)
            out[o + 11] = log_armies(state.occupy_max())

    @staticmethod
    def _dice(state: "GameState", out: list[float], o: int) -> None:
        pending = state.pending
        attack = getattr(pending, "attack_dice", ())
        defend = getattr(pending, "defend_dice", ())
        for i, die in enumerate(attack[:3]):
            out[o + i] = die / 6
        for i, die in enumerate(defend[:3]):
            out[o + 3 + i] = die / 6

    def _mission(self, state: "GameState", seat: int, relative: list[int], out: list[float], o: int) -> None:
        if state.missions is None or seat >= len(state.missions) or state.missions[seat] is None:
            return
        mission = state.missions[seat]
        out[o + MISSION_KINDS.index(mission.kind)] = 1.0
        k = o + len(MISSION_KINDS)
        if mission.kind == "destroy" and 0 <= mission.target < state.players:
            out[k + relative[mission.target]] = 1.0
        k += SEATS
        for name in mission.continents:
            if name in self.continent_names:
                out[k + self.continent_names.index(name)] = 1.0
        k += len(self.continent_names)
        out[k] = float(mission.third)
        out[k + 1] = min(1.0, mission.territories / self.territories)
        out[k + 2] = float(mission.min_armies > 1)
        out[k + 3] = float(bool(state.mission_done and state.mission_done[seat]))


def _battle(state: "GameState") -> tuple[int, int]:
    """(source, target) of the battle under way, or -1s."""
    if state.phase == Phase.OCCUPY:
        return state.attack_source, state.attack_target
    pending = state.pending
    if pending is not None and hasattr(pending, "target"):
        return pending.source, pending.target
    if state.declared is not None:
        return state.declared
    return -1, -1
