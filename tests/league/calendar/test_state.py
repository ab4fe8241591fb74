"""A play-until run's memory of its season (league.calendar.state): what it
knows after fighting a stretch of nights is what the database says once the
stretch is recorded, and a change made meanwhile is read again, not fought over."""

import datetime as dt

import pytest
from django.test import TestCase

from bouts.models import Bout, BoutStatus
from bouts.services import bouts_fight
from fighters.services import fighter_retire
from league.calendar import runner
from league.calendar.models import FixtureStatus, JobStatus, JobTarget
from league.calendar.seasons import fixtures_link, season_book_night
from league.calendar.state import SeasonState

from .seasons import season_to_play
from .test_runner import play

pytestmark = pytest.mark.django_db


def test_the_memory_of_a_night_fought_matches_the_database_once_recorded(ruleset):
    league, _division, season = season_to_play(ruleset, 8, rest_days=3)
    remembered = SeasonState(season, on=season.start_date)
    for _night in range(4):
        night = season_book_night(season, state=remembered, after=league.date, queue=True)
        fought, _failed = bouts_fight(bouts=night.booked)
        for bout, result in fought:
            remembered.fought(bout, result)
        fixtures_link(remembered)  # as a run does at the end of a stretch
        runner.bouts_record_fought(fought=fought)
        league.today = night.date
        league.save(update_fields=["today"])
        read = SeasonState(season, on=night.date + dt.timedelta(days=1))
        assert set(read.waiting) == set(remembered.waiting)
        for fighter_id, condition in read.conditions.items():
            mine = remembered.conditions[fighter_id]
            assert mine.last_bout == condition.last_bout
            if condition.suspended_until is not None:
                assert (mine.suspended_until, mine.suspension_reason) == (
                    condition.suspended_until,
                    condition.suspension_reason,
                )
            else:  # nothing running any more: what is remembered is over too
                assert mine.suspended_until is None or mine.suspended_until <= night.date


def test_a_fighter_retired_while_a_stretch_is_fought_is_not_drawn_again(
    ruleset, monkeypatch, settings
):
    league, _division, season = season_to_play(ruleset, 8)
    settings.PLAY_STRETCH_SECONDS = 3600  # the whole season, one stretch
    fight = runner.fight_snapshots
    retired = []

    def retire_after_the_first_night(bouts):
        fought = fight(bouts)
        if not retired:
            # Another transaction's change, unseen by the run's memory.
            fighter = bouts[0].red
            fighter_retire(fighter=fighter, on=league.start_date)
            retired.append((fighter.pk, bouts[0].date))
        return fought

    monkeypatch.setattr(runner, "fight_snapshots", retire_after_the_first_night)
    job = play(league, JobTarget.SEASON)
    assert job.status == JobStatus.DONE, job.message
    fighter_id, first_night = retired[0]
    later = Bout.objects.filter(season_fixture__season=season, date__gt=first_night)
    assert later.exists()
    assert not later.filter(red_id=fighter_id).exists()
    assert not later.filter(blue_id=fighter_id).exists()
    cancelled = season.fixtures.filter(status=FixtureStatus.CANCELLED)
    assert cancelled.count() == 6  # his seven fixtures less the one he fought
    assert (
        not Bout.objects.filter(season_fixture__season=season)
        .exclude(status=BoutStatus.COMPLETED)
        .exists()
    )


def test_a_stretch_writes_its_nights_with_one_recording(ruleset, monkeypatch, settings):
    league, _division, _season = season_to_play(ruleset, 8)
    settings.PLAY_STRETCH_SECONDS = 3600
    recordings = []
    record = runner.bouts_record_fought

    def count(*, fought):
        recordings.append(len(fought))
        return record(fought=fought)

    monkeypatch.setattr(runner, "bouts_record_fought", count)
    with TestCase.captureOnCommitCallbacks(execute=True):
        job = play(league, JobTarget.SEASON)
    assert job.status == JobStatus.DONE
    assert recordings == [28]


def test_a_stretch_writes_nothing_night_by_night_and_announces_its_bookings_once(
    ruleset, monkeypatch, settings
):
    """A stretch's nights are booked from what it read once (cards, rosters,
    suspensions, standing plans) and, on PostgreSQL, written at its end: a night
    costs one statement (its fighters read again), whatever its size. Its
    bookings are announced once, with every bout."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from bouts import signals

    league, _division, season = season_to_play(ruleset, 8)
    settings.PLAY_STRETCH_SECONDS = 3600
    statements = {}
    book = runner.season_book_night

    def counted(*args, **kwargs):
        with CaptureQueriesContext(connection) as queries:
            night = book(*args, **kwargs)
        if night is not None:
            statements[night.date] = [q["sql"] for q in queries.captured_queries]
        return night

    announced = []

    def heard(sender, bouts, **kwargs):
        announced.append(len(bouts))

    monkeypatch.setattr(runner, "season_book_night", counted)
    signals.scheduled.connect(heard)
    try:
        job = play(league, JobTarget.SEASON)  # its callbacks run as on commit
    finally:
        signals.scheduled.disconnect(heard)
    assert job.status == JobStatus.DONE
    assert announced == [28]
    later_nights = sorted(statements)[1:]  # the first locks the season
    assert later_nights
    if connection.vendor == "postgresql":
        for date in later_nights:
            assert len(statements[date]) == 1, statements[date]
            assert "fighters_fighter" in statements[date][0]
    assert Bout.objects.filter(season_fixture__season=season, status="completed").count() == 28
