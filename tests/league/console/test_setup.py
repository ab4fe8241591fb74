"""League setup services: who may create and change a league, its divisions,
events and roster; bad input refused with field messages and nothing written."""

import datetime as dt

import pytest
from django.contrib.auth.models import Permission
from django.core.exceptions import PermissionDenied, ValidationError

from bouts.models import Bout, BoutStatus, MedicalSuspension
from fighters.models import Fighter
from league.calendar.seasons import season_book_night
from league.models import Division, Event, League
from league.services import setup
from tests.api import factories

pytestmark = pytest.mark.django_db

FIELDS = {
    "name": "Saturday League",
    "slug": "saturday",
    "ruleset": "webl",
    "start_date": dt.date(2027, 1, 2),
}


@pytest.fixture
def people():
    creator = factories.user(username="creator")
    creator.user_permissions.add(Permission.objects.get(codename="add_league"))
    return {
        "creator": creator,
        "plain": factories.user(username="plain"),
        "staff": factories.user(staff=True, username="boss"),
        "other": factories.user(username="other-commish"),
    }


def test_league_create_needs_the_permission_and_makes_the_creator_commissioner(people):
    with pytest.raises(PermissionDenied):
        setup.league_create(user=people["plain"], **FIELDS)
    assert not League.objects.exists()
    league = setup.league_create(user=people["creator"], **FIELDS)
    assert list(league.commissioners.all()) == [people["creator"]]
    assert setup.league_create(user=people["staff"], **{**FIELDS, "name": "B", "slug": "b"})


def test_league_create_refuses_bad_fields_and_writes_nothing(people):
    with pytest.raises(ValidationError) as bad:
        setup.league_create(user=people["creator"], **{**FIELDS, "ruleset": "boxing"})
    assert "ruleset" in bad.value.message_dict
    with pytest.raises(ValidationError) as bad:
        setup.league_create(user=people["creator"], **{**FIELDS, "rounds": 99})
    assert "rounds" in bad.value.message_dict
    assert not League.objects.exists()


def test_only_commissioners_and_staff_change_a_league(people):
    # Rounds left out: the ruleset's usual distance (WeBL: 12).
    league = setup.league_create(user=people["creator"], **FIELDS)
    factories.league(commissioners=[people["other"]])
    for who in ("plain", "other"):
        with pytest.raises(PermissionDenied):
            setup.league_update(user=people[who], league=league, rounds=8)
        with pytest.raises(PermissionDenied):
            setup.division_create(user=people[who], league=league, weight_class="lightweight")
        with pytest.raises(PermissionDenied):
            setup.event_create(user=people[who], league=league, name="X", date=dt.date(2027, 2, 1))
    league.refresh_from_db()
    assert league.rounds == 12 and not league.divisions.exists() and not league.events.exists()
    setup.league_update(user=people["staff"], league=league, rounds=8)
    division = setup.division_create(
        user=people["creator"], league=league, weight_class="lightweight"
    )
    assert division.name == "Lightweight"


def test_a_second_division_of_one_weight_class_is_refused(people):
    league = setup.league_create(user=people["creator"], **FIELDS)
    setup.division_create(user=people["creator"], league=league, weight_class="lightweight")
    with pytest.raises(ValidationError):
        setup.division_create(user=people["creator"], league=league, weight_class="lightweight")
    with pytest.raises(ValidationError) as bad:
        setup.division_create(user=people["creator"], league=league, weight_class="feather")
    assert "weight_class" in bad.value.message_dict
    assert Division.objects.count() == 1


def test_roster_generate_adds_fighters_to_the_division(people):
    league = setup.league_create(user=people["creator"], **FIELDS)
    division = setup.division_create(
        user=people["creator"], league=league, weight_class="lightweight"
    )
    with pytest.raises(PermissionDenied):
        setup.division_roster_generate(user=people["plain"], division=division, count=8, seed=1)
    with pytest.raises(ValidationError):
        setup.division_roster_generate(user=people["creator"], division=division, count=0, seed=1)
    assert not Fighter.objects.exists()
    made = setup.division_roster_generate(
        user=people["creator"], division=division, count=8, seed=1
    )
    assert len(made["fighters"]) == 8
    assert division.fighters.count() == 8
    assert set(division.fighters.values_list("weight_class", flat=True)) == {"lightweight"}
    assert all(f.cards.filter(ruleset="webl").exists() for f in division.fighters.all())


def test_event_create_and_a_bad_date(people):
    league = setup.league_create(user=people["creator"], **FIELDS)
    event = setup.event_create(
        user=people["creator"], league=league, name="Opening night", date=dt.date(2027, 1, 9)
    )
    assert event.league == league
    with pytest.raises(ValidationError) as bad:
        setup.event_create(user=people["creator"], league=league, name="", date=dt.date(2027, 1, 9))
    assert "name" in bad.value.message_dict
    assert Event.objects.count() == 1


def test_the_ruleset_is_fixed_once_the_league_has_bouts(people, django_capture_on_commit_callbacks):
    league = setup.league_create(user=people["creator"], **FIELDS)
    setup.league_update(user=people["creator"], league=league, ruleset="pocket")
    setup.league_update(user=people["creator"], league=league, ruleset="webl")
    division = setup.division_create(
        user=people["creator"], league=league, weight_class="lightweight"
    )
    setup.division_roster_generate(user=people["creator"], division=division, count=2, seed=3)
    setup.season_start(user=people["creator"], division=division, seed=1)
    with pytest.raises(ValidationError) as bad:
        setup.league_update(user=people["creator"], league=league, ruleset="pocket")
    assert "ruleset" in bad.value.message_dict
    league.refresh_from_db()
    assert league.ruleset == "webl"


def test_a_suspended_fighter_is_not_drawn_while_he_cannot_fight(people):
    league = setup.league_create(user=people["creator"], **FIELDS)
    division = setup.division_create(
        user=people["creator"], league=league, weight_class="lightweight"
    )
    setup.division_roster_generate(user=people["creator"], division=division, count=4, seed=5)
    hurt = division.fighters.order_by("id").first()
    start = dt.date(2027, 3, 6)
    MedicalSuspension.objects.create(
        fighter=hurt, reason="knocked out", starts_on=start, ends_on=start + dt.timedelta(days=10)
    )
    season = setup.season_start(user=people["creator"], division=division, start_date=start, seed=2)
    assert season.fixtures.count() == 6  # every pairing, none booked yet
    # The first night, on the 6th, is inside his suspension: the other two meet.
    first = season_book_night(season, start)
    bouts = list(Bout.objects.filter(event=first))
    assert len(bouts) == 1 and hurt.pk not in (bouts[0].red_id, bouts[0].blue_id)
    assert all(b.status == BoutStatus.SCHEDULED for b in bouts)
    # The next night (14 days on) he is fit: his fixtures are drawn first.
    second = season_book_night(season, after=start)
    assert second.date == start + dt.timedelta(days=14)
    drawn = Bout.objects.filter(event=second)
    assert drawn.filter(red=hurt).exists() or drawn.filter(blue=hurt).exists()
