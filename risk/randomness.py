"""The game's only source of randomness, in a module of its own so that the state's schema
(:mod:`risk.position`) and the state itself (:mod:`risk.state`) can both use it."""

from __future__ import annotations

import secrets
from typing import Sequence

import numpy as np

#: A seed drawn for a game nobody gave one: below 10**18 (18 digits, as the window lets one be
#: typed), so about 60 bits, far too many to find by trying seeds until a game's public deal
#: matches (a 31-bit seed is found in minutes, and then every card to come is known).
FRESH_SEEDS = 10 ** 18

#: The way of drawing a plain blitz that new games use; the ways are numbered as the record
#: versions that introduced them (:data:`risk.record.RECORD_VERSION`): 1, inversion up to
#: 250,000 army pairs and rolled round by round beyond; 2, big battles in strides.
CURRENT_BLITZ_DRAWS = 2
BLITZ_DRAWS = (1, 2)


def fresh_seed() -> int:
    """A new game's seed when none is given, from the operating system's randomness."""
    return secrets.randbelow(FRESH_SEEDS)


class RandomSource:
    """The game's only source of randomness: a seeded numpy Generator, drawn in batches.

    Single draws from a numpy Generator cost about a microsecond each; drawing 512 at a time and
    handing them out from a Python list makes a die roll cheap while keeping every number a
    deterministic function of the seed.
    """

    __slots__ = ("seed", "generator", "_buffer", "blitz_draws")

    BATCH = 512

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.generator = np.random.default_rng(seed)
        self._buffer: list[float] = []
        #: How a plain blitz turns its one uniform into an outcome
        #: (:data:`BLITZ_DRAWS`): a game read from an older record keeps
        #: the older way, so that it replays as it was played.
        self.blitz_draws = CURRENT_BLITZ_DRAWS

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
        state = {"seed": self.seed, "bit_generator": self.generator.bit_generator.state,
                 "buffer": list(self._buffer)}
        if self.blitz_draws != CURRENT_BLITZ_DRAWS:  # only an old game's source says so
            state["blitz_draws"] = self.blitz_draws
        return state

    def set_state(self, state: dict) -> None:
        self.seed = state.get("seed")
        self.generator.bit_generator.state = state["bit_generator"]
        self._buffer = list(state["buffer"])
        self.blitz_draws = state.get("blitz_draws", CURRENT_BLITZ_DRAWS)

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
