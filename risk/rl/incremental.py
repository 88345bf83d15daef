"""The observation kept up to date move by move, for the environments (the action mask:
:mod:`risk.rl.masks`).

Rebuilding a seat's observation (829 floats) from scratch at every step cost more than the
engine's step itself. Between two steps little changes: the armies on a territory or two, an
owner after a conquest, the pool, a flag of the turn. And the seats' observations differ only in
their order: each sees the same board with itself in slot 0, plus its own cards and mission.
So the work is split in two:

- :class:`TableTracker` (one per game, shared by the seats) keeps the observation of seat 0,
  whose relative slots are the absolute seats, and every seat's own cards beside it. At each
  update it compares the owners and armies with the last ones it saw and rewrites the changed
  territories' entries (and the owners' army totals); in the ``seats`` field it rewrites an entry
  only when its input changed (a seat's territories, income and continents when its holdings
  did, the turn's flags when the turn or the decider did, hand sizes, reserves), and each small
  field (capitals, battle, phase, the pool apart from the rest of the turn, dice) only when its
  value did. A move is followed once, however many seats look at it.
- :class:`ObservationTracker` (one per seat) gathers its observation from the table through a
  fixed index, which rotates the owner slots, capitals and ``seats`` rows and points the seat's
  own fields (cards, wild cards) at its part of the table; then it writes what only it may see
  and the table cannot keep rotated (its mission, its capital while the capitals are secret).

The values come from the same functions as :meth:`~risk.rl.observation.ObservationEncoder.encode`,
which stays the reference: the tests play random games and compare the two after every step.

A tracker follows one game: given another :class:`~risk.state.GameState` object it starts over.
:meth:`ObservationTracker.update` returns the tracker's own array, which changes at the next
update; :meth:`ObservationTracker.observe` returns a new one.
"""

from __future__ import annotations

from itertools import compress
from operator import ne
from typing import TYPE_CHECKING

import numpy as np

from risk.cards import WILD
from risk.phase import Phase
from risk.rl.observation import (ARMY_CAP, CONTINENTS_FEATURE, COUNT_FEATURE, DECIDING_FEATURE, HAND_FEATURE,
                                 INCOME_FEATURE, LOG_ARMIES, OCCUPY_FEATURE, OWNER_SLOTS, PLAYER_FEATURE, RESERVE_FEATURE,
                                 SEAT_FEATURES, SEATS, TOTAL_FEATURE, TOTALS, WILD_FEATURE, battle_territories,
                                 continents_held, continents_whole, dice_values, income_feature, known_capitals,
                                 log_armies, mission_values, occupy_values, own_cards, public_turn_values,
                                 relative_seats, seat_row, total_feature)

if TYPE_CHECKING:
    from risk.rl.observation import ObservationEncoder
    from risk.state import GameState

# Module globals: an enum member looked up on its class at every step costs more than the test
OCCUPY, CAPITAL, GAME_OVER = Phase.OCCUPY, Phase.CAPITAL, Phase.GAME_OVER


class ObservationTracker:
    """The observation of ``seat`` in the game it is updated with, gathered from ``table`` (the
    seats of one game share one; a tracker without one makes its own)."""

    def __init__(self, encoder: "ObservationEncoder", seat: int, table: "TableTracker | None" = None):
        self.encoder = encoder
        self.seat = seat
        self.table = table if table is not None else TableTracker(encoder)
        self.values = np.zeros(encoder.size, np.float32)
        self._gather: np.ndarray | None = None
        self._players = 0
        self._relative: list[int] = []
        self._capitals = encoder.fields["capital"]
        self._mission = encoder.fields["mission"]

    def update(self, state: "GameState") -> np.ndarray:
        """The observation of the tracker's seat in ``state`` (the tracker's own array)."""
        return self._fill(state, self.values)

    def observe(self, state: "GameState") -> np.ndarray:
        """The observation of the tracker's seat in ``state``, in a new array."""
        return self._fill(state, None)

    def _fill(self, state: "GameState", out: np.ndarray | None) -> np.ndarray:
        table = self.table
        table.update(state)
        if state.players != self._players:
            self._players = state.players
            self._gather = table.gather_index(self.seat, state.players)
            self._relative = relative_seats(state.players, self.seat)
        # mode="wrap" (the indices are all in range): numpy's default checks them through a
        # buffer, four times as slow for an array this size
        values = table.buffer.take(self._gather, out=out, mode="wrap")
        if state.phase == Phase.CAPITAL:  # the capitals are secret while they are chosen: only its own
            values[self._capitals] = 0.0
            at = self._capitals.start
            for t, slot in known_capitals(state, self.seat, self._relative):
                values[at + SEATS * t + slot] = 1.0
        if state.missions is not None:
            values[self._mission] = mission_values(state, self.seat, self._relative, self.encoder.continent_names,
                                                   self.encoder.territories)
        return values


class TableTracker:
    """What every seat's observation is made of in the game it is updated with (see the module):
    ``buffer`` holds seat 0's observation, then each seat's cards and wild cards."""

    def __init__(self, encoder: "ObservationEncoder"):
        self.encoder = encoder
        size, n = encoder.size, encoder.territories
        self.buffer = np.zeros(size + SEATS * (n + 1), np.float32)
        self.values = self.buffer[:size]  # seat 0's observation (a view)
        self._own_at = [size + k * (n + 1) for k in range(SEATS)]  # each seat's cards, then its wild cards
        self._state: GameState | None = None
        fields = encoder.fields
        self._armies_at = fields["armies"].start
        self._capital_at = fields["capital"].start
        self._battle_at = fields["battle"].start
        self._seats_at = fields["seats"].start
        self._phase_at = fields["phase"].start
        self._turn_at = fields["turn"].start
        self._dice_at = fields["dice"].start
        self._continents = max(1, len(encoder.continent_members))

    def gather_index(self, seat: int, players: int) -> np.ndarray:
        """Where each entry of ``seat``'s observation is in ``buffer``, in a game of ``players``:
        seat ``s`` sits in slot ``(s - seat) % players`` of its view and in slot ``s`` of seat 0's."""
        fields, n = self.encoder.fields, self.encoder.territories
        index = np.arange(self.encoder.size, dtype=np.intp)
        slot_of_view = [(j + seat) % players if j < players else j for j in range(SEATS)]
        for name, width in (("owner", OWNER_SLOTS), ("capital", SEATS)):
            at = fields[name].start
            for t in range(n):
                for j in range(SEATS):  # the neutral army's owner slot (the last) stays
                    index[at + width * t + j] = at + width * t + slot_of_view[j]
        for j in range(SEATS):
            row, source = self._seats_at + SEAT_FEATURES * j, self._seats_at + SEAT_FEATURES * slot_of_view[j]
            index[row:row + SEAT_FEATURES] = np.arange(source, source + SEAT_FEATURES)
        own = self._own_at[seat]
        index[fields["my_cards"]] = np.arange(own, own + n)
        index[self._turn_at + WILD_FEATURE] = own + n
        return index

    def update(self, state: "GameState") -> None:
        """Bring the table up to date with ``state``."""
        if state is not self._state:
            self._start(state)
            return
        values = self.values
        owner, armies = state.owner, state.armies
        owners_changed = owner != self._owner
        if owners_changed or armies != self._armies:
            self._territories(owner, armies, owners_changed)
        if state.own_mask != self._masks:
            self._holdings(state)
        phase = state.phase
        if state.player != self._player or state.decider != self._decider or (phase == GAME_OVER) != self._over:
            self._turn_flags(state)
        if state.hands != self._hands:
            self._new_hands(state)
        if state.reserve != self._reserve:
            self._new_reserves(state)
        if state.alive != self._alive or (self._capitals_rule and (owners_changed or state.capitals != self._capitals)):
            self._alive = list(state.alive)
            self._all_rows(state)
        if state.capitals != self._capitals or (phase == CAPITAL) != self._choosing_capitals:
            self._capitals = list(state.capitals)
            self._choosing_capitals = phase == CAPITAL
            self._capital_indices = self._swap(self._capital_indices,
                                               [self._capital_at + SEATS * t + slot
                                                for t, slot in known_capitals(state, 0, self._relative)])
        # the battle field reads the conquest's territories only while it is occupied: in that
        # phase it is rewritten every time, elsewhere when the phase or the decision changes
        pending = state.pending
        if phase == OCCUPY or (phase, pending, state.declared) != self._battle_key:
            self._battle_key = (phase, pending, state.declared)
            self._battle_indices = self._swap(self._battle_indices, self._battle_entries(state))
        if phase != self._phase:
            values[self._phase_at + self._phase] = 0.0
            values[self._phase_at + phase] = 1.0
            self._phase = phase
        if state.pool != self._pool:  # the entry most deployments change, alone
            self._pool = state.pool
            values[self._turn_at] = log_armies(state.pool)
        turn_key = (state.withheld, state.sets_traded, state.turn, state.conquered, state.attacked, state.bonus_used,
                    state.fortified, state.commander_used)
        if turn_key != self._turn_key:  # the entries before the wild cards (each seat's own: not here)
            self._turn_key = turn_key
            values[self._turn_at + 1:self._turn_at + WILD_FEATURE] = public_turn_values(state)
        occupying = phase == OCCUPY
        if occupying or self._occupying:  # what may move in, while a conquest waits for it
            self._occupying = occupying
            at = self._turn_at + OCCUPY_FEATURE
            values[at:at + 2] = occupy_values(state) if occupying else (0.0, 0.0)
        if pending is not self._pending:
            self._pending = pending
            values[self._dice_at:self._dice_at + 6] = dice_values(state)

    def _start(self, state: "GameState") -> None:
        """Build from scratch, and remember what it was built from."""
        self._state = state
        self.encoder.encode(state, 0, out=self.values)
        self._relative = relative_seats(state.players, 0)  # the identity: seat 0's slots are the seats
        self._slot_of = [*self._relative, SEATS]
        self._rows = [self._seats_at + SEAT_FEATURES * slot for slot in self._relative]
        self._owner, self._armies = list(state.owner), list(state.armies)
        self._everywhere = range(len(self._owner))
        self._totals = [0] * state.owners
        for holder, count in zip(self._owner, self._armies):
            if holder >= 0:
                self._totals[holder] += count
        self._masks = list(state.own_mask)
        self._player, self._decider = state.player, state.decider
        self._over = state.phase == Phase.GAME_OVER
        self._turner = -1 if self._over else state.player  # the rows whose turn flags are set
        self._deciding = state.current_player
        self._hands = [list(hand) for hand in state.hands]
        self._reserve = list(state.reserve)
        self._alive = list(state.alive)
        self._capitals_rule = state.rules.capitals
        self._own = [[] for _ in range(SEATS)]  # each seat's card entries set in its own part
        self.buffer[self.encoder.size:] = 0.0
        for s in range(len(state.hands)):
            self._write_own(state, s)
        self._capitals = list(state.capitals)
        self._choosing_capitals = state.phase == Phase.CAPITAL
        self._capital_indices = [self._capital_at + SEATS * t + slot
                                 for t, slot in known_capitals(state, 0, self._relative)]
        self._battle_key = (state.phase, state.pending, state.declared)
        self._battle_indices = self._battle_entries(state)
        self._phase = state.phase
        self._pool = state.pool
        self._turn_key = None
        self._occupying = state.phase == Phase.OCCUPY
        self._pending = state.pending

    def _territories(self, owner: list[int], armies: list[int], owners_changed: bool) -> None:
        values, seen_owner, seen_armies = self.values, self._owner, self._armies
        totals, slot_of, base = self._totals, self._slot_of, self._armies_at
        changed = compress(self._everywhere, map(ne, armies, seen_armies))
        if owners_changed:  # each territory is rewritten whole, so the order does not matter
            changed = set(changed).union(compress(self._everywhere, map(ne, owner, seen_owner)))
        holders = set()
        for t in changed:
            holder, count = owner[t], armies[t]
            before = seen_owner[t]
            if before >= 0:
                totals[before] -= seen_armies[t]
                holders.add(before)
                if holder != before:
                    values[OWNER_SLOTS * t + slot_of[before]] = 0.0
            if holder >= 0:
                totals[holder] += count
                holders.add(holder)
                values[OWNER_SLOTS * t + slot_of[holder]] = 1.0
            values[base + t] = LOG_ARMIES[count] if count <= ARMY_CAP else 1.0
            seen_owner[t] = holder
            seen_armies[t] = count
        rows = self._rows
        for s in holders:  # the army totals of the seats that lost or gained armies
            if s < len(rows):
                total = totals[s]
                values[rows[s] + TOTAL_FEATURE] = TOTALS[total] if total <= ARMY_CAP else total_feature(total)

    # The ``seats`` rows, entry by entry: each input of a row (see seat_row) rewrites only the
    # entries made of it, for the seats whose input changed.

    def _holdings(self, state: "GameState") -> None:
        """Territories, income and continents of the seats whose holdings changed."""
        masks, seen, rows, values = state.own_mask, self._masks, self._rows, self.values
        territories, continents = self.encoder.territories, self._continents
        for s in range(len(rows)):
            if masks[s] != seen[s]:
                seen[s] = masks[s]
                row = rows[s]
                count = state.count[s]
                values[row + COUNT_FEATURE] = count / territories
                values[row + INCOME_FEATURE] = income_feature(state, s, count)
                values[row + CONTINENTS_FEATURE] = continents_whole(state.board, masks[s]) / continents

    def _turn_flags(self, state: "GameState") -> None:
        """Whose turn it is and who decides now: the rows of the seats that were or are."""
        values, rows = self.values, self._rows
        for s in (self._turner, self._deciding):
            if 0 <= s < len(rows):
                values[rows[s] + PLAYER_FEATURE] = values[rows[s] + DECIDING_FEATURE] = 0.0
        self._player, self._decider = state.player, state.decider
        self._over = over = state.phase == Phase.GAME_OVER
        self._turner = -1 if over else state.player
        self._deciding = state.current_player
        if 0 <= self._turner < len(rows):
            values[rows[self._turner] + PLAYER_FEATURE] = 1.0
        if 0 <= self._deciding < len(rows):
            values[rows[self._deciding] + DECIDING_FEATURE] = 1.0

    def _new_hands(self, state: "GameState") -> None:
        """The hand sizes, cards and wild cards of the seats whose hands changed."""
        hands, seen, values, rows = state.hands, self._hands, self.values, self._rows
        for s in range(len(rows)):
            if hands[s] != seen[s]:
                seen[s] = list(hands[s])
                values[rows[s] + HAND_FEATURE] = min(1.0, len(hands[s]) / 10)
                self._write_own(state, s)

    def _write_own(self, state: "GameState", s: int) -> None:
        """Seat ``s``'s own part of the table: its cards, then its wild cards."""
        buffer, at = self.buffer, self._own_at[s]
        for i in self._own[s]:
            buffer[i] = 0.0
        self._own[s] = [at + card for card in own_cards(state, s)]
        for i in self._own[s]:
            buffer[i] = 1.0
        buffer[at + self.encoder.territories] = state.hands[s].count(WILD) / 2

    def _new_reserves(self, state: "GameState") -> None:
        reserve, seen, values, rows = state.reserve, self._reserve, self.values, self._rows
        for s in range(len(rows)):
            if reserve[s] != seen[s]:
                seen[s] = reserve[s]
                values[rows[s] + RESERVE_FEATURE] = log_armies(reserve[s])

    def _all_rows(self, state: "GameState") -> None:
        """Every row rebuilt (a seat fell, or a capital changed hands): rare moves."""
        held = continents_held(state)
        for s, row in enumerate(self._rows):
            self.values[row:row + SEAT_FEATURES] = seat_row(state, s, self._totals[s], held[s] / self._continents,
                                                            self.encoder.territories)

    def _battle_entries(self, state: "GameState") -> tuple[int, ...]:
        """The battle field's entries set: the source and the target of the battle under way."""
        source, target = battle_territories(state)
        entries: tuple[int, ...] = ()
        if source >= 0:
            entries += (self._battle_at + 2 * source,)
        if target >= 0:
            entries += (self._battle_at + 2 * target + 1,)
        return entries

    def _swap(self, old, new):
        """A sparse field's entries: zero the ``old`` ones, set the ``new`` ones to 1; ``new``."""
        values = self.values
        for i in old:
            values[i] = 0.0
        for i in new:
            values[i] = 1.0
        return new
