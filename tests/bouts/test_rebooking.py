"""Re-booking a postponed bout (bouts.services.rebooking, POST
/api/bouts/{id}/rebook/): the commissioner puts it on another night of its
league; its fighters must be able to fight on the new date."""

import datetime as dt

import pytest
from django.test import TestCase
from django.utils import timezone
from rest_framework.test import APIClient

from bouts.models import Bout, BoutPlan, BoutStatus, MedicalSuspension
from league.models import Event, League
from league.services.fight_nights import events_fire_due
from tests.api.conftest import as_user

from .plan_rows import GOOD_PLAN, fight_night, user

pytestmark = pytest.mark.django_db


def postponed(commissioner):
    """A bout whose red fighter was suspended (until 2030-01-20) after it was
    booked on 2030-01-01: fired, postponed."""
    night = fight_night(commissioners=[commissioner])
    BoutPlan.objects.create(bout=night.bout, side="red", version=1, data=GOOD_PLAN)
    MedicalSuspension.objects.create(
        fighter_id=night.bout.red_id,
        reason="KO loss",
        starts_on=dt.date(2029, 12, 20),
        ends_on=dt.date(2030, 1, 20),
    )
    Event.objects.filter(pk=night.event.pk).update(fight_at=timezone.now())
    events_fire_due()
    bout = Bout.objects.get(pk=night.bout.pk)
    assert bout.status == BoutStatus.POSTPONED and "suspended" in bout.postponed_reason
    return night, bout


def later_event(league, day):
    return Event.objects.create(
        league=league, name=f"Night of {day}", date=day, fight_at=timezone.now()
    )


@pytest.mark.parametrize("who", ["anonymous", "manager", "other_commissioner", "fan"])
def test_only_staff_or_its_commissioner_rebooks(who):
    commissioner = user("commish")
    night, bout = postponed(commissioner)
    other = user("other-commish")
    League.objects.create(
        name="Other", slug="other", ruleset="webl", start_date=dt.date(2030, 1, 1)
    ).commissioners.add(other)
    event = later_event(night.league, dt.date(2030, 2, 1))
    client = {
        "anonymous": APIClient(),
        "manager": as_user(night.red_manager),
        "other_commissioner": as_user(other),
        "fan": as_user(user("fan")),
    }[who]
    answer = client.post(f"/api/bouts/{bout.pk}/rebook/", {"event": event.pk}, format="json")
    assert answer.status_code == (401 if who == "anonymous" else 403)
    assert Bout.objects.get(pk=bout.pk).status == BoutStatus.POSTPONED


@pytest.mark.parametrize("who", ["commissioner", "staff"])
def test_rebooked_after_the_suspension_it_fights_with_its_plans(who):
    commissioner = user("commish")
    night, bout = postponed(commissioner)
    client = as_user(commissioner if who == "commissioner" else user("boss", staff=True))
    still = later_event(night.league, dt.date(2030, 1, 15))
    refused = client.post(f"/api/bouts/{bout.pk}/rebook/", {"event": still.pk}, format="json")
    assert refused.status_code == 400 and "suspended" in str(refused.json())
    assert Bout.objects.get(pk=bout.pk).event_id == night.event.pk
    event = later_event(night.league, dt.date(2030, 2, 1))
    answer = client.post(f"/api/bouts/{bout.pk}/rebook/", {"event": event.pk}, format="json")
    assert answer.status_code == 200, answer.json()
    assert answer.json()["status"] == "scheduled" and answer.json()["date"] == "2030-02-01"
    again = client.post(f"/api/bouts/{bout.pk}/rebook/", {"event": event.pk}, format="json")
    assert again.status_code == 400  # no longer postponed
    with TestCase.captureOnCommitCallbacks(execute=True):
        events_fire_due()
    bout.refresh_from_db()
    assert bout.status == BoutStatus.COMPLETED and bout.inputs["plans"]["red"] == GOOD_PLAN
