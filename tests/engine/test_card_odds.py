"""Card odds (the FAQ's section 3.5): computed by counting hands, checked against the FAQ and
against brute force over every hand of a small deck."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from risk.cards import WILD, fourth_card_completes_probability, has_set, set_probability


def test_a_full_deck_gives_the_exact_fractions():
    assert set_probability(3) == Fraction(200, 473)
    assert set_probability(4) == Fraction(15844, 19393)
    assert set_probability(5) == 1  # five cards always hold a set
    assert set_probability(2) == 0


@pytest.mark.parametrize("hand, wilds, faq_percent", [
    (3, 2, 42.28), (4, 2, 81.70),   # a full deck
    (3, 1, 38.06), (4, 1, 79.87),   # you know where one wild card is
    (3, 0, 33.41), (4, 0, 77.80),   # you know the other player holds neither
])
def test_the_faq_percentages(hand, wilds, faq_percent):
    assert round(100 * float(set_probability(hand, wilds_in_deck=wilds)), 2) == faq_percent


def test_a_fourth_card_completes_a_set_with_the_faqs_odds():
    assert round(100 * float(fourth_card_completes_probability()), 2) == 68.29


@pytest.mark.parametrize("per_symbol, wilds", [(3, 2), (4, 1), (4, 0)])
@pytest.mark.parametrize("hand_size", [3, 4])
def test_counting_equals_brute_force_over_every_hand(per_symbol, wilds, hand_size):
    card_symbols = [t % 3 for t in range(3 * per_symbol)]  # territory t shows symbol t % 3
    deck = list(range(3 * per_symbol)) + [WILD] * wilds
    hands = list(combinations(range(len(deck)), hand_size))  # by position: the wilds are distinct cards
    with_a_set = sum(has_set([deck[i] for i in hand], card_symbols) for hand in hands)
    assert set_probability(hand_size, wilds, per_symbol) == Fraction(with_a_set, len(hands))
