"""Whether a fighter card is already normal: exactly what ``cards.validate_card`` would
return for it, so that the bout may read the caller's card itself instead of a copy
(``TitleBout.side_for_bout``). A check only, no copy, cheaper than ``validate_card``.
Anything not plainly normal is not normal; the validation then decides (the same answer
or error as always).

Why a second walk over the card beside ``validate_card_full``: every bout asks it of both
cards, and one walk that both names the first rule broken and tells a normal card (field
by field, a call a rule) took 2.3 times the instructions of this one (132,000 against
57,000 a card, +5% a Title Bout bout), more than the ruleset's speed goal leaves. The
ranges it checks against are ``cards``' constants, read by both."""

from __future__ import annotations

from operator import itemgetter

from .cards import (
    AGG,
    CUT,
    ENDURANCE,
    FOUL_RATINGS,
    PUNCHES,
    RATING,
    RN,
    STRATEGY_RATING,
    STYLES,
    TOP_KEYS,
    TRAITS,
    side_is_normal,
)

_TOP_SET = frozenset(TOP_KEYS)
_TRAIT_SET = frozenset(TRAITS)
_STYLE_SET = frozenset(STYLES)
_FOUL_SET = frozenset(FOUL_RATINGS)
_PUNCH_ENTRIES = itemgetter(*PUNCHES)
_RANGES = itemgetter("three", "two")


def is_normal(card) -> bool:
    """True when ``validate_card(card)`` would equal ``card``: a plain dict of the card's
    fields (the name optional; southpaw and traits present), plain ints in range, plain
    lists for the ranges, covering 1-RN in order, canonical distinct trait names, every
    hitting entry with both its keys. False is no verdict: ask ``validate_card``."""
    if type(card) is not dict:
        return False
    # straight-line checks with constant keys; a
    # field missing raises KeyError, a range not of two items ValueError: not normal
    try:
        if not _TOP_SET.issuperset(card):
            return False
        rating = card["rating"]
        style = card["style"]
        southpaw = card["southpaw"]
        traits = card["traits"]
        agg = card["agg"]
        end = card["end"]
        cut = card["cut"]
        foul = card["foul"]
        strategy = card["strategy"]
        if (
            type(rating) is not int
            or not RATING[0] <= rating <= RATING[1]
            or type(style) is not str
            or style not in _STYLE_SET
            or (southpaw is not True and southpaw is not False)
            or type(traits) is not list
            or type(agg) is not int
            or type(end) is not int
            or type(cut) is not int
            or not AGG[0] <= agg <= AGG[1]
            or not ENDURANCE[0] <= end <= ENDURANCE[1]
            or not CUT[0] <= cut <= CUT[1]
            or type(foul) is not str
            or foul not in _FOUL_SET
            or type(strategy) is not dict
            or len(strategy) != 4
        ):
            return False
        for trait in traits:
            if type(trait) is not str or trait not in _TRAIT_SET:
                return False
        if len(traits) > 1 and len(set(traits)) != len(traits):
            return False
        if "name" in card:
            name = card["name"]
            if type(name) is not str or not name.strip():
                return False
        fi = strategy["FI"]
        fo = strategy["FO"]
        cu = strategy["CU"]
        ko = strategy["KO"]
        low, high = STRATEGY_RATING
        if (
            type(fi) is not int
            or type(fo) is not int
            or type(cu) is not int
            or type(ko) is not int
            or not low <= fi <= high
            or not low <= fo <= high
            or not low <= cu <= high
            or not low <= ko <= high
        ):
            return False
        return (
            side_is_normal(card["fresh"])
            and side_is_normal(card["fatigued"])
            and _hitting_is_normal(card["hitting"])
        )
    except (KeyError, ValueError):
        return False


def _hitting_is_normal(hitting) -> bool:
    if type(hitting) is not dict or len(hitting) != 5:
        return False
    # the ranges cover 1-RN in order (jab ... uppercut, three then two): each starts
    # where the last ended and ends no lower, so only the last end is checked against RN
    expected = 1
    for entry in _PUNCH_ENTRIES(hitting):
        if type(entry) is not dict or len(entry) != 2:
            return False
        for given in _RANGES(entry):  # the three, then the two
            if given is not None:
                if type(given) is not list:
                    return False
                lo, hi = given  # not two items: ValueError (not normal)
                if type(lo) is not int or type(hi) is not int or lo != expected or hi < lo:
                    return False
                expected = hi + 1
    return expected == RN + 1
