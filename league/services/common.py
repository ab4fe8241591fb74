"""Competitor keys, seeds and small helpers shared by the league's writes."""

from __future__ import annotations

import hashlib
import hmac

from django.conf import settings

from bouts.engine import get_ruleset
from bouts.engine.errors import EngineError
from league.models import Division

SEED_LIMIT = 2**31


# A competitor is ("fighter", id) in one-on-one divisions and ("camp", id) in team
# divisions, so the pure modules can take them as plain hashable keys.
FIGHTER, CAMP = "fighter", "camp"


def derive_seed(*parts) -> int:
    """A bout seed from stable parts (names, numbers): the same league scheduled
    again on this site gets the same seeds. Keyed by the site's secret: the parts
    are public (a league's slug, an event's id), and a seed anyone could work out
    would tell a bout's result before it is fought (the engine is deterministic;
    issue 30). The seed itself is shown only once the bout is fought."""
    message = "/".join(str(p) for p in parts).encode()
    digest = hmac.new(settings.SECRET_KEY.encode(), message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") % SEED_LIMIT


def ruleset_is_team(ruleset: str) -> bool:
    try:
        return get_ruleset(ruleset).team
    except EngineError:
        return False


def competitor_fields(competitor) -> dict:
    kind, pk = competitor
    return {"fighter_id": pk} if kind == FIGHTER else {"camp_id": pk}


def competitor_of(row) -> tuple:
    """The competitor a derived row (Standing, Rating, ...) belongs to."""
    return (FIGHTER, row.fighter_id) if row.fighter_id is not None else (CAMP, row.camp_id)


def chronological_key(row: dict) -> tuple:
    return (row["date"], row["event_id"] or 0, row["order"], row["id"])


def division_members(division: Division, team: bool) -> list[tuple]:
    if team:
        ids = division.camps.order_by("id").values_list("id", flat=True)
        return [(CAMP, pk) for pk in ids]
    ids = division.fighters.order_by("id").values_list("id", flat=True)
    return [(FIGHTER, pk) for pk in ids]


def division_is_team(division: Division) -> bool:
    return ruleset_is_team(division.league.ruleset)
