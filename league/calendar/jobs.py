""" "Play until": starting, following, cancelling and resuming jobs that advance
a league (services; the runner fights them: ``league.calendar.runner``)."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Count, Q, Sum
from django.utils import timezone

from bouts.models import Bout, BoutStatus
from bouts.queueing import send
from core.scoping import may_commission
from league.calendar.clock import league_date_advance
from league.calendar.dates import long_date
from league.calendar.models import (
    ACTIVE,
    AdvanceJob,
    DivisionRun,
    FixtureStatus,
    JobStatus,
    JobTarget,
    SeasonFixture,
)
from league.models import ClockMode, League, Season, SeasonStatus, TournamentStatus

MAX_NIGHTS = 1000
MAX_SEASONS = 100


def stale_after() -> dt.timedelta:
    """How long a run may stay quiet (no night finished) before beat sends it
    again: ``PLAY_STALE_AFTER`` seconds (120)."""
    return dt.timedelta(seconds=int(getattr(settings, "PLAY_STALE_AFTER", 120)))


def job_start(
    *,
    league: League,
    target: str,
    nights: int | None = None,
    until: dt.date | None = None,
    seasons: int | None = None,
    user=None,
    check_permission: bool = True,
) -> AdvanceJob:
    """Advance ``league``: one run per division with a running season, each
    sent to a worker on commit (run here, eagerly). Through ``seasons``
    seasons (a league that auto-advances them), the season breaks' steps are
    taken between them (``season_break``), a break the league is in first.
    ``PermissionDenied`` unless staff or the league's commissioner;
    ``ValidationError`` for a target that makes no sense or a league already
    being advanced."""
    if check_permission and not may_commission(user, league.pk):
        raise PermissionDenied("Only staff or the league's commissioner advances its calendar.")
    errors = _target_errors(league, target, nights, until, seasons)
    if errors:
        raise ValidationError(errors)
    if target == JobTarget.SEASONS:
        _leave_break(league)
    if target == JobTarget.TOURNAMENT:
        totals = _tournament_bouts(league)
        if not totals:
            raise ValidationError(
                {"target": ["No tournament of this league has a fight night waiting."]}
            )
    else:
        divisions = list(
            Season.objects.filter(league=league, status=SeasonStatus.RUNNING)
            .order_by("division_id")
            .values_list("division_id", flat=True)
            .distinct()
        )
        if not divisions:
            raise ValidationError(
                {"target": ["No season is running in this league: schedule one first."]}
            )
        opens = _open_fixtures(divisions)
        totals = {pk: opens.get(pk, 0) for pk in divisions}
    job = AdvanceJob(
        league=league,
        requested_by=user if getattr(user, "is_authenticated", False) else None,
        target=target,
        nights=nights if target == JobTarget.NIGHTS else None,
        until=until if target == JobTarget.DATE else None,
        seasons=seasons if target == JobTarget.SEASONS else None,
    )
    job.full_clean(validate_constraints=False)
    try:
        with transaction.atomic():
            job.save()
            DivisionRun.objects.bulk_create(
                [
                    DivisionRun(job=job, division_id=pk, reached=league.date, bouts_total=total)
                    for pk, total in sorted(totals.items())
                ]
            )
            run_ids = list(job.runs.values_list("pk", flat=True))
            transaction.on_commit(lambda: _send(run_ids))
    except IntegrityError:
        raise ValidationError(
            {"target": ["This league is already being advanced: wait for it or cancel it."]}
        ) from None
    job.refresh_from_db()
    return job


def _leave_break(league: League) -> None:
    """A league between seasons starts its next one (every step of the break)."""
    from league.calendar.season_break import break_take_all, season_break  # imports jobs' users

    found = season_break(league)
    if found is not None:
        break_take_all(found)


def _target_errors(league, target, nights, until, seasons=None) -> dict:
    if target not in JobTarget.values:
        return {"target": [f"Choose one of: {', '.join(JobTarget.values)}."]}
    if target == JobTarget.SEASONS:
        if not league.auto_advance_seasons:
            return {
                "target": [
                    "This league stops at each season's end: turn on “auto-advance seasons” "
                    "in its settings to play through several."
                ]
            }
        if seasons is None or not 1 <= seasons <= MAX_SEASONS:
            return {"seasons": [f"Give a number of seasons from 1 to {MAX_SEASONS}."]}
    if target == JobTarget.NIGHTS and (nights is None or not 1 <= nights <= MAX_NIGHTS):
        return {"nights": [f"Give a number of nights from 1 to {MAX_NIGHTS}."]}
    if target == JobTarget.DATE:
        if until is None:
            return {"until": ["Give the league date to play until."]}
        if until <= league.date:
            return {"until": [f"Choose a date after the league's date ({long_date(league.date)})."]}
    if league.clock == ClockMode.REAL:
        return {
            "target": [
                "This league follows a real clock: its nights fire at their fight times. "
                "Set it to be advanced by its commissioner first."
            ]
        }
    return {}


def _tournament_bouts(league: League) -> dict[int, int]:
    """``{division id: bouts booked and not fought}`` of the league's running
    tournaments whose fight nights wait (later rounds are booked as they are made)."""
    rows = (
        Bout.objects.filter(
            event__tournament__league=league,
            event__tournament__status=TournamentStatus.RUNNING,
            event__fired_at__isnull=True,
            status=BoutStatus.SCHEDULED,
        )
        .values("event__tournament__division_id")
        .annotate(n=Count("id"))
        .order_by()
    )
    return {row["event__tournament__division_id"]: row["n"] for row in rows}


def _open_fixtures(divisions) -> dict[int, int]:
    rows = (
        SeasonFixture.objects.filter(
            season__division_id__in=divisions,
            season__status=SeasonStatus.RUNNING,
            status__in=(FixtureStatus.WAITING, FixtureStatus.BOOKED),
        )
        .values("season__division_id")
        .annotate(n=Sum(1))
    )
    return {row["season__division_id"]: row["n"] for row in rows}


def _send(run_ids: list[int]) -> None:
    # The tasks module imports the services: it is imported when first sent.
    from league.tasks import advance_division

    for pk in run_ids:
        send(advance_division, pk)


def job_cancel(*, job: AdvanceJob, user=None, check_permission: bool = True) -> AdvanceJob:
    """Ask a running job to stop after the night in hand (the nights fought
    stand). A job not started yet stops at once."""
    if check_permission and not may_commission(user, job.league_id):
        raise PermissionDenied("Only staff or the league's commissioner cancels its jobs.")
    if job.status not in ACTIVE:
        raise ValidationError({"status": ["This job has already ended."]})
    AdvanceJob.objects.filter(pk=job.pk).update(cancel_requested=True)
    DivisionRun.objects.filter(job=job, status=JobStatus.QUEUED).update(status=JobStatus.CANCELLED)
    job_finish(job.pk)
    job.refresh_from_db()
    return job


def jobs_resume_stale(*, now: dt.datetime | None = None) -> int:
    """Beat: send again the runs whose worker went quiet (died, or its message
    was lost). The runner's lock keeps a slow but living run the only one."""
    now = now or timezone.now()
    stale = DivisionRun.objects.filter(
        Q(heartbeat_at__lt=now - stale_after())
        | Q(heartbeat_at__isnull=True, job__created_at__lt=now - stale_after()),
        status__in=ACTIVE,
    )
    ids = list(stale.values_list("pk", flat=True))
    if ids:
        DivisionRun.objects.filter(pk__in=ids).update(heartbeat_at=now)
        _send(ids)
    return len(ids)


def job_progress(job: AdvanceJob) -> dict:
    """What a progress bar shows: nights and bouts fought, of how many known
    (from the job's runs: prefetched, no query per job in a list)."""
    runs = list(job.runs.all())
    done = sum(run.bouts_done for run in runs)
    total = sum(run.bouts_total for run in runs)
    percent = _percent(done, total)
    if job.target == JobTarget.SEASONS and job.seasons:
        # Seasons: the seasons over, and the share of the one being fought.
        percent = min(100, (100 * job.seasons_done + percent) // job.seasons)
    return {
        "nights": sum(run.nights_done for run in runs),
        "bouts_done": done,
        "bouts_total": total,
        "season": min(job.seasons_done + 1, job.seasons or 1),
        "seasons": job.seasons,
        "percent": 100 if job.status == JobStatus.DONE else percent,
    }


def job_finish(job_id: int) -> None:
    """Close the job once every run has ended: the league's date is the target
    date (a date target) or the last night fought."""
    with transaction.atomic():
        job = AdvanceJob.objects.select_for_update().get(pk=job_id)
        if job.status not in (JobStatus.QUEUED, JobStatus.RUNNING):
            return
        runs = list(job.runs.values_list("status", "error"))
        if any(status in (JobStatus.QUEUED, JobStatus.RUNNING) for status, _ in runs):
            return
        failed = [error for status, error in runs if status == JobStatus.FAILED]
        if failed:
            job.status, job.message = JobStatus.FAILED, failed[0][:500]
        elif job.cancel_requested:
            job.status, job.message = JobStatus.CANCELLED, "Cancelled: the nights fought stand."
        elif job.target == JobTarget.SEASONS and _next_season(job):
            return  # the next season's runs are on their way
        else:
            job.status = JobStatus.DONE
        if job.status == JobStatus.DONE and job.until is not None:
            league_date_advance(job.league_id, job.until)
        job.finished_at = timezone.now()
        job.save(update_fields=["status", "message", "finished_at"])


def _next_season(job: AdvanceJob) -> bool:
    """A season of a several-season job is over: count it; unless it was the
    last, take the season break's steps and send the runs again for the next
    season (each run's counters start again). False when the job is done."""
    from league.calendar.season_break import break_take_all, season_break

    job.seasons_done += 1
    job.save(update_fields=["seasons_done"])
    if job.seasons_done >= (job.seasons or 0):
        return False
    found = season_break(job.league)
    if found is None:
        return False
    break_take_all(found)
    divisions = list(
        Season.objects.filter(league=job.league, status=SeasonStatus.RUNNING).values_list(
            "division_id", flat=True
        )
    )
    if not divisions:
        return False
    totals = _open_fixtures(divisions)
    runs = {run.division_id: run for run in job.runs.all()}
    for division_id in divisions:
        run = runs.get(division_id) or DivisionRun(job=job, division_id=division_id)
        run.status, run.error = JobStatus.QUEUED, ""
        run.nights_done = run.bouts_done = 0
        run.bouts_total = totals.get(division_id, 0)
        run.reached = job.league.date
        run.save()
    run_ids = list(
        job.runs.filter(status=JobStatus.QUEUED).values_list("pk", flat=True).order_by("pk")
    )
    transaction.on_commit(lambda: _send(run_ids))
    return True


def _percent(done: int, total: int) -> int:
    return min(100, int(100 * done / total)) if total else 0
