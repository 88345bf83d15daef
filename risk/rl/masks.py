"""The action mask kept up to date move by move, for the environments.

Building the mask from the engine's legal runs at every step costs about as much as the engine's
own list of legal actions. In the set-up and the deployment, where a third of a game's moves are
made, the legal indices hardly change from one move to the next, so :class:`MaskTracker` keeps
them in a mask per phase and rewrites only what a move changed, from the engine's own runs and
the codec's buckets (the rules stay in the engine, the numbering in :mod:`risk.rl.codec`):

- **claims**: a claimed territory's index goes (a claim only ever takes one away);
- **set-up armies**: a player's placements are the same list at each of its turns to place
  while its holdings and reserves say the same, so the lists are kept by those inputs;
- **deployment**: without an army limit every held territory has the same buckets of the pool,
  so a deployment rewrites only the buckets the smaller pool changes.

Every other phase (the attacks too: measured, following them source by source cost as much as
a rebuild) and the variants these inputs do not cover (set-up and army limits) are rebuilt from
``GameState.legal_runs`` at every update, as the first update of a game is. The tests compare the
tracker with :meth:`~risk.rl.codec.ActionCodec.mask` after every step of random games under the
variants (``tests/rl/test_incremental.py``).

A tracker follows one game: given another :class:`~risk.state.GameState` object it starts over.
Its mask is its own array and changes at the next update: copy it to keep it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from risk.actions import Deploy
from risk.phase import Phase

if TYPE_CHECKING:
    from risk.actions import Action
    from risk.rl.codec import ActionCodec
    from risk.state import GameState

#: Lists of set-up placements kept at most (a game has a few per player)
PLACEMENTS_KEPT = 64


class MaskTracker:
    """The action mask of the game it is updated with, and decoding checked against it."""

    def __init__(self, codec: "ActionCodec"):
        self.codec = codec
        self._state: GameState | None = None
        self._sections = {Phase.CLAIM: _Claims(codec), Phase.PLACE: _Placements(codec),
                          Phase.DEPLOY: _Deployment(codec)}
        # Each section keeps its indices set in a mask of its own, so that a player's turn to
        # place or deploy finds its mask as it left it; every other phase is rebuilt in one more
        # mask. Bytes set one by one, seen through numpy: cheaper than numpy's fancy indexing.
        self._rebuilt = bytearray(codec.size)
        self._rebuilt_mask = np.frombuffer(self._rebuilt, np.int8)
        self._set: list[int] = []  # the indices the rebuilt mask holds
        self._nothing = np.zeros(codec.size, np.int8)
        self._nothing.flags.writeable = False
        self.mask: np.ndarray = self._nothing  #: the mask of the last update (the tracker's own array)

    def update(self, state: "GameState") -> np.ndarray:
        """The mask of ``state`` (the tracker's own array: all 0 once the game is over)."""
        if state is not self._state:
            self._state = state
            for section in self._sections.values():
                section.forget()
        section = self._sections.get(state.phase)
        if section is not None and section.follows(state):
            section.catch_up(state)
            self.mask = section.mask
            return self.mask
        legal = self.codec.legal_indices(state)
        if legal != self._set:  # an attack often leaves the same attacks legal: then nothing to write
            _replace(self._rebuilt, self._set, legal)
            self._set = legal
        self.mask = self._rebuilt_mask
        return self.mask

    def clear(self) -> np.ndarray:
        """No legal action (for a seat that is not to move); the mask, all 0."""
        self.mask = self._nothing
        return self.mask

    def decode(self, index: int, state: "GameState") -> "Action":
        """The engine action of ``index``, legal in ``state`` as the last :meth:`update` of
        ``state`` said; raises :class:`~risk.errors.ActionIndexError` (with the codec's reason)
        otherwise."""
        if 0 <= index < len(self.mask) and self.mask[index]:
            return self.codec.concrete(index, state)
        return self.codec.decode(index, state)  # raises, saying why the index is not legal


def _replace(flags: bytearray, old: list[int], new: list[int]) -> None:
    """Clear the ``old`` indices of ``flags``, then set the ``new`` ones."""
    for index in old:
        flags[index] = 0
    for index in new:
        flags[index] = 1


class _Section:
    """The legal indices of one phase in a mask of its own (``flags``, seen as ``mask``), kept
    between updates: ``catch_up`` brings them up to date with a state, flipping the bytes that
    change."""

    def __init__(self, codec: "ActionCodec"):
        self.codec = codec
        self.flags = bytearray(codec.size)
        self.mask = np.frombuffer(self.flags, np.int8)
        self.forget()

    def forget(self) -> None:
        """Drop what was kept (a new game)."""
        self.flags[:] = bytes(len(self.flags))

    def follows(self, state: "GameState") -> bool:
        """Whether this section can keep the mask of ``state`` (its phase is this section's)."""
        return True

    def catch_up(self, state: "GameState") -> None:
        raise NotImplementedError


class _Claims(_Section):
    def forget(self) -> None:
        super().forget()
        self.free: set[int] | None = None

    def catch_up(self, state) -> None:
        owner, flags, base = state.owner, self.flags, self.codec.CLAIM
        if self.free is None:
            self.free = {t for t in range(len(owner)) if owner[t] < 0}
            for t in self.free:
                flags[base + t] = 1
            return
        for t in [t for t in self.free if owner[t] >= 0]:
            self.free.discard(t)
            flags[base + t] = 0


class _Placements(_Section):
    def forget(self) -> None:
        super().forget()
        self.kept: dict[tuple, list[int]] = {}
        self.indices: list[int] = []

    def follows(self, state) -> bool:
        return not state.rules.setup_limit

    def catch_up(self, state) -> None:
        # everything the engine's set-up placements read, bar the army limit (not followed)
        player, neutral, masks, reserve = state.player, state.neutral, state.own_mask, state.reserve
        key = (player, state.setup_placed_own, state.setup_placed_neutral, reserve[player] > 0, masks[player],
               (reserve[neutral] > 0, masks[neutral]) if neutral >= 0 else None)
        indices = self.kept.get(key)
        if indices is None:
            if len(self.kept) >= PLACEMENTS_KEPT:
                self.kept.clear()
            indices = self.kept[key] = self.codec.legal_indices(state)
        if indices is not self.indices:
            _replace(self.flags, self.indices, indices)
            self.indices = indices


class _Deployment(_Section):
    def forget(self) -> None:
        super().forget()
        self.holder: tuple[int, int] | None = None  # (player, its territories' bit mask)
        self.territories: list[int] = []
        self.buckets: list[int] = []                # the pool's buckets, the same on every territory
        self.buckets_of: dict[int, list[int]] = {}

    def follows(self, state) -> bool:
        return not state.rules.army_limit  # so every held territory may take the whole pool

    def catch_up(self, state) -> None:
        player, pool = state.player, state.pool
        buckets = self.buckets_of.get(pool)
        if buckets is None:
            deploy = self.codec.DEPLOY
            buckets = self.buckets_of[pool] = [index - deploy for index in
                                               self.codec.indices_of_runs(state, [(Deploy, (0,), 1, pool)])]
        holder = (player, state.own_mask[player])
        if holder != self.holder:
            self._write(self.territories, self.buckets, 0)
            self.holder, self.territories, self.buckets = holder, state.territories_of(player), buckets
            self._write(self.territories, buckets, 1)
        elif buckets is not self.buckets:
            self._write(self.territories, [b for b in self.buckets if b not in buckets], 0)
            self._write(self.territories, [b for b in buckets if b not in self.buckets], 1)
            self.buckets = buckets

    def _write(self, territories: list[int], buckets: list[int], value: int) -> None:
        flags, deploy = self.flags, self.codec.DEPLOY
        for t in territories:
            base = deploy + 4 * t
            for b in buckets:
                flags[base + b] = value

