"""The console's archive button: the league's commissioners and staff download
the league as one JSON file; nobody else does."""

import json

import pytest
from django.test import Client

from ..archive.leagues import booked_league, role_accounts

pytestmark = pytest.mark.django_db


@pytest.fixture
def booked(ruleset):
    return booked_league(ruleset)


@pytest.fixture
def roles(booked, ruleset):
    return role_accounts(booked, ruleset)


def client_for(user):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("anonymous", 302),
        ("plain user", 403),
        ("manager", 403),
        ("another league's commissioner", 403),
        ("commissioner", 200),
        ("staff", 200),
    ],
)
def test_the_archive_downloads_for_the_commissioner_and_staff_only(booked, roles, role, status):
    response = client_for(roles[role]).get(f"/console/leagues/{booked.slug}/archive/")
    assert response.status_code == status
    if status == 302:
        assert response["Location"].startswith("/accounts/login/")
    if status == 200:
        assert response["Content-Disposition"] == f'attachment; filename="{booked.slug}.json"'
        archive = json.loads(response.content)
        assert archive["league"]["slug"] == booked.slug
        assert archive["complete"] is (role == "staff")


def test_the_league_page_offers_the_download_and_says_what_a_commissioner_gets(booked, roles):
    page = client_for(roles["commissioner"]).get(f"/console/leagues/{booked.slug}/")
    html = page.content.decode()
    assert f'href="/console/leagues/{booked.slug}/archive/"' in html
    assert "Download the league's archive" in html
    assert "leaves out the seeds and fight plans of bouts not yet fought" in html
    staff_page = client_for(roles["staff"]).get(f"/console/leagues/{booked.slug}/")
    assert "leaves out the seeds" not in staff_page.content.decode()
