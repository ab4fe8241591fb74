"""Storing derived rows: ratings and rating history, season standings, the
title's reigns and champion (each written only where it changed).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import Q

from core.bulk import insert_rows
from league import rankings, titles
from league.models import Division, Rating, RatingHistory, Reign, Season, Standing, Title
from league.services.common import CAMP, FIGHTER, competitor_fields, competitor_of


def ratings_of(division: Division, competitors) -> dict[tuple, Rating]:
    fighters = [pk for kind, pk in competitors if kind == FIGHTER]
    camps = [pk for kind, pk in competitors if kind == CAMP]
    return {
        competitor_of(r): r
        for r in Rating.objects.filter(division=division).filter(
            Q(fighter_id__in=fighters) | Q(camp_id__in=camps)
        )
    }


def store_rating_points(
    division: Division, points: Sequence[rankings.RatingPoint], existing: dict | None = None
) -> None:
    """Upsert the current Rating rows of ``points``' competitors (``existing``:
    their rows when the caller has read them already)."""
    wanted = {p.competitor: p for p in points}
    if existing is None:
        existing = ratings_of(division, wanted)
    changed, created = [], []
    for competitor, p in wanted.items():
        row = existing.get(competitor)
        values = {"mu": p.mu, "sigma": p.sigma, "ordinal": p.ordinal, "bouts": p.bouts}
        if row is None:
            created.append(Rating(division=division, **competitor_fields(competitor), **values))
        elif any(getattr(row, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(row, k, v)
            changed.append(row)
    if len(changed) <= 4:  # one bout: two rows, two plain UPDATEs
        for row in changed:
            Rating.objects.filter(pk=row.pk).update(
                mu=row.mu, sigma=row.sigma, ordinal=row.ordinal, bouts=row.bouts
            )
    elif changed:
        # A batch moves many ratings: replacing the rows (one DELETE, one COPY)
        # beats bulk_update's CASE per column. Nothing refers to a Rating row.
        Rating.objects.filter(pk__in=[row.pk for row in changed]).delete()
        for row in changed:
            row.pk = None
        created.extend(changed)
    if created:
        insert_rows(Rating, created)


def history_rows(division, entries) -> list[RatingHistory]:
    return [
        RatingHistory(
            division=division,
            bout_id=bout_id,
            date=date,
            mu=p.mu,
            sigma=p.sigma,
            ordinal=p.ordinal,
            **competitor_fields(p.competitor),
        )
        for bout_id, date, p in entries
    ]


STANDING_FIELDS = (
    "rank",
    "tied",
    "points",
    "bouts",
    "wins",
    "losses",
    "draws",
    "stoppage_wins",
    "stoppage_losses",
    "metrics",
)


def store_standings(season: Season, rows) -> None:
    """Rewrite the season's table when it changed (a recording usually moves
    several ranks: one DELETE and one INSERT beat a row-by-row update)."""
    stored = {competitor_of(s): s for s in Standing.objects.filter(season=season)}
    wanted = {r.competitor: {f: getattr(r, f) for f in STANDING_FIELDS} for r in rows}
    same = set(stored) == set(wanted) and all(
        getattr(stored[c], f) == v for c, values in wanted.items() for f, v in values.items()
    )
    if same:
        return
    Standing.objects.filter(season=season).delete()
    insert_rows(
        Standing,
        [Standing(season=season, **competitor_fields(c), **values) for c, values in wanted.items()],
    )


def title_for(division: Division) -> Title:
    title, _ = Title.objects.get_or_create(
        division=division, defaults={"name": f"{division.league.name} {division.name} title"}
    )
    return title


def reign_values(r) -> tuple:
    """What a reign is, to compare: a walked ``titles.Reign`` or a stored row
    (``Reign``, or ``RegionalReign``: a fighter's)."""
    if isinstance(r, titles.Reign):
        return (
            r.number,
            r.competitor,
            r.started_on,
            r.start_bout,
            r.ended_on,
            r.end_bout,
            r.end_reason,
            r.defences,
        )
    return (
        r.number,
        competitor_of(r),
        r.started_on,
        r.start_bout_id,
        r.ended_on,
        r.end_bout_id,
        r.end_reason,
        r.defences,
    )


def reign_row_fields(r: titles.Reign) -> dict:
    """A walked reign's columns shared by ``Reign`` and ``RegionalReign`` rows (the
    holder's columns differ: ``competitor_fields`` or a regional ``fighter_id``)."""
    return {
        "number": r.number,
        "started_on": r.started_on,
        "start_bout_id": r.start_bout,
        "ended_on": r.ended_on,
        "end_bout_id": r.end_bout,
        "end_reason": r.end_reason,
        "defences": r.defences,
    }


def store_reigns(division: Division, reigns: Sequence[titles.Reign]) -> None:
    title = title_for(division)
    stored = list(title.reigns.order_by("number"))
    if [reign_values(r) for r in stored] != [reign_values(r) for r in reigns]:
        title.reigns.all().delete()
        Reign.objects.bulk_create(
            [
                Reign(title=title, **reign_row_fields(r), **competitor_fields(r.competitor))
                for r in reigns
            ]
        )
    holder = titles.champion(reigns)
    fighter = holder[1] if holder and holder[0] == FIGHTER else None
    camp = holder[1] if holder and holder[0] == CAMP else None
    if (title.champion_id, title.champion_camp_id) != (fighter, camp):
        title.champion_id, title.champion_camp_id = fighter, camp
        title.save(update_fields=["champion", "champion_camp"])
