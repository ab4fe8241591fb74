"""`make demo`'s managers: two known accounts, each owning a camp with fighters in
the WeBL demo league, an upcoming event, a request waiting for the first one."""

import io

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.utils import timezone

from fighters.models import Camp
from league.management.commands._managers import DEMO_LEAGUE, MANAGERS, demo_league
from league.models import BoutRequest, LeagueMembership, RequestStatus

pytestmark = pytest.mark.django_db


def run(*args):
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_load_demo_managers_are_printed_and_can_play():
    out = run("load_demo", "--seed", "3", "--fighters", "8", "--managers")
    league = demo_league()
    assert league is not None
    for username, password in MANAGERS:
        assert f"{username} / {password}" in out
        user = authenticate(username=username, password=password)
        assert user is not None
        assert LeagueMembership.objects.filter(league=league, user=user).exists()
        camp = Camp.objects.get(owner=user)
        assert camp.fighters.filter(divisions__league=league).exists()
    assert league.events.filter(date__gte=timezone.localdate()).exists()
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
