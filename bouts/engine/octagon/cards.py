"""Fighter cards and camp decks: validation and rating.

A fighter card (what a fighter's database row stores)::

    {"id": 17, "name": "Tomas Reyes", "striking": 8, "grappling": 6,
     "defense": 7, "stamina": 40, "style": "striker"}

A side (a camp's 50-card deck)::

    {"name": "Iron Lotus", "fighters": [8 fighter cards],
     "techniques": [32 technique names], "corner": [10 corner card names]}

``techniques``/``corner`` entries are catalogue names (``"Quick Jab"``) or
``{"name": "Quick Jab", "count": 3}``; both normalise to a flat list of names.
"""

from __future__ import annotations

from collections import Counter

from ..errors import CardError
from .catalogue import (
    CORNER_BY_NAME,
    CORNER_NAMES,
    DECK_CORNER,
    DECK_FIGHTERS,
    DECK_TECHNIQUES,
    MAX_COPIES,
    STYLES,
    TECHNIQUE_BY_NAME,
    TECHNIQUE_NAMES,
)

STAT_MIN, STAT_MAX = 1, 20
STAMINA_MIN, STAMINA_MAX = 10, 100
RATING_RANGE = (1.0, 10.0)
FIGHTER_KEYS = ("id", "name", "striking", "grappling", "defense", "stamina", "style")
SIDE_KEYS = ("name", "fighters", "techniques", "corner")
STATS = ("striking", "grappling", "defense")
FIGHTER_KEY_SET = frozenset(FIGHTER_KEYS)
# A card without an id, its keys in the normalised order (the generator's cards).
GENERATED_ORDER = ("name", "striking", "grappling", "defense", "stamina", "style")
SIDE_KEY_SET = frozenset(SIDE_KEYS)
STYLE_SET = frozenset(STYLES)
TECHNIQUE_SET = frozenset(TECHNIQUE_NAMES)
CORNER_SET = frozenset(CORNER_NAMES)
# Card lists already known to be legal (a tuple of names -> True): a camp's deck is
# validated on every simulate; the catalogue and copy checks need doing only once.
_LEGAL_LISTS: dict = {}
_LEGAL_LISTS_MAX = 4096


def _int_field(card: dict, field: str, low: int, high: int, prefix: str) -> int:
    name = f"{prefix}{field}"
    if field not in card:
        raise CardError(name, "is required")
    value = card[field]
    if isinstance(value, bool) or not isinstance(value, int):
        raise CardError(name, f"must be a whole number (got {value!r})")
    if not low <= value <= high:
        raise CardError(name, f"must be between {low} and {high} (got {value})")
    return value


def _normalised_fighter(card) -> dict | None:
    """A copy of an already-normalised fighter card (what validate_side and the
    generator produce) after a few type and range checks, else ``None`` (the full
    path of ``validate_fighter`` then gives the same result or the error)."""
    if type(card) is dict and card.keys() <= FIGHTER_KEY_SET:
        try:  # a missing field: the full path
            striking = card["striking"]
            grappling = card["grappling"]
            defense = card["defense"]
            stamina = card["stamina"]
            style = card["style"]
        except KeyError:
            return None
        if (
            type(striking) is int
            and type(grappling) is int
            and type(defense) is int
            and type(stamina) is int
            and STAT_MIN <= striking <= STAT_MAX
            and STAT_MIN <= grappling <= STAT_MAX
            and STAT_MIN <= defense <= STAT_MAX
            and STAMINA_MIN <= stamina <= STAMINA_MAX
            and type(style) is str
            and style in STYLE_SET
        ):
            if "id" not in card and "name" in card:  # the generator's shape
                name = card["name"]
                if type(name) is str and name == name.strip() and name != "":
                    return {
                        "name": name,
                        "striking": striking,
                        "grappling": grappling,
                        "defense": defense,
                        "stamina": stamina,
                        "style": style,
                    }
                return None
            out: dict = {}
            ok = True
            if "id" in card:
                ident = card["id"]
                ok = type(ident) is int or type(ident) is str
                out["id"] = ident
            if "name" in card:
                name = card["name"]
                ok = ok and type(name) is str and name == name.strip() and name != ""
                out["name"] = name
            if ok:
                out["striking"] = striking
                out["grappling"] = grappling
                out["defense"] = defense
                out["stamina"] = stamina
                out["style"] = style
                return out
    return None


def validate_fighter(card, prefix: str = "") -> dict:
    """A normalised copy of one fighter card, or ``CardError``."""
    fast = _normalised_fighter(card)
    if fast is not None:
        return fast
    if not isinstance(card, dict):
        raise CardError(prefix.rstrip(".") or "card", "must be an object of fighter stats")
    unknown = sorted(k for k in card if k not in FIGHTER_KEYS)
    if unknown:
        raise CardError(
            f"{prefix}{unknown[0]}", f"unknown field (allowed: {', '.join(FIGHTER_KEYS)})"
        )
    out: dict = {}
    if "id" in card:
        ident = card["id"]
        if isinstance(ident, bool) or not isinstance(ident, (int, str)):
            raise CardError(f"{prefix}id", f"must be a whole number or a string (got {ident!r})")
        out["id"] = ident
    if "name" in card:
        name = card["name"]
        if not isinstance(name, str) or not name.strip():
            raise CardError(f"{prefix}name", "must be a non-empty string")
        out["name"] = name.strip()
    for field in STATS:
        out[field] = _int_field(card, field, STAT_MIN, STAT_MAX, prefix)
    out["stamina"] = _int_field(card, "stamina", STAMINA_MIN, STAMINA_MAX, prefix)
    if "style" not in card:
        raise CardError(f"{prefix}style", "is required")
    style = card["style"]
    if not isinstance(style, str) or style.strip().lower() not in STYLES:
        raise CardError(f"{prefix}style", f"must be one of {', '.join(STYLES)} (got {style!r})")
    out["style"] = style.strip().lower()
    return out


def _new_legal_list(key: tuple, allowed: frozenset) -> bool:
    """Whether ``key`` (a tuple of a card list's entries, not in ``_LEGAL_LISTS``) is
    a flat list of names in ``allowed`` with at most MAX_COPIES of each; remembered
    in ``_LEGAL_LISTS`` if so."""
    if (
        all(type(e) is str for e in key)
        and allowed.issuperset(key)
        and max(Counter(key).values()) <= MAX_COPIES
    ):
        if len(_LEGAL_LISTS) >= _LEGAL_LISTS_MAX:
            _LEGAL_LISTS.clear()
        _LEGAL_LISTS[key] = True
        return True
    return False


def _card_list(side: dict, field: str, size: int, catalogue: dict, names: tuple) -> list[str]:
    entries = side.get(field)
    if type(entries) is list and len(entries) == size:
        # Fast path: a flat list of names already seen legal (or legal now).
        try:
            key = tuple(entries)
            legal = _LEGAL_LISTS.get(key)
        except TypeError:  # a {"name", "count"} entry: the full path
            legal = None
        if legal:
            return list(entries)
        if legal is None and _new_legal_list(
            key, TECHNIQUE_SET if catalogue is TECHNIQUE_BY_NAME else CORNER_SET
        ):
            return list(entries)
    if field not in side:
        raise CardError(field, f"is required: a list of {size} card names (build_side adds them)")
    entries = side[field]
    if not isinstance(entries, list):
        raise CardError(field, f"must be a list of {size} card names")
    flat: list[str] = []
    for i, entry in enumerate(entries):
        where = f"{field}[{i}]"
        count = 1
        if isinstance(entry, dict):
            extra = sorted(k for k in entry if k not in ("name", "count"))
            if extra:
                raise CardError(f"{where}.{extra[0]}", "unknown field (allowed: name, count)")
            if "count" in entry:
                count = entry["count"]
                if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                    raise CardError(
                        f"{where}.count", f"must be a whole number >= 1 (got {count!r})"
                    )
            entry = entry.get("name")
        if not isinstance(entry, str):
            raise CardError(where, f"must be a card name (got {entry!r})")
        if entry not in catalogue:
            raise CardError(where, f"unknown card {entry!r} (known: {', '.join(names)})")
        flat.extend([entry] * count)
    if len(flat) != size:
        raise CardError(field, f"must hold exactly {size} cards (got {len(flat)})")
    for name, copies in sorted(Counter(flat).items()):
        if copies > MAX_COPIES:
            raise CardError(field, f"at most {MAX_COPIES} copies of a card ({name!r} x{copies})")
    return flat


def validate_side(side) -> dict:
    """A normalised copy of a camp's deck, or ``CardError``: exactly 8 fighters,
    32 technique cards and 10 corner cards from the catalogue, at most 4 copies of
    any technique or corner card, fighter ids (when given) unique."""
    if not isinstance(side, dict):
        raise CardError("side", "must be an object with name, fighters, techniques, corner")
    if not side.keys() <= SIDE_KEY_SET:
        unknown = sorted(k for k in side if k not in SIDE_KEYS)
        raise CardError(unknown[0], f"unknown field (allowed: {', '.join(SIDE_KEYS)})")
    out: dict = {}
    if "name" in side:
        name = side["name"]
        if not isinstance(name, str) or not name.strip():
            raise CardError("name", "must be a non-empty string (the camp's name)")
        out["name"] = name.strip()
    fighters = side.get("fighters")
    if not isinstance(fighters, list):
        raise CardError("fighters", f"is required: a list of {DECK_FIGHTERS} fighter cards")
    if len(fighters) != DECK_FIGHTERS:
        raise CardError(
            "fighters", f"must hold exactly {DECK_FIGHTERS} fighter cards (got {len(fighters)})"
        )
    checked = out["fighters"] = []
    with_ids = False
    for i, f in enumerate(fighters):
        card = _normalised_fighter(f) or validate_fighter(f, f"fighters[{i}].")
        checked.append(card)
        if "id" in card:
            with_ids = True
    if with_ids:
        seen: dict = {}
        for i, fighter in enumerate(checked):
            if "id" in fighter:
                if fighter["id"] in seen:
                    raise CardError(
                        f"fighters[{i}].id",
                        f"duplicate id {fighter['id']!r} (also fighters[{seen[fighter['id']]}])",
                    )
                seen[fighter["id"]] = i
    out["techniques"] = _card_list(
        side, "techniques", DECK_TECHNIQUES, TECHNIQUE_BY_NAME, TECHNIQUE_NAMES
    )
    out["corner"] = _card_list(side, "corner", DECK_CORNER, CORNER_BY_NAME, CORNER_NAMES)
    return out


def _fighters_are_normal(fighters: list) -> bool:
    """Whether every card is what ``validate_fighter`` would return unchanged: a
    plain dict of the five stats (plain ints in range, style a plain str of STYLES),
    maybe a name (a plain, stripped, non-empty str) and an id (a plain int or str),
    nothing else; the ids distinct."""
    ids = None
    for card in fighters:
        if type(card) is not dict:
            return False
        try:
            striking = card["striking"]
            grappling = card["grappling"]
            defense = card["defense"]
            stamina = card["stamina"]
            style = card["style"]
        except KeyError:
            return False
        if not (
            type(striking) is int
            and STAT_MIN <= striking <= STAT_MAX
            and type(grappling) is int
            and STAT_MIN <= grappling <= STAT_MAX
            and type(defense) is int
            and STAT_MIN <= defense <= STAT_MAX
            and type(stamina) is int
            and STAMINA_MIN <= stamina <= STAMINA_MAX
        ):
            return False
        if type(style) is not str or style not in STYLE_SET:
            return False
        size = 5
        if "name" in card:
            name = card["name"]
            if type(name) is not str or name == "" or name != name.strip():
                return False
            size = 6
        if "id" in card:
            ident = card["id"]
            if type(ident) is not int and type(ident) is not str:
                return False
            if ids is None:
                ids = [ident]
            else:
                ids.append(ident)
            size += 1
        if len(card) != size:  # another key
            return False
    return ids is None or len(set(ids)) == len(ids)


def is_normal_side(side) -> bool:
    """Whether ``validate_side(side)`` would give an equal side without changing
    anything: a plain dict of fighters (a list of DECK_FIGHTERS normal cards),
    techniques and corner (flat lists of legal names) and maybe a name (a plain,
    stripped, non-empty str); no other key. Key orders do not matter (the game reads
    fields by name). The game may then read ``side`` itself
    (``OctagonRuleset.side_for_bout``). False is no verdict: ask validate_side."""
    if type(side) is not dict:
        return False
    try:
        fighters = side["fighters"]
        techniques = side["techniques"]
        corner = side["corner"]
    except KeyError:
        return False
    size = len(side)
    if size == 4:
        if "name" not in side:  # the fourth key: the name only
            return False
        name = side["name"]
        if type(name) is not str or name == "" or name != name.strip():
            return False
    elif size != 3:
        return False
    if not (
        type(fighters) is list
        and len(fighters) == DECK_FIGHTERS
        and type(techniques) is list
        and len(techniques) == DECK_TECHNIQUES
        and type(corner) is list
        and len(corner) == DECK_CORNER
        and _fighters_are_normal(fighters)
    ):
        return False
    # each card list: a flat list of names seen legal before (the common case), or
    # legal now (``_card_list`` would return an equal copy)
    try:
        key = tuple(techniques)
        if not (_LEGAL_LISTS.get(key) or _new_legal_list(key, TECHNIQUE_SET)):
            return False
        key = tuple(corner)
        return bool(_LEGAL_LISTS.get(key) or _new_legal_list(key, CORNER_SET))
    except Exception:  # an unhashable entry (a {"name", "count"} one): not normal
        return False


def side_for_bout(side) -> dict:
    """``side`` itself when it is normal already (``is_normal_side``: equal to
    ``validate_side``'s copy; the game only reads it), else ``validate_side(side)``'s
    copy or error."""
    if is_normal_side(side):
        return side
    return validate_side(side)


def fighter_rating(card: dict) -> float:
    """A fighter's overall strength on 1..10: three quarters the mean of striking,
    grappling and defense, one quarter stamina mapped 20 -> 0 and 45 -> 10
    (Islam Makhachev 6/10/8/40 -> 8.0), clamped to 1..10, to 2 dp."""
    mean = (card["striking"] + card["grappling"] + card["defense"]) / 3
    value = 0.75 * mean + 0.25 * (card["stamina"] - 20) / 2.5
    low, high = RATING_RANGE
    return round(min(high, max(low, value)), 2)


def card_rating(card: dict) -> float:
    """``fighter_rating`` of a fighter card; for a side, the mean of its fighters."""
    if isinstance(card, dict) and "fighters" in card:
        fighters = card["fighters"]
        if not fighters:
            return RATING_RANGE[0]
        return round(sum(fighter_rating(f) for f in fighters) / len(fighters), 2)
    return fighter_rating(card)
