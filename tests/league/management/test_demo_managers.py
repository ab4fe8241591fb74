"""`make demo`'s managers: two known accounts, each owning a camp with fighters in
the WeBL demo league, a fight night about to happen with a bout between them, a
request waiting for the first one."""

import datetime as dt
import io

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from bouts.models import Bout, BoutStatus
from fighters.models import Camp
from league.management.commands._managers import DEMO_LEAGUE, MANAGERS, demo_league
from league.models import BoutRequest, Event, LeagueMembership, RequestStatus

pytestmark = pytest.mark.django_db


def run(*args):
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_load_demo_managers_are_printed_and_can_play(django_capture_on_commit_callbacks):
    out = run("load_demo", "--seed", "3", "--fighters", "8", "--managers")
    if connection.vendor != "sqlite":
        # Known passwords never reach a production-like database.
        assert "no demo managers created" in out
        assert not LeagueMembership.objects.exists()
        return
    league = demo_league()
    assert league is not None
    for username, password in MANAGERS:
        assert f"{username} / {password}" in out
        user = authenticate(username=username, password=password)
        assert user is not None
        assert LeagueMembership.objects.filter(league=league, user=user).exists()
        camp = Camp.objects.get(owner=user)
        assert camp.fighters.filter(divisions__league=league).exists()
    night = league.events.get(date__gte=league.date)  # the league's calendar
    # A fight night about to happen, with a bout between the two managers' camps.
    assert timezone.now() < night.fight_at <= timezone.now() + dt.timedelta(hours=1)
    bout = Bout.objects.get(event=night)
    owners = {bout.red.camp.owner.username, bout.blue.camp.owner.username}
    assert owners == {m[0] for m in MANAGERS} and bout.status == BoutStatus.SCHEDULED
    # Nothing fires before its time; after it, fight_due_events fights the night.
    run("fight_due_events")
    bout.refresh_from_db()
    assert bout.status == BoutStatus.SCHEDULED
    Event.objects.filter(pk=night.pk).update(fight_at=timezone.now() - dt.timedelta(minutes=1))
    with django_capture_on_commit_callbacks(execute=True):
        run("fight_due_events")
    bout.refresh_from_db()
    assert bout.status in (BoutStatus.COMPLETED, BoutStatus.POSTPONED)
    waiting = BoutRequest.objects.get(league=league)
    assert waiting.status == RequestStatus.PENDING
    assert waiting.opponent_camp.owner.username == MANAGERS[0][0]
    # Again (make demo twice): nothing doubles.
    run("load_demo", "--if-empty", "--managers")
    assert BoutRequest.objects.count() == 1
    assert LeagueMembership.objects.filter(league=league).count() == len(MANAGERS)
    if league.slug != DEMO_LEAGUE:
        pytest.skip("WeBL is not registered: the first demo league was used")


def test_load_demo_without_the_flag_makes_no_accounts():
    run("load_demo", "--seed", "3", "--fighters", "4")
    assert not LeagueMembership.objects.exists()
