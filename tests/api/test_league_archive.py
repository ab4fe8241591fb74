"""The league archive through the API: GET /api/leagues/{id}/archive/ for the
league's commissioners and staff, POST /api/leagues/import/ for staff (or an
account allowed to create leagues), each role tried; bad archives are a 400
naming each problem, never a 500; both in the schema."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from league.archive import export_league
from league.models import League

from ..league.archive.leagues import booked_league, role_accounts
from ..league.conftest import one_on_one_ruleset

pytestmark = pytest.mark.django_db


@pytest.fixture
def ruleset():
    return one_on_one_ruleset()


@pytest.fixture
def booked(ruleset):
    return booked_league(ruleset)


@pytest.fixture
def roles(booked, ruleset):
    return role_accounts(booked, ruleset)


def client_for(user):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("anonymous", 401),
        ("plain user", 403),
        ("manager", 403),
        ("another league's commissioner", 403),
        ("commissioner", 200),
        ("staff", 200),
    ],
)
def test_the_archive_is_the_commissioners_and_staffs(booked, roles, role, status):
    response = client_for(roles[role]).get(f"/api/leagues/{booked.slug}/archive/")
    assert response.status_code == status, response.content
    if status == 200:
        body = response.json()
        assert body["format"] == "ringside-league-archive"
        assert body["league"]["slug"] == booked.slug
        # Staff's is complete; a commissioner's leaves out what only staff reads.
        assert body["complete"] is (role == "staff")
        assert response["Content-Disposition"] == f'attachment; filename="{booked.slug}.json"'


def test_the_archive_by_id_and_of_an_unknown_league(booked, roles):
    staff = client_for(roles["staff"])
    assert staff.get(f"/api/leagues/{booked.pk}/archive/").status_code == 200
    assert staff.get("/api/leagues/no-such-league/archive/").status_code == 404


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("anonymous", 401),
        ("plain user", 403),
        ("manager", 403),
        ("another league's commissioner", 403),
        ("commissioner", 403),
        ("staff", 201),
    ],
)
def test_importing_is_for_staff(booked, roles, role, status):
    archive = export_league(booked)
    response = client_for(roles[role]).post(
        "/api/leagues/import/?slug=imported&name=Imported", archive, format="json"
    )
    assert response.status_code == status, response.content
    assert League.objects.filter(slug="imported").exists() is (status == 201)
    if status == 201:
        assert response.json()["slug"] == "imported"


def test_an_archive_uploaded_as_a_file_imports(booked, roles):
    upload = SimpleUploadedFile(
        "league.json", json.dumps(export_league(booked)).encode(), "application/json"
    )
    response = client_for(roles["staff"]).post(
        "/api/leagues/import/?slug=uploaded&name=Uploaded", {"archive": upload}, format="multipart"
    )
    assert response.status_code == 201, response.content
    assert League.objects.get(slug="uploaded").divisions.count() == 1


def test_a_bad_archive_is_a_400_naming_each_problem_and_writes_nothing(booked, roles):
    archive = export_league(booked)
    archive["bouts"][0]["red"] = "nobody"
    archive["fighters"][0]["camp"] = "No Camp"
    staff = client_for(roles["staff"])
    response = staff.post("/api/leagues/import/?slug=bad&name=Bad", archive, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "archive": [
            "fighters[0].camp: no camp 'No Camp' in this archive",
            "bouts[0].red: no fighter 'nobody' in this archive",
        ]
    }
    assert not League.objects.filter(slug="bad").exists()
    taken = staff.post("/api/leagues/import/", export_league(booked), format="json")
    assert taken.status_code == 400
    assert taken.json()["archive"][0].startswith("league.slug: a league")
    for body in ([1], {"format": 3}, "text"):
        assert staff.post("/api/leagues/import/", body, format="json").status_code == 400
    upload = SimpleUploadedFile("league.json", b"\xff\xfe", "application/json")
    response = staff.post("/api/leagues/import/", {"archive": upload}, format="multipart")
    assert response.status_code == 400


def test_both_operations_are_in_the_schema(client):
    paths = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    assert "get" in paths["/api/leagues/{id}/archive/"]
    assert "post" in paths["/api/leagues/import/"]


def _queries_of_export(client, league) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        assert client.get(f"/api/leagues/{league.slug}/archive/").status_code == 200
    return len(queries)


def test_the_archive_is_read_in_a_fixed_number_of_queries(ruleset, roles):
    """A bigger league (more fighters, bouts, rows per bout) costs no more queries."""
    from ..league.calendar.seasons import season_to_play
    from ..league.conftest import book_season

    staff = client_for(roles["staff"])
    small, _division, season = season_to_play(ruleset, 4)
    book_season(season)
    large, _division, season = season_to_play(ruleset, 8)
    book_season(season)
    assert _queries_of_export(staff, small) == _queries_of_export(staff, large)
