"""Seasons and tournaments fought by real Celery workers (PostgreSQL + Redis):
the league's tables equal a replay of the bout rows in league order, whatever
the workers do — run in parallel, get killed, lose messages."""

import datetime as dt
import time
from collections import Counter

import pytest
import redis
from django.conf import settings as django_settings
from django.test import TestCase

from bouts import selectors as bout_selectors
from bouts.engine import RULESETS, generate_card
from bouts.models import Bout, BoutStatus, Result
from fighters.models import Career
from fighters.services import fighter_create
from league import services
from league.calendar.models import DivisionRun
from league.models import Division, League, Rating, Reign, Season, Standing, Tournament
from league.selectors import league_check
from league.services import division_derivation, division_project
from tests.bouts.test_worker import Worker

from .conftest import make_league

pytestmark = [pytest.mark.services, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
DONE = (BoutStatus.COMPLETED, BoutStatus.FAILED, BoutStatus.VOIDED, BoutStatus.POSTPONED)


def _wait(query, worker, timeout=180):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not query().exclude(status__in=DONE).exists():
            return
        time.sleep(0.3)
    raise AssertionError(f"bouts still running; the worker said:\n{worker.output()}")


def _wait_season(season, worker, timeout=180):
    """Until the season's play-until job has fought every fixture."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if Season.objects.get(pk=season.pk).status == "completed":
            return
        time.sleep(0.3)
    raise AssertionError(
        f"season still running; its runs: {_runs_of(season)}; its bouts: {_bouts_of(season)};"
        f" the worker said:\n{worker.output()}"
    )


def _runs_of(season) -> list:
    """What a failure shows of the season's play-until runs (a run that ended with the
    season still running, or one beat never sent again)."""
    return list(
        DivisionRun.objects.filter(division_id=season.division_id).values_list(
            "pk", "status", "nights_done", "bouts_done", "reached", "heartbeat_at", "error"
        )
    )


def _bouts_of(season) -> dict:
    statuses = Bout.objects.filter(season_fixture__season=season).values_list("status", flat=True)
    return dict(Counter(statuses))


def _wait_derived(division, worker, timeout=120):
    """Until the projector (run by the worker) has derived every completed bout."""
    deadline = time.monotonic() + timeout
    completed = Bout.objects.filter(division=division, status=BoutStatus.COMPLETED)
    while time.monotonic() < deadline:
        view = division_derivation(division.pk)
        if view.up_to_date and view.derived_bouts == completed.count():
            return
        time.sleep(0.3)
    raise AssertionError(f"division not derived; the worker said:\n{worker.output()}")


def test_workers_fight_a_season_and_a_bracket(ruleset, settings):
    queue = f"league-test-{time.monotonic_ns()}"
    settings.BOUTS_QUEUE = queue
    worker = Worker(queue, concurrency=4).start()
    try:
        league, division = make_league(ruleset, 6)
        season = services.season_schedule(division=division, seed=5)
        _wait_season(season, worker)
        _wait_derived(division, worker)
        tournament = services.tournament_create(division=division, size=4, double=True, seed=5)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            tournament.refresh_from_db()
            if tournament.status == "completed":
                break
            time.sleep(0.3)
        _wait(lambda: Bout.objects.filter(tournament_match__tournament=tournament), worker)
        _wait_derived(division, worker)
    finally:
        worker.stop()
    assert Tournament.objects.get(pk=tournament.pk).status == "completed", worker.output()
    assert not Bout.objects.filter(division=division, status=BoutStatus.FAILED).exists()
    assert league_check(league=league) == []


# --- the same season eagerly and on two workers ----------------------------------------------


def _league(ruleset, fighters=8):
    """A league whose fighters, cards and seeds are the same every time it is made."""
    league = League.objects.create(
        name="Identity League",
        slug="identity",
        ruleset=ruleset,
        start_date=dt.date(2026, 1, 10),
    )
    division = Division.objects.create(league=league, weight_class="middleweight", name="Middle")
    low, high = RULESETS[ruleset].rating_range
    for i in range(fighters):
        rating = low + (high - low) * (0.3 + 0.6 * i / (fighters - 1))
        fighter = fighter_create(
            name=f"Identity Fighter {i + 1}",
            weight_class="middleweight",
            date_of_birth=dt.date(2000, 1, 1),
            cards={ruleset: generate_card(ruleset, 500 + i, rating)},
        )
        division.fighters.add(fighter)
    return league, division


def _tables(league) -> dict:
    """Standings, ratings, reigns, careers and results by fighter name and bout
    position: comparable across two databases' ids."""
    name = lambda f: f.name if f else None  # noqa: E731
    return {
        "results": sorted(
            (b.date, b.order, name(b.red), name(b.blue), r.winner, r.method, r.round, r.time)
            for b in Bout.objects.filter(event__league=league).select_related("red", "blue")
            for r in Result.objects.filter(bout=b)
        ),
        "standings": sorted(
            (s.season.number, name(s.fighter), s.rank, s.points, s.wins, s.losses, s.draws)
            for s in Standing.objects.filter(season__league=league).select_related(
                "fighter", "season"
            )
        ),
        "ratings": sorted(
            (name(r.fighter), round(r.mu, 9), round(r.sigma, 9), r.bouts)
            for r in Rating.objects.filter(division__league=league).select_related("fighter")
        ),
        "reigns": sorted(
            (r.number, name(r.fighter), r.started_on, r.ended_on, r.end_reason, r.defences)
            for r in Reign.objects.filter(title__division__league=league).select_related("fighter")
        ),
        "careers": sorted(
            (c.fighter.name, c.bouts, c.wins, c.losses, c.draws, c.ko_wins, c.tko_wins)
            for c in Career.objects.filter(fighter__name__startswith="Identity").select_related(
                "fighter"
            )
        ),
    }


def _wipe(league) -> None:
    Bout.objects.filter(event__league=league).delete()
    league.delete()
    from fighters.models import Fighter

    Fighter.objects.filter(name__startswith="Identity").delete()


def test_a_season_eagerly_and_on_two_workers_gives_identical_tables(ruleset, settings):
    from league.celery import app

    settings.BOUTS_BATCH_SIZE = 3  # many batches, finishing out of order
    # Eagerly, in this process.
    app.conf.task_always_eager = True
    try:
        league, division = _league(ruleset)
        with TestCase.captureOnCommitCallbacks(execute=True):
            season = services.season_schedule(division=division, seed=3)
        eager = _tables(league)
        season.refresh_from_db()
        assert season.status == "completed"
        assert Bout.objects.filter(season_fixture__season=season, status="completed").count() == 28
        _wipe(league)
    finally:
        app.conf.task_always_eager = False
    # On two worker processes.
    queue = f"identity-{time.monotonic_ns()}"
    settings.BOUTS_QUEUE = queue
    worker = Worker(queue, concurrency=2, env={"BOUTS_BATCH_SIZE": "3"}).start()
    try:
        league, division = _league(ruleset)
        season = services.season_schedule(division=division, seed=3)
        _wait_season(season, worker)
        _wait_derived(division, worker)
    finally:
        worker.stop()
    assert _tables(league) == eager
    assert league_check(league=league) == []


# --- a worker killed mid-season; messages lost; the sweeper ---------------------------------


def test_a_worker_killed_mid_season_then_the_sweeper_leaves_every_bout_once(ruleset, settings):
    queue = f"killed-{time.monotonic_ns()}"
    settings.BOUTS_QUEUE = queue
    settings.BOUTS_BATCH_SIZE = 2
    league, division = make_league(ruleset, 8)
    # A night a stretch: a whole 28-bout season would be one stretch of half a second.
    env = {"BOUTS_BATCH_SIZE": "2", "PLAY_STRETCH_SECONDS": "0"}
    worker = Worker(queue, concurrency=2, env=env).start()
    try:
        season = services.season_schedule(division=division, seed=11)
        bouts = Bout.objects.filter(season_fixture__season=season)
        deadline = time.monotonic() + 120
        while bouts.filter(status=BoutStatus.COMPLETED).count() < 4:
            assert time.monotonic() < deadline, worker.output()
            time.sleep(0.05)
        worker.kill()
    finally:
        worker.stop()
    assert Season.objects.get(pk=season.pk).status == "running"  # killed mid-season
    # A fresh worker with beat: the sweeper re-sends whatever Redis lost with the
    # killed worker (BOUTS_STALE_AFTER seconds on), no operator needed.
    fresh = Worker(
        queue,
        concurrency=2,
        beat=True,
        env={
            "BOUTS_STALE_AFTER": "3",
            "BOUTS_SWEEP_EVERY": "1",
            "BOUTS_BATCH_SIZE": "2",
            # the play-until run that died with the worker is sent again by beat
            "PLAY_STALE_AFTER": "3",
        },
    ).start()
    try:
        _wait_season(season, fresh)
        _wait_derived(division, fresh)
    finally:
        fresh.stop()
    # Every fixture fought once.
    assert bouts.filter(status=BoutStatus.COMPLETED).count() == bouts.count() == 28
    completed = bouts.filter(status=BoutStatus.COMPLETED).count()
    assert Result.objects.filter(bout__in=bouts).count() == completed
    fighters = list(division.fighters.values_list("id", flat=True))
    assert bout_selectors.career_check(fighters=fighters) == []
    assert league_check(league=league) == []


def test_task_messages_deleted_from_redis_are_swept_by_beat(ruleset, settings):
    queue = f"lost-{time.monotonic_ns()}"
    settings.BOUTS_QUEUE = queue
    settings.BOUTS_BATCH_SIZE = 4
    league, division = make_league(ruleset, 6)
    season = services.season_schedule(division=division, seed=13)  # 15 bouts
    bouts = Bout.objects.filter(season_fixture__season=season)
    # The play-until job is sent; nothing is fought before a worker takes it.
    assert not bouts.exists()
    # Every message is lost before any worker takes it (a purge, a restart
    # without persistence).
    broker = redis.Redis.from_url(django_settings.CELERY_BROKER_URL)
    assert broker.llen(queue) > 0
    broker.delete(queue)
    worker = Worker(
        queue,
        concurrency=2,
        beat=True,
        env={
            "BOUTS_STALE_AFTER": "2",
            "BOUTS_SWEEP_EVERY": "1",
            "BOUTS_BATCH_SIZE": "4",
            "PLAY_STALE_AFTER": "2",
        },
    ).start()
    try:
        _wait_season(season, worker, timeout=120)
        _wait_derived(division, worker)
    finally:
        worker.stop()
    assert bouts.filter(status=BoutStatus.COMPLETED).count() == 15
    assert Result.objects.filter(bout__in=bouts).count() == 15
    assert "resume_stale_jobs" in worker.output()
    assert league_check(league=league) == []
    # Nothing left for the projector: a run now finds no request and derives nothing.
    report = division_project(division_id=division.pk)
    assert report is not None and report.runs == 0 and report.derived == 0
