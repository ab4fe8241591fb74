"""The rule book's availability check for named officials, as plain functions.

Title Bout II: a referee is available for a bout when a 1-80 draw falls within his
availability range (1-40 for the busiest, 1-70 for the least in demand); if the one
you want is not available, check again — here, the next candidate in a seeded
order — until one is. Pure: the caller passes the ``random.Random``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

DRAW_HIGH = 80  # the book's random number runs 1-80


def is_available(*, low: int, high: int, draw: int) -> bool:
    return low <= draw <= high


def draw_available(candidates: Sequence, rng: random.Random, *, rounds: int = 20):
    """The first candidate (in a seeded shuffled order, repeated up to ``rounds``
    passes) whose availability check succeeds; None if there are no candidates.
    Candidates need ``available_low``/``available_high`` (a Referee row does)."""
    if not candidates:
        return None
    order = list(candidates)
    rng.shuffle(order)
    for _ in range(rounds):
        for official in order:
            draw = rng.randint(1, DRAW_HIGH)
            if is_available(low=official.available_low, high=official.available_high, draw=draw):
                return official
    return order[0]  # everyone busy twenty times over: the first choice makes the date
