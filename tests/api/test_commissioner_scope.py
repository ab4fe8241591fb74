"""Commissioners are scoped by the leagues a fighter or camp is on the roster of
or has fought in; what belongs to no league is staff-only to edit (issue 14)."""

import datetime

import pytest

from bouts.services import bout_schedule
from fighters.models import CornerMan, Fighter
from fighters.services import corner_man_create

from . import factories
from .conftest import as_user

pytestmark = pytest.mark.django_db


def _fight_in(league, red, blue, callbacks):
    """A bout of ``league`` really fought, then both taken off its roster."""
    division = factories.division(league=league, fighters=[red, blue])
    event = factories.event(league=league, date=datetime.date(2026, 3, 1))
    with callbacks(execute=True):
        bout = bout_schedule(
            ruleset=league.ruleset, red=red, blue=blue, event=event, division=division, seed=3
        )
    bout.refresh_from_db()
    assert bout.status == "completed"
    division.fighters.remove(red, blue)
    return bout


@pytest.fixture
def fought_elsewhere(other_league, django_capture_on_commit_callbacks):
    """Two fighters who fought in the other league and are no longer on its roster."""
    red, blue = factories.fighter(), factories.fighter()
    _fight_in(other_league, red, blue, django_capture_on_commit_callbacks)
    return red, blue


def test_a_fighter_taken_off_a_roster_stays_in_the_leagues_he_fought_in(
    commissioner, own_league, other_league, fought_elsewhere, api, plain_user
):
    red, _ = fought_elsewhere
    # He joins the commissioner's league: he is still the other league's too.
    factories.division(league=own_league, fighters=[red])
    for client in (api, as_user(plain_user), as_user(commissioner)):
        response = client.patch(f"/api/fighters/{red.pk}/", {"nickname": "Moved"}, format="json")
        assert response.status_code in (401, 403), response.content
        response = client.post(f"/api/fighters/{red.pk}/retire/", {"on": "2026-06-01"})
        assert response.status_code in (401, 403), response.content
        response = client.delete(f"/api/cards/{red.cards.get().pk}/")
        assert response.status_code in (401, 403), response.content
    red.refresh_from_db()
    assert red.nickname == "" and red.is_active and red.cards.count() == 1
    # A commissioner of both leagues may.
    other_league.commissioners.add(commissioner)
    response = as_user(commissioner).patch(
        f"/api/fighters/{red.pk}/", {"nickname": "Moved"}, format="json"
    )
    assert response.status_code == 200, response.content


def test_the_league_he_fought_in_keeps_its_commissioner(other_league, fought_elsewhere):
    red, _ = fought_elsewhere
    theirs = factories.user()
    other_league.commissioners.add(theirs)
    response = as_user(theirs).patch(f"/api/fighters/{red.pk}/", {"nickname": "Still ours"})
    assert response.status_code == 200, response.content


@pytest.mark.parametrize("who", ["anonymous", "plain", "commissioner", "staff"])
def test_free_agents_are_staff_only(who, api, plain_user, commissioner, own_league, staff):
    client = {
        "anonymous": api,
        "plain": as_user(plain_user),
        "commissioner": as_user(commissioner),
        "staff": as_user(staff),
    }[who]
    agent = factories.fighter()
    response = client.patch(f"/api/fighters/{agent.pk}/", {"nickname": "Signed"}, format="json")
    card = client.patch(f"/api/cards/{agent.cards.get().pk}/", {"data": {}}, format="json")
    gone = client.delete(f"/api/fighters/{agent.pk}/")
    agent_row = Fighter.objects.filter(pk=agent.pk).first()
    if who == "staff":
        assert response.status_code == 200, response.content
        assert gone.status_code == 204
        assert agent_row is None
    else:
        assert response.status_code in (401, 403)
        assert card.status_code in (401, 403)
        assert gone.status_code in (401, 403)
        assert agent_row.nickname == ""


def test_a_commissioner_edits_his_own_roster(commissioner, own_league):
    mine = factories.fighter()
    factories.division(league=own_league, fighters=[mine])
    client = as_user(commissioner)
    assert client.patch(f"/api/fighters/{mine.pk}/", {"nickname": "Ours"}).status_code == 200
    # ... and may still sign a new free agent, with his card.
    response = client.post(
        "/api/fighters/", {"name": "New Signing", "weight_class": "middleweight"}, format="json"
    )
    assert response.status_code == 201, response.content


def test_camps_belong_to_their_fighters_leagues(commissioner, own_league, other_league):
    theirs = factories.camp()
    member = factories.fighter(camp=theirs)
    factories.division(league=other_league, fighters=[member])
    nobodys = factories.camp()
    client = as_user(commissioner)
    for camp in (theirs, nobodys):
        assert client.patch(f"/api/camps/{camp.pk}/", {"city": "X"}).status_code == 403
        assert client.delete(f"/api/camps/{camp.pk}/").status_code == 403
    theirs.refresh_from_db()
    assert theirs.city == ""
    mine = factories.camp()
    factories.division(league=own_league, fighters=[factories.fighter(camp=mine)])
    assert client.patch(f"/api/camps/{mine.pk}/", {"city": "Reno"}).status_code == 200
    staff = as_user(factories.user(staff=True))
    assert staff.patch(f"/api/camps/{nobodys.pk}/", {"city": "Vegas"}).status_code == 200


def test_corner_men_belong_to_their_camps_leagues(commissioner, own_league, other_league):
    theirs = factories.camp()
    factories.division(league=other_league, fighters=[factories.fighter(camp=theirs)])
    their_corner = corner_man_create(name="Their Cutman", camp=theirs)
    loose = corner_man_create(name="Loose Cutman")
    client = as_user(commissioner)
    for corner in (their_corner, loose):
        assert client.patch(f"/api/corner-men/{corner.pk}/", {"cut": "poor"}).status_code == 403
        assert client.delete(f"/api/corner-men/{corner.pk}/").status_code == 403
    refused = client.post("/api/corner-men/", {"name": "Spy", "camp": theirs.pk})
    assert refused.status_code == 403
    assert set(CornerMan.objects.values_list("cut", flat=True)) == {"average"}
    assert not CornerMan.objects.filter(name="Spy").exists()
    mine = factories.camp()
    factories.division(league=own_league, fighters=[factories.fighter(camp=mine)])
    made = client.post("/api/corner-men/", {"name": "Our Cutman", "camp": mine.pk})
    assert made.status_code == 201, made.content
    moved = client.patch(f"/api/corner-men/{made.json()['id']}/", {"camp": theirs.pk})
    assert moved.status_code == 403
    assert CornerMan.objects.get(name="Our Cutman").camp_id == mine.pk
