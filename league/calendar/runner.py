"""A division's part of a "play until" job, fought night after night in one
worker: draw the card, book it, fire it (plans locked, inputs snapshotted),
fight and record it, settle the fixtures — with no broker round trip between
nights — and derive the division (standings, ratings, titles) every second or
so and at the end, through the same services a real-clock night uses.

The division's projector runs here, not once a night in another task: the
receivers of the recorded bouts still leave their requests, but leave the
deriving to this loop while it owns the division (``owns``). A run that dies
leaves its nights as they were: beat's sweeper starts it again
(``league.calendar.jobs.jobs_resume_stale``), which first fights whatever was
fired and not yet fought, and never fights anything twice (a bout is claimed
and recorded once).
"""

from __future__ import annotations

import datetime as dt
import threading
import time
from contextlib import contextmanager

from django.db import transaction
from django.utils import timezone

from bouts.models import Bout, BoutStatus
from bouts.services import bouts_run
from bouts.services.firing import bouts_fire
from core.locks import advisory_lock
from league.calendar.clock import league_date_advance
from league.calendar.drawing import Fixture, first_drawable, night_dates
from league.calendar.fitness import fit_from
from league.calendar.jobs import job_finish
from league.calendar.models import (
    AdvanceJob,
    DivisionRun,
    FixtureStatus,
    JobStatus,
    JobTarget,
    SeasonFixture,
)
from league.calendar.seasons import fixtures_settle, season_book_night
from league.calendar.selectors import conditions_on
from league.models import Season, SeasonStatus
from league.services.booking import Officials
from league.services.common import FIGHTER
from league.services.projector import division_project

DERIVE_EVERY_SECONDS = 1.0
# pg_try_advisory_lock(LOCK_SPACE, division id): one run fights a division at a time.
LOCK_SPACE = 0x4E494748  # "NIGH"

_local = threading.local()


def owns(division_id: int | None) -> bool:
    """Whether a run in this thread derives ``division_id`` itself."""
    return division_id in getattr(_local, "divisions", ())


@contextmanager
def _owning(division_id: int):
    held = getattr(_local, "divisions", frozenset())
    _local.divisions = held | {division_id}
    try:
        yield
    finally:
        _local.divisions = held


def run_division(run_id: int) -> DivisionRun:
    """Fight ``run_id``'s nights until its job's target, a cancel or the end of
    the division's season. Returns the run as it ended."""
    run = DivisionRun.objects.select_related("job__league", "division").get(pk=run_id)
    if run.status not in (JobStatus.QUEUED, JobStatus.RUNNING):
        return run
    with advisory_lock(LOCK_SPACE, run.division_id) as held:
        if not held:
            return run  # another worker fights this division now
        return _run_locked(run)


def _run_locked(run: DivisionRun) -> DivisionRun:
    run.status = JobStatus.RUNNING
    run.heartbeat_at = timezone.now()
    run.save(update_fields=["status", "heartbeat_at"])
    AdvanceJob.objects.filter(pk=run.job_id, status=JobStatus.QUEUED).update(
        status=JobStatus.RUNNING
    )
    with _owning(run.division_id):
        try:
            _fight_leftovers(run)
            status = _nights(run)
        except Exception as exc:
            DivisionRun.objects.filter(pk=run.pk).update(
                status=JobStatus.FAILED, error=f"{type(exc).__name__}: {exc}"[:500]
            )
            division_project(division_id=run.division_id)
            job_finish(run.job_id)
            raise
        division_project(division_id=run.division_id)
    DivisionRun.objects.filter(pk=run.pk).update(status=status, heartbeat_at=timezone.now())
    job_finish(run.job_id)
    run.refresh_from_db()
    return run


def _fight_leftovers(run: DivisionRun) -> None:
    """A run that died between firing and recording left bouts queued: fight them."""
    season = _running_season(run.division_id)
    if season is None:
        return
    ids = list(
        Bout.objects.filter(
            season_fixture__season=season, status__in=(BoutStatus.QUEUED, BoutStatus.RUNNING)
        ).values_list("pk", flat=True)
    )
    if ids:
        bouts_run(bout_ids=ids)
    fixtures_settle([season.pk])


def _running_season(division_id: int) -> Season | None:
    return (
        Season.objects.filter(division_id=division_id, status=SeasonStatus.RUNNING)
        .select_related("league", "division")
        .order_by("number")
        .first()
    )


def _nights(run: DivisionRun) -> str:
    job = run.job
    league = job.league
    officials = Officials()
    last_derive = time.monotonic()
    after = run.reached or league.date
    while True:
        if AdvanceJob.objects.filter(pk=job.pk, cancel_requested=True).exists():
            return JobStatus.CANCELLED
        if job.target == JobTarget.NIGHTS and run.nights_done >= job.nights:
            return JobStatus.DONE
        season = _running_season(run.division_id)
        if season is None:
            return JobStatus.DONE
        date = next_night_date(season, after, league.days_between_events)
        if date is None or (job.until is not None and date > job.until):
            return JobStatus.DONE
        fought = _fight_night(season, date, officials)
        after = date
        run.nights_done += 1 if fought else 0
        run.bouts_done += fought
        run.reached = date
        DivisionRun.objects.filter(pk=run.pk).update(
            nights_done=run.nights_done,
            bouts_done=run.bouts_done,
            reached=date,
            heartbeat_at=timezone.now(),
        )
        league_date_advance(league.pk, date)
        if time.monotonic() - last_derive >= DERIVE_EVERY_SECONDS:
            division_project(division_id=run.division_id)
            last_derive = time.monotonic()


def _fight_night(season: Season, date: dt.date, officials: Officials) -> int:
    """Book, fire, fight and record ``season``'s night on ``date``: the bouts fought."""
    with transaction.atomic():
        event = season_book_night(season, date, officials=officials)
        if event is None:
            return 0
        ids = list(
            Bout.objects.filter(event=event, status=BoutStatus.SCHEDULED)
            .order_by("order", "id")
            .values_list("pk", flat=True)
        )
        fired = bouts_fire(bouts=ids, send=False)
        event.fired_at = event.fight_at = timezone.now()
        event.save(update_fields=["fired_at", "fight_at"])
    outcome = bouts_run(bout_ids=[b.pk for b in fired.queued]) if fired.queued else {}
    fixtures_settle([season.pk])
    return sum(1 for status in outcome.values() if status == BoutStatus.COMPLETED)


def next_night_date(season: Season, after: dt.date, every_days: int) -> dt.date | None:
    """The first night date after ``after`` on which the season has a bout to
    draw (jumping over nights nobody could fight); None when none is left."""
    rows = list(
        SeasonFixture.objects.filter(season=season, status=FixtureStatus.WAITING).values_list(
            "pk", "position", "red_id", "blue_id", "red_camp_id", "blue_camp_id"
        )
    )
    if not rows:
        return None
    first = next(night_dates(after, every_days))
    fighters = {pk for row in rows for pk in row[2:4] if pk is not None}
    if not fighters:
        return max(first, season.start_date)
    conditions = conditions_on(fighters, first, rest_days=season.league.rest_days)
    fixtures = [
        Fixture(pk, position, (FIGHTER, red), (FIGHTER, blue))
        for pk, position, red, blue, _, _ in rows
        if red is not None
    ]

    def fit_date(side):
        condition = conditions.get(side[1])
        return None if condition is None else fit_from(condition, rest_days=season.league.rest_days)

    ready = first_drawable(fixtures, fit_date)
    if ready is None:
        # Only fixtures that can never be fought (or team ones): the draw on the
        # first night cancels the former, and the season ends.
        return max(first, season.start_date) if not fixtures else first
    ready = max(ready, season.start_date)
    for date in night_dates(after, every_days):
        if date >= ready:
            return date
    return None
