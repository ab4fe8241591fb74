"""What a pocket bout writes that is the same in every bout: the clock's stamps and
the punches with their articles."""

from __future__ import annotations

from ..result import BLUE, RED, clock
from . import tables

# The play-by-play's clock by the second ("0:00" .. "2:59"). An exchange under way at
# the bell is finished and shows 2:59: the longest runs 11 punches (ten scoring
# punches reach a knockdown) of 3 s and a count of 14 s past 2:59, well within the
# table. The bell itself is 3:00 (``BELL_STAMP``).
LAST_STAMP = clock(tables.ROUND_SECONDS - 1)
STAMPS = tuple(
    clock(second) if second < tables.ROUND_SECONDS else LAST_STAMP
    for second in range(2 * tables.ROUND_SECONDS)
)
BELL_STAMP = clock(tables.ROUND_SECONDS)

# "a jab", "an uppercut": a counter's punch in the play-by-play
ARTICLE = {
    punch: ("an " if punch[0] in "aeiou" else "a ") + punch
    for die in tables.FIGHTER_DICE.values()
    for punch, _ in die
}

# An exchange's event for each side and round (a bout has at most 12), its clock and
# text still to be stored: the most frequent event is a copy of one of these.
EXCHANGE_EVENTS = {
    side: tuple(
        {"round": number, "clock": None, "kind": "exchange", "side": side, "text": None}
        for number in range(13)
    )
    for side in (RED, BLUE)
}
