"""The generator's own random numbers and noise, the same on every machine.

A world must come out byte for byte the same from the same seed on any platform, Python or numpy
version. So the generator draws from SplitMix64 written out here in integer arithmetic (not
:mod:`random`, whose helpers have changed between Python versions, nor numpy), and everything it
computes from the draws uses only the operations IEEE 754 rounds exactly (+, -, *, / and
``math.sqrt``): no ``sin``, ``exp`` or ``log``, whose last bit depends on the C library.
"""

from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def mix64(value: int) -> int:
    """SplitMix64's finaliser: a well-scrambled 64-bit word from any 64-bit word."""
    z = value & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class WorldRandom:
    """SplitMix64: a seeded stream of 64-bit words, uniforms and choices."""

    __slots__ = ("state",)

    def __init__(self, seed: int, stream: int = 0):
        # Each stream of one seed is a generator of its own, so that one stage of the generator
        # drawing more or fewer numbers leaves the others' draws alone.
        self.state = mix64(mix64(seed & _MASK) ^ (stream * _GOLDEN) ^ (seed >> 64))

    def word(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        return mix64(self.state)

    def random(self) -> float:
        """A uniform in [0, 1) with 53 random bits (exact in a double)."""
        return (self.word() >> 11) / 9007199254740992.0

    def below(self, n: int) -> int:
        """A whole number from 0 to n - 1, unbiased (rejection of the last partial block)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, not {n}")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            w = self.word()
            if w < limit:
                return w % n

    def uniform(self, low: float, high: float) -> float:
        return low + (high - low) * self.random()

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def lattice_value(seed: int, octave: int, ix: int, iy: int) -> float:
    """A uniform in [0, 1) fixed by the lattice point (ix, iy) of one octave of one seed's noise."""
    word = mix64(seed * 0x632BE59BD9B4E019 + octave * 0x85157AF5 + (ix & 0xFFFFFFFF) * 0x9E3779B1
                 + (iy & 0xFFFFFFFF) * 0xC2B2AE3D27D4EB4F)
    return (word >> 11) / 9007199254740992.0


class ValueNoise:
    """Smooth fractal noise in [0, 1): octaves of lattice values blended with smoothstep, each
    octave twice as fine and half as strong. ``scale`` is the coarsest lattice's spacing."""

    def __init__(self, seed: int, scale: float, octaves: int = 3):
        self.seed = seed & _MASK
        self.scale = scale
        self.octaves = octaves
        self._cache: dict[tuple[int, int, int], float] = {}

    def _lattice(self, octave: int, ix: int, iy: int) -> float:
        key = (octave, ix, iy)
        value = self._cache.get(key)
        if value is None:
            value = self._cache[key] = lattice_value(self.seed, octave, ix, iy)
        return value

    def at(self, x: float, y: float) -> float:
        total = 0.0
        weight = 1.0
        norm = 0.0
        spacing = self.scale
        for octave in range(self.octaves):
            fx, fy = x / spacing, y / spacing
            ix, iy = int(fx // 1), int(fy // 1)
            tx, ty = fx - ix, fy - iy
            sx, sy = tx * tx * (3.0 - 2.0 * tx), ty * ty * (3.0 - 2.0 * ty)
            a = self._lattice(octave, ix, iy)
            b = self._lattice(octave, ix + 1, iy)
            c = self._lattice(octave, ix, iy + 1)
            d = self._lattice(octave, ix + 1, iy + 1)
            top = a + (b - a) * sx
            bottom = c + (d - c) * sx
            total += weight * (top + (bottom - top) * sy)
            norm += weight
            weight *= 0.5
            spacing *= 0.5
        return total / norm
