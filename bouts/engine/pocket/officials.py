"""Officials and corners for Pocket Boxing: validation and the defaults.

The beta rules know only the referee (who warns for dirty punches). Ringside's
vocabulary is used as RULES.md documents: the referee's foul tolerance shifts the
warning roll and his stoppage tendency the TKO line; the judges score rounds; the
corner's strategy skill sharpens the default policy. The doctor, the referee's
overall rating and the cut man have nothing to do in this game: accepted and ignored.
"""

from __future__ import annotations

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

REFEREES = ("Mills Lane Jr.", "Rosa Ortega", "Tony Weeks III", "Dan Kelly", "Ana Ruiz")
JUDGES = (
    "C. J. Ross",
    "Glenn Feld",
    "Adalaide Byrd",
    "Max DeLuca",
    "Steve Weisfeld",
    "Julie Lederman",
    "Dave Moretti",
    "Pat Russell",
    "Ines Mora",
)

DEFAULT_REFEREE = {"fouls": "normal", "stoppage": "normal", "overall": "average"}
DEFAULT_JUDGE = {"bias": "none", "close_round": "even"}


def _name(value, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise OptionError(field, "must be a non-empty string")
    return value.strip()


def _dict(value, field: str) -> dict:
    if not isinstance(value, dict):
        raise OptionError(field, "must be an object")
    return value


def _default_officials(rng) -> tuple[dict, list[dict]]:
    """No officials given: a default referee and three default judges, named from
    ``rng`` (two draws)."""
    referee = {**DEFAULT_REFEREE, "name": REFEREES[int(rng.random() * len(REFEREES))]}
    first = int(rng.random() * len(JUDGES))
    judges = [{**DEFAULT_JUDGE, "name": JUDGES[(first + 3 * i) % len(JUDGES)]} for i in range(3)]
    return referee, judges


def resolve_officials(officials, rng) -> tuple[dict, list[dict]]:
    """(referee, three judges), each with every setting filled in; names drawn from
    ``rng`` where missing."""
    if officials is None:
        return _default_officials(rng)
    officials = _dict(officials, "officials") if officials is not None else {}
    ref_in = _dict(officials.get("referee") or {}, "officials.referee")
    referee = dict(DEFAULT_REFEREE)
    for key, allowed in (
        ("fouls", REFEREE_FOULS),
        ("stoppage", REFEREE_STOPPAGE),
        ("overall", REFEREE_OVERALL),
    ):
        if key in ref_in:
            referee[key] = require_choice(ref_in[key], allowed, f"officials.referee.{key}")
    if "name" in ref_in:
        referee["name"] = _name(ref_in["name"], "officials.referee.name")
    else:
        referee["name"] = REFEREES[int(rng.random() * len(REFEREES))]

    judges_in = officials.get("judges")
    if judges_in is None:
        judges_in = [{}, {}, {}]
    if not isinstance(judges_in, list) or len(judges_in) != 3:
        raise OptionError("officials.judges", "must be a list of three judges")
    pool = list(JUDGES)
    judges = []
    for i, j_in in enumerate(judges_in):
        j_in = _dict(j_in, f"officials.judges[{i}]")
        judge = dict(DEFAULT_JUDGE)
        for key, allowed in (("bias", JUDGE_BIAS), ("close_round", JUDGE_CLOSE_ROUND)):
            if key in j_in:
                judge[key] = require_choice(j_in[key], allowed, f"officials.judges[{i}].{key}")
        if "name" in j_in:
            judge["name"] = _name(j_in["name"], f"officials.judges[{i}].name")
        else:
            judge["name"] = pool.pop(int(rng.random() * len(pool)))
        judges.append(judge)
    doctor = officials.get("doctor")
    if doctor is not None:
        doctor = _dict(doctor, "officials.doctor")
        if "caution" in doctor:
            require_choice(doctor["caution"], DOCTOR_CAUTION, "officials.doctor.caution")
    return referee, judges


def resolve_corners(corners) -> dict:
    """{"red": strategy, "blue": strategy} (the only corner skill the game uses)."""
    if corners is None:
        return {"red": "average", "blue": "average"}
    corners = _dict(corners, "corners")
    unknown = sorted(k for k in corners if k not in ("red", "blue"))
    if unknown:
        raise OptionError(f"corners.{unknown[0]}", "corners are given per side: red, blue")
    out = {}
    for side in ("red", "blue"):
        corner = _dict(corners.get(side) or {}, f"corners.{side}")
        if "cut" in corner:
            require_choice(corner["cut"], CUT_SKILL, f"corners.{side}.cut")
        strategy = corner.get("strategy", "average")
        out[side] = require_choice(strategy, STRATEGY_SKILL, f"corners.{side}.strategy")
    return out
