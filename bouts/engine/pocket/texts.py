"""What a pocket bout writes, made once: the clock's stamps, the numbers and endings of
exchange texts, the bell's texts and the event templates (an event is a copy of its
template with its last fields stored, cheaper than building a five-key dict).

An f-string formats a number far more slowly than it joins strings, hence the tables.
"""

from __future__ import annotations

from ..result import BLUE, RED, clock
from . import tables as T

STAMPS = tuple(clock(s) for s in range(T.ROUND_SECONDS + 1))
# what a scoring punch's text ends with, by its damage: " (4)", " (7, caught open)"
# (a punch does at most SPECIAL_DAMAGE + 3 (open) + 4 (injuries) + 1 (power) = 13)
DAMAGE = tuple(f" ({dmg})" for dmg in range(32))
CAUGHT_OPEN = tuple(f" ({dmg}, caught open)" for dmg in range(32))
NUMBERS = tuple(str(n) for n in range(32))  # small numbers for texts, formatted once
BELL = tuple(f"The bell ends round {number}." for number in range(16))
# Event templates: an event is a copy of its template with its last fields stored,
# cheaper than a five-key display. Made for rounds 0..TEMPLATE_ROUNDS - 1 (a bout has
# at most 12); a later round builds its event in full. A template is never changed.
TEMPLATE_ROUNDS = 16
BELL_EVENTS = tuple(
    {"round": n, "clock": STAMPS[T.ROUND_SECONDS], "kind": "bell", "side": None, "text": BELL[n]}
    for n in range(TEMPLATE_ROUNDS)
)


def exchange_events(side: str) -> tuple:
    """A side's exchange event for each round, clock and text still to be stored
    (``EXCHANGE_EVENTS`` holds them for red and blue; any other side is made here)."""
    events = EXCHANGE_EVENTS.get(side)
    if events is None:
        events = EXCHANGE_EVENTS[side] = tuple(
            {"round": n, "clock": None, "kind": "exchange", "side": side, "text": None}
            for n in range(TEMPLATE_ROUNDS)
        )
    return events


EXCHANGE_EVENTS: dict[str, tuple] = {}
exchange_events(RED)
exchange_events(BLUE)


ARTICLE = {
    punch: ("an " if punch[0] in "aeiou" else "a ") + punch
    for die in T.FIGHTER_DICE.values()
    for punch, _ in die
}
