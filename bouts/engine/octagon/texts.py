"""What a game's events say that is the same in every game: the knockout's verbs
and the clock."""

from __future__ import annotations

# The knockout event's verb, by how the fighter was stopped (``Game.knockout``).
KO_VERB = {
    "submission": "taps to",
    "bleed": "is stopped by the cut from",
    "counter": "is knocked out by the counter of",
    "takedown": "is knocked out by",
    "strike": "is knocked out by",
}

# "m:ss" of an event's number within its round, read as ``CLOCKS[n]`` with no bound
# test: a round holds far fewer events. A turn plays at most 20 cards (12 energy, a
# card costs 1 or more; 8 fighters, free) of at most 5 events each (the card, a cut or
# a stagger, a counter, a KO, the replacement) after at most 3 (a bleed tick and its
# KO); two turns a round: under 220. Past the table an IndexError, never a wrong clock.
CLOCKS = tuple(f"{s // 60}:{s % 60:02d}" for s in range(1000))
