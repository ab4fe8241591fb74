"""The Title Bout II fighter card: its JSON shape, validation and derived lookups.

Shape (documented in RULES.md, "Fighter card")::

    {"name": "Joe Louis", "rating": 10, "style": "E", "southpaw": false,
     "traits": ["careless"], "agg": 7, "end": 110, "cut": 3, "foul": "B",
     "fresh":    {"cf_b": 10, "cf_s": 12, "def": -2, "cp": 6, "kd1": 2, "kd2": 3, "ko": 1,
                  "ki": 9, "pl": [1, 34], "kp": 12, "pm": [35, 48], "cpd": 45,
                  "clinch": [49, 60], "move": [61, 80]},
     "fatigued": {...same keys...},
     "hitting": {"jab": {"three": [1, 8], "two": [9, 24]}, "hook": {...}, "cross": {...},
                 "combination": {...}, "uppercut": {...}},
     "strategy": {"FI": 7, "FO": 6, "CU": 6, "KO": 8}}
"""

from __future__ import annotations

from operator import itemgetter

from ..base import require_int
from ..errors import CardError

STYLES = ("B", "S", "E")
FOUL_RATINGS = ("A", "B", "C", "D", "E")
PUNCHES = ("jab", "hook", "cross", "combination", "uppercut")
ARTICLE = {
    "jab": "a jab",
    "hook": "a hook",
    "cross": "a cross",
    "combination": "a combination",
    "uppercut": "an uppercut",
}
STRATEGY_KEYS = ("FI", "FO", "CU", "KO")
TRAITS = (
    "strong_closer",
    "fights_down",
    "inconsistent",
    "freezes",
    "constant_clincher",
    "stealth_fouler",
    "safety_first",
    "plays_to_crowd",
    "head_case",
    "intellect",
    "anger_issues",
    "self_doubts",
    "absorber",
    "front_runner",
    "fireplug",
    "careless",
    "second_wind",
)
TRAIT_ALIASES = {"overly_cautious": "safety_first", "ring_smarts": "intellect"}
TOP_KEYS = (
    "name",
    "rating",
    "style",
    "southpaw",
    "traits",
    "agg",
    "end",
    "cut",
    "foul",
    "fresh",
    "fatigued",
    "hitting",
    "strategy",
)
# The card's ranges, stated once: ``validate_card_full`` (which names the rule broken)
# and the no-copy checks (``side_is_normal``, ``normal.is_normal``) read them.
RATING = (1, 10)  # the overall rating
AGG = (1, 10)
STRATEGY_RATING = (1, 10)
ENDURANCE = (1, 250)
CUT = (0, 10)
CF = (1, 20)  # against a boxer, against a slugger
DEF = (-10, 10)
CP = (0, 20)
KNOCKDOWN = (0, 10)  # KD1, KD2, KO
KI = (0, 20)
RN = 80  # the action and hitting ranges cover 1-80
SIDE_INTS = (  # key, low, high
    ("cf_b", *CF),
    ("cf_s", *CF),
    ("def", *DEF),
    ("cp", *CP),
    ("kd1", *KNOCKDOWN),
    ("kd2", *KNOCKDOWN),
    ("ko", *KNOCKDOWN),
    ("ki", *KI),
)
ACTION_RANGES = ("pl", "pm", "clinch", "move")
SIDE_KEYS = (*tuple(k for k, _, _ in SIDE_INTS), "pl", "kp", "pm", "cpd", "clinch", "move")


def _range(value, field: str) -> list[int]:
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
    ):
        raise CardError(field, f"must be a range [low, high] of whole numbers (got {value!r})")
    lo, hi = value
    if not 1 <= lo <= hi <= RN:
        raise CardError(field, f"must satisfy 1 <= low <= high <= {RN} (got [{lo}, {hi}])")
    return [lo, hi]


def _side(side, prefix: str) -> dict:
    if not isinstance(side, dict):
        raise CardError(prefix.rstrip("."), "must be an object of ratings")
    unknown = sorted(set(side) - set(SIDE_KEYS))
    if unknown:
        raise CardError(f"{prefix}{unknown[0]}", "is not a Title Bout card field")
    out = {key: require_int(side, key, lo, hi, prefix) for key, lo, hi in SIDE_INTS}
    expected = 1
    for key in ACTION_RANGES:
        if key not in side:
            raise CardError(f"{prefix}{key}", "is required")
        lo, hi = _range(side[key], f"{prefix}{key}")
        if lo != expected:
            rule = "gap" if lo > expected else "overlap"
            raise CardError(
                f"{prefix}{key}",
                f"action ranges must cover 1-{RN} in order pl, pm, clinch, move with no gap or "
                f"overlap: {key} starts at {lo}, expected {expected} ({rule})",
            )
        out[key] = [lo, hi]
        expected = hi + 1
    if expected != RN + 1:
        raise CardError(
            f"{prefix}move", f"action ranges must end at {RN} (move ends at {expected - 1})"
        )
    out["kp"] = require_int(side, "kp", 0, out["pl"][1], prefix)
    pm_lo, pm_hi = out["pm"]
    out["cpd"] = require_int(side, "cpd", pm_lo, pm_hi, prefix)
    return out


def _hitting(hitting) -> dict:
    if not isinstance(hitting, dict):
        raise CardError("hitting", "must be an object with jab, hook, cross, combination, uppercut")
    unknown = sorted(set(hitting) - set(PUNCHES))
    if unknown:
        raise CardError(f"hitting.{unknown[0]}", f"is not a punch (use {', '.join(PUNCHES)})")
    out = {}
    expected = 1
    for punch in PUNCHES:
        if punch not in hitting:
            raise CardError(f"hitting.{punch}", "is required")
        entry = hitting[punch]
        if not isinstance(entry, dict) or set(entry) - {"three", "two"}:
            raise CardError(f"hitting.{punch}", 'must be {"three": [lo, hi] or null, "two": ...}')
        out[punch] = {}
        for key in ("three", "two"):
            value = entry.get(key)
            field = f"hitting.{punch}.{key}"
            if value is None:
                out[punch][key] = None
                continue
            lo, hi = _range(value, field)
            if lo != expected:
                rule = "gap" if lo > expected else "overlap"
                raise CardError(
                    field,
                    f"hitting ranges must cover 1-{RN} in order (jab, hook, cross, combination, "
                    f"uppercut; three then two) with no gap or overlap: starts at {lo}, "
                    f"expected {expected} ({rule})",
                )
            out[punch][key] = [lo, hi]
            expected = hi + 1
    if expected != RN + 1:
        raise CardError("hitting", f"hitting ranges must end at {RN} (they end at {expected - 1})")
    return out


def normalise_trait(name) -> str:
    if not isinstance(name, str):
        raise CardError("traits", f"must be a list of trait names (got {name!r})")
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    key = TRAIT_ALIASES.get(key, key)
    if key not in TRAITS:
        raise CardError("traits", f"unknown trait {name!r} (known: {', '.join(TRAITS)})")
    return key


_TOP_SET = frozenset(TOP_KEYS)
_TRAIT_SET = frozenset(TRAITS)
_HIT_KEYS = frozenset(("three", "two"))
_STYLE_SET = frozenset(STYLES)
_FOUL_SET = frozenset(FOUL_RATINGS)


_SIDE_FIELDS = itemgetter(*(key for key, _, _ in SIDE_INTS), *ACTION_RANGES, "kp", "cpd")


def side_is_normal(side) -> bool:
    """Whether a card's fresh or fatigued side is exactly what ``validate_card`` gives
    back for it: a plain dict of its 14 fields, plain ints in range, the four ranges
    plain lists of two ints covering 1-RN in order (``normal.is_normal`` asks it of both
    sides). Every bout asks it twice a card, so it reads the fields at once and
    compares them in one expression, with the ranges of ``SIDE_INTS``."""
    if type(side) is not dict or len(side) != 14:
        return False
    try:
        cf_b, cf_s, deff, cp, kd1, kd2, ko, ki, pl, pm, clinch, move, kp, cpd = _SIDE_FIELDS(side)
    except KeyError:
        return False
    cf_low, cf_high = CF
    def_low, def_high = DEF
    cp_low, cp_high = CP
    knockdown_low, knockdown_high = KNOCKDOWN
    ki_low, ki_high = KI
    if (
        type(cf_b) is not int
        or type(cf_s) is not int
        or type(deff) is not int
        or type(cp) is not int
        or type(kd1) is not int
        or type(kd2) is not int
        or type(ko) is not int
        or type(ki) is not int
        or type(kp) is not int
        or type(cpd) is not int
        or not cf_low <= cf_b <= cf_high
        or not cf_low <= cf_s <= cf_high
        or not def_low <= deff <= def_high
        or not cp_low <= cp <= cp_high
        or not knockdown_low <= kd1 <= knockdown_high
        or not knockdown_low <= kd2 <= knockdown_high
        or not knockdown_low <= ko <= knockdown_high
        or not ki_low <= ki <= ki_high
        or type(pl) is not list
        or type(pm) is not list
        or type(clinch) is not list
        or type(move) is not list
    ):
        return False
    try:  # a list of another length: not normal
        pl_lo, pl_hi = pl
        pm_lo, pm_hi = pm
        cl_lo, cl_hi = clinch
        mv_lo, mv_hi = move
    except ValueError:
        return False
    # pl, pm, clinch, move: whole numbers covering 1-RN in order, no gap or overlap
    return not (
        type(pl_lo) is not int
        or type(pl_hi) is not int
        or type(pm_lo) is not int
        or type(pm_hi) is not int
        or type(cl_lo) is not int
        or type(cl_hi) is not int
        or type(mv_lo) is not int
        or type(mv_hi) is not int
        or pl_lo != 1
        or pl_hi < pl_lo
        or pm_lo != pl_hi + 1
        or pm_hi < pm_lo
        or cl_lo != pm_hi + 1
        or cl_hi < cl_lo
        or mv_lo != cl_hi + 1
        or mv_hi < mv_lo
        or mv_hi != RN
        or not 0 <= kp <= pl_hi
        or not pm_lo <= cpd <= pm_hi
    )


def validate_card(card) -> dict:
    """The normalised copy of a card (a fresh copy: the caller may change it), or
    CardError(field, rule): the first rule broken."""
    return validate_card_full(card)


def validate_card_full(card) -> dict:
    """Every check in order: the first rule broken is the CardError raised."""
    if not isinstance(card, dict):
        raise CardError("card", "must be a JSON object")
    unknown = sorted(set(card) - set(TOP_KEYS))
    if unknown:
        raise CardError(unknown[0], "is not a Title Bout card field")
    out: dict = {}
    if "name" in card:
        if not isinstance(card["name"], str) or not card["name"].strip():
            raise CardError("name", "must be a non-empty string")
        out["name"] = card["name"]
    out["rating"] = require_int(card, "rating", *RATING)
    style = card.get("style")
    if style not in STYLES:
        raise CardError("style", f"must be B (boxer), S (slugger) or E (either) (got {style!r})")
    out["style"] = style
    southpaw = card.get("southpaw", False)
    if not isinstance(southpaw, bool):
        raise CardError("southpaw", f"must be true or false (got {southpaw!r})")
    out["southpaw"] = southpaw
    traits = card.get("traits", [])
    if not isinstance(traits, list):
        raise CardError("traits", "must be a list of trait names")
    keys = [normalise_trait(t) for t in traits]
    if len(set(keys)) != len(keys):
        raise CardError("traits", "must not repeat a trait")
    out["traits"] = keys
    out["agg"] = require_int(card, "agg", *AGG)
    out["end"] = require_int(card, "end", *ENDURANCE)
    out["cut"] = require_int(card, "cut", *CUT)
    foul = card.get("foul")
    if foul not in FOUL_RATINGS:
        raise CardError("foul", f"must be a foul rating A-E (got {foul!r})")
    out["foul"] = foul
    for side in ("fresh", "fatigued"):
        if side not in card:
            raise CardError(side, "is required")
        out[side] = _side(card[side], f"{side}.")
    if "hitting" not in card:
        raise CardError("hitting", "is required")
    out["hitting"] = _hitting(card["hitting"])
    strategy = card.get("strategy")
    if not isinstance(strategy, dict):
        raise CardError("strategy", "must be an object with FI, FO, CU and KO ratings")
    unknown = sorted(set(strategy) - set(STRATEGY_KEYS))
    if unknown:
        raise CardError(f"strategy.{unknown[0]}", "is not a strategy rating (FI, FO, CU, KO)")
    low, high = STRATEGY_RATING
    out["strategy"] = {k: require_int(strategy, k, low, high, "strategy.") for k in STRATEGY_KEYS}
    return out


_HIT_CACHE: dict = {}
_PUNCH_ENTRIES = itemgetter(*PUNCHES)
_RANGES = itemgetter("three", "two")


def hitting_table(hitting: dict) -> tuple:
    """RESULT 1..80 -> (points, "a jab"..., " lands a jab (3)"); RESULT 1 is the partially
    blocked punch. The third item is the play-by-play after the puncher's name (kept
    with the table: writing it anew for every punch is a large part of a bout's cost).
    Cached by the card's ranges (a bout builds two)."""
    (j3, j2), (h3, h2), (c3, c2), (m3, m2), (u3, u2) = map(_RANGES, _PUNCH_ENTRIES(hitting))
    key = (
        j3[0] if j3 else 0,
        j2[0] if j2 else 0,
        h3[0] if h3 else 0,
        h2[0] if h2 else 0,
        c3[0] if c3 else 0,
        c2[0] if c2 else 0,
        m3[0] if m3 else 0,
        m2[0] if m2 else 0,
        u3[0] if u3 else 0,
        u2[0] if u2 else 0,
        u2[1] if u2 else 0,
    )
    table = _HIT_CACHE.get(key)
    if table is None:
        if len(_HIT_CACHE) > 4096:
            _HIT_CACHE.clear()
        table = _HIT_CACHE[key] = _hitting_table(hitting)
    return table


def _hitting_table(hitting: dict) -> tuple:
    blocked = (1, "a partially blocked punch", " lands a partially blocked punch (1)")
    table = [blocked] * 81
    for punch in PUNCHES:
        name = ARTICLE[punch]
        for key, points in (("three", 3), ("two", 2)):
            rng_ = hitting[punch][key]
            if rng_:
                entry = (points, name, f" lands {name} ({points})")
                for n in range(rng_[0], rng_[1] + 1):
                    table[n] = entry
    table[1] = blocked
    return tuple(table)


def card_rating(card: dict) -> float:
    """Overall strength on the Overall Rating scale (1-10).

    The printed Overall Rating is an integer that covers high, medium and low
    fighters; the card's fresh-side numbers place him within it (+-0.45)."""
    fresh = card["fresh"]
    key = (card["rating"], fresh["cf_b"], fresh["cf_s"], fresh["pl"][1], fresh["def"])
    value = _RATING_CACHE.get(key)
    if value is None:
        if len(_RATING_CACHE) > 4096:
            _RATING_CACHE.clear()
        value = _RATING_CACHE[key] = _card_rating(card)
    return value


_RATING_CACHE: dict = {}


def _card_rating(card: dict) -> float:
    fresh = card["fresh"]
    cf = (fresh["cf_b"] + fresh["cf_s"]) / 2
    quality = (
        (cf - expected_cf(card["rating"])) * 0.5
        + (fresh["pl"][1] - expected_pl(card["rating"])) * 0.12
        - fresh["def"] * 0.08
    )
    quality = max(-0.45, min(0.45, quality * 0.5))
    return round(max(1.0, min(10.0, card["rating"] + quality)), 2)


def expected_cf(rating: float) -> float:
    return 7 + (rating - 4) * 5 / 6


def expected_pl(rating: float) -> float:
    return 24 + rating * 1.2


def legacy_cpd(pm: list[int], cp: int) -> int:
    """Convert an old card's CP (a range at the START of Punches Missed) to the
    CPD form (the same number of values at the END): Frazier's PM 33-47 with CP
    37 (33-37, five numbers) becomes CPD 43 (43-47)."""
    width = cp - pm[0] + 1
    return pm[1] - width + 1


def landed_top(pl_top: int, opp_def: int) -> int:
    """The top of the Punches Landed range against an opponent's DEF."""
    return pl_top + opp_def


def counter_top(pl_top: int, cp: int) -> int:
    """The top of the counterpunch range: Punches Landed + CP (no DEF)."""
    return pl_top + cp
