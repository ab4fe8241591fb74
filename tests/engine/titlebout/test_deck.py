"""The 100-card Boxing Action deck as data."""

import random
import struct
from collections import Counter

from bouts.engine.titlebout import deck


def test_deck_distribution():
    cards = deck.DECK
    assert len(cards) == 100
    for field in (deck.C_CF, deck.C_KD, deck.C_KOR, deck.C_KD2):
        assert Counter(c[field] for c in cards) == dict.fromkeys(range(1, 21), 5)
    assert Counter(c[deck.C_KDC] for c in cards) == {
        1: 6,
        2: 7,
        3: 8,
        4: 9,
        5: 12,
        6: 13,
        7: 14,
        8: 15,
        9: 16,
    }
    assert sum(c[deck.C_CUT] for c in cards) == 10
    assert sum(1 for c in cards if c[deck.C_RESULT] == 1) == 11
    pos = Counter(c[deck.C_POS] for c in cards)
    assert pos[deck.CENTER] == 60 and pos[deck.NEAR_ROPES] == 10 and pos[deck.FAR_ROPES] == 10
    for field in (deck.C_J1, deck.C_J2, deck.C_J3):
        assert Counter(c[field] for c in cards) == {0: 58, 1: 24, 2: 18}
    rn = Counter(c[deck.C_RN] for c in cards)
    assert rn[deck.FOUL] == 8 and rn[deck.INJURY] == 1 and rn[deck.SPECIAL] == 1
    assert {n for n in rn if n > 0} == set(range(1, 81))
    assert sum(1 for c in cards if c[deck.C_INJURY]) == 28
    assert sum(1 for c in cards if c[deck.C_SPECIAL]) == 22


def test_shuffle_is_a_permutation_and_seeded():
    a = deck.shuffled(random.Random(5))
    b = deck.shuffled(random.Random(5))
    assert a == b
    assert sorted(a) == sorted(deck.DECK)
    assert a != list(deck.DECK)


def test_round_clock():
    assert deck.ROUND_CARDS == 50 and deck.SECONDS_PER_CARD == 3.6


def sorted_by_random_keys(rng) -> list:
    """The shuffle as the rule says it: the cards sorted by 32 random bits each (one
    ``randbytes`` call, little-endian, in deck order), ties in deck order."""
    keys = struct.unpack(f"<{deck.DECK_SIZE}I", rng.randbytes(4 * deck.DECK_SIZE))
    return [deck.DECK[i] for i in sorted(range(deck.DECK_SIZE), key=keys.__getitem__)]


def test_the_shuffle_sorts_the_cards_by_random_keys_ties_in_deck_order():
    """``shuffled`` (the keys and indices laid out as doubles and sorted in one pass)
    gives exactly the plain sort's order, with the same rng use, ties included."""

    for seed in range(3000):
        a, b = random.Random(seed), random.Random(seed)
        assert deck.shuffled(a) == sorted_by_random_keys(b)
        assert a.random() == b.random()

    class Scripted:
        def __init__(self, data):
            self.data = data

        def randbytes(self, n):
            assert n == 400
            return self.data

    for seed in range(300):
        rng = random.Random(seed)
        pool = [rng.getrandbits(32) for _ in range(4)] + [0, 2**32 - 1, 2**31]
        data = struct.pack("<100I", *[rng.choice(pool) for _ in range(100)])
        assert deck.shuffled(Scripted(data)) == sorted_by_random_keys(Scripted(data))
