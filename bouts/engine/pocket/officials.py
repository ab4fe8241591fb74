"""Officials and corners for Pocket Boxing: validation and the defaults.

The beta rules know only the referee (who warns for dirty punches). Ringside's
vocabulary is used as RULES.md documents: the referee's foul tolerance shifts the
warning roll and his stoppage tendency the TKO line; the judges score rounds; the
corner's strategy skill sharpens the default policy. The doctor, the referee's
overall rating and the cut man have nothing to do in this game: accepted and ignored.
"""

from __future__ import annotations

from math import floor

from ..officials import validate_corners, validate_officials

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


# The default officials, made once and copied for each bout: the referee by name, and
# the three judges for each first name drawn (every third name of the pool from there).
DEFAULT_REFEREES = tuple({**DEFAULT_REFEREE, "name": name} for name in REFEREES)
JUDGE_TRIOS = tuple(
    tuple({**DEFAULT_JUDGE, "name": JUDGES[(first + 3 * i) % len(JUDGES)]} for i in range(3))
    for first in range(len(JUDGES))
)


def resolve_officials(officials, rng) -> tuple[dict, list[dict]]:
    """(referee, three judges), each with every setting filled in; names drawn from
    ``rng`` where missing. ``officials`` is checked by the engine's one validator
    (``officials.validate_officials``: unknown keys are refused)."""
    if officials is None:
        # no officials named: a default referee and three default judges, named from
        # ``rng`` (two draws: the referee, the first judge)
        referee = DEFAULT_REFEREES[floor(rng.random() * len(REFEREES))].copy()
        trio = JUDGE_TRIOS[floor(rng.random() * len(JUDGES))]
        return referee, [judge.copy() for judge in trio]
    validate_officials(officials)
    referee = {**DEFAULT_REFEREE, **(officials.get("referee") or {})}
    if "name" in referee:
        referee["name"] = referee["name"].strip()
    else:
        referee["name"] = REFEREES[floor(rng.random() * len(REFEREES))]
    judges_in = officials.get("judges") or [{}, {}, {}]
    pool = list(JUDGES)
    judges = []
    for j_in in judges_in:
        judge = {**DEFAULT_JUDGE, **j_in}
        if "name" in judge:
            judge["name"] = judge["name"].strip()
        else:
            judge["name"] = pool.pop(floor(rng.random() * len(pool)))
        judges.append(judge)
    return referee, judges  # the doctor has nothing to do in Pocket Boxing


def resolve_corners(corners) -> dict:
    """{"red": strategy, "blue": strategy} (the only corner skill the game uses)."""
    if corners is None or validate_corners(corners) is None:
        return {"red": "average", "blue": "average"}
    return {side: (corners.get(side) or {}).get("strategy", "average") for side in ("red", "blue")}
