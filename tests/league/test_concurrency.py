"""Concurrent recordings (PostgreSQL): no lost update, same tables as one worker."""

import random
import threading

import pytest
from django.db import connection, connections

from league import services
from league.models import Rating, Standing
from league.selectors import league_check

from .conftest import book_season, make_league, record

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="row locks need PostgreSQL (SQLite serialises)"
)
def test_eight_threads_record_a_season_without_losing_updates(ruleset):
    league, division = make_league(ruleset, 8)
    season = services.season_schedule(division=division, seed=9, queue=False)
    bouts = book_season(season)
    outcome = {b.id: random.Random(b.id).choice(["red", "blue", None]) for b in bouts}
    work = list(bouts)
    random.Random(1).shuffle(work)
    lock = threading.Lock()
    errors = []

    def worker():
        try:
            while True:
                with lock:
                    if not work:
                        return
                    bout = work.pop()
                winner = outcome[bout.id]
                record(bout, winner, "DRAW" if winner is None else "UD")
        except Exception as exc:  # surfaced below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert league_check(league=league) == []
    assert sum(r.bouts for r in Rating.objects.filter(division=division)) == 2 * len(bouts)
    assert sum(s.bouts for s in Standing.objects.filter(season=season)) == 2 * len(bouts)
