"""The 100-card Boxing Action deck as data."""

import random
from collections import Counter

from bouts.engine.titlebout import deck as D


def test_deck_distribution():
    cards = D.DECK
    assert len(cards) == 100
    for field in (D.C_CF, D.C_KD, D.C_KOR, D.C_KD2):
        assert Counter(c[field] for c in cards) == dict.fromkeys(range(1, 21), 5)
    assert Counter(c[D.C_KDC] for c in cards) == {
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
    assert sum(c[D.C_CUT] for c in cards) == 10
    assert sum(1 for c in cards if c[D.C_RESULT] == 1) == 11
    pos = Counter(c[D.C_POS] for c in cards)
    assert pos[D.CENTER] == 60 and pos[D.NEAR_ROPES] == 10 and pos[D.FAR_ROPES] == 10
    for field in (D.C_J1, D.C_J2, D.C_J3):
        assert Counter(c[field] for c in cards) == {0: 58, 1: 24, 2: 18}
    rn = Counter(c[D.C_RN] for c in cards)
    assert rn[D.FOUL] == 8 and rn[D.INJURY] == 1 and rn[D.SPECIAL] == 1
    assert {n for n in rn if n > 0} == set(range(1, 81))
    assert sum(1 for c in cards if c[D.C_INJURY]) == 28
    assert sum(1 for c in cards if c[D.C_SPECIAL]) == 22


def test_shuffle_is_a_permutation_and_seeded():
    a = D.shuffled(random.Random(5))
    b = D.shuffled(random.Random(5))
    assert a == b
    assert sorted(a) == sorted(D.DECK)
    assert a != list(D.DECK)


def test_round_clock():
    assert D.ROUND_CARDS == 50 and D.SECONDS_PER_CARD == 3.6


def test_fast_shuffle_matches_the_reference_sort():
    """``shuffled`` (doubles sorted in C) gives exactly ``shuffled_reference``'s order,
    with the same rng use, ties included (they keep deck order)."""
    import struct

    for seed in range(3000):
        a, b = random.Random(seed), random.Random(seed)
        assert D.shuffled(a) == D.shuffled_reference(b)
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
        assert D.shuffled(Scripted(data)) == D.shuffled_reference(Scripted(data))
