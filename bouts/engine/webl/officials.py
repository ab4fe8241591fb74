"""Referee, judges, doctor and corners for WeBL: validation, defaults, and what each
input changes (RULES.md, "Officials and corners").

- referee.fouls: the chance that a dirty fighter is warned (the seed's 50% = normal).
- referee.overall: the chance of an unintentional foul / bad call (the seed's 1.5% =
  average).
- referee.stoppage: the endurance line for the TKO of step 11 (the seed's 0 = normal).
- doctor.caution: the injury-damage line for the doctor's stoppage (the seed's 7 =
  balanced) and whether a gash over an eye is stopped at once.
- judges: bias and close-round view (scoring.py); every judge counts with a small
  random error.
- corners.strategy: the default plan a corner writes when it sends none.
- corners.cut: no cut men in WeBL: accepted and ignored.
"""

from __future__ import annotations

from math import floor

from ..base import (
    CUT_SKILL,
    DOCTOR_CAUTION,
    JUDGE_BIAS,
    JUDGE_CLOSE_ROUND,
    REFEREE_FOULS,
    REFEREE_OVERALL,
    REFEREE_STOPPAGE,
    STRATEGY_SKILL,
    require_choice,
)
from ..errors import OptionError
from ..officials import validate_corners, validate_officials
from .scoring import bout_judges

REFEREES = ("Rocky Lacuna", "Joe Cortez Jr.", "Lia Brandt", "Sam Okoye", "Kenny Bayless II")
JUDGES = (
    "Harold Lederman Jr.",
    "Duane Ford II",
    "Jerry Roth",
    "Marta Fiore",
    "Burt Clements",
    "Lynne Carter",
    "Otis Blake",
    "Rita Chen",
    "Paul Novak",
)
DOCTORS = ("Dr. Margaret Goodman", "Dr. Flip Homansky", "Dr. Irene Kovac", "Dr. Raj Patel")

# Step 5: chance that a dirty fighter is warned (seed: 50%).
WARN_CHANCE = {"very_lenient": 0.30, "lenient": 0.40, "normal": 0.50, "strict": 0.60}
# Step 5: unintentional fouls and bad refereeing (seed: 1.5%).
UNINTENTIONAL = {
    "below_average": 0.020,
    "average": 0.015,
    "good": 0.0125,
    "very_good": 0.011,
    "excellent": 0.010,
}
# Step 11: TKO when endurance <= this share of starting endurance (seed: 0).
TKO_LINE = {"early": 0.05, "normal": 0.0, "late": -0.03, "very_late": -0.06}
# Doctor: (injury damage that stops a level 3-4 injury, gash over an eye stops at once).
# (the lines as floats, as injury damage is)
DOCTOR = {"cautious": (5.0, True), "balanced": (7.0, True), "permissive": (9.0, False)}

DEFAULT_REFEREE = {"fouls": "normal", "stoppage": "normal", "overall": "average"}
DEFAULT_JUDGE = {"bias": "none", "close_round": "even"}
DEFAULT_DOCTOR = {"caution": "balanced"}
DEFAULT_CORNER = {"cut": "average", "strategy": "average"}
_DEFAULT_CORNERS = {"red": dict(DEFAULT_CORNER), "blue": dict(DEFAULT_CORNER)}


def _name(value, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise OptionError(field, "must be a non-empty string")
    return value.strip()


def _dict(value, field: str) -> dict:
    if not isinstance(value, dict):
        raise OptionError(field, "must be an object")
    return value


def _draw(pool, random) -> str:
    """A name from ``pool``, drawn with the bout's ``random``."""
    return pool[floor(random() * len(pool))]


def _draw_judge(pool: list, random) -> str:
    """A judge's name, drawn from ``pool`` and taken out of it (no judge twice)."""
    return pool.pop(floor(random() * len(pool)))


def default_officials(random, home) -> tuple:
    """The default officials (``resolve_officials(None, rng)``) and the judges' views
    for the bout (``scoring.bout_judges(judges, random, home, champion)``, which draws
    next): ``(referee, judges, doctor, views)``. Three unbiased judges with the
    ``even`` view."""
    referee, judges, doctor = _defaults(random)
    return referee, judges, doctor, bout_judges(judges, random, home, None)


def _defaults(random) -> tuple:
    """Nothing given: every setting its default, every name drawn (``_officials``'
    draws, in its order: the referee, the judges, the doctor)."""
    pool = list(JUDGES)
    referee = {**DEFAULT_REFEREE, "name": _draw(REFEREES, random)}
    judges = [
        {**DEFAULT_JUDGE, "name": _draw_judge(pool, random)},
        {**DEFAULT_JUDGE, "name": _draw_judge(pool, random)},
        {**DEFAULT_JUDGE, "name": _draw_judge(pool, random)},
    ]
    doctor = {**DEFAULT_DOCTOR, "name": _draw(DOCTORS, random)}
    return referee, judges, doctor


def resolve_officials(officials, rng) -> tuple:
    """``(referee, judges, doctor)`` with every setting filled in; missing names drawn
    from ``rng``."""
    if officials is None:
        return _defaults(rng.random)
    officials = validate_officials(officials)  # the engine's one strict check
    resolved = _officials(officials, rng.random)
    unknown = sorted(k for k in officials if k not in ("referee", "judges", "doctor"))
    if unknown:
        raise OptionError(f"officials.{unknown[0]}", "unknown official (referee, judges, doctor)")
    return resolved


def _officials(given: dict, random) -> tuple:
    """The referee, the judges and the doctor from what is ``given`` of them (nothing:
    the defaults), each setting filled in, each missing name drawn in that order."""
    referee = _referee(given.get("referee"), random)
    judges = _judges(given.get("judges"), random)
    doctor = _doctor(given.get("doctor"), random)
    return referee, judges, doctor


def _referee(given, random) -> dict:
    given = _dict(given or {}, "officials.referee")
    referee = dict(DEFAULT_REFEREE)
    for key, allowed in (
        ("fouls", REFEREE_FOULS),
        ("stoppage", REFEREE_STOPPAGE),
        ("overall", REFEREE_OVERALL),
    ):
        if given.get(key) is not None:
            referee[key] = require_choice(given[key], allowed, f"officials.referee.{key}")
    name = given.get("name")
    if name is not None:
        referee["name"] = _name(name, "officials.referee.name")
    else:
        referee["name"] = _draw(REFEREES, random)
    return referee


def _judges(given, random) -> list:
    """Three judges; a name not given is drawn from those not drawn yet."""
    if given is None:
        given = [{}, {}, {}]
    elif not isinstance(given, list) or len(given) != 3:
        raise OptionError("officials.judges", "must be a list of three judges")
    pool = list(JUDGES)
    judges = []
    for i, judge_given in enumerate(given):
        judge_given = _dict(judge_given or {}, f"officials.judges[{i}]")
        judge = dict(DEFAULT_JUDGE)
        for key, allowed in (("bias", JUDGE_BIAS), ("close_round", JUDGE_CLOSE_ROUND)):
            if judge_given.get(key) is not None:
                field = f"officials.judges[{i}].{key}"
                judge[key] = require_choice(judge_given[key], allowed, field)
        name = judge_given.get("name")
        if name is not None:
            judge["name"] = _name(name, f"officials.judges[{i}].name")
        else:
            judge["name"] = _draw_judge(pool, random)
        judges.append(judge)
    return judges


def _doctor(given, random) -> dict:
    given = _dict(given or {}, "officials.doctor")
    doctor = dict(DEFAULT_DOCTOR)
    if given.get("caution") is not None:
        doctor["caution"] = require_choice(
            given["caution"], DOCTOR_CAUTION, "officials.doctor.caution"
        )
    name = given.get("name")
    if name is not None:
        doctor["name"] = _name(name, "officials.doctor.name")
    else:
        doctor["name"] = _draw(DOCTORS, random)
    return doctor


def resolve_corners(corners) -> dict:
    """``{"red": {...}, "blue": {...}}`` with cut and strategy filled in (None: the
    defaults, shared and read-only: the bout only reads a corner's strategy)."""
    if corners is None:
        return _DEFAULT_CORNERS
    corners = validate_corners(corners)  # the engine's one strict check
    unknown = sorted(k for k in corners if k not in ("red", "blue"))
    if unknown:
        raise OptionError(f"corners.{unknown[0]}", "corners are given per side: red, blue")
    out = {}
    for side in ("red", "blue"):
        c_in = _dict(corners.get(side) or {}, f"corners.{side}")
        corner = {"cut": "average", "strategy": "average"}
        for key, allowed in (("cut", CUT_SKILL), ("strategy", STRATEGY_SKILL)):
            if c_in.get(key) is not None:
                corner[key] = require_choice(c_in[key], allowed, f"corners.{side}.{key}")
        if c_in.get("name") is not None:
            corner["name"] = _name(c_in["name"], f"corners.{side}.name")
        out[side] = corner
    return out
