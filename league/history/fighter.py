"""The fighter page's honours and form (league.fighter_page): his awards, title
reigns, ranking in each division (the champion marked apart), his status
(active, inactive, retired), his rating before and after each bout, the last
six results, and voided bouts listed as "NC (voided)". A fixed number of
queries, whatever the length of his career."""

from __future__ import annotations

import datetime as dt

from django.db.models import Q

from bouts.models import Bout, BoutStatus
from league.history.rows import START_ORDINAL
from league.history.selectors import fighter_awards
from league.models import Rating, Reign, Title

ACTIVE, INACTIVE, RETIRED = "active", "inactive", "retired"
STATUS_WORDS = {
    ACTIVE: "Active",
    INACTIVE: "Inactive",
    RETIRED: "Retired",
}
STRIP = 6


def fighter_status(fighter, last_bout_on: dt.date | None, leagues) -> tuple[str, str]:
    """``(status, words)``: retired (his retirement date), inactive (no bout
    within his league's inactivity limit, ``League.title_inactivity_days``, as
    of its date; or none yet), else active."""
    if not fighter.is_active:
        return RETIRED, "Retired"
    if last_bout_on is None:
        return INACTIVE, "Inactive: no bout yet"
    for league in leagues:
        if (league.date - last_bout_on).days <= league.title_inactivity_days:
            return ACTIVE, "Active"
    return INACTIVE, "Inactive: no bout for over a year" if leagues else "Inactive"


def fighter_rankings(fighter, divisions) -> list[dict]:
    """His place in each division's rankings (``division_rankings``' order: the
    champion apart, the contenders from #1). Two queries."""
    ids = [d.pk for d in divisions]
    if not ids:
        return []
    champions = {
        t.division_id: t.champion_id
        for t in Title.objects.filter(division_id__in=ids).only("division_id", "champion_id")
    }
    ratings: dict[int, list] = {}
    for division_id, fighter_id, ordinal in (
        Rating.objects.filter(division_id__in=ids, fighter__isnull=False)
        .exclude(fighter__is_active=False)
        .values_list("division_id", "fighter_id", "ordinal")
    ):
        ratings.setdefault(division_id, []).append((fighter_id, ordinal))
    out = []
    for division in divisions:
        rows = ratings.get(division.pk, [])
        if fighter.pk not in {f for f, _ in rows}:
            continue
        champion = champions.get(division.pk) == fighter.pk
        position = None
        if not champion:
            mine = next(o for f, o in rows if f == fighter.pk)
            ahead = [
                f
                for f, o in rows
                if f != champions.get(division.pk)
                and (-o, ("fighter", f)) < (-mine, ("fighter", fighter.pk))
            ]
            position = len(ahead) + 1
        out.append({"division": division, "champion": champion, "position": position})
    return out


def ratings_by_bout(rating_rows) -> dict[int, tuple[float, float]]:
    """``{bout id: (rating before, rating after)}`` from his rating history in
    league order (each division starts from the model's starting rating)."""
    last: dict[int, float] = {}
    out = {}
    for row in rating_rows:
        out[row.bout_id] = (last.get(row.division_id, START_ORDINAL), row.ordinal)
        last[row.division_id] = row.ordinal
    return out


def voided_rows(fighter) -> list[dict]:
    """His voided bouts as fight-history rows marked "NC (voided)" (one query)."""
    rows = []
    for bout in (
        Bout.objects.filter(Q(red_id=fighter.pk) | Q(blue_id=fighter.pk), status=BoutStatus.VOIDED)
        .select_related("red", "blue", "event", "result")
        .defer("inputs", "options", "plans", "result__engine_result")
    ):
        red = bout.red_id == fighter.pk
        opponent = bout.blue if red else bout.red
        result = getattr(bout, "result", None)
        rows.append(
            {
                "bout_id": bout.pk,
                "date": bout.date,
                "event": bout.event.name if bout.event_id else "",
                "event_id": bout.event_id,
                "order": bout.order,
                "opponent": opponent.name if opponent else "",
                "opponent_id": opponent.pk if opponent else None,
                "opponent_is_camp": False,
                "result": "NC",
                "voided": True,
                "void_reason": bout.void_reason,
                "method": result.method if result else "",
                "round": result.round if result else "",
                "time": result.time if result else "",
                "scheduled_rounds": bout.scheduled_rounds,
                "title": bout.is_title_bout,
                "judges": [],
            }
        )
    return rows


def with_voided(history: list[dict], voided: list[dict]) -> list[dict]:
    """The fight history (newest first) with the voided bouts in their places;
    a voided bout's Record column repeats the record he had (it counts for nothing)."""
    if not voided:
        return history
    oldest_first = sorted(
        [*history, *voided],
        key=lambda r: (r["date"], r.get("event_id") or 0, r.get("order", 0), r["bout_id"]),
    )
    record = "0-0-0"
    for row in oldest_first:
        if row.get("voided"):
            row["record"] = record
        else:
            record = row.get("record", record)
    return list(reversed(oldest_first))


def fighter_honours(fighter, *, divisions, history, rating_rows, last_bout_on) -> dict:
    """The context the fighter page's honours partial and history table read."""
    leagues = list({d.league_id: d.league for d in divisions}.values())
    status, status_words = fighter_status(fighter, last_bout_on, leagues)
    rankings = fighter_rankings(fighter, divisions)
    history = with_voided(history, voided_rows(fighter))
    around = ratings_by_bout(rating_rows)
    for row in history:
        row["rating_before"], row["rating_after"] = around.get(row["bout_id"], (None, None))
    return {
        "history": history,
        "awards": list(fighter_awards(fighter.pk)),
        "reigns": list(
            Reign.objects.filter(fighter=fighter)
            .select_related("title__division__league")
            .order_by("-started_on", "-id")
        ),
        "fighter_rankings": rankings,
        "is_champion": any(r["champion"] for r in rankings),
        "status": status,
        "status_words": status_words,
        "strip": history[:STRIP],
    }
