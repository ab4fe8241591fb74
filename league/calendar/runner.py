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

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from bouts import signals
from bouts.models import Bout, BoutStatus
from bouts.queueing import send
from bouts.services import (
    BookingRun,
    bout_fail,
    bouts_claim,
    bouts_record_fought,
    bouts_run,
    fight_snapshots,
)
from core.locks import advisory_lock
from league.calendar.clock import league_date_advance
from league.calendar.jobs import job_finish
from league.calendar.models import (
    ACTIVE,
    AdvanceJob,
    DivisionRun,
    JobStatus,
    JobTarget,
)
from league.calendar.seasons import (
    fixtures_link,
    fixtures_settle,
    fixtures_settle_fought,
    season_book_night,
    season_close_if_done,
)
from league.calendar.state import SeasonState
from league.models import Event, ProjectionRequest, Season, SeasonStatus, TournamentStatus
from league.services import projector
from league.services.booking import Officials
from league.services.fight_nights import event_fire

DERIVE_EVERY_SECONDS = 1.0
# pg_try_advisory_lock(LOCK_SPACE, division id): one run fights a division at a time.
LOCK_SPACE = 0x4E494748  # "NIGH"

_local = threading.local()


def owns(division_id: int | None) -> bool:
    """Whether a run in this thread fights ``division_id``'s nights: it settles
    them, moves the league's date and derives the division itself."""
    return division_id in getattr(_local, "divisions", {})


def may_count_careers(division_id: int | None) -> bool:
    """False only for a division a run here fights in a league with no career game."""
    return getattr(_local, "divisions", {}).get(division_id, True)


@contextmanager
def _owning(division_id: int, career: bool):
    held = getattr(_local, "divisions", {})
    _local.divisions = {**held, division_id: career}
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
    try:
        with advisory_lock(LOCK_SPACE, run.division_id) as held:
            if not held:
                return run  # another worker fights this division now
            _run_locked(run)
    finally:
        # Outside the lock: finishing may start the division's next season,
        # whose run must be able to take it.
        if DivisionRun.objects.filter(pk=run.pk).exclude(status__in=ACTIVE).exists():
            job_finish(run.job_id)
    run.refresh_from_db()
    return run


def _run_locked(run: DivisionRun) -> None:
    run.status = JobStatus.RUNNING
    run.heartbeat_at = timezone.now()
    run.save(update_fields=["status", "heartbeat_at"])
    AdvanceJob.objects.filter(pk=run.job_id, status=JobStatus.QUEUED).update(
        status=JobStatus.RUNNING
    )
    with _owning(run.division_id, run.job.league.career_mode):
        try:
            _fight_leftovers(run)
            tournaments = run.job.target == JobTarget.TOURNAMENT
            status = _tournament_nights(run) if tournaments else _nights(run)
        except Exception as exc:
            DivisionRun.objects.filter(pk=run.pk).update(
                status=JobStatus.FAILED, error=f"{type(exc).__name__}: {exc}"[:500]
            )
            _derive(run.division_id)
            raise
        _derive(run.division_id)
    DivisionRun.objects.filter(pk=run.pk).update(status=status, heartbeat_at=timezone.now())


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
    officials = Officials()
    last_derive = time.monotonic()
    season = _running_season(run.division_id)
    try:
        while season is not None:
            status = _stretch(run, season, officials)
            _report(run)
            if status is not None:
                return status
            if AdvanceJob.objects.filter(pk=job.pk, cancel_requested=True).exists():
                return JobStatus.CANCELLED
            if time.monotonic() - last_derive >= DERIVE_EVERY_SECONDS:
                # Another worker process derives while this one fights on.
                _derive(run.division_id, elsewhere=True)
                last_derive = time.monotonic()
        return JobStatus.DONE
    finally:
        _report(run)


def _stretch(run: DivisionRun, season: Season, officials: Officials) -> str | None:
    """Fight the nights of about ``PLAY_STRETCH_SECONDS`` in one transaction: each
    night drawn from the season as the run keeps it in memory (``SeasonState``:
    the last night's suspensions counted without reading them back), booked,
    snapshotted and fought by the engine; then every bout of the stretch
    claimed and recorded as one batch and the fixtures settled. A crash leaves
    nothing of the stretch: a resumed run fights it again, the same. Returns
    DONE when the job's target or the season's end is reached, else None."""
    job = run.job
    after = run.reached or job.league.date
    started = time.monotonic()
    fought: list = []
    refused: list = []
    outcome: dict[int, str] = {}
    # One announcement of the stretch's bookings and results, not one a night.
    with transaction.atomic(), signals.gathered():
        state: SeasonState | None = None
        while True:
            if job.target == JobTarget.NIGHTS and run.nights_done >= job.nights:
                finished = True
                break
            night, state = _book_night(season, after, officials, job, state, fought)
            if night is None:
                finished = True
                break
            # Fought before they are written: refused ones are failed once they are.
            night_fought, night_refused = fight_snapshots(night.booked)
            for bout, result in night_fought:
                state.fought(bout, result)
            fought += night_fought
            refused += night_refused
            run.nights_done += 1
            run.reached = after = night.date
            if _stretch_over(job, started):
                finished = False
                break
        if state is not None:
            _write(state)
        for bout, reason in refused:
            bout_fail(bout_id=bout.pk, reason=reason)
            outcome[bout.pk] = BoutStatus.FAILED
        if fought:
            ids = [bout.pk for bout, _ in fought]
            claimed = {b.pk for b in bouts_claim(bout_ids=ids, with_inputs=False)}
            outcome.update(bouts_record_fought(fought=[p for p in fought if p[0].pk in claimed]))
        fixtures_settle_fought(season.pk, outcome)
        run.bouts_done += sum(1 for status in outcome.values() if status == BoutStatus.COMPLETED)
        if finished:
            season_close_if_done(season)
    return JobStatus.DONE if finished else None


def _book_night(season, after, officials, job, state, fought):
    """Book the season's next night from ``state`` (read now when None, the
    stretch's ``fought`` bouts, not yet recorded, counted in): ``(night or
    None, state)``. The state carries the stretch's ``BookingRun``."""
    for attempt in (1, 2):
        if state is None:
            state = _state(season, after, fought)
        try:
            night = season_book_night(
                season,
                after=after,
                officials=officials,
                queue=True,
                until=job.until,
                state=state,
                booking_run=state.booking_run,
            )
            return night, state
        except ValidationError:
            if attempt == 2:
                raise
            # Someone changed the season meanwhile (a fighter retired, say):
            # read it again (the stretch's nights so far written and linked
            # first: no longer waiting) and draw the night from what is true now.
            _write(state)
            state = None
    raise AssertionError("unreachable")


def _state(season: Season, after, fought) -> SeasonState:
    """The season as the stretch sees it, with its ``BookingRun`` primed
    with every fighter still waiting to fight."""
    on = max(season.start_date, after + dt.timedelta(days=1))
    state = SeasonState(season, on=on)
    for bout, result in fought:
        state.fought(bout, result)
    state.booking_run = BookingRun()
    state.booking_run.prime(state.conditions, season.league.ruleset, on)
    return state


def _write(state: SeasonState) -> None:
    """The nights booked from ``state`` written (``BookingRun.flush``) and their
    fixtures pointed at their bouts."""
    state.booking_run.flush()
    fixtures_link(state)


def _stretch_over(job: AdvanceJob, started: float) -> bool:
    """A stretch is one night in a career league (a recorded bout may change a
    card before the next night's snapshot: docs/career.md), else as many nights
    as fit in ``PLAY_STRETCH_SECONDS``."""
    return job.league.career_mode or time.monotonic() - started >= stretch_seconds()


def stretch_seconds() -> float:
    """How long a stretch of nights runs (``PLAY_STRETCH_SECONDS``, 0.5): long
    enough to spread the writes over many nights, short enough for a live
    progress bar and a prompt cancel."""
    return float(getattr(settings, "PLAY_STRETCH_SECONDS", 0.5))


def _tournament_nights(run: DivisionRun) -> str:
    """To the end of the division's running tournaments: fire their next fight
    night (the earliest not fired), fight and record it, and derive the
    division here, which advances the brackets and books their next nights."""
    while True:
        night = _next_tournament_night(run.division_id)
        if night is None:
            _derive(run.division_id)
            night = _next_tournament_night(run.division_id)
            if night is None:
                return JobStatus.DONE
        with transaction.atomic():
            fired = event_fire(event=night, send=False)
            outcome = bouts_run(bout_ids=[bout.pk for bout in fired.queued])
        _derive(run.division_id)  # the brackets advance: their next nights are booked
        run.nights_done += 1
        run.bouts_done += sum(1 for status in outcome.values() if status == BoutStatus.COMPLETED)
        run.reached = max(run.reached or night.date, night.date)
        _report(run)
        if AdvanceJob.objects.filter(pk=run.job_id, cancel_requested=True).exists():
            return JobStatus.CANCELLED


def _next_tournament_night(division_id: int) -> Event | None:
    return (
        Event.objects.filter(
            tournament__division_id=division_id,
            tournament__status=TournamentStatus.RUNNING,
            fired_at__isnull=True,
            bouts__status=BoutStatus.SCHEDULED,
        )
        .order_by("date", "id")
        .first()
    )


def _derive(division_id: int, *, elsewhere: bool = False) -> None:
    """Ask for the division's projector and run it here (``elsewhere``: as a
    task, on another worker process, while this run fights on; eagerly, here).
    The receivers leave the run's bouts no request of their own (one a night
    would be a commit a night): one request, naming the division's latest bout
    fought."""
    latest = (
        Bout.objects.filter(division_id=division_id, status=BoutStatus.COMPLETED)
        .order_by("-date", "-id")
        .values_list("pk", flat=True)
        .first()
    )
    if latest is not None:
        ProjectionRequest.objects.create(
            division_id=division_id, bout_id=latest, kind=ProjectionRequest.RECORDED
        )
    if elsewhere:
        transaction.on_commit(lambda: _send_derive(division_id))
    else:
        projector.division_project(division_id=division_id)


def _send_derive(division_id: int) -> None:
    # The tasks module imports this one: imported when first sent.
    from league.tasks import derive_division

    send(derive_division, division_id)


def _report(run: DivisionRun) -> None:
    """The run's progress, its heartbeat and the league's date: one night
    behind at most, written a few times a second rather than every night."""
    DivisionRun.objects.filter(pk=run.pk).update(
        nights_done=run.nights_done,
        bouts_done=run.bouts_done,
        reached=run.reached,
        heartbeat_at=timezone.now(),
    )
    if run.reached is not None:
        league_date_advance(run.job.league_id, run.reached)
