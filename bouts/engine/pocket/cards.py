"""A Pocket Boxing card: the fighter die (style), the guard die, four ratings.

``{"name"?: str, "style": boxer|swarmer|brawler, "guard": philly_shell|cross_arm|
peek_a_boo, "speed", "power", "defence", "chin": 1..5}`` (3 is average).
"""

from __future__ import annotations

from ..base import require_int
from ..errors import CardError
from .tables import ATTR_HIGH, ATTR_LOW, ATTRIBUTES, GUARDS, STYLES

KEYS = ("name", "style", "guard", *ATTRIBUTES)


def validate_card(card) -> dict:
    if not isinstance(card, dict):
        raise CardError("card", "must be an object (a JSON dict)")
    unknown = sorted(k for k in card if k not in KEYS)
    if unknown:
        raise CardError(unknown[0], f"unknown field (allowed: {', '.join(KEYS)})")
    out: dict = {}
    if "name" in card:
        name = card["name"]
        if not isinstance(name, str) or not name.strip():
            raise CardError("name", "must be a non-empty string")
        out["name"] = name.strip()
    for field, allowed in (("style", STYLES), ("guard", GUARDS)):
        if field not in card:
            raise CardError(field, f"is required (one of {', '.join(allowed)})")
        if card[field] not in allowed:
            raise CardError(field, f"must be one of {', '.join(allowed)} (got {card[field]!r})")
        out[field] = card[field]
    for field in ATTRIBUTES:
        out[field] = require_int(card, field, ATTR_LOW, ATTR_HIGH)
    return out


def card_rating(card: dict) -> float:
    """Overall strength 1..5: the mean of the four ratings (dice are a style, not a
    strength: each fighter and guard die has the same expected worth)."""
    return round(sum(card[a] for a in ATTRIBUTES) / len(ATTRIBUTES), 2)
