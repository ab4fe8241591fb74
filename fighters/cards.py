"""Plain helpers for rating cards: engine validation as Django errors, flattening a
card to dotted names (admin form fields, CSV columns) and back, and card diffs.

No database access here; fighters.services is the bridge that stores cards.
"""

from __future__ import annotations

import json

from django.core.exceptions import ValidationError

from bouts.engine.errors import EngineError
from bouts.engine.registry import RULESETS, get_ruleset
from core.api.parsers import MAX_DEPTH, json_depth

# Keys the fighter row supplies at bout time ({**card.data, "name": fighter.name});
# they are never stored in a card.
ROW_KEYS = ("name", "id")


def ruleset_or_error(ruleset: str, field: str = "ruleset"):
    """The engine's ruleset, or a ValidationError naming the known ones."""
    if ruleset not in RULESETS:
        known = ", ".join(RULESETS) or "none registered yet"
        raise ValidationError({field: [f"unknown ruleset {ruleset!r} (known: {known})"]})
    return get_ruleset(ruleset)


def card_validate(*, ruleset: str, data, name: str = "", fighter_id: int | None = None):
    """Validate ``data`` with the engine's own validator, exactly as the bout
    pipeline will feed it (with the fighter's name, and id for team rulesets).

    Returns ``(stored_data, rating)``; raises ValidationError {"data": ["field: rule"]}.
    """
    rules = ruleset_or_error(ruleset)
    if not isinstance(data, dict):
        raise ValidationError({"data": [f"card: must be an object (got {type(data).__name__})"]})
    engine_input = {k: v for k, v in data.items() if k not in ROW_KEYS}
    if name:
        engine_input["name"] = name
    if rules.team and fighter_id is not None:
        engine_input["id"] = fighter_id
    try:
        normalised = rules.validate_card(engine_input)
        rating = float(rules.card_rating(normalised))
    except EngineError as exc:
        raise ValidationError({"data": [str(exc)]}) from None
    stored = {k: v for k, v in normalised.items() if k not in ROW_KEYS}
    return stored, rating


def flatten(data, prefix: str = "") -> dict:
    """``{"fresh": {"pl": 3}, "traits": ["a"]}`` -> ``{"fresh.pl": 3, "traits": ["a"]}``.

    Dicts nest by dotted name; lists and scalars are leaves (a list is edited as JSON).
    """
    out: dict = {}
    if isinstance(data, dict) and (data or not prefix):
        for key, value in data.items():
            out.update(flatten(value, f"{prefix}{key}."))
        return out
    out[prefix[:-1]] = data
    return out


def unflatten(flat: dict) -> dict:
    """The inverse of ``flatten``."""
    out: dict = {}
    for dotted, value in flat.items():
        parts = dotted.split(".")
        node = out
        for part in parts[:-1]:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise ValidationError({dotted: ["conflicts with a field of the same name"]})
        node[parts[-1]] = value
    return out


def card_diff(before: dict | None, after: dict | None) -> dict:
    """``{dotted field: [old, new]}`` for every field that changed (None = absent)."""
    old = flatten(before or {})
    new = flatten(after or {})
    return {
        key: [old.get(key), new.get(key)]
        for key in sorted(set(old) | set(new))
        if old.get(key) != new.get(key)
    }


def card_shape(ruleset: str) -> dict:
    """A generated card's flattened shape for ``ruleset`` ({dotted: example value})
    — which named fields a card of this ruleset has. Seeded, so stable."""
    import random

    rules = get_ruleset(ruleset)
    card = rules.generate_card(random.Random(0), None)
    return {k: v for k, v in flatten(card).items() if k not in ROW_KEYS}


def parse_cell(text: str):
    """A CSV/form cell back to a JSON value: numbers, booleans, lists and objects
    are read as JSON, anything else is kept as text; an empty cell is None."""
    text = text.strip()
    if text == "":
        return None
    if json_depth(text) > MAX_DEPTH:
        return text  # kept as text: the card's validation then names the field
    try:
        return json.loads(text)
    except ValueError:
        return text


def format_cell(value) -> str:
    """A card value as a CSV/form cell (the inverse of ``parse_cell``)."""
    if value is None:
        return ""
    if isinstance(value, str):
        # Text that would read back as JSON (e.g. "3" or "true") is quoted.
        return value if parse_cell(value) == value else json.dumps(value)
    return json.dumps(value)
