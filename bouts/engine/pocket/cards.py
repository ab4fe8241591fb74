"""A Pocket Boxing card: the fighter die (style), the guard die, four ratings.

``{"name"?: str, "style": boxer|swarmer|brawler, "guard": philly_shell|cross_arm|
peek_a_boo, "speed", "power", "defence", "chin": 1..5}`` (3 is average).
"""

from __future__ import annotations

from ..base import require_int
from ..errors import CardError
from .tables import ATTR_HIGH, ATTR_LOW, ATTRIBUTES, GUARDS, STYLES

KEYS = ("name", "style", "guard", *ATTRIBUTES)


KEY_SET = frozenset(KEYS)
STYLE_SET = frozenset(STYLES)
GUARD_SET = frozenset(GUARDS)


def is_normal(card) -> bool:
    """Whether ``card`` is exactly what ``validate_card`` returns for it: a plain dict
    of the six fields (the ratings plain ints in range, style and guard plain strs
    from their lists) and maybe a name (a plain, stripped, non-empty str); no other
    key. Its key order does not matter (the bout reads fields by name). False is no
    verdict: ``validate_card`` then gives the copy or the error."""
    if type(card) is not dict or not KEY_SET.issuperset(card):
        return False
    for field in ATTRIBUTES:
        value = card.get(field)
        if type(value) is not int or not ATTR_LOW <= value <= ATTR_HIGH:
            return False
    style, guard = card.get("style"), card.get("guard")
    if not (
        type(style) is str and style in STYLE_SET and type(guard) is str and guard in GUARD_SET
    ):
        return False
    if "name" not in card:
        return True
    name = card["name"]
    return type(name) is str and name != "" and name == name.strip()


def card_for_bout(card) -> dict:
    """``card`` itself when it is normal already (``is_normal``: equal to
    ``validate_card``'s copy; the bout only reads it), else ``validate_card(card)``'s
    copy or error (``PocketRuleset.side_for_bout``)."""
    if is_normal(card):
        return card
    return validate_card(card)


def validate_card(card) -> dict:
    """The card's normal copy (its fields in order, the name stripped), or a
    ``CardError`` naming the first bad field."""
    if not isinstance(card, dict):
        raise CardError("card", "must be an object (a JSON dict)")
    if not KEY_SET.issuperset(card):
        unknown = sorted(k for k in card if k not in KEY_SET)
        raise CardError(unknown[0], f"unknown field (allowed: {', '.join(KEYS)})")
    out: dict = {}
    if "name" in card:
        name = card["name"]
        if type(name) is not str or not (name := name.strip()):
            raise CardError("name", "must be a non-empty string")
        out["name"] = name
    for field, allowed in (("style", STYLE_SET), ("guard", GUARD_SET)):
        value = card.get(field)
        if type(value) is not str or value not in allowed:
            names = ", ".join(STYLES if field == "style" else GUARDS)
            if field not in card:
                raise CardError(field, f"is required (one of {names})")
            raise CardError(field, f"must be one of {names} (got {value!r})")
        out[field] = value
    for field in ATTRIBUTES:
        value = card.get(field)
        if type(value) is not int or not ATTR_LOW <= value <= ATTR_HIGH:
            require_int(card, field, ATTR_LOW, ATTR_HIGH)  # raises with the message
        out[field] = value
    return out


def card_rating(card: dict) -> float:
    """Overall strength 1..5: the mean of the four ratings (dice are a style, not a
    strength: each fighter and guard die has the same expected worth)."""
    return round(sum(card[a] for a in ATTRIBUTES) / len(ATTRIBUTES), 2)
