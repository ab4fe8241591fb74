"""How a bout ends before the final bell: the corner's stoppage before a round (the
plan's ``towel``, or a fighter who cannot come out), and a round's (T)KO or
disqualification with the seed's double-(T)KO and DQ priority rules and its moment."""

from __future__ import annotations

from math import floor

from ..result import DQ, RTD, TDRAW
from .clock import (
    BY_CLOCK,
    CLOCKS,
    END_OF_ROUND,
    LAST_SECOND,
    MOMENTS,
    ROUND_SECONDS,
    ROUND_SECONDS_F,
    SECONDS_F,
)


def corner_stoppage(
    rnd: int, red_quits: bool, blue_quits: bool, red_name: str, blue_name: str, events
):
    """The corner stops the fight before round ``rnd`` (RTD; both: technical draw).
    Returns ``(winner, method, round, time)``; the stoppage is recorded at the end of
    the previous round (0:00 of round 1 when it never starts)."""
    end_round = rnd - 1 if rnd > 1 else 1
    end_time = END_OF_ROUND if rnd > 1 else CLOCKS[0]
    if red_quits and blue_quits:
        winner, method = None, TDRAW
        text = f"Both corners stop the fight before round {rnd}."
    else:
        winner, method = ("blue" if red_quits else "red"), RTD
        text = (
            f"{red_name if red_quits else blue_name}'s corner stops the fight before round {rnd}."
        )
    events.append(
        {"round": end_round, "clock": end_time, "kind": "stoppage", "side": winner, "text": text}
    )
    return winner, method, end_round, end_time


def resolve_stoppage(
    red_stop, blue_stop, red_dq: bool, blue_dq: bool, red_name="Red", blue_name="Blue"
):
    """How a round with a stoppage ends: ``(winner, method, share, text)``.

    ``red_stop``/``blue_stop`` are ``(share of the round, method, text)`` for a (T)KO
    suffered by red/blue (the share of the round at which it happened: the damage
    needed over the damage done), or None. Seed: when both are (T)KO'd the earlier
    one loses; a DQ'd fighter's (T)KO of his opponent is disregarded; a fighter DQ'd
    and (T)KO'd in the same round loses by the (T)KO. Both DQ'd and no (T)KO: a
    technical draw (our choice). ``share`` is None for a disqualification."""
    if red_dq:
        blue_stop = None  # a DQ'd fighter's (T)KO is disregarded
    if blue_dq:
        red_stop = None
    if red_stop or blue_stop:
        if blue_stop is None or (red_stop is not None and red_stop[0] < blue_stop[0]):
            share, method, text = red_stop
            return "blue", method, share, text
        share, method, text = blue_stop
        return "red", method, share, text
    if red_dq and blue_dq:
        return None, TDRAW, None, "Both fighters are disqualified."
    loser = red_name if red_dq else blue_name
    return ("blue" if red_dq else "red"), DQ, None, f"{loser} is disqualified for fighting dirty."


def round_stoppage(rng, rnd, red_stop, blue_stop, red, blue, events, first_event, records):
    """A round that ends early: ``(winner, method, time)``. The stoppage's moment is the
    share of the round from ``resolve_stoppage`` (a DQ: the foul's random moment), kept
    within 0:01-2:59; what happened earlier in the round is moved before it."""
    winner, method, share, text = resolve_stoppage(
        red_stop, blue_stop, red.dq, blue.dq, red.name, blue.name
    )
    if share is None:  # a disqualification: the foul's moment in the round
        seconds = floor(rng.random() * MOMENTS) + 1
    else:
        seconds = int(share * ROUND_SECONDS_F)
        seconds = 1 if seconds < 1 else (LAST_SECOND if seconds > LAST_SECOND else seconds)
    end_time = CLOCKS[seconds]
    if len(events) > first_event:
        before_stoppage(rnd, seconds, events, first_event, *records)
    events.append(
        {"round": rnd, "clock": end_time, "kind": "stoppage", "side": winner, "text": text}
    )
    return winner, method, end_time


def before_stoppage(rnd, seconds, events, first, *records) -> None:
    """In a round that ends early, what happened in it happened before the stoppage:
    its moments are scaled into the time before the stoppage (events and the
    knockdown, injury and foul records alike), then put in order."""
    share = seconds / ROUND_SECONDS  # a moment t becomes floor(t x share)
    for event in events[first:]:
        event["clock"] = CLOCKS[floor(SECONDS_F[event["clock"]] * share)]
    for record in records:
        for item in reversed(record):
            if item["round"] != rnd:
                break
            item["time"] = CLOCKS[floor(SECONDS_F[item["time"]] * share)]
    if len(events) - first > 1:
        events[first:] = sorted(events[first:], key=BY_CLOCK)
