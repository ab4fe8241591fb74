"""The write services themselves refuse what a user may not change (the API, the
admin and the web forms only call them): commissioners' scope, free agents."""

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied

from bouts.models import Bout
from fighters import scope
from fighters.models import Camp, Fighter
from fighters.services import (
    camp_delete,
    camp_update,
    corner_man_create,
    corner_man_update,
    fighter_delete,
    fighter_retire,
    fighter_update,
)
from league.models import Division, Event, League

pytestmark = pytest.mark.django_db


def _league(name, commissioner=None):
    league = League.objects.create(
        name=name, slug=name.lower(), ruleset="webl", start_date=datetime.date(2026, 1, 1)
    )
    if commissioner:
        league.commissioners.add(commissioner)
    return league


@pytest.fixture
def people():
    users = get_user_model().objects
    return {
        "plain": users.create_user("plain"),
        "commissioner": users.create_user("commish"),
        "staff": users.create_user("staff", is_staff=True),
    }


def test_a_free_agent_is_staff_only(people):
    agent = Fighter.objects.create(name="Agent", weight_class="middleweight")
    for who in ("plain", "commissioner"):
        with pytest.raises(PermissionDenied):
            fighter_update(fighter=agent, data={"nickname": "x"}, user=people[who])
        with pytest.raises(PermissionDenied):
            fighter_retire(fighter=agent, user=people[who])
    _league("Mine", people["commissioner"])
    with pytest.raises(PermissionDenied):
        fighter_delete(fighter=agent, user=people["commissioner"])
    fighter_update(fighter=agent, data={"nickname": "Staffed"}, user=people["staff"])
    agent.refresh_from_db()
    assert agent.nickname == "Staffed" and agent.is_active


def test_fought_in_counts_after_leaving_the_roster(people):
    mine = _league("Mine", people["commissioner"])
    theirs = _league("Theirs")
    red = Fighter.objects.create(name="Red", weight_class="middleweight")
    blue = Fighter.objects.create(name="Blue", weight_class="middleweight")
    Division.objects.create(league=mine, weight_class="middleweight", name="M").fighters.add(red)
    event = Event.objects.create(league=theirs, name="Night", date=datetime.date(2026, 2, 1))
    Bout.objects.create(
        ruleset="webl", date=event.date, event=event, red=red, blue=blue, seed=1, scheduled_rounds=3
    )
    assert scope.fighter_league_ids(fighter=red) == {mine.pk, theirs.pk}
    assert scope.fighter_league_ids(fighter=blue) == {theirs.pk}
    with pytest.raises(PermissionDenied):
        fighter_update(fighter=red, data={"nickname": "x"}, user=people["commissioner"])
    theirs.commissioners.add(people["commissioner"])
    fighter_update(fighter=red, data={"nickname": "Ours"}, user=people["commissioner"])


def test_camps_and_corner_men(people):
    mine = _league("Mine", people["commissioner"])
    camp = Camp.objects.create(name="Gym")
    corner = corner_man_create(name="Cutman", camp=camp)
    with pytest.raises(PermissionDenied):  # a camp of no league
        camp_update(camp=camp, data={"city": "X"}, user=people["commissioner"])
    with pytest.raises(PermissionDenied):
        corner_man_update(corner=corner, data={"cut": "poor"}, user=people["commissioner"])
    member = Fighter.objects.create(name="Member", weight_class="middleweight", camp=camp)
    Division.objects.create(league=mine, weight_class="middleweight", name="M").fighters.add(member)
    assert scope.camp_league_ids(camp=camp) == {mine.pk}
    camp_update(camp=camp, data={"city": "Reno"}, user=people["commissioner"])
    corner_man_update(corner=corner, data={"cut": "good"}, user=people["commissioner"])
    with pytest.raises(PermissionDenied):
        camp_delete(camp=camp, user=people["plain"])
    other = Camp.objects.create(name="Their gym")
    theirs = _league("Theirs")
    Division.objects.create(league=theirs, weight_class="middleweight", name="M").camps.add(other)
    with pytest.raises(PermissionDenied):
        corner_man_create(name="Spy", camp=other, user=people["commissioner"])
    camp.refresh_from_db()
    assert camp.city == "Reno"
