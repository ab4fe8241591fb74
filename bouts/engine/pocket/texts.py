"""What a pocket bout writes that is the same in every bout, made once: the clock's
stamps, the bell's and the exchanges' events, and the phrases of the punches."""

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
# what the exchange's text calls the special punch
SPECIAL_PUNCH = "SPECIAL"

# The phrases of the punches, by punch and target, and those of a scoring punch by its
# damage too, for every damage a punch can do (0 .. ``tables.MOST_DAMAGE``)
PUNCHES = (*ARTICLE, SPECIAL_PUNCH)
DAMAGES = range(tables.MOST_DAMAGE + 1)


def phrasebook(phrase, punches=PUNCHES) -> dict:
    """``{punch: {target: phrase(punch, target)}}`` for every punch and target."""
    return {
        punch: {target: phrase(punch, target) for target in tables.TARGETS} for punch in punches
    }


# "jab to the head"
AIMED = phrasebook(lambda punch, target: f"{punch} to the {target}")
# "jab to the head blocked by the guard"
BLOCKED = phrasebook(lambda punch, target: f"{punch} to the {target} blocked by the guard")
# "jab to the head (3)", by damage
SCORES = phrasebook(
    lambda punch, target: tuple(f"{punch} to the {target} ({damage})" for damage in DAMAGES)
)
# "jab to the head (3, caught open)", by damage
CAUGHT_OPEN = phrasebook(
    lambda punch, target: tuple(
        f"{punch} to the {target} ({damage}, caught open)" for damage in DAMAGES
    )
)
# a counter (the dice's punches only): "a jab to the head (3)", by damage
COUNTERS = phrasebook(
    lambda punch, target: tuple(
        f"{ARTICLE[punch]} to the {target} ({damage})" for damage in DAMAGES
    ),
    punches=ARTICLE,
)

# An exchange's event for each side and round (a bout has at most 12), its clock and
# text still to be stored: the most frequent event is a copy of one of these.
EXCHANGE_EVENTS = {
    side: tuple(
        {"round": number, "clock": None, "kind": "exchange", "side": side, "text": None}
        for number in range(13)
    )
    for side in (RED, BLUE)
}

# The bell's event at the end of each round (a bout has at most 12)
BELL_EVENTS = tuple(
    {
        "round": number,
        "clock": BELL_STAMP,
        "kind": "bell",
        "side": None,
        "text": f"The bell ends round {number}.",
    }
    for number in range(13)
)
