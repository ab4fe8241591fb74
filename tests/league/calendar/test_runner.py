"""Play until (league.calendar.runner and jobs): a season fought night after
night in the worker, each card drawn from who is fit; the same as firing the
nights one by one; crash-safe and cancellable."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.test import TestCase
from django.utils import timezone

from bouts.models import Bout, BoutStatus, MedicalSuspension, Result
from league.calendar import jobs, runner
from league.calendar.models import AdvanceJob, FixtureStatus, JobStatus, JobTarget
from league.calendar.seasons import season_book_night
from league.models import ClockMode, Event, League, SeasonStatus
from league.services.fight_nights import events_fire_due

from ..conftest import make_league
from .seasons import played, season_to_play

pytestmark = pytest.mark.django_db


def play(league, target=JobTarget.SEASON, **kwargs) -> AdvanceJob:
    with TestCase.captureOnCommitCallbacks(execute=True):
        job = jobs.job_start(league=league, target=target, check_permission=False, **kwargs)
    job.refresh_from_db()
    return job


def test_a_season_played_to_its_end_fights_every_fixture_with_both_fighters_fit(ruleset):
    league, _division, season = season_to_play(ruleset, 8)
    job = play(league)
    assert job.status == JobStatus.DONE, job.message
    season.refresh_from_db()
    assert season.status == SeasonStatus.COMPLETED
    fixtures = list(season.fixtures.select_related("bout"))
    assert len(fixtures) == 28
    assert {f.status for f in fixtures} == {FixtureStatus.FOUGHT}
    bouts = list(Bout.objects.filter(season_fixture__season=season))
    assert all(b.status == BoutStatus.COMPLETED for b in bouts)
    for bout in bouts:
        earlier = MedicalSuspension.objects.filter(
            fighter_id__in=(bout.red_id, bout.blue_id),
            starts_on__lte=bout.date,
            ends_on__gte=bout.date,
            bout__date__lt=bout.date,
        )
        assert not earlier.exists(), f"{bout} was fought by a suspended fighter"
    nights = {}
    for bout in bouts:
        for fighter in (bout.red_id, bout.blue_id):
            assert (fighter, bout.date) not in nights, "two bouts of one fighter on a night"
            nights[(fighter, bout.date)] = bout
    # The table counts every bout; no night is a make-up night; the league's date moved.
    assert sum(s.bouts for s in season.standings.all()) == 2 * 28
    assert Event.objects.filter(season=season).count() == job.runs.get().nights_done
    league.refresh_from_db()
    assert league.today == max(b.date for b in bouts)


def test_suspensions_make_the_season_longer_than_its_round_robin(ruleset):
    league, _division, season = season_to_play(ruleset, 8)
    play(league)
    suspended = MedicalSuspension.objects.filter(bout__season_fixture__season=season)
    nights = Event.objects.filter(season=season).count()
    assert nights >= 7
    if suspended.exists():
        assert nights > 7 or suspended.filter(ends_on__lt=dt.date.max).count() == 0


def test_a_season_played_in_one_job_equals_its_nights_fired_one_by_one(ruleset):
    league, _division, season = season_to_play(ruleset, 6)
    on_commit = TestCase.captureOnCommitCallbacks
    with transaction_savepoint() as rollback:
        play(league)
        in_one_job = played(season)
        rollback()
    # The same season on a real clock: each night booked when the one before is
    # done and fired by beat's "fire due events" when its time comes.
    League.objects.filter(pk=league.pk).update(clock=ClockMode.REAL)
    league.refresh_from_db()
    first = season.start_date
    with on_commit(execute=True):
        season_book_night(season, first, fight_at=timezone.now())
    for _ in range(200):
        due = Event.objects.filter(season=season, fired_at__isnull=True)
        if not due.exists():
            break
        due.update(fight_at=timezone.now() - dt.timedelta(seconds=1))
        with on_commit(execute=True):
            events_fire_due()
    by_nights = played(season)
    assert by_nights == in_one_job
    assert in_one_job["status"] == SeasonStatus.COMPLETED


class transaction_savepoint:
    """Run a block, then roll the database back to before it."""

    def __enter__(self):
        from django.db import transaction

        self._transaction = transaction
        self.sid = transaction.savepoint()
        return lambda: transaction.savepoint_rollback(self.sid)

    def __exit__(self, *exc):
        return False


def test_a_nights_target_fights_that_many_nights_and_moves_the_league_date(ruleset):
    league, _division, season = season_to_play(ruleset, 8)
    job = play(league, JobTarget.NIGHTS, nights=2)
    run = job.runs.get()
    assert job.status == JobStatus.DONE
    assert run.nights_done == 2
    assert Event.objects.filter(season=season).count() == 2
    league.refresh_from_db()
    assert league.today == run.reached
    assert season.fixtures.filter(status=FixtureStatus.FOUGHT).count() == run.bouts_done


def test_a_date_target_stops_at_that_league_date(ruleset):
    league, _division, season = season_to_play(ruleset, 8)
    until = league.start_date + dt.timedelta(days=21)
    job = play(league, JobTarget.DATE, until=until)
    assert job.status == JobStatus.DONE
    assert not Event.objects.filter(season=season, date__gt=until).exists()
    assert Event.objects.filter(season=season).count() >= 1
    league.refresh_from_db()
    assert league.today == until


def test_a_cancelled_job_stops_after_the_stretch_of_nights_in_hand(ruleset, monkeypatch, settings):
    league, _division, season = season_to_play(ruleset, 8)
    fight = runner.fight_snapshots

    def then_cancel(*args, **kwargs):
        fought = fight(*args, **kwargs)
        AdvanceJob.objects.update(cancel_requested=True)
        return fought

    monkeypatch.setattr(runner, "fight_snapshots", then_cancel)
    settings.PLAY_STRETCH_SECONDS = 0  # a stretch of one night
    job = play(league)
    assert job.status == JobStatus.CANCELLED
    assert job.runs.get().nights_done == 1
    season.refresh_from_db()
    assert season.status == SeasonStatus.RUNNING


def test_a_run_that_died_after_firing_resumes_and_fights_nothing_twice(ruleset):
    league, _division, season = season_to_play(ruleset, 6)
    # A job whose message was never sent (its worker died before taking it) ...
    job = jobs.job_start(league=league, target=JobTarget.SEASON, check_permission=False)
    # ... after a night was drawn and fired but not fought.
    from bouts.services.firing import bouts_fire

    night = season_book_night(season, season.start_date)
    bouts_fire(bouts=list(night.bouts.values_list("pk", flat=True)), send=False)
    assert night.bouts.filter(status=BoutStatus.QUEUED).count() == 3
    later = timezone.now() + jobs.stale_after() * 2
    with TestCase.captureOnCommitCallbacks(execute=True):
        assert jobs.jobs_resume_stale(now=later) == 1
    job.refresh_from_db()
    assert job.status == JobStatus.DONE, job.message
    season.refresh_from_db()
    assert season.status == SeasonStatus.COMPLETED
    bouts = Bout.objects.filter(season_fixture__season=season)
    assert bouts.count() == 15 == Result.objects.filter(bout__in=bouts).count()
    assert bouts.filter(event=night, status=BoutStatus.COMPLETED).count() == 3


def test_one_job_at_a_time_per_league(ruleset):
    league, _division, _season = season_to_play(ruleset, 6)
    jobs.job_start(league=league, target=JobTarget.SEASON, check_permission=False)
    with pytest.raises(ValidationError, match="already being advanced"):
        jobs.job_start(league=league, target=JobTarget.SEASON, check_permission=False)


def test_a_target_that_makes_no_sense_is_refused_with_a_reason(ruleset):
    league, _division, _season = season_to_play(ruleset, 4)
    with pytest.raises(ValidationError) as nights:
        jobs.job_start(league=league, target=JobTarget.NIGHTS, check_permission=False)
    assert "nights" in nights.value.message_dict
    with pytest.raises(ValidationError) as past:
        jobs.job_start(
            league=league, target=JobTarget.DATE, until=league.date, check_permission=False
        )
    assert "until" in past.value.message_dict
    League.objects.filter(pk=league.pk).update(clock=ClockMode.REAL)
    league.refresh_from_db()
    with pytest.raises(ValidationError, match="real clock"):
        jobs.job_start(league=league, target=JobTarget.SEASON, check_permission=False)


def test_a_tournament_is_played_to_its_end_night_by_night(ruleset):
    from league.models import Tournament, TournamentStatus
    from league.services.tournaments import tournament_create

    league, division = make_league(ruleset, 8, days_between_events=7)
    with TestCase.captureOnCommitCallbacks(execute=True):
        cup = tournament_create(division=division, size=8, queue=False, seed=2)
    assert not Bout.objects.filter(status=BoutStatus.COMPLETED).exists()
    job = play(league, JobTarget.TOURNAMENT)
    assert job.status == JobStatus.DONE, job.message
    cup = Tournament.objects.get(pk=cup.pk)
    assert cup.status == TournamentStatus.COMPLETED
    assert cup.champion_id is not None
    run = job.runs.get()
    assert run.nights_done == Event.objects.filter(tournament=cup).count() >= 3
    assert run.bouts_done == Bout.objects.filter(event__tournament=cup, status="completed").count()
    league.refresh_from_db()
    assert league.today == Event.objects.filter(tournament=cup).latest("date").date


def test_no_tournament_waiting_is_a_clear_refusal(ruleset):
    league, _division, _season = season_to_play(ruleset, 4)
    with pytest.raises(ValidationError, match="No tournament"):
        jobs.job_start(league=league, target=JobTarget.TOURNAMENT, check_permission=False)
