"""Skirmish cards and sides: validation and the rating scale.

A card: ``{"id"?: int|str, "name"?: str, "attack": 0..9, "defence": 0..9, "speed": 1..9,
"health": 1..9, "multi_attack"?: 1..3}``. A side: ``{"name": camp, "fighters": [card,
... 1..12], "trait"?: "humility"|"pride"|"none"}``.
"""

from __future__ import annotations

from ..base import require_int
from ..errors import CardError

CARD_KEYS = ("id", "name", "attack", "defence", "speed", "health", "multi_attack")
CARD_KEY_SET = frozenset(CARD_KEYS)
SIDE_KEYS = ("name", "fighters", "trait")
TRAITS = ("none", "humility", "pride")
RANGES = {
    "attack": (0, 9),
    "defence": (0, 9),
    "speed": (1, 9),
    "health": (1, 20),
    "multi_attack": (1, 3),
}
_ATTACK_LOW, _ATTACK_HIGH = RANGES["attack"]
_DEFENCE_LOW, _DEFENCE_HIGH = RANGES["defence"]
_SPEED_LOW, _SPEED_HIGH = RANGES["speed"]
_HEALTH_LOW, _HEALTH_HIGH = RANGES["health"]
_MULTI_LOW, _MULTI_HIGH = RANGES["multi_attack"]
# The same ranges as sets, for the fast path (a membership test is one operation; a
# bool is refused by the type test before it, True == 1 being in a set of ints).
_ATTACKS = frozenset(range(_ATTACK_LOW, _ATTACK_HIGH + 1))
_DEFENCES = frozenset(range(_DEFENCE_LOW, _DEFENCE_HIGH + 1))
_SPEEDS = frozenset(range(_SPEED_LOW, _SPEED_HIGH + 1))
_HEALTHS = frozenset(range(_HEALTH_LOW, _HEALTH_HIGH + 1))
_MULTIS = frozenset(range(_MULTI_LOW, _MULTI_HIGH + 1))
INT_FIELDS = tuple((f, *RANGES[f]) for f in ("attack", "defence", "speed", "health"))
MAX_CARDS = 12
# card_rating = (attack + defence + HEALTH_W * health + SPEED_W * speed
#                + MULTI_W * (multi - 1)) / DIV, clamped to 1..10
HEALTH_W = 0.5
SPEED_W = 0.5
MULTI_W = 2.5
DIV = 3.5
RATING_RANGE = (1.0, 10.0)


def _normalised_card(card) -> dict | None:
    """A copy of an already-normalised card (what validate_side and the generator
    produce: every field present and in range, name stripped) after a few checks,
    else ``None`` (the full path of ``validate_card`` then gives the same result or
    the error)."""
    if type(card) is not dict or len(card) != len(CARD_KEYS):
        return None
    try:  # exactly the seven keys (a missing one would need an unknown one)
        cid = card["id"]
        name = card["name"]
        attack = card["attack"]
        defence = card["defence"]
        speed = card["speed"]
        health = card["health"]
        multi = card["multi_attack"]
    except KeyError:
        return None
    if (
        (type(cid) is int or (type(cid) is str and cid != ""))
        and type(name) is str
        and name != ""
        and type(attack) is int
        and type(defence) is int
        and type(speed) is int
        and type(health) is int
        and type(multi) is int
        and attack in _ATTACKS
        and defence in _DEFENCES
        and speed in _SPEEDS
        and health in _HEALTHS
        and multi in _MULTIS
        and name == name.strip()
    ):
        return {
            "id": cid,
            "name": name,
            "attack": attack,
            "defence": defence,
            "speed": speed,
            "health": health,
            "multi_attack": multi,
        }
    return None


def validate_card(card, prefix: str = "") -> dict:
    if not isinstance(card, dict):
        raise CardError(prefix.rstrip(".") or "card", "must be an object (a JSON dict)")
    if not CARD_KEY_SET.issuperset(card):
        unknown = sorted(k for k in card if k not in CARD_KEY_SET)
        raise CardError(f"{prefix}{unknown[0]}", f"unknown field (allowed: {', '.join(CARD_KEYS)})")
    out: dict = {}
    if "id" in card:
        cid = card["id"]
        if type(cid) not in (int, str) or cid == "":
            raise CardError(f"{prefix}id", "must be a whole number or a non-empty string")
        out["id"] = cid
    if "name" in card:
        name = card["name"]
        if type(name) is not str or not (name := name.strip()):
            raise CardError(f"{prefix}name", "must be a non-empty string")
        out["name"] = name
    for field, low, high in INT_FIELDS:
        value = card.get(field)
        if type(value) is not int or not low <= value <= high:
            require_int(card, field, low, high, prefix)  # raises with the message
        out[field] = value
    value = card.get("multi_attack", 1)
    if type(value) is not int or not 1 <= value <= 3:
        require_int(card, "multi_attack", *RANGES["multi_attack"], prefix)
    out["multi_attack"] = value
    return out


def validate_side(side) -> dict:
    if not isinstance(side, dict):
        raise CardError("side", "must be an object {name, fighters, trait}")
    unknown = sorted(k for k in side if k not in SIDE_KEYS)
    if unknown:
        raise CardError(unknown[0], f"unknown field (allowed: {', '.join(SIDE_KEYS)})")
    name = side.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardError("name", "the camp's name is required (a non-empty string)")
    fighters = side.get("fighters")
    if not isinstance(fighters, list) or not fighters:
        raise CardError("fighters", "must be a non-empty list of cards")
    if len(fighters) > MAX_CARDS:
        raise CardError("fighters", f"at most {MAX_CARDS} cards (got {len(fighters)})")
    trait = side.get("trait", "none")
    if trait not in TRAITS:
        raise CardError("trait", f"must be one of {', '.join(TRAITS)} (got {trait!r})")
    name = name.strip()
    cards = []
    seen = set()
    for i, card in enumerate(fighters):
        out = _normalised_card(card)  # has an id and a name
        if out is None:
            out = validate_card(card, f"fighters[{i}].")
            out.setdefault("id", i + 1)
            if "name" not in out:
                out["name"] = f"{name} #{out['id']}"
        cid = out["id"]
        if cid in seen:
            raise CardError(f"fighters[{i}].id", f"duplicate id {cid!r}")
        seen.add(cid)
        cards.append(out)
    return {"name": name, "fighters": cards, "trait": trait}


def card_rating(card: dict) -> float:
    """A card's strength on 1..10; a side's is the mean of its cards'."""
    if "fighters" in card:
        cards = card["fighters"]
        return round(sum(card_rating(c) for c in cards) / len(cards), 2)
    raw = (
        card["attack"]
        + card["defence"]
        + HEALTH_W * card["health"]
        + SPEED_W * card["speed"]
        + MULTI_W * (card.get("multi_attack", 1) - 1)
    ) / DIV
    low, high = RATING_RANGE
    return round(min(high, max(low, raw)), 2)
