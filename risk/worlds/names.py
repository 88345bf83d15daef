"""Names that read well: words of two or three syllables in a small tongue per continent.

Each continent draws its own tongue from the shared stock (some onsets, vowels, codas and
endings), so the names of one continent sound alike and differ from the next one's. A syllable
is an onset and a vowel; a name ends in a coda or, two times in five, in one of the
tongue's endings. No two
names of a world read the same (the check ``risk map validate`` makes: equal once lower-cased
with punctuation as a hyphen).
"""

from __future__ import annotations

from risk.board import slugify
from risk.worlds.rand import WorldRandom

ONSETS = ("b", "br", "c", "d", "dr", "f", "g", "gr", "h", "k", "kh", "l", "m", "n", "p", "r", "s",
          "sh", "st", "t", "th", "tr", "v", "w", "y", "z")
VOWELS = ("a", "e", "i", "o", "u", "a", "e", "o", "ai", "ei", "ou", "ia")
CODAS = ("", "", "", "n", "r", "l", "s", "m", "nd", "rn", "st", "th")
ENDINGS = ("ia", "or", "en", "ar", "heim", "mark", "var", "dor", "wyn", "stan", "ora", "eth")


class Tongue:
    """One continent's share of the stock."""

    def __init__(self, rng: WorldRandom):
        self.rng = rng
        self.onsets = _some(rng, ONSETS, 10)
        self.vowels = _some(rng, VOWELS, 6)
        self.codas = _some(rng, CODAS, 6)
        self.endings = _some(rng, ENDINGS, 3)

    def word(self, syllables: int) -> str:
        """Open syllables (onset and vowel); the last one closed by a coda, or an ending instead."""
        rng = self.rng
        text = "".join(rng.choice(self.onsets) + rng.choice(self.vowels) for _ in range(syllables))
        if rng.random() < 0.4:
            text = text.rstrip("aeiouy") + rng.choice(self.endings)
        else:
            text += rng.choice(self.codas)
        return text[:1].upper() + text[1:]


def _some(rng: WorldRandom, stock: tuple[str, ...], count: int) -> tuple[str, ...]:
    items = list(stock)
    rng.shuffle(items)
    return tuple(items[:count])


class Namer:
    """Unique names for a world's continents and territories."""

    def __init__(self, rng: WorldRandom):
        self.rng = rng
        self.used: set[str] = set()

    def tongue(self) -> Tongue:
        return Tongue(self.rng)

    def name(self, tongue: Tongue, least: int = 2) -> str:
        for attempt in range(200):
            syllables = least + (1 if self.rng.random() < 0.2 else 0) + attempt // 50
            word = tongue.word(syllables)
            if 4 <= len(word) <= 11 + attempt // 50 and slugify(word) not in self.used:
                self.used.add(slugify(word))
                return word
        # The tongue is spent (a huge world): a numbered name is still unique.
        word = f"{tongue.word(least)} {len(self.used) + 1}"
        self.used.add(slugify(word))
        return word
