"""Fighter cards: the five WeBL attributes, name and weight; validation and rating."""

from __future__ import annotations

from ..base import require_int
from ..errors import CardError

# The seed's five attributes (the seed calls conditioning TGH: endurance = 10 x TGH).
ATTRIBUTES = ("str", "spd", "agl", "hgt", "tgh")
ATTR_MIN, ATTR_MAX = 1, 30
WEIGHT_MIN, WEIGHT_MAX = 90, 400
NAME_MAX = 80
WEIGHT_CAP = 250.0  # the weight rule counts weights up to 250 lb
KNOWN_KEYS = frozenset((*ATTRIBUTES, "name", "weight"))
# The fast path: an attribute x (a plain int, not a bool) is within the bounds when
# _IN_BOUNDS[x] is found (a KeyError otherwise: the full checks name the field).
_IN_BOUNDS = dict.fromkeys(range(ATTR_MIN, ATTR_MAX + 1), True)

# rating_range: the average of the five attributes (an average WeBL fighter has ~11 in each).
RATING_RANGE = (6.0, 16.0)


def is_normal(card) -> bool:
    """Whether ``card`` is exactly what ``validate_card`` returns for it: a plain dict
    with the five attributes (plain ints in range), and a name (a plain, stripped,
    non-empty str of at most NAME_MAX) and a weight (a plain int in range) only when
    given; no other key, no None. Anything else is not normal (the checks decide)."""
    if type(card) is not dict:
        return False
    try:
        strength, speed, agility, height, toughness = (
            card["str"],
            card["spd"],
            card["agl"],
            card["hgt"],
            card["tgh"],
        )
        if not (
            type(strength) is type(speed) is type(agility) is type(height) is type(toughness) is int
            and _IN_BOUNDS[strength]
            and _IN_BOUNDS[speed]
            and _IN_BOUNDS[agility]
            and _IN_BOUNDS[height]
            and _IN_BOUNDS[toughness]
        ):
            return False
    except KeyError:  # an attribute missing, or out of bounds
        return False
    n = len(card)
    if n == 5:  # the five attributes and nothing else
        return True
    name = card.get("name")
    weight = card.get("weight")
    # the five attributes are there: any other key than name and weight makes the
    # card longer.
    if name is not None:
        if type(name) is not str or not name or len(name) > NAME_MAX or name.strip() != name:
            return False
        n -= 1
    if weight is not None:
        if type(weight) is not int or weight < WEIGHT_MIN or weight > WEIGHT_MAX:
            return False
        n -= 1
    return n == 5


def card_for_bout(card) -> dict:
    """``validate_card(card)``'s answer, or ``card`` itself when it is normal already
    (``is_normal``: equal to that answer; the bout only reads a card)."""
    if is_normal(card):
        return card
    return validate_card(card)


def validate_card(card) -> dict:
    """A normalised copy of ``card`` or ``CardError(field, rule)``."""
    if is_normal(card):  # the common case; anything odd goes through the checks
        return card.copy()
    if not isinstance(card, dict):
        raise CardError("card", f"must be an object of attributes (got {type(card).__name__})")
    unknown = sorted(k for k in card if k not in KNOWN_KEYS)
    if unknown:
        allowed = ", ".join(sorted(KNOWN_KEYS))
        raise CardError(unknown[0], f"unknown field (a webl card has {allowed})")
    out = {}
    for attr in ATTRIBUTES:
        out[attr] = require_int(card, attr, ATTR_MIN, ATTR_MAX)
    if "name" in card and card["name"] is not None:
        name = card["name"]
        if not isinstance(name, str) or not name.strip():
            raise CardError("name", "must be a non-empty string")
        if len(name) > NAME_MAX:
            raise CardError("name", f"must be at most {NAME_MAX} characters")
        out["name"] = name.strip()
    if "weight" in card and card["weight"] is not None:
        weight = card["weight"]
        if isinstance(weight, bool) or not isinstance(weight, int | float):
            raise CardError("weight", f"must be a number of pounds (got {weight!r})")
        if weight != weight or not WEIGHT_MIN <= weight <= WEIGHT_MAX:
            raise CardError(
                "weight", f"must be between {WEIGHT_MIN} and {WEIGHT_MAX} lb (got {weight})"
            )
        out["weight"] = int(weight) if float(weight).is_integer() else round(float(weight), 1)
    return out


def card_rating(card: dict) -> float:
    """The average of STR, SPD, AGL, HGT and TGH, to 2 dp."""
    return round(sum(card[a] for a in ATTRIBUTES) / len(ATTRIBUTES), 2)


def endurance(card: dict) -> float:
    """Starting endurance points: 10 x TGH (seed, step 10)."""
    return 10.0 * card["tgh"]


def weight_strength_bonus(weight: float | None, opp_weight: float | None) -> float:
    """The heavier fighter gains ((W1/W2) - 1) x 10 STR; weights capped at 250 lb
    (WeBL's 2004 rule, reference/webl.md). No bonus when either weight is unknown."""
    if not weight or not opp_weight:
        return 0.0
    mine = weight if weight < WEIGHT_CAP else WEIGHT_CAP
    theirs = opp_weight if opp_weight < WEIGHT_CAP else WEIGHT_CAP
    if mine <= theirs:
        return 0.0
    return (mine / theirs - 1.0) * 10.0
