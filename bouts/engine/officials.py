"""One validator for officials and corners, used by every ruleset.

The league sends every ruleset the same shapes (``bouts/inputs.py``)::

    officials: {"referee": {"name", "fouls", "stoppage", "overall"},
                "judges": [{"name", "bias", "close_round"} x 3],
                "doctor": {"name", "caution"}}
    corners:   {"red": {"name", "cut", "strategy"}, "blue": {...}}

Every part is optional: a ruleset draws what is missing from the bout's rng, and a
ruleset without referees or corner men ignores them. The check is strict and the
same for all rulesets, so a bad input fails the same way whichever ruleset fights
the bout:

- an unknown key at any level is refused (a misspelt ``"stopage"`` would otherwise
  be ignored in silence and the default used);
- a key that is present must hold a valid value (``null`` is not a value);
- ``null`` for the whole input, or for one official or one corner, means "not
  assigned", exactly as leaving it out.

Each ruleset calls ``validate_officials``/``validate_corners`` first (through
``Ruleset.validate_officials``/``validate_corners`` or directly in its resolver) and
then fills in its own defaults.
"""

from __future__ import annotations

from .errors import OptionError

# The officials' and corners' vocabulary shared by all rulesets (Title Bout's words,
# which the database stores as choices).
REFEREE_FOULS = ("very_lenient", "lenient", "normal", "strict")
REFEREE_STOPPAGE = ("early", "normal", "late", "very_late")
REFEREE_OVERALL = ("below_average", "average", "good", "very_good", "excellent")
DOCTOR_CAUTION = ("cautious", "balanced", "permissive")
JUDGE_BIAS = ("none", "hometown", "champion", "slugger", "boxer")
JUDGE_CLOSE_ROUND = ("even", "aggressor", "counterpuncher", "home")
CUT_SKILL = ("poor", "average", "good", "very_good", "excellent")
STRATEGY_SKILL = ("poor", "average", "good", "excellent")

NAME_MAX = 120  # the database's name columns
JUDGES = 3
NAME = None  # a field that holds a name rather than a choice

OFFICIALS = ("referee", "judges", "doctor")
REFEREE_FIELDS = {
    "name": NAME,
    "fouls": REFEREE_FOULS,
    "stoppage": REFEREE_STOPPAGE,
    "overall": REFEREE_OVERALL,
}
JUDGE_FIELDS = {"name": NAME, "bias": JUDGE_BIAS, "close_round": JUDGE_CLOSE_ROUND}
DOCTOR_FIELDS = {"name": NAME, "caution": DOCTOR_CAUTION}
CORNER_SIDES = ("red", "blue")
CORNER_FIELDS = {"name": NAME, "cut": CUT_SKILL, "strategy": STRATEGY_SKILL}


def _object(value, field: str) -> dict:
    if not isinstance(value, dict):
        raise OptionError(field, "must be an object")
    return value


def _person(value, fields: dict, field: str) -> None:
    """One official or corner man: known keys only, each with a valid value."""
    _object(value, field)
    for key, item in value.items():
        allowed = fields.get(key, False)
        if allowed is False:
            raise OptionError(f"{field}.{key}", f"unknown field (known: {', '.join(fields)})")
        if allowed is NAME:
            if not isinstance(item, str) or not item.strip():
                raise OptionError(f"{field}.{key}", "must be a non-empty string")
            if len(item) > NAME_MAX:
                raise OptionError(f"{field}.{key}", f"must be at most {NAME_MAX} characters")
        elif not isinstance(item, str) or item not in allowed:
            raise OptionError(
                f"{field}.{key}", f"must be one of {', '.join(allowed)} (got {item!r})"
            )


def validate_officials(officials):
    """Raise ``OptionError`` naming the field if ``officials`` is not a valid
    officials input; return it unchanged (``None`` stays ``None``)."""
    if officials is None:
        return None
    _object(officials, "officials")
    for key in officials:
        if key not in OFFICIALS:
            raise OptionError(
                f"officials.{key}", f"unknown official (known: {', '.join(OFFICIALS)})"
            )
    referee = officials.get("referee")
    if referee is not None:
        _person(referee, REFEREE_FIELDS, "officials.referee")
    judges = officials.get("judges")
    if judges is not None:
        if not isinstance(judges, list) or len(judges) != JUDGES:
            raise OptionError("officials.judges", "must be a list of three judges")
        for i, judge in enumerate(judges):
            _person(judge, JUDGE_FIELDS, f"officials.judges[{i}]")
    doctor = officials.get("doctor")
    if doctor is not None:
        _person(doctor, DOCTOR_FIELDS, "officials.doctor")
    return officials


def validate_corners(corners):
    """Raise ``OptionError`` naming the field if ``corners`` is not a valid corners
    input; return it unchanged (``None`` stays ``None``)."""
    if corners is None:
        return None
    _object(corners, "corners")
    for key in corners:
        if key not in CORNER_SIDES:
            raise OptionError(f"corners.{key}", "corners are given per side: red, blue")
    for side in CORNER_SIDES:
        corner = corners.get(side)
        if corner is not None:
            _person(corner, CORNER_FIELDS, f"corners.{side}")
    return corners
