"""The round clock: 180 seconds, shown as ``m:ss`` (``result.clock``), from a table."""

from __future__ import annotations

from operator import itemgetter

from ..result import clock

ROUND_SECONDS = 180
LAST_SECOND = ROUND_SECONDS - 1
CLOCKS = tuple(clock(s) for s in range(ROUND_SECONDS + 1))  # second -> "m:ss"
SECONDS = {text: s for s, text in enumerate(CLOCKS)}  # "m:ss" -> second
END_OF_ROUND = CLOCKS[ROUND_SECONDS]
BY_CLOCK = itemgetter("clock")  # "m:ss" within one round sorts as text
# The same numbers as floats, for arithmetic with floats (the same values)
ROUND_SECONDS_F = float(ROUND_SECONDS)
MOMENTS = ROUND_SECONDS - 1.0  # an incident's second: 1 + floor(random() x 179)
SECONDS_F = {text: float(s) for s, text in enumerate(CLOCKS)}  # "m:ss" -> second
