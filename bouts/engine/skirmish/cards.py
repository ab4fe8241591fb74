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
SIDE_KEY_SET = frozenset(SIDE_KEYS)
TRAITS = ("none", "humility", "pride")
RANGES = {
    "attack": (0, 9),
    "defence": (0, 9),
    "speed": (1, 9),
    "health": (1, 20),
    "multi_attack": (1, 3),
}
# each field's allowed values (whole numbers: a normal card's are exact ints)
ALLOWED = {field: frozenset(range(low, high + 1)) for field, (low, high) in RANGES.items()}
ATTACKS = ALLOWED["attack"]
DEFENCES = ALLOWED["defence"]
SPEEDS = ALLOWED["speed"]
HEALTHS = ALLOWED["health"]
MULTI_ATTACKS = ALLOWED["multi_attack"]
CARD_FIELDS = ("id", "name", *RANGES)  # a normal card's fields, in order
CARD_FIELD_COUNT = len(CARD_FIELDS)
INT_FIELDS = tuple((f, *RANGES[f]) for f in ("attack", "defence", "speed", "health"))
MAX_CARDS = 12
# card_rating = (attack + defence + HEALTH_W * health + SPEED_W * speed
#                + MULTI_W * (multi - 1)) / DIV, clamped to 1..10
HEALTH_W = 0.5
SPEED_W = 0.5
MULTI_W = 2.5
DIV = 3.5
RATING_RANGE = (1.0, 10.0)


def _cards_are_normal(fighters: list, copies: list | None = None) -> bool:
    """Whether every card is already normal (what validate_side and the generator
    produce: exactly the seven fields, each in range and of its exact type, the name
    stripped, ids distinct), with a copy of each appended to ``copies`` if given (one
    loop for validate_side's copies). False is no verdict: the full path of
    ``validate_card`` then gives the cards or the error."""
    ids = []
    for card in fighters:
        if type(card) is not dict or len(card) != CARD_FIELD_COUNT:
            return False
        try:  # exactly the seven fields: with seven keys, a missing one means a stranger
            attack, defence, speed = card["attack"], card["defence"], card["speed"]
            health, multi = card["health"], card["multi_attack"]
            card_id, name = card["id"], card["name"]
        except KeyError:
            return False
        if not (
            type(attack) is int
            and attack in ATTACKS
            and type(defence) is int
            and defence in DEFENCES
            and type(speed) is int
            and speed in SPEEDS
            and type(health) is int
            and health in HEALTHS
            and type(multi) is int
            and multi in MULTI_ATTACKS
        ):
            return False
        if not (type(card_id) is int or (type(card_id) is str and card_id)):
            return False
        if type(name) is not str or not name or name != name.strip():
            return False
        ids.append(card_id)
        if copies is not None:
            copies.append({field: card[field] for field in CARD_FIELDS})
    # a duplicate id: the full path names the first
    return len(set(ids)) == len(ids)


def _normalised_cards(fighters: list) -> list | None:
    """Copies of already-normal cards (``_cards_are_normal``), else ``None``."""
    copies: list = []
    return copies if _cards_are_normal(fighters, copies) else None


def side_for_bout(side) -> dict:
    """``side`` itself when ``validate_side(side)`` would give an equal side without
    changing anything: a plain dict of exactly name (a stripped str), fighters (a list
    of 1..12 normal cards) and trait (one of TRAITS); the bout only reads it. Anything
    else: ``validate_side``'s copy or its error (``SkirmishRuleset.side_for_bout``)."""
    if type(side) is not dict or len(side) != 3:
        return validate_side(side)
    try:  # exactly the three keys (a missing one would need an unknown one)
        name = side["name"]
        fighters = side["fighters"]
        trait = side["trait"]
    except KeyError:
        return validate_side(side)
    if not (
        type(name) is str
        and name != ""
        and name == name.strip()
        and type(fighters) is list
        and 0 < len(fighters) <= MAX_CARDS
        and type(trait) is str
        and trait in TRAITS
    ):
        return validate_side(side)
    if _cards_are_normal(fighters):
        return side
    return validate_side(side)


def is_normal_side(side) -> bool:
    """Whether ``side_for_bout`` hands the bout ``side`` itself (it is already normal)."""
    try:
        return side_for_bout(side) is side
    except Exception:  # validate_side's error: not normal
        return False


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
    if not SIDE_KEY_SET.issuperset(side):
        unknown = sorted(k for k in side if k not in SIDE_KEYS)
        raise CardError(unknown[0], f"unknown field (allowed: {', '.join(SIDE_KEYS)})")
    name = side.get("name")
    if not isinstance(name, str) or not (name := name.strip()):
        raise CardError("name", "the camp's name is required (a non-empty string)")
    fighters = side.get("fighters")
    if not isinstance(fighters, list) or not fighters:
        raise CardError("fighters", "must be a non-empty list of cards")
    if len(fighters) > MAX_CARDS:
        raise CardError("fighters", f"at most {MAX_CARDS} cards (got {len(fighters)})")
    trait = side.get("trait", "none")
    if trait not in TRAITS:
        raise CardError("trait", f"must be one of {', '.join(TRAITS)} (got {trait!r})")
    cards = _normalised_cards(fighters)
    if cards is None:
        cards = []
        seen = set()
        for i, card in enumerate(fighters):
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
