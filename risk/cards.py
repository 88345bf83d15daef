"""Territory cards: the deck, sets, what a set is worth, and the odds of holding a set.

A card is an int: a territory card is its territory's id, a wild card is :data:`WILD` (-1).
Symbols are 0 infantry, 1 cavalry, 2 artillery (``Board.cards``), and 3 for a wild card.

>>> from fractions import Fraction
>>> set_probability(3) == Fraction(200, 473), set_probability(4) == Fraction(15844, 19393)
(True, True)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Iterable, Sequence

WILD = -1
WILD_SYMBOL = 3
SYMBOL_NAMES = ("infantry", "cavalry", "artillery")


def full_deck(territories: int, wilds: int = 2) -> list[int]:
    """One card per territory plus the wild cards, in a fixed order (shuffle with the game's rng)."""
    return list(range(territories)) + [WILD] * wilds


def symbol(card: int, card_symbols: Sequence[int]) -> int:
    return WILD_SYMBOL if card == WILD else card_symbols[card]


def set_kinds(symbols: Sequence[int]) -> list[str]:
    """What three symbols can count as: 'infantry'/'cavalry'/'artillery' (three alike) or 'mixed'.

    An empty list means the three cards are not a set. Wild cards stand for any symbol.
    """
    plain = [s for s in symbols if s != WILD_SYMBOL]
    kinds = []
    if len(set(plain)) <= 1:
        if plain:
            kinds.append(SYMBOL_NAMES[plain[0]])
        else:
            kinds.extend(SYMBOL_NAMES)
    if len(set(plain)) == len(plain):
        kinds.append("mixed")
    return kinds


def is_set(cards: Sequence[int], card_symbols: Sequence[int]) -> bool:
    return len(cards) == 3 and bool(set_kinds([symbol(c, card_symbols) for c in cards]))


def sets_in_hand(hand: Iterable[int], card_symbols: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct set of three cards in ``hand``, each sorted (wild cards first)."""
    found = set()
    for trio in combinations(sorted(hand), 3):
        if trio not in found and is_set(trio, card_symbols):
            found.add(trio)
    return sorted(found)


def has_set(hand: Sequence[int], card_symbols: Sequence[int]) -> bool:
    if len(hand) >= 5:
        return True  # any five cards hold a set (pigeonhole over three symbols plus wilds)
    if len(hand) < 3:
        return False
    counts = [0, 0, 0, 0]
    for c in hand:
        counts[WILD_SYMBOL if c == WILD else card_symbols[c]] += 1
    if counts[3]:
        return True
    return max(counts[:3]) >= 3 or min(counts[:3]) >= 1


# ---------------------------------------------------------------------------------------------
# Card odds (the FAQ's section 3.5), computed by counting hands, not typed in.


@lru_cache(maxsize=None)
def set_probability(hand_size: int, wilds_in_deck: int = 2, per_symbol: int = 14) -> Fraction:
    """The probability that ``hand_size`` cards drawn from a deck holds a set.

    The deck has ``per_symbol`` cards of each of the three symbols and ``wilds_in_deck`` wild
    cards (2 in a full deck; 1 or 0 when you know where the others are).
    """
    if hand_size < 0:
        raise ValueError("a hand cannot have a negative number of cards")
    pools = (per_symbol, per_symbol, per_symbol, wilds_in_deck)
    total = sum(pools)
    if hand_size > total:
        raise ValueError(f"a deck of {total} cards cannot deal {hand_size}")
    favourable = 0
    for a in range(min(hand_size, pools[0]) + 1):
        for b in range(min(hand_size - a, pools[1]) + 1):
            for c in range(min(hand_size - a - b, pools[2]) + 1):
                w = hand_size - a - b - c
                if w > pools[3]:
                    continue
                ways = comb(pools[0], a) * comb(pools[1], b) * comb(pools[2], c) * comb(pools[3], w)
                holds = w > 0 and hand_size >= 3 or max(a, b, c) >= 3 or min(a, b, c) >= 1
                if holds:
                    favourable += ways
    return Fraction(favourable, comb(total, hand_size))


def fourth_card_completes_probability(wilds_in_deck: int = 2, per_symbol: int = 14) -> Fraction:
    """The chance that a fourth card makes a set, given three cards that are not a set.

    Three cards without a set and without wilds are two of one symbol and one of another; this
    averages over those hands, drawn from the same deck, as the FAQ does (68.29% for a full deck).
    """
    pools = (per_symbol, per_symbol, per_symbol, wilds_in_deck)
    no_set_hands = 0
    completes = 0
    for pair_symbol in range(3):
        for single_symbol in range(3):
            if single_symbol == pair_symbol:
                continue
            ways = comb(pools[pair_symbol], 2) * comb(pools[single_symbol], 1)
            remaining = list(pools)
            remaining[pair_symbol] -= 2
            remaining[single_symbol] -= 1
            left = sum(remaining)
            third_symbol = 3 - pair_symbol - single_symbol
            good = remaining[pair_symbol] + remaining[third_symbol] + remaining[3]
            no_set_hands += ways * left
            completes += ways * good
    return Fraction(completes, no_set_hands)
