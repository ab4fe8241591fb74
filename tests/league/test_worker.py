"""A season and a tournament fought by real Celery workers (PostgreSQL + Redis):
the tables equal a replay of the bout rows in chronological order."""

import time

import pytest

from bouts.models import Bout, BoutStatus
from league import services
from league.models import Tournament
from league.selectors import league_check

from .conftest import make_league

pytestmark = [pytest.mark.services, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def _wait(query, worker, timeout=120):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not query().exclude(status__in=[BoutStatus.COMPLETED, BoutStatus.FAILED]).exists():
            return
        time.sleep(0.3)
    raise AssertionError(f"bouts still running; the worker said:\n{worker.output()}")


def test_workers_fight_a_season_and_a_bracket(ruleset, settings):
    from tests.bouts.test_worker import Worker

    queue = f"league-test-{time.monotonic_ns()}"
    settings.BOUTS_QUEUE = queue
    # The worker schedules the bracket's later bouts itself; its settings know no
    # test queue, so those go to the default queue: it listens to both.
    worker = Worker(f"{queue},celery", concurrency=4).start()
    try:
        league, division = make_league(ruleset, 6)
        season = services.season_schedule(division=division, seed=5)
        _wait(lambda: Bout.objects.filter(event__season=season), worker)
        tournament = services.tournament_create(division=division, size=4, double=True, seed=5)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            tournament.refresh_from_db()
            if tournament.status == "completed":
                break
            time.sleep(0.3)
        _wait(lambda: Bout.objects.filter(tournament_match__tournament=tournament), worker)
    finally:
        worker.stop()
    assert Tournament.objects.get(pk=tournament.pk).status == "completed", worker.output()
    assert not Bout.objects.filter(division=division, status=BoutStatus.FAILED).exists()
    assert league_check(league=league) == []
