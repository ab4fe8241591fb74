"""The weekly matchmaker's reasons in words (issue 33): the pure reasons
(``league.scheduling.weekly_reasons``) with the fighters' names written in, kept on
the week's event (``Event.matchmaking``) and shown on its page: for each pair the
rule that made it, and who sat out (or was left out) and why.

Two reads (the names, the region names); dates as people read them."""

from __future__ import annotations

import datetime as dt

from core.dates import long_date
from fighters.models import Fighter
from league.models import League, Region
from league.scheduling.weekly import Week
from league.scheduling.weekly_reasons import excluded_words, explain_week


def _words(parts, names: dict) -> str:
    out = []
    for part in parts:
        if isinstance(part, dict):
            out.append(names.get(part["fighter"], "a fighter"))
        else:
            out.append(part)
    return "".join(out)


def week_notes(
    league: League,
    entrants,
    week: Week,
    *,
    recent,
    excluded: dict[int, tuple[str, str]],
    regions=None,
    champion=None,
    seed: int = 0,
    contenders=None,
    regional_champions=None,
) -> dict:
    """``{"pairs": [{"red", "blue", "rule"}], "out": [{"fighter", "name", "why"}]}``
    (ids and words; JSON for the event row)."""
    region_names = {}
    if regions is not None and regions.region_of:
        region_names = dict(
            Region.objects.filter(pk__in=set(regions.region_of.values())).values_list("id", "name")
        )
    sat_out_on = {
        e.id: long_date(dt.date.fromordinal(e.sat_out_week))
        for e in entrants
        if e.sat_out_week is not None
    }
    reasons = explain_week(
        entrants,
        week,
        recent=recent,
        champion=champion,
        seed=seed,
        rematch_weeks=league.rematch_weeks,
        contenders=contenders,
        regional_champions=regional_champions,
        region_names=region_names,
        sat_out_on=sat_out_on,
    )
    ids = {e.id for e in entrants} | set(excluded)
    names = dict(Fighter.objects.filter(pk__in=ids).values_list("id", "name"))
    out = [
        {
            "fighter": item["fighter"],
            "name": names.get(item["fighter"], ""),
            "why": _words(item["why"], names),
        }
        for item in reasons["out"]
    ]
    out += [
        {"fighter": pk, "name": names.get(pk, ""), "why": _words(excluded_words(*why), names)}
        for pk, why in excluded.items()
    ]
    return {
        "pairs": [
            {"red": p["red"], "blue": p["blue"], "rule": _words(p["rule"], names)}
            for p in reasons["pairs"]
        ],
        "out": out,
    }
