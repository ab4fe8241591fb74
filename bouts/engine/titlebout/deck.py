"""The 100-card Boxing Action Card deck, built deterministically as data.

Each card is a tuple indexed by the C_* constants. Field values follow the
distribution in RULES.md ("The Boxing Action Card deck"); they are dealt to the
100 cards by fixed affine permutations ``i -> (a*i + b) % 100`` (a coprime to
100), so every field is spread independently of the others. The bout shuffles
the deck with its rng every two rounds and deals two 50-card round decks.
"""

from __future__ import annotations

import random
import struct
from functools import partial

# Card fields.
C_CF, C_RN, C_RESULT, C_CUT, C_POS, C_KD, C_KOR, C_KD2, C_KDC = range(9)
C_J1, C_J2, C_J3, C_INJURY, C_SPECIAL = 9, 10, 11, 12, 13

# Words in place of an RN.
FOUL, INJURY, SPECIAL = -1, -2, -3
RN_WORDS = {FOUL: "FOUL", INJURY: "INJURY", SPECIAL: "Special"}

# Ring positions.
CENTER, NEAR_ROPES, FAR_ROPES, RED_CORNER, BLUE_CORNER, NEUTRAL_1, NEUTRAL_2 = range(7)
POSITIONS = (
    "ring center",
    "the near ropes",
    "the far ropes",
    "the red corner",
    "the blue corner",
    "a neutral corner",
    "the other neutral corner",
)

DECK_SIZE = 100
ROUND_CARDS = 50
SECONDS_PER_CARD = 180 / ROUND_CARDS  # 3.6 s


def _spread(counts: list[tuple[object, int]]) -> list:
    values = []
    for value, n in counts:
        values.extend([value] * n)
    assert len(values) == DECK_SIZE, len(values)
    return values


def _deal(values: list, a: int, b: int) -> list:
    return [values[(a * i + b) % DECK_SIZE] for i in range(DECK_SIZE)]


def _rn_values() -> list:
    doubled = {4, 12, 20, 28, 36, 44, 52, 60, 68, 76}
    counts = [(n, 2 if n in doubled else 1) for n in range(1, 81)]
    counts += [(FOUL, 8), (INJURY, 1), (SPECIAL, 1)]
    return _spread(counts)


def _result_values() -> list:
    doubled = {8, 16, 24, 32, 40, 48, 56, 64, 72, 80}
    counts = [(1, 11)] + [(n, 2 if n in doubled else 1) for n in range(2, 81)]
    return _spread(counts)


def build_deck() -> tuple:
    """The 100 cards, in a fixed order (the bout shuffles them)."""
    twenty = _spread([(n, 5) for n in range(1, 21)])
    fields = [
        _deal(twenty, 7, 3),  # CF
        _deal(_rn_values(), 1, 0),  # RN
        _deal(_result_values(), 37, 11),  # RESULT
        _deal(_spread([(True, 10), (False, 90)]), 13, 5),  # Cut
        _deal(
            _spread(
                [
                    (CENTER, 60),
                    (NEAR_ROPES, 10),
                    (FAR_ROPES, 10),
                    (RED_CORNER, 5),
                    (BLUE_CORNER, 5),
                    (NEUTRAL_1, 5),
                    (NEUTRAL_2, 5),
                ]
            ),
            29,
            17,
        ),
        _deal(twenty, 11, 7),  # KD
        _deal(twenty, 23, 13),  # KOR
        _deal(twenty, 31, 19),  # KD2
        _deal(
            _spread([(1, 6), (2, 7), (3, 8), (4, 9), (5, 12), (6, 13), (7, 14), (8, 15), (9, 16)]),
            41,
            23,
        ),  # KDC
        _deal(_spread([(0, 58), (1, 24), (2, 18)]), 43, 29),  # J1 (0 HS, 1 LS, 2 E)
        _deal(_spread([(0, 58), (1, 24), (2, 18)]), 47, 31),  # J2
        _deal(_spread([(0, 58), (1, 24), (2, 18)]), 53, 37),  # J3
        _deal(
            _spread(
                [
                    (0, 72),
                    (1, 4),
                    (2, 3),
                    (3, 3),
                    (4, 3),
                    (5, 3),
                    (6, 2),
                    (7, 3),
                    (8, 2),
                    (9, 2),
                    (10, 3),
                ]
            ),
            59,
            41,
        ),  # injury description
        _deal(
            _spread(
                [(0, 78)]
                + [(n, 2) for n in range(1, 11) if n not in (2, 9)]
                + [(2, 1), (9, 1), (11, 2), (12, 2)]
            ),
            61,
            43,
        ),  # special
    ]
    return tuple(tuple(field[i] for field in fields) for i in range(DECK_SIZE))


DECK = build_deck()
# each card's RN, in deck order: ``RNS[i] == DECK[i][C_RN]`` (a draw's RN by one lookup)
RNS = tuple(card[C_RN] for card in DECK)


def shuffled(rng: random.Random) -> list:
    """The whole deck, thoroughly shuffled with the bout's rng: the cards sorted by
    32 random bits each (one ``randbytes`` call, four bytes a card in deck order), ties
    keeping deck order. How: card i's bits K and its index i make the exact double
    2**52 + (K << 8 | i) (bytes laid out in a template), so sorting by the doubles sorts
    by key with ties in deck order; the deck itself is sorted, its key the cards'
    doubles taken in deck order (``sorted`` calls the key once per card, first to
    last). ``tests/engine/titlebout/test_deck.py`` holds the plain sort it equals."""
    buf = bytearray(_TEMPLATE)
    # card i's four key bytes (bytes 4i-4i+3 of the draw) copied at once to bytes
    # 8i+1-8i+4 of the template: the template seen as 4-byte items from byte 1,
    # every second item
    memoryview(buf)[1 : 8 * DECK_SIZE - 3].cast("I")[::2] = memoryview(
        rng.randbytes(4 * DECK_SIZE)
    ).cast("I")
    return sorted(DECK, key=partial(next, iter(_DOUBLES.unpack(buf))))


_DOUBLES = struct.Struct(f"<{DECK_SIZE}d")


def _template() -> bytes:
    # little-endian doubles: byte 0 the index, bytes 1-4 the key, bytes 6-7 0x4330
    # (the exponent of 2**52)
    buf = bytearray(8 * DECK_SIZE)
    for i in range(DECK_SIZE):
        buf[8 * i] = i
        buf[8 * i + 6] = 0x30
        buf[8 * i + 7] = 0x43
    return bytes(buf)


_TEMPLATE = _template()
