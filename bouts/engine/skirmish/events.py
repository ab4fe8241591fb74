"""The battle's play-by-play events, made from kept templates.

An event is ``{round, clock, kind, side, text}``. Within a cycle the round, the clock,
the kind and the side of an event are fixed by its step (one step an attack) and its
pick (below), so each is a template made once and kept, and an event is its copy with
the text stored (``event``).
"""

from __future__ import annotations

from ..result import BLUE, RED, clock

SECONDS_PER_ATTACK = 5  # the play-by-play clock within a cycle (the source has none)
STAMPS = tuple(clock(s) for s in range(0, 3600, SECONDS_PER_ATTACK))
# A template's place in a step's six: 0 red's attack, 1 blue's, 2 red's extra attack,
# 3 blue's, 4 red's exhaustion, 5 blue's.
PICKS = tuple(
    (kind, side) for kind in ("attack", "extra_attack", "exhausted") for side in (RED, BLUE)
)
# Templates are kept for the cycles and steps battles usually reach: a cycle up to
# the ruleset's default limit, a step up to every card of two full sides attacking
# three times (12 x 2 x 3). Beyond, an event is made alone (``event_at``).
CACHED_CYCLES = 30
CACHED_STEPS = 72
# ROWS[cycle][step]: that step's six templates, made the first time a battle reaches
# it. Templates are only copied, never handed out or changed, and hold nothing of a
# battle: the round, the clock, the kind and the side are fixed by their place.
ROWS: list[list[tuple[dict, ...]]] = [[] for _ in range(CACHED_CYCLES + 1)]
NO_ROW: list = []  # a cycle with no templates kept: every step is made alone


def step_templates(cycle: int, step: int) -> tuple[dict, ...]:
    stamp = STAMPS[step]
    return tuple(
        {"round": cycle, "clock": stamp, "kind": kind, "side": side, "text": None}
        for kind, side in PICKS
    )


def row_for(cycle: int) -> list:
    """The cycle's row of templates (``ROWS``), or ``NO_ROW``."""
    return ROWS[cycle] if 0 <= cycle <= CACHED_CYCLES else NO_ROW


def event_at(row: list, cycle: int, step: int, pick: int) -> dict:
    """The event (without its text) of ``step`` in ``cycle`` for ``pick``, when ``row``
    has no templates for the step yet: the row is filled up to it if the step is
    kept, else the event is made alone."""
    if row is not NO_ROW and step <= CACHED_STEPS:
        while len(row) <= step:
            row.append(step_templates(cycle, len(row)))
        return row[step][pick].copy()
    kind, side = PICKS[pick]
    return {"round": cycle, "clock": STAMPS[step], "kind": kind, "side": side, "text": None}


def event(cycle: int, step: int, pick: int, text: str) -> dict:
    """The event of ``pick`` at ``step`` of ``cycle`` with its ``text``."""
    try:
        made = ROWS[cycle][step][pick].copy()
    except IndexError:  # a step (or cycle) with no template kept yet, or beyond them
        made = event_at(row_for(cycle), cycle, step, pick)
    made["text"] = text
    return made
