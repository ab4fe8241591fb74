"""The league projector: a division's ratings, standings, titles and brackets
derived from its completed bouts, incrementally, one run at a time per division.

How it runs (docs/pipeline.md has the whole flow):

- The receivers of ``bouts.signals`` (league.receivers) insert a
  ``ProjectionRequest`` per bout and ask for ``derive_division``. A division
  with requests is *pending*.
- ``division_project`` is single-flight per division: a PostgreSQL advisory lock
  (and an in-process guard, for eager runs that start one inside another). A
  second run returns at once; the first one, having released the lock, looks
  for requests again, so no request is left behind.
- A run takes, in one transaction, every completed bout past the watermark in
  league order (date, event, order, id) **up to the first bout still being
  fought** (queued or running for less than ``BOUTS_STALE_AFTER``): workers
  finish batches out of order, and waiting for the earlier batch keeps the
  usual case an append. It rates them on top of the stored ratings, appends the
  rating history, re-tables the seasons they belong to, re-walks the title
  lineage when the division has one, advances the brackets (the next matches
  scheduled and queued on commit), closes finished seasons, and moves the
  watermark. Statements per run are fixed; none reads the whole division.
- A bout voided, or completed behind the watermark (it was passed while stale),
  makes the run **replay** the division from scratch (``division_rebuild``):
  rare, and the result is the same function of the bout rows.

Derivation is a function of the bout rows in league order, never of the order
in which workers finish: ``check_league`` compares it with a from-scratch replay.
"""

from __future__ import annotations

import datetime as dt
import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Count
from django.utils import timezone

from bouts.models import IN_FLIGHT, Bout, BoutStatus
from core import read_cache
from core.bulk import insert_rows
from league import rankings
from league.calendar import seasons as calendar_seasons
from league.history.services import awards_refresh, awards_refresh_season
from league.history.storage import records_append
from league.models import (
    Award,
    Division,
    DivisionProjection,
    ProjectionRequest,
    RatingHistory,
    Season,
    SeasonStatus,
    Tournament,
    TournamentMatch,
    TournamentStatus,
)
from league.services.common import chronological_key
from league.services.derive import season_members, season_table
from league.services.lineage import lineage_bouts, title_lineage
from league.services.rebuild import division_rebuild
from league.services.rows import BoutRow, bout_rows, in_league_order, in_season
from league.services.storage import (
    history_rows,
    ratings_of,
    store_rating_points,
    store_reigns,
    store_standings,
)
from league.services.tournaments import (
    tournament_advance,
    tournament_unstall,
    tournament_walkovers_for_postponed,
)

logger = logging.getLogger(__name__)

# pg_try_advisory_lock(LOCK_SPACE, division id): a key space of our own.
LOCK_SPACE = 0x52494E47  # "RING"
_local = threading.local()


@dataclass
class Projection:
    """What one call of ``division_project`` did."""

    runs: int = 0
    derived: int = 0
    replayed: bool = False
    watermark: tuple | None = None


def _active() -> set[int]:
    if not hasattr(_local, "divisions"):
        _local.divisions = set()
    return _local.divisions


@contextmanager
def _single_flight(division_id: int) -> Iterator[bool]:
    active = _active()
    if division_id in active:
        yield False
        return
    locked = False
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", [LOCK_SPACE, division_id])
            locked = bool(cursor.fetchone()[0])
        if not locked:
            yield False
            return
    active.add(division_id)
    try:
        yield True
    finally:
        active.discard(division_id)
        if locked:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [LOCK_SPACE, division_id])


def division_pending(division_id: int) -> bool:
    return ProjectionRequest.objects.filter(division_id=division_id).exists()


def division_project(*, division_id: int) -> Projection | None:
    """Derive the division's pending bouts (see the module docstring). Returns
    ``None`` when another run holds the division (it will see the requests)."""
    report = None
    while True:
        with _single_flight(division_id) as acquired:
            if not acquired:
                return report
            report = report or Projection()
            while division_pending(division_id):
                with transaction.atomic():
                    _project_once(division_id, report)
        # A run refused while we held the lock left its requests: take them now.
        if not division_pending(division_id):
            return report


# --- one run ------------------------------------------------------------------------------


def _stale_cutoff():
    seconds = int(getattr(settings, "BOUTS_STALE_AFTER", 600))
    return timezone.now() - dt.timedelta(seconds=seconds)


def _project_once(division_id: int, report: Projection) -> None:
    requests = list(
        ProjectionRequest.objects.filter(division_id=division_id)
        .order_by("id")
        .values("id", "bout_id", "kind")
    )
    last_request = requests[-1]["id"] if requests else 0
    projection, _ = DivisionProjection.objects.get_or_create(division_id=division_id)
    division = Division.objects.select_related("league").get(pk=division_id)
    watermark = projection.watermark
    report.runs += 1

    # A replay: a bout voided after it was derived, or one that completed behind
    # the watermark without being derived (it was passed while stale). Derived
    # bouts are the ones with rating history.
    asked = {
        r["bout_id"]
        for r in requests
        if r["kind"] not in (ProjectionRequest.FAILED, ProjectionRequest.POSTPONED)
    }
    asked |= set(projection.skipped or ())
    keys = {
        row["id"]: (chronological_key(row), row["status"])
        for row in Bout.objects.filter(pk__in=sorted(asked), division_id=division_id).values(
            "id", "date", "event_id", "order", "status"
        )
    }
    still_skipped = [
        pk for pk in projection.skipped or () if keys.get(pk, (0, None))[1] in IN_FLIGHT
    ]
    behind = False
    if watermark is not None:
        candidates = [pk for pk, (key, _) in keys.items() if key <= watermark]
        derived = (
            set(
                RatingHistory.objects.filter(division_id=division_id, bout_id__in=candidates)
                .values_list("bout_id", flat=True)
                .distinct()
            )
            if candidates
            else set()
        )
        for pk in candidates:
            status = keys[pk][1]
            if (status == BoutStatus.COMPLETED and pk not in derived) or (
                status == BoutStatus.VOIDED and pk in derived
            ):
                behind = True
    if behind:
        division_rebuild(division=division)
        # A handed-out season's awards follow its bouts (a voided bout may have won one).
        awards_refresh(division)
        projection.skipped = []
        _watermark_to_latest(projection, division_id)
        report.replayed = True
        # What an append would have done for the bouts the replay took in.
        running = Tournament.objects.filter(division=division).exclude(
            status=TournamentStatus.COMPLETED
        )
        for tournament in running.select_related("league").order_by("pk"):
            tournament_advance(tournament=tournament, division=division)
        for season in Season.objects.filter(
            division=division, status=SeasonStatus.RUNNING
        ).select_related("league"):
            calendar_seasons.season_close_if_done(season)
    else:
        _append(division, projection, report, still_skipped)

    failed = [r["bout_id"] for r in requests if r["kind"] == ProjectionRequest.FAILED]
    if failed:
        _after_failures(division, failed)
    postponed = [r["bout_id"] for r in requests if r["kind"] == ProjectionRequest.POSTPONED]
    if postponed:
        _after_postponements(division, postponed)
    projection.derived_at = timezone.now()
    projection.save()
    report.watermark = projection.watermark
    ProjectionRequest.objects.filter(division_id=division_id, id__lte=last_request).delete()
    # Tables, ratings, titles and brackets were written in bulk: the public reads
    # showing them are built again once this commits (core.read_cache).
    read_cache.changed()


def division_mark_derived(division_id: int) -> None:
    """Record that every completed bout of the division is derived (after a
    rebuild outside the projector: an imported league, whose tables were just
    rebuilt from its bouts)."""
    projection, _ = DivisionProjection.objects.get_or_create(division_id=division_id)
    _watermark_to_latest(projection, division_id)
    projection.skipped = []
    projection.derived_at = timezone.now()
    projection.save()


def _watermark_to_latest(projection: DivisionProjection, division_id: int) -> None:
    completed = Bout.objects.filter(
        division_id=division_id, status=BoutStatus.COMPLETED, result__isnull=False
    )
    last = (
        completed.order_by("-date", "-event_id", "-order", "-id")
        .values("id", "date", "event_id", "order")
        .first()
    )
    _set_watermark(projection, chronological_key(last) if last else None)
    projection.derived_bouts = completed.count()


def _set_watermark(projection: DivisionProjection, key: tuple | None) -> None:
    if key is None:
        projection.watermark_date = None
        projection.watermark_event_id = projection.watermark_order = 0
        projection.watermark_bout_id = 0
        return
    (
        projection.watermark_date,
        projection.watermark_event_id,
        projection.watermark_order,
        projection.watermark_bout_id,
    ) = key


def _append(
    division: Division, projection: DivisionProjection, report: Projection, skipped: list[int]
) -> None:
    watermark = projection.watermark
    bouts = in_league_order(Bout.objects.filter(division_id=division.id), after=watermark)
    # The first bout still being fought (not stale) holds derivation back; stale
    # ones are passed and remembered (a replay follows if they finish).
    cutoff = _stale_cutoff()
    gate = None
    in_flight = (
        bouts.filter(status__in=IN_FLIGHT)
        .order_by("date", "ev", "order", "id")
        .values("id", "date", "event_id", "order", "status", "queued_at", "started_at")
    )
    passed = []
    for row in in_flight.iterator(chunk_size=200):
        moment = row["started_at"] if row["status"] == BoutStatus.RUNNING else row["queued_at"]
        if moment is None or moment >= cutoff:
            gate = chronological_key(row)
            break
        passed.append(row["id"])
    new = bouts.filter(status=BoutStatus.COMPLETED, result__isnull=False)
    if gate is not None:
        new = in_league_order(new, upto=gate).exclude(pk=gate[3])
    rows = bout_rows(new)
    projection.skipped = sorted(set(skipped) | set(passed))
    if not rows:
        return
    _rate(division, rows)
    records_append(division, rows)
    seasons = sorted({b.season_id for b in rows if b.season_id is not None})
    last = rows[-1]
    upto = (last.date, last.event_id or 0, last.order, last.id)
    late = set()
    for season in Season.objects.filter(pk__in=seasons).select_related("league"):
        if season.status == SeasonStatus.COMPLETED:
            late.add(season.number)
        store_standings(season, _season_rows(season, upto))
        calendar_seasons.season_close_if_done(season)
    _refresh_awards(division, late)
    lineage = lineage_bouts(division, upto)
    if lineage is not None:
        store_reigns(division, title_lineage(division=division, bouts=lineage, horizon=last.date))
    _advance_brackets(division, [b.id for b in rows])
    _set_watermark(projection, upto)
    projection.derived_bouts += len(rows)
    report.derived += len(rows)


def _refresh_awards(division: Division, numbers: set[int]) -> None:
    """A bout of a season already over (``numbers``: a bout fought after its
    season was closed) may change its handed-out awards: recomputed. Nothing is
    read while the seasons are running (awards are handed out at their end)."""
    if not numbers:
        return
    handed_out = sorted(
        set(
            Award.objects.filter(
                league_id=division.league_id, season_number__in=sorted(numbers)
            ).values_list("season_number", flat=True)
        )
    )
    for number in handed_out:
        awards_refresh_season(division.league, number)


def _rate(division: Division, rows: list[BoutRow]) -> None:
    competitors = {c for b in rows for c in (b.red, b.blue)}
    stored = ratings_of(division, competitors)
    book = rankings.RatingBook({c: (r.mu, r.sigma, r.bouts) for c, r in stored.items()})
    history = []
    for b in rows:
        history.extend((b.id, b.date, p) for p in book.apply(b.red, b.blue, b.winner))
    store_rating_points(division, [book.get(c) for c in competitors], stored)
    insert_rows(RatingHistory, history_rows(division, history))


def _season_rows(season: Season, upto: tuple):
    bouts = in_league_order(
        Bout.objects.filter(
            in_season(season.id), status=BoutStatus.COMPLETED, result__isnull=False
        ),
        upto=upto,
    )
    members = season_members([season.id])[season.id]
    return season_table(season=season, members=members, bouts=bout_rows(bouts))


def _advance_brackets(division: Division, bout_ids: list[int]) -> None:
    tournaments = {
        m.tournament_id: m.tournament
        for m in TournamentMatch.objects.filter(bout_id__in=bout_ids).select_related(
            "tournament", "tournament__league"
        )
    }
    for tournament in sorted(tournaments.values(), key=lambda t: t.pk):
        tournament_advance(tournament=tournament, division=division)


def _after_failures(division: Division, bout_ids: list[int]) -> None:
    """A bracket never stalls on a bout the pipeline gave up on (a walkover for
    the higher seed), and a season whose last bout failed closes."""
    matches = TournamentMatch.objects.filter(bout_id__in=bout_ids).select_related("tournament")
    for tournament in {m.tournament_id: m.tournament for m in matches}.values():
        tournament_unstall(tournament=tournament, division=division)
    calendar_seasons.fixtures_settle(
        Bout.objects.filter(pk__in=bout_ids, season_fixture__isnull=False).values_list(
            "season_fixture__season_id", flat=True
        )
    )


def _after_postponements(division: Division, bout_ids: list[int]) -> None:
    """A bracket bout postponed on its fight night is a walkover for the side
    that can fight only by the league's rule (``walkover_on_postponement``);
    else the match waits for the commissioner to re-book it. A season whose
    last bouts were postponed closes."""
    matches = TournamentMatch.objects.filter(bout_id__in=bout_ids).select_related(
        "tournament", "tournament__league"
    )
    for tournament in {m.tournament_id: m.tournament for m in matches}.values():
        if tournament.league.walkover_on_postponement:
            tournament_walkovers_for_postponed(tournament=tournament, division=division)
    calendar_seasons.fixtures_settle(
        Bout.objects.filter(pk__in=bout_ids, season_fixture__isnull=False).values_list(
            "season_fixture__season_id", flat=True
        )
    )


# --- what the pages and the API show --------------------------------------------------------


@dataclass(frozen=True)
class Derivation:
    """How far a division is derived: ``derived_through`` is the date of the last
    bout in its standings and rankings; ``up_to_date`` when nothing is pending."""

    derived_through: dt.date | None
    derived_bouts: int
    up_to_date: bool


def division_derivation(division_id: int) -> Derivation:
    projection = DivisionProjection.objects.filter(division_id=division_id).first()
    pending = division_pending(division_id)
    if projection is None:
        return Derivation(None, 0, not pending)
    return Derivation(projection.watermark_date, projection.derived_bouts, not pending)


def divisions_needing_derivation() -> list[int]:
    """Divisions with requests left (a run that died, a message lost), or whose
    completed bouts outnumber those derived (a receiver that never ran)."""
    wanted = set(ProjectionRequest.objects.values_list("division_id", flat=True).distinct())
    derived = dict(DivisionProjection.objects.values_list("division_id", "derived_bouts"))
    counts = (
        Bout.objects.filter(status=BoutStatus.COMPLETED, division__isnull=False)
        .values("division_id")
        .annotate(n=Count("id"))
        .values_list("division_id", "n")
    )
    wanted |= {division_id for division_id, n in counts if derived.get(division_id, 0) != n}
    return sorted(wanted)


def division_derived_through(division_id: int):
    """The date of the last bout derived in the division (one query), or None."""
    return (
        DivisionProjection.objects.filter(division_id=division_id)
        .values_list("watermark_date", flat=True)
        .first()
    )
