"""One Title Bout II bout: the state at the first bell (``new_bout``) and the bout
(``simulate_bout``).

The 100-card Boxing Action deck is shuffled with the bout's rng every two rounds and
dealt into two 50-card round decks; every card used is 3.6 seconds of the round. The
bout's state is one ``state.BoutState`` (with its two ``state.Fighter``); the rules are
plain functions that read and write it, one module per concept:

- ``clock.py``: the deck in play, the round clock, the event log
- ``ratings.py``: effective ratings; styles, strategies, traits, the aggressor
- ``actions.py``: the four actions, counterpunches, control checks, the round loop
- ``knockdowns.py``: scoring events, TKO checks, the towel, knockdowns, killer instinct
- ``cuts.py``: cuts and swelling, damage, the doctor, the cut man
- ``fouls.py``: fouls, warnings, penalties, Anger Issues, referee errors
- ``incidents.py``: injuries and special actions
- ``rounds.py``: end of round, between rounds, the run and the result

See RULES.md for the rule-by-rule map.
"""

from __future__ import annotations

from ..result import BoutResult
from . import tko
from .rounds import run
from .state import BoutState, new_fighter

# the traits ``ratings.round_traits`` reads
_ROUND_TRAITS = frozenset(("strong_closer", "fireplug", "front_runner"))


def endurance(end: int, rounds: int) -> int:
    """END for the bout's length: the card's END is for 12 rounds; each round more or
    less moves it by a tenth of END (the book's 85 -> 68 / 111). Bouts under ten rounds
    keep at least their share of a 12-round END."""
    value = end * (rounds - 2) / 10
    if rounds < 10:
        value = max(value, end * rounds / 12)
    return int(value + 0.5)


def new_bout(red_card, blue_card, rounds, rng, officials, corners, plans, options) -> BoutState:
    """The bout's state at the first bell (cards, officials, corners, plans and options
    already validated)."""
    ref = officials["referee"]
    traits_on = options["traits"]
    red = new_fighter("red", red_card, endurance(red_card["end"], rounds))
    blue = new_fighter("blue", blue_card, endurance(blue_card["end"], rounds))
    red.opp = blue
    blue.opp = red
    # Safety First and Plays to Crowd sides, for the judges
    safety = []
    crowd = []
    if traits_on:
        for fighter in (red, blue):
            if "safety_first" in fighter.traits:
                safety.append(fighter.side)
            if "plays_to_crowd" in fighter.traits:
                crowd.append(fighter.side)
    # the fields in ``BoutState``'s order
    state = BoutState(
        rng,
        rounds,
        options,  # opt
        plans,
        officials,
        corners,
        red,
        blue,
        ref,
        ref["fouls"],  # tolerance
        officials["judges"],  # judges
        officials["doctor"]["caution"],  # doctor
        traits_on,
        options["injuries"],  # injuries_on
        options["advanced_timing"],  # timing
        options["ki_timing"],
        options["era"] == "classic",  # classic
        {"aggressor": "red", "styles": {}, "safety": safety, "crowd": crowd},  # ctx
        options["card_usage"],
        options["referee_discretion"],  # discretion
        options["cf_conversion"],
        options["aggressiveness"],
        options["judge_leanings"],
        options["missing_punches"],
        options["advanced_clinching"],
        options["referee_errors"],
        options["strategies"],  # strategies_on
        options["throw_in_towel"],  # towel_on
        options["near_knockdown_ki"],
    )
    red.thr = tko.thresholds(state, red)  # fixed for the bout
    blue.thr = tko.thresholds(state, blue)
    southpaws = options["southpaw"] and red_card["southpaw"] and blue_card["southpaw"]
    red.either = red.card_style == "E"
    blue.either = blue.card_style == "E"
    red.careless = traits_on and "careless" in red.traits and blue.rating >= 9
    blue.careless = traits_on and "careless" in blue.traits and red.rating >= 9
    red.southpaws = blue.southpaws = southpaws
    if traits_on:
        red.round_trait = not _ROUND_TRAITS.isdisjoint(red.traits)
        blue.round_trait = not _ROUND_TRAITS.isdisjoint(blue.traits)
        state.front_runners = "front_runner" in red.traits or "front_runner" in blue.traits
    if options["southpaw"]:
        state.southpaw_cf = (
            1 if blue_card["southpaw"] and not red_card["southpaw"] else 0,
            1 if red_card["southpaw"] and not blue_card["southpaw"] else 0,
        )
    if red_card["agg"] != blue_card["agg"]:  # the cards never change: every round's aggressor
        state.higher_agg = red if red_card["agg"] > blue_card["agg"] else blue
    red.corner = corners["red"]
    blue.corner = corners["blue"]
    return state


def simulate_bout(red, blue, rounds, rng, officials, corners, plans, options) -> BoutResult:
    """Fight the bout and return its result."""
    state = new_bout(red, blue, rounds, rng, officials, corners, plans, options)
    try:
        return run(state)
    finally:
        # the fighters point at each other: unlink them so the bout is freed at once
        # (by reference counting) rather than left to the cyclic garbage collector
        state.red.opp = state.blue.opp = None
