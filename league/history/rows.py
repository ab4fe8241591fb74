"""The awards' and the record book's plain rows, read from the database (the
bridge to the pure ``awards`` and ``records``). A fixed number of queries,
whatever the size of the season."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.db.models import Count, Q

from bouts.models import Bout, BoutStatus, JudgeScore, Knockdown
from league import rankings
from league.history.awards import AwardBout
from league.history.records import RecordBout, seconds_of
from league.models import League, RatingHistory, Season
from league.services.common import CAMP, FIGHTER
from league.services.rows import BoutRow

START_ORDINAL = rankings.ordinal(rankings.DEFAULT_MU, rankings.DEFAULT_SIGMA)


def year_seasons(league: League, number: int) -> list[Season]:
    """The seasons of one number across the league's divisions: a league season."""
    return list(
        Season.objects.filter(league=league, number=number)
        .select_related("division")
        .order_by("division__name", "id")
    )


def _completed_in(season_ids: list[int]):
    """The seasons' completed bouts (``SEASON_OF_BOUT`` spelt as two indexed
    conditions: a filter on the COALESCE itself would read every bout)."""
    return Bout.objects.filter(
        Q(season_fixture__season_id__in=season_ids)
        | Q(season_fixture__isnull=True, event__season_id__in=season_ids),
        status=BoutStatus.COMPLETED,
        result__isnull=False,
    )


def ratings_around(entries: Iterable[tuple[int, tuple, float]]) -> dict[tuple, tuple]:
    """``{(bout id, competitor): (rating before, rating after)}`` from a
    division's rating points in league order (``entries``: bout id,
    competitor, ordinal after the bout); the first bout starts from the
    model's starting rating."""
    last: dict[tuple, float] = {}
    out = {}
    for bout_id, competitor, value in entries:
        out[(bout_id, competitor)] = (last.get(competitor, START_ORDINAL), value)
        last[competitor] = value
    return out


def stored_ratings(division_ids: list[int], competitors: set[tuple]) -> dict[tuple, tuple]:
    """``ratings_around`` from the stored rating history (one query)."""
    fighters = sorted(pk for kind, pk in competitors if kind == FIGHTER)
    camps = sorted(pk for kind, pk in competitors if kind == CAMP)
    rows = RatingHistory.objects.filter(division_id__in=division_ids)
    rows = rows.filter(fighter_id__in=fighters) if fighters else rows.filter(camp_id__in=camps)
    rows = sorted(
        rows.values_list(
            "division_id",
            "bout__date",
            "bout__event_id",
            "bout__order",
            "bout_id",
            "fighter_id",
            "camp_id",
            "ordinal",
        ),
        key=lambda r: (r[0], r[1], r[2] or 0, r[3], r[4]),
    )
    out = {}
    by_division: dict[int, list] = defaultdict(list)
    for division_id, _d, _e, _o, bout_id, fighter_id, camp_id, ordinal in rows:
        competitor = (FIGHTER, fighter_id) if fighter_id is not None else (CAMP, camp_id)
        by_division[division_id].append((bout_id, competitor, ordinal))
    for entries in by_division.values():
        out.update(ratings_around(entries))
    return out


def award_bouts(seasons: list[Season], ratings: dict[tuple, tuple] | None = None) -> list:
    """The seasons' completed bouts as ``AwardBout``s, in league order.
    ``ratings``: ``ratings_around`` of their divisions (default: from the stored
    rating history; ``check_league`` passes a replay's)."""
    ids = [season.pk for season in seasons]
    if not ids:
        return []
    completed = _completed_in(ids)
    rows = list(
        completed.values(
            "id",
            "date",
            "event_id",
            "order",
            "division_id",
            "red_id",
            "blue_id",
            "red_camp_id",
            "blue_camp_id",
            "scheduled_rounds",
            "is_title_bout",
            "result__winner",
            "result__method",
            "result__round",
            "result__time",
            "red__camp__owner_id",
            "blue__camp__owner_id",
            "red_camp__owner_id",
            "blue_camp__owner_id",
        )
    )
    downs: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for bout_id, side, n in (
        Knockdown.objects.filter(bout__in=completed.values("pk"))
        .values_list("bout_id", "side")
        .annotate(n=Count("id"))
        .order_by()
    ):
        downs[bout_id][0 if side == "red" else 1] += n
    cards: dict[int, dict[int, list]] = defaultdict(lambda: defaultdict(list))
    for bout_id, judge, red, blue in (
        JudgeScore.objects.filter(bout__in=completed.values("pk"))
        .order_by("bout_id", "judge_index", "round")
        .values_list("bout_id", "judge_index", "red", "blue")
    ):
        cards[bout_id][judge].append((red, blue))
    sides = {}
    for row in rows:
        team = row["red_id"] is None
        sides[row["id"]] = (
            ((CAMP, row["red_camp_id"]), (CAMP, row["blue_camp_id"]))
            if team
            else ((FIGHTER, row["red_id"]), (FIGHTER, row["blue_id"]))
        )
    if ratings is None:
        competitors = {c for pair in sides.values() for c in pair}
        ratings = stored_ratings(sorted({r["division_id"] for r in rows}), competitors)
    out = []
    for row in rows:
        pk = row["id"]
        red, blue = sides[pk]
        team = red[0] == CAMP
        before_red, after_red = ratings.get((pk, red), (None, None))
        before_blue, after_blue = ratings.get((pk, blue), (None, None))
        out.append(
            AwardBout(
                id=pk,
                key=(row["date"], row["event_id"] or 0, row["order"], pk),
                date=row["date"],
                division_id=row["division_id"],
                red=red,
                blue=blue,
                winner=row["result__winner"] or None,
                method=row["result__method"],
                round=row["result__round"] or 0,
                seconds=seconds_of(row["result__time"]),
                scheduled_rounds=row["scheduled_rounds"],
                is_title=row["is_title_bout"],
                knockdowns=tuple(downs[pk]),
                cards=tuple(tuple(card) for _judge, card in sorted(cards[pk].items())),
                rating_before=(before_red, before_blue),
                rating_after=(after_red, after_blue),
                managers=(
                    row["red_camp__owner_id" if team else "red__camp__owner_id"],
                    row["blue_camp__owner_id" if team else "blue__camp__owner_id"],
                ),
            )
        )
    out.sort(key=lambda b: b.key)
    return out


def record_bouts(rows: list[BoutRow]) -> list[RecordBout]:
    """``BoutRow``s (league order) as ``RecordBout``s."""
    return [
        RecordBout(b.id, b.red, b.blue, b.winner, b.method, b.is_title, b.round, seconds_of(b.time))
        for b in rows
    ]
