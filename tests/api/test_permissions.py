"""Reads are public; writes need staff, or a commissioner inside his own leagues."""

import datetime

import pytest

from bouts.engine import generate_card
from referees.models import Referee

from . import factories
from .conftest import as_user

pytestmark = pytest.mark.django_db


def test_reads_are_public(api, own_league):
    for url in ("/api/fighters/", "/api/leagues/", f"/api/leagues/{own_league.pk}/", "/api/bouts/"):
        assert api.get(url).status_code == 200, url


@pytest.mark.parametrize("who", ["anonymous", "plain"])
def test_anonymous_and_plain_users_cannot_write(who, api, plain_user, own_league):
    client = api if who == "anonymous" else as_user(plain_user)
    fighter = factories.fighter()
    division = factories.division(league=own_league)
    attempts = [
        ("post", "/api/fighters/", {"name": "New Guy", "weight_class": "middleweight"}),
        ("patch", f"/api/fighters/{fighter.pk}/", {"nickname": "The Hack"}),
        ("delete", f"/api/fighters/{fighter.pk}/", None),
        ("post", "/api/camps/", {"name": "Hackers Gym"}),
        ("post", "/api/referees/", {"name": "Ref Hack"}),
        ("patch", f"/api/leagues/{own_league.pk}/", {"description": "hacked"}),
        ("post", "/api/leagues/", {"name": "L", "slug": "l", "ruleset": own_league.ruleset}),
        (
            "post",
            "/api/divisions/",
            {"league": own_league.pk, "weight_class": "flyweight", "name": "Fly"},
        ),
        ("delete", f"/api/divisions/{division.pk}/", None),
        ("post", "/api/bouts/", {"ruleset": own_league.ruleset, "date": "2026-05-01"}),
    ]
    for method, url, body in attempts:
        response = getattr(client, method)(url, body, format="json")
        assert response.status_code in (401, 403), (method, url, response.status_code)
    own_league.refresh_from_db()
    assert own_league.description == ""
    fighter.refresh_from_db()
    assert fighter.nickname == ""


def test_commissioner_writes_in_his_league(commissioner, own_league):
    client = as_user(commissioner)
    response = client.patch(
        f"/api/leagues/{own_league.pk}/", {"description": "Saturday nights"}, format="json"
    )
    assert response.status_code == 200, response.content
    response = client.post(
        "/api/divisions/",
        {"league": own_league.pk, "weight_class": "flyweight", "name": "Flyweight"},
        format="json",
    )
    assert response.status_code == 201, response.content
    response = client.post(
        "/api/events/",
        {"league": own_league.pk, "name": "Opening night", "date": "2026-04-01"},
        format="json",
    )
    assert response.status_code == 201, response.content


def test_commissioner_cannot_touch_another_league(commissioner, own_league, other_league):
    client = as_user(commissioner)
    theirs = factories.division(league=other_league)
    their_event = factories.event(league=other_league)
    their_fighter = factories.fighter()
    theirs.fighters.add(their_fighter)
    attempts = [
        ("patch", f"/api/leagues/{other_league.pk}/", {"description": "mine now"}),
        ("delete", f"/api/leagues/{other_league.pk}/", None),
        (
            "post",
            "/api/divisions/",
            {"league": other_league.pk, "weight_class": "flyweight", "name": "Fly"},
        ),
        ("patch", f"/api/divisions/{theirs.pk}/", {"name": "Renamed"}),
        ("delete", f"/api/events/{their_event.pk}/", None),
        ("patch", f"/api/fighters/{their_fighter.pk}/", {"nickname": "Stolen"}),
        (
            "post",
            "/api/cards/",
            {
                "fighter": their_fighter.pk,
                "ruleset": own_league.ruleset,
                "data": generate_card(own_league.ruleset, seed=5),
            },
        ),
    ]
    for method, url, body in attempts:
        response = getattr(client, method)(url, body, format="json")
        assert response.status_code == 403, (method, url, response.status_code, response.content)
    # Nor may he move his own division into another league.
    mine = factories.division(league=own_league, weight_class="flyweight")
    response = client.patch(
        f"/api/divisions/{mine.pk}/", {"league": other_league.pk}, format="json"
    )
    assert response.status_code == 403
    mine.refresh_from_db()
    assert mine.league_id == own_league.pk
    other_league.refresh_from_db()
    assert other_league.description == ""
    theirs.refresh_from_db()
    assert theirs.name == "middleweight"


def test_commissioner_cannot_create_leagues_or_edit_officials(commissioner, own_league):
    client = as_user(commissioner)
    response = client.post(
        "/api/leagues/",
        {"name": "Mine", "slug": "mine", "ruleset": own_league.ruleset, "start_date": "2026-01-01"},
        format="json",
    )
    assert response.status_code == 403
    referee = Referee.objects.first()
    response = client.patch(f"/api/referees/{referee.pk}/", {"fouls": "strict"}, format="json")
    assert response.status_code == 403


def test_staff_writes_everywhere(staff, other_league):
    client = as_user(staff)
    response = client.patch(
        f"/api/leagues/{other_league.pk}/", {"description": "edited by staff"}, format="json"
    )
    assert response.status_code == 200
    response = client.post(
        "/api/leagues/",
        {
            "name": "Staff League",
            "slug": "staff-league",
            "ruleset": other_league.ruleset,
            "start_date": "2026-01-01",
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    response = client.post(
        "/api/referees/", {"name": "Mills Lane II", "stoppage": "early"}, format="json"
    )
    assert response.status_code == 201, response.content
    assert Referee.objects.get(name="Mills Lane II").stoppage == "early"
    fighter = factories.fighter()
    response = client.post(
        f"/api/fighters/{fighter.pk}/retire/", {"on": "2026-06-01"}, format="json"
    )
    assert response.status_code == 200, response.content
    fighter.refresh_from_db()
    assert fighter.is_active is False and fighter.retired_on == datetime.date(2026, 6, 1)


def test_token_authentication_writes(staff, other_league):
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    token = Token.objects.create(user=staff)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    response = client.patch(
        f"/api/leagues/{other_league.pk}/", {"description": "by token"}, format="json"
    )
    assert response.status_code == 200


def test_a_bout_of_no_league_is_staff_only(commissioner, own_league, staff):
    """No event, no division: a commissioner cannot fight (and so change the careers
    and suspensions of) fighters outside his leagues; staff can."""
    red = factories.fighter(ruleset=own_league.ruleset)
    blue = factories.fighter(ruleset=own_league.ruleset)
    body = {"ruleset": own_league.ruleset, "date": "2027-03-03", "red": red.pk, "blue": blue.pk}
    refused = as_user(commissioner).post("/api/bouts/", body, format="json")
    assert refused.status_code == 403, refused.content
    from bouts.models import Bout

    assert not Bout.objects.exists()
    made = as_user(staff).post("/api/bouts/", body, format="json")
    assert made.status_code == 201, made.content
