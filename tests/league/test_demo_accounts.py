"""The demo's accounts (issue 17): a commissioner of the demo leagues and a superuser,
made by load_demo in the embedded SQLite database only, and printed."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.core.management import call_command
from django.db import connection

from league.models import League
from league.services.demo_accounts import COMMISSIONER, SUPERUSER, demo_accounts_ensure
from tests.api import factories

pytestmark = pytest.mark.django_db
sqlite_only = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="demo accounts exist only in the embedded database"
)


def _run(*args):
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


@sqlite_only
def test_load_demo_makes_and_prints_the_accounts():
    out = _run("load_demo", "--fighters", "2", "--seed", "3")
    users = get_user_model().objects
    commissioner = users.get(username=COMMISSIONER[0])
    assert commissioner.check_password(COMMISSIONER[1])
    assert not commissioner.is_staff and not commissioner.is_superuser
    demo = set(League.objects.filter(slug__startswith="demo-"))
    assert demo and set(commissioner.commissioned_leagues.all()) == demo
    admin = users.get(username=SUPERUSER[0])
    assert admin.is_superuser and admin.is_staff and admin.check_password(SUPERUSER[1])
    assert f"{COMMISSIONER[0]} / {COMMISSIONER[1]}" in out
    assert f"{SUPERUSER[0]} / {SUPERUSER[1]}" in out
    assert "/accounts/login/" in out and "/admin/" in out
    assert "only in this embedded demo database" in out
    # Again: nothing doubled, a changed password kept.
    commissioner.set_password("changed-by-me")
    commissioner.save()
    _run("load_demo", "--if-empty")
    assert users.filter(username=COMMISSIONER[0]).count() == 1
    assert users.get(username=COMMISSIONER[0]).check_password("changed-by-me")


@sqlite_only
def test_the_service_adds_the_commissioner_to_the_leagues_given():
    league = factories.league()
    other = factories.league()
    accounts = demo_accounts_ensure(leagues=[league])
    assert [a.username for a in accounts] == [COMMISSIONER[0], SUPERUSER[0]]
    commissioner = get_user_model().objects.get(username=COMMISSIONER[0])
    assert list(commissioner.commissioned_leagues.all()) == [league]
    assert not other.commissioners.exists()


def test_refused_outside_the_embedded_database(monkeypatch):
    from league.services import demo_accounts

    monkeypatch.setattr(demo_accounts, "demo_database", lambda: False)
    league = factories.league()
    with pytest.raises(PermissionDenied):
        demo_accounts.demo_accounts_ensure(leagues=[league])
    assert not get_user_model().objects.filter(username__in=[COMMISSIONER[0], SUPERUSER[0]])
    assert not league.commissioners.exists()

    from league.management.commands import load_demo

    monkeypatch.setattr(load_demo, "demo_database", lambda: False)
    out = _run("load_demo", "--fighters", "2", "--seed", "3")
    assert "no demo accounts created" in out
    assert not get_user_model().objects.filter(username=COMMISSIONER[0]).exists()
