"""The console's calendar: the league's date, its running seasons, and "play
until" (the next night, N nights, to a league date, to the end of the season)
with a live progress bar and a cancel button; closing a season early."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from core.words import counted
from league.calendar import jobs, season_break, seasons
from league.calendar.dates import long_date
from league.calendar.models import ACTIVE, AdvanceJob, JobStatus, JobTarget
from league.models import League, Season, SeasonStatus, Tournament, TournamentStatus
from league.services import membership

from ..submit import put_errors
from . import forms


def calendar_context(league) -> dict:
    """What the league's console page shows of its calendar (a few queries)."""
    running = list(
        Season.objects.filter(league=league, status=SeasonStatus.RUNNING)
        .select_related("division")
        .order_by("division__name")
    )
    progress = seasons.seasons_progress([season.pk for season in running])
    for season in running:
        season.progress = progress[season.pk]
    job = AdvanceJob.objects.filter(league=league).prefetch_related("runs").first()
    found = None if running else season_break.season_break(league)
    return {
        "tournaments_waiting": Tournament.objects.filter(
            league=league, status=TournamentStatus.RUNNING
        ).exists(),
        "season_break": found,
        "break_steps": found.steps() if found else [],
        "break_preview": (
            season_break.break_preview(found, found.next_step) if found and found.next_step else {}
        ),
        "running_seasons": running,
        "job": job,
        "job_active": job is not None and job.status in ACTIVE,
        "job_progress": jobs.job_progress(job) if job is not None else None,
        "play_form": forms.PlayForm(prefix="play"),
    }


def league_of(request, slug) -> League:
    league = get_object_or_404(League, slug=slug)
    membership.require_commissioner(request.user, league)
    return league


def _back(league):
    return redirect(f"/console/leagues/{league.slug}/#calendar")


@login_required
@require_POST
def league_play(request, slug):
    league = league_of(request, slug)
    form = forms.PlayForm(request.POST, prefix="play")
    if form.is_valid():
        data = form.cleaned_data
        target = data["target"]
        nights = 1 if target == forms.PlayForm.NEXT_NIGHT else data.get("nights")
        try:
            job = jobs.job_start(
                league=league,
                target=JobTarget.NIGHTS if target == forms.PlayForm.NEXT_NIGHT else target,
                nights=nights,
                until=data.get("until"),
                seasons=data.get("seasons"),
                user=request.user,
            )
        except ValidationError as error:
            put_errors(form, error)
        else:
            job.refresh_from_db()
            messages.success(request, _started(job))
            return _back(league)
    for message in [m for errors in form.errors.values() for m in errors]:
        messages.error(request, message)
    return _back(league)


def _started(job: AdvanceJob) -> str:
    progress = jobs.job_progress(job)
    if job.status == JobStatus.DONE:
        job.league.refresh_from_db(fields=["today"])
        return (
            f"Played {counted(progress['nights'], 'fight night')} "
            f"({counted(progress['bouts_done'], 'bout')}). The league's date is now "
            f"{long_date(job.league.date)}."
        )
    return "The league is being played: follow it below."


@login_required
@require_POST
def job_cancel(request, pk):
    job = get_object_or_404(AdvanceJob.objects.select_related("league"), pk=pk)
    membership.require_commissioner(request.user, job.league)
    try:
        jobs.job_cancel(job=job, user=request.user)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(request, "Stopping after the night in hand: the nights fought stand.")
    return _back(job.league)


@login_required
@require_POST
def season_close(request, pk):
    season = get_object_or_404(Season.objects.select_related("league"), pk=pk)
    membership.require_commissioner(request.user, season.league)
    form = forms.CloseSeasonForm(request.POST, prefix=f"close-{season.pk}")
    if form.is_valid():
        try:
            count = seasons.season_close(
                season=season, reason=form.cleaned_data["reason"], user=request.user
            )
        except ValidationError as error:
            for message in error.messages:
                messages.error(request, message)
        else:
            messages.success(
                request,
                f"{season.name} is closed: {counted(count, 'bout')} not fought "
                "are cancelled with your reason.",
            )
    else:
        messages.error(request, "Say why the season is closed.")
    return _back(season.league)


@login_required
@require_POST
def break_step(request, slug):
    """Take the season break's next step (its preview was on the page)."""
    league = league_of(request, slug)
    form = forms.BreakStepForm(request.POST)
    found = season_break.season_break(league)
    if found is None:
        messages.error(request, "The league is not between seasons.")
    elif not form.is_valid():
        messages.error(request, "Choose one of the season break's steps.")
    else:
        try:
            note = season_break.break_take(found, form.cleaned_data["step"], user=request.user)
        except ValidationError as error:
            for message in error.messages:
                messages.error(request, message)
        else:
            messages.success(request, note)
    return _back(league)
