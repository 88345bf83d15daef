"""The observation and the action mask kept up to date move by move, for the environments.

Rebuilding a seat's observation (829 floats) and the mask (1,551 bytes) from scratch at every
step cost more than the engine's step itself. Between two steps little changes: the armies on a
territory or two, an owner after a conquest, the pool, a flag of the turn. So each tracker keeps
its array and what it was built from, and rewrites only what differs:

- :class:`ObservationTracker` (one per seat) compares the owners and armies with the last ones it
  saw and rewrites the changed territories' entries (and the owners' army totals); it rewrites a
  row of the ``seats`` field only when that seat's inputs changed, and each small field (cards,
  capitals, battle, phase, turn, dice, mission) only when its value did. The values come from the
  same functions as :meth:`~risk.rl.observation.ObservationEncoder.encode`, which stays the
  reference: the tests play random games and compare the two after every step.
- :class:`MaskTracker` clears the indices it set last time and sets the new legal ones, instead of
  a fresh array, and decodes a legal index without asking the engine again whether it is legal
  (the mask said so; ``GameState.apply`` checks once more anyway).

A tracker follows one game: given another :class:`~risk.state.GameState` object it starts over.
The arrays it returns are its own and change at the next update: copy them to keep them.
"""

from __future__ import annotations

from itertools import compress
from operator import ne
from typing import TYPE_CHECKING

import numpy as np

from risk.cards import WILD
from risk.phase import Phase
from risk.rl.observation import (ARMY_CAP, LOG_ARMIES, OWNER_SLOTS, SEAT_FEATURES, SEATS, TOTAL_FEATURE,
                                 TURN_FEATURES, battle_territories, continents_held, dice_values, known_capitals,
                                 mission_values, own_cards, relative_seats, seat_row, total_feature, turn_values)

if TYPE_CHECKING:
    from risk.actions import Action
    from risk.rl.codec import ActionCodec
    from risk.rl.observation import ObservationEncoder
    from risk.state import GameState


class ObservationTracker:
    """The observation of ``seat`` in the game it is updated with (see the module)."""

    def __init__(self, encoder: "ObservationEncoder", seat: int):
        self.encoder = encoder
        self.seat = seat
        self.values = np.zeros(encoder.size, np.float32)
        self._state: GameState | None = None
        fields = encoder.fields
        self._armies_at = fields["armies"].start
        self._cards_at = fields["my_cards"].start
        self._capital_at = fields["capital"].start
        self._battle_at = fields["battle"].start
        self._seats_at = fields["seats"].start
        self._phase_at = fields["phase"].start
        self._turn_at = fields["turn"].start
        self._dice_at = fields["dice"].start
        self._mission = fields["mission"]

    def update(self, state: "GameState") -> np.ndarray:
        """The observation of the tracker's seat in ``state`` (the tracker's own array)."""
        if state is not self._state:
            self._start(state)
            return self.values
        values = self.values
        owner, armies = state.owner, state.armies
        owners_changed = owner != self._owner
        if owners_changed or armies != self._armies:
            self._territories(owner, armies, owners_changed)

        hand = state.hands[self.seat] if self.seat < len(state.hands) else ()
        if hand != self._hand:
            self._hand = list(hand)
            self._wilds = hand.count(WILD)
            self._set_sparse("_cards", [self._cards_at + card for card in own_cards(state, self.seat)])
        phase = state.phase
        if state.capitals != self._capitals or (phase == Phase.CAPITAL) != self._choosing_capitals:
            self._capitals = list(state.capitals)
            self._choosing_capitals = phase == Phase.CAPITAL
            self._set_sparse("_capital_indices", [self._capital_at + SEATS * t + slot
                                                  for t, slot in known_capitals(state, self.seat, self._relative)])
        if (state.attack_source, state.attack_target, state.pending, state.declared, phase) != self._battle_key:
            self._battle_key = (state.attack_source, state.attack_target, state.pending, state.declared, phase)
            source, target = battle_territories(state)
            self._set_sparse("_battle_indices", [i for i in (self._battle_at + 2 * source if source >= 0 else -1,
                                                             self._battle_at + 2 * target + 1 if target >= 0 else -1)
                                                 if i >= 0])
        if phase != self._phase:
            if self._phase < len(Phase):
                values[self._phase_at + int(self._phase)] = 0.0
            if phase < len(Phase):
                values[self._phase_at + int(phase)] = 1.0
            self._phase = phase

        self._seat_rows(state, owners_changed)
        turn_key = (phase, state.pool, state.withheld, state.sets_traded, state.turn, state.conquered, state.attacked,
                    state.bonus_used, state.fortified, state.commander_used, self._wilds)
        if turn_key != self._turn_key or phase == Phase.OCCUPY:  # what may move in depends on the armies
            self._turn_key = turn_key
            values[self._turn_at:self._turn_at + TURN_FEATURES] = turn_values(state, self.seat)
        if state.pending is not self._pending:
            self._pending = state.pending
            values[self._dice_at:self._dice_at + 6] = dice_values(state)
        if state.missions is not None:
            values[self._mission] = mission_values(state, self.seat, self._relative, self.encoder.continent_names,
                                                   self.encoder.territories)
        return values

    # -- the pieces ----------------------------------------------------------------------------

    def _start(self, state: "GameState") -> None:
        """Build from scratch, and remember what it was built from."""
        self._state = state
        self.encoder.encode(state, self.seat, out=self.values)
        self._relative = relative_seats(state.players, self.seat)
        self._slot_of = [*self._relative, SEATS]
        self._owner, self._armies = list(state.owner), list(state.armies)
        self._everywhere = range(len(self._owner))
        self._totals = [0] * state.owners
        for holder, count in zip(self._owner, self._armies):
            if holder >= 0:
                self._totals[holder] += count
        self._row_totals = list(self._totals)
        self._held = continents_held(state, self.encoder.continent_members)
        self._rows: list[tuple | None] = [None] * state.players
        self._seats_seen = None
        self._seat_rows(state, True)  # fills the keys; the rows are already right
        self._hand = list(state.hands[self.seat]) if self.seat < len(state.hands) else []
        self._cards = [self._cards_at + card for card in own_cards(state, self.seat)]
        self._capitals = list(state.capitals)
        self._choosing_capitals = state.phase == Phase.CAPITAL
        self._capital_indices = [self._capital_at + SEATS * t + slot
                                 for t, slot in known_capitals(state, self.seat, self._relative)]
        self._battle_key = (state.attack_source, state.attack_target, state.pending, state.declared, state.phase)
        source, target = battle_territories(state)
        self._battle_indices = [i for i in (self._battle_at + 2 * source if source >= 0 else -1,
                                            self._battle_at + 2 * target + 1 if target >= 0 else -1) if i >= 0]
        self._phase = state.phase
        self._wilds = self._hand.count(WILD)
        self._turn_key = None
        self._pending = state.pending

    def _territories(self, owner: list[int], armies: list[int], owners_changed: bool) -> None:
        values, seen_owner, seen_armies = self.values, self._owner, self._armies
        totals, slot_of, base = self._totals, self._slot_of, self._armies_at
        changed = compress(self._everywhere, map(ne, armies, seen_armies))
        if owners_changed:
            changed = sorted(set(changed).union(compress(self._everywhere, map(ne, owner, seen_owner))))
        for t in changed:
            holder, count = owner[t], armies[t]
            before, then = seen_owner[t], seen_armies[t]
            if before >= 0:
                totals[before] -= then
                if holder != before:
                    values[OWNER_SLOTS * t + slot_of[before]] = 0.0
            if holder >= 0:
                totals[holder] += count
                values[OWNER_SLOTS * t + slot_of[holder]] = 1.0
            values[base + t] = LOG_ARMIES[count] if count <= ARMY_CAP else 1.0
            seen_owner[t], seen_armies[t] = holder, count

    def _seat_rows(self, state: "GameState", owners_changed: bool) -> None:
        """Rewrite the ``seats`` rows whose inputs changed (a row's key is what it is made of),
        or only a row's total armies, the entry most moves change. The inputs are compared
        whole first (lists compare in C): most moves change none of them."""
        seen = self._seats_seen
        if (seen is None or state.current_player != seen[0] or state.player != seen[1]
                or state.own_mask != seen[2] or state.hands != seen[3] or state.alive != seen[4]
                or state.reserve != seen[5] or (state.rules.capitals and state.capitals != seen[6])):
            self._seats_seen = (state.current_player, state.player, list(state.own_mask),
                                [list(hand) for hand in state.hands], list(state.alive), list(state.reserve),
                                list(state.capitals))
            self._changed_rows(state, owners_changed)
        totals, written = self._totals, self._row_totals
        if totals != written:
            for s in range(state.players):
                if totals[s] != written[s]:
                    written[s] = totals[s]
                    self.values[self._seats_at + SEAT_FEATURES * self._relative[s] + TOTAL_FEATURE] = \
                        total_feature(totals[s])

    def _changed_rows(self, state: "GameState", owners_changed: bool) -> None:
        if owners_changed:
            self._held = continents_held(state, self.encoder.continent_members)
        capitals = state.rules.capitals
        player, deciding, game_over = state.player, state.current_player, state.phase == Phase.GAME_OVER
        alive, own_mask, hands, reserve, held, totals = (state.alive, state.own_mask, state.hands, state.reserve,
                                                         self._held, self._totals)
        continents = max(1, len(self.encoder.continent_members))
        for s in range(state.players):
            key = (alive[s], s == player and not game_over, s == deciding, own_mask[s], len(hands[s]), reserve[s],
                   held[s], state.capitals_held(s) if capitals else 0)
            if key != self._rows[s]:
                self._rows[s] = key
                self._row_totals[s] = totals[s]
                row = self._seats_at + SEAT_FEATURES * self._relative[s]
                self.values[row:row + SEAT_FEATURES] = seat_row(state, s, totals[s], held[s] / continents,
                                                               self.encoder.territories)

    def _set_sparse(self, name: str, indices: list[int]) -> None:
        """Zero the entries of the indices kept under ``name``, then set ``indices`` to 1."""
        values = self.values
        for i in getattr(self, name):
            values[i] = 0.0
        for i in indices:
            values[i] = 1.0
        setattr(self, name, indices)


class MaskTracker:
    """The action mask of the game it is updated with, and decoding checked against it."""

    def __init__(self, codec: "ActionCodec"):
        self.codec = codec
        # a numpy view of bytes set one by one: cheaper than numpy's fancy indexing from a list
        self._bytes = bytearray(codec.size)
        self.mask = np.frombuffer(self._bytes, np.int8)
        self._set: list[int] = []

    def update(self, state: "GameState") -> np.ndarray:
        """The mask of ``state`` (the tracker's own array: all 0 once the game is over)."""
        flags = self._bytes
        for index in self._set:
            flags[index] = 0
        legal = self.codec.legal_indices(state)
        for index in legal:
            flags[index] = 1
        self._set = legal
        return self.mask

    def clear(self) -> np.ndarray:
        """No legal action (for a seat that is not to move); the mask, all 0."""
        for index in self._set:
            self._bytes[index] = 0
        self._set = []
        return self.mask

    def decode(self, index: int, state: "GameState") -> "Action":
        """The engine action of ``index``, legal in ``state`` as the last :meth:`update` of
        ``state`` said; raises :class:`~risk.errors.ActionIndexError` (with the codec's reason)
        otherwise."""
        if 0 <= index < len(self._bytes) and self._bytes[index]:
            return self.codec.concrete(index, state)
        return self.codec.decode(index, state)  # raises, saying why the index is not legal
