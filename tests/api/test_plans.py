"""``/api/bouts/{id}/plans/``: a side's manager writes versions before the
deadline, reads only his own before the fight, everyone reads both after;
``validate/`` checks a plan as it is typed; the bout detail hides plans until
the bout is fought. Bad input is a 400 and changes nothing."""

import datetime as dt

import pytest
from django.test import TestCase
from django.utils import timezone

from bouts.models import Bout, BoutPlan, BoutStatus
from bouts.services import bout_schedule
from bouts.services.plans import bout_plan_submit
from league.models import Event
from league.services.fight_nights import events_fire_due
from tests.bouts.plan_rows import BAD_PLAN, GOOD_PLAN, bout_for_plans, fight_night, user

from .conftest import as_user

pytestmark = pytest.mark.django_db


def url(bout, tail=""):
    return f"/api/bouts/{bout.pk}/plans/{tail}"


@pytest.fixture
def night():
    return fight_night()


def fight(night):
    Event.objects.filter(pk=night.event.pk).update(fight_at=timezone.now())
    with TestCase.captureOnCommitCallbacks(execute=True):
        events_fire_due()
    bout = Bout.objects.get(pk=night.bout.pk)
    assert bout.status == BoutStatus.COMPLETED, bout.failure_reason
    return bout


def test_the_manager_posts_versions_and_reads_them(night):
    client = as_user(night.red_manager)
    first = client.post(url(night.bout), {"side": "red", "data": "5/7/8"}, format="json")
    second = client.post(url(night.bout), {"side": "red", "data": GOOD_PLAN}, format="json")
    assert (first.status_code, second.status_code) == (201, 201)
    assert second.json()["version"] == 2 and second.json()["author"] == night.red_manager.username
    mine = client.get(url(night.bout)).json()
    assert mine["your_sides"] == ["red"] and mine["readable_sides"] == ["red"]
    assert [v["data"] for v in mine["versions"]] == ["5/7/8", GOOD_PLAN]
    assert mine["locked"] is None and mine["deadline"] is not None


@pytest.mark.parametrize(
    "who", ["anonymous", "fan", "other_manager", "commissioner", "other_commissioner", "staff"]
)
def test_nobody_else_writes_a_plan(who, api, other_league):
    commissioner = user("commish")
    night = fight_night(commissioners=[commissioner])
    elsewhere = user("elsewhere")
    other_league.commissioners.add(elsewhere)
    client = {
        "other_commissioner": as_user(elsewhere),
        "anonymous": api,
        "fan": as_user(user("fan")),
        "other_manager": as_user(night.blue_manager),
        "commissioner": as_user(commissioner),
        "staff": as_user(user("boss", staff=True)),
    }[who]
    answer = client.post(url(night.bout), {"side": "red", "data": GOOD_PLAN}, format="json")
    # Anonymous: 401 (sign in, WWW-Authenticate); anyone else signed in: 403.
    assert answer.status_code == (401 if who == "anonymous" else 403)
    assert not BoutPlan.objects.exists()


def test_a_plan_is_hidden_before_the_fight_and_shown_after(night, api):
    bout = bout_for_plans(night.bout)
    bout_plan_submit(bout=bout, side="red", data=GOOD_PLAN, user=night.red_manager)
    Bout.objects.filter(pk=bout.pk).update(plans={"blue": "4/8/8"})  # booked with a plan
    for client in (api, as_user(night.blue_manager), as_user(user("fan"))):
        seen = client.get(url(bout)).json()
        assert GOOD_PLAN not in str(seen) and seen["fought_with"] == []
        assert client.get(f"/api/bouts/{bout.pk}/").json()["plans"] is None
    staff = as_user(user("boss", staff=True))
    assert [v["data"] for v in staff.get(url(bout)).json()["versions"]] == [GOOD_PLAN]
    assert staff.get(f"/api/bouts/{bout.pk}/").json()["plans"] == {"blue": "4/8/8"}
    fight(night)
    after = api.get(url(bout)).json()
    assert after["readable_sides"] == ["red", "blue"]
    assert [v["data"] for v in after["versions"]] == [GOOD_PLAN]
    assert {p["side"]: p["data"] for p in after["fought_with"]} == {
        "red": GOOD_PLAN,
        "blue": "4/8/8",
    }
    assert api.get(f"/api/bouts/{bout.pk}/").json()["plans"] == {"blue": "4/8/8"}


def test_bad_plans_are_a_400_naming_the_line_and_nothing_is_saved(night):
    client = as_user(night.red_manager)
    bad = client.post(url(night.bout), {"side": "red", "data": BAD_PLAN}, format="json")
    assert bad.status_code == 400
    assert bad.json()["data"][0].startswith("Line 3: ")
    wrong_side = client.post(url(night.bout), {"side": "green", "data": "5/7/8"}, format="json")
    assert wrong_side.status_code == 400 and "side" in wrong_side.json()
    huge = "5/7/8\n" * (10 * 1024 * 1024 // 6)
    ten_mb = client.post(url(night.bout), {"side": "red", "data": huge}, format="json")
    assert ten_mb.status_code == 400 and "at most" in str(ten_mb.json())
    assert not BoutPlan.objects.exists()


def test_after_the_deadline_a_plan_is_a_400_and_changes_nothing():
    night = fight_night(plans_due_in=dt.timedelta(minutes=-5))
    answer = as_user(night.red_manager).post(
        url(night.bout), {"side": "red", "data": GOOD_PLAN}, format="json"
    )
    assert answer.status_code == 400 and "deadline" in answer.json()["plan"][0]
    assert not BoutPlan.objects.exists()
    assert as_user(night.red_manager).get(url(night.bout)).json()["locked"]


def test_validate_as_typed(night, api):
    client = as_user(night.red_manager)
    good = client.post(
        url(night.bout, "validate/"), {"side": "red", "data": GOOD_PLAN}, format="json"
    )
    assert good.json() == {"valid": True, "errors": []}
    bad = client.post(
        url(night.bout, "validate/"), {"side": "red", "data": BAD_PLAN}, format="json"
    )
    assert bad.status_code == 200
    assert bad.json()["valid"] is False and bad.json()["errors"][0]["line"] == 3
    assert (
        api.post(
            url(night.bout, "validate/"), {"side": "red", "data": "5/7/8"}, format="json"
        ).status_code
        == 401
    )
    other = as_user(night.blue_manager).post(
        url(night.bout, "validate/"), {"side": "red", "data": "5/7/8"}, format="json"
    )
    assert other.status_code == 403
    assert not BoutPlan.objects.exists()


def test_unknown_bouts_are_404(api):
    assert api.get("/api/bouts/999999/plans/").status_code == 404


def test_the_api_books_a_bout_on_a_future_fight_night_without_fighting_it(night):
    """A bout booked on a night still to come waits for it: its managers write plans."""
    staff = as_user(user("boss", staff=True))
    from tests.bouts.plan_rows import fight_night as another

    other = another()
    answer = staff.post(
        "/api/bouts/",
        {
            "ruleset": "webl",
            "red": other.bout.red_id,
            "blue": other.bout.blue_id,
            "event": night.event.pk,
            "scheduled_rounds": 4,
        },
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    assert answer.json()["status"] == "scheduled"


def test_plans_endpoint_query_counts_are_fixed(night, django_assert_num_queries):
    bout = bout_for_plans(night.bout)
    for text in ("5/7/8", "6/6/8", GOOD_PLAN, "4/8/8", "5/5/10"):
        bout_plan_submit(bout=bout, side="red", data=text, user=night.red_manager)
        bout_plan_submit(bout=bout, side="blue", data=text, user=night.blue_manager)
    client = as_user(night.red_manager)
    # bout (sides, camps, event) + versions with their authors (+ session user: forced)
    with django_assert_num_queries(2):
        assert len(client.get(url(bout)).json()["versions"]) == 5
    fight(night)
    with django_assert_num_queries(3):  # + the snapshot's plans
        assert len(client.get(url(bout)).json()["versions"]) == 10
    # Writing: the bout, its lock, the latest version, full_clean (the bout and
    # author exist, the version is free, the side check), the insert; savepoints.
    fresh = fight_night()
    with django_assert_num_queries(12):
        as_user(fresh.red_manager).post(
            url(fresh.bout), {"side": "red", "data": "5/7/8"}, format="json"
        )


def test_a_bout_booked_with_plans_keeps_them_hidden_in_the_detail(api):
    night = fight_night()
    with TestCase.captureOnCommitCallbacks(execute=True):
        bout = bout_schedule(
            ruleset="webl",
            red=night.bout.red,
            blue=night.bout.blue,
            date=dt.date(2030, 2, 1),
            scheduled_rounds=3,
            plans={"red": "5/7/8"},
            seed=4,
            queue=False,
        )
    assert api.get(f"/api/bouts/{bout.pk}/").json()["plans"] is None


def test_standing_plans_are_their_managers_only(night, api):
    mine = as_user(night.red_manager)
    body = {"fighter": night.bout.red_id, "ruleset": "webl", "data": "4/8/8"}
    assert api.post("/api/standing-plans/", body, format="json").status_code == 401
    for stranger in (night.blue_manager, user("boss", staff=True), user("fan")):
        assert (
            as_user(stranger).post("/api/standing-plans/", body, format="json").status_code == 403
        )
    bad = mine.post("/api/standing-plans/", {**body, "data": BAD_PLAN}, format="json")
    assert bad.status_code == 400 and bad.json()["data"][0].startswith("Line 3")
    team = mine.post("/api/standing-plans/", {**body, "ruleset": "octagon"}, format="json")
    assert team.status_code == 400
    assert not as_user(night.red_manager).get("/api/standing-plans/").json()
    set_ = mine.post("/api/standing-plans/", body, format="json")
    assert set_.status_code == 200 and set_.json()["data"] == "4/8/8"
    assert [p["data"] for p in mine.get("/api/standing-plans/").json()] == ["4/8/8"]
    assert as_user(night.blue_manager).get("/api/standing-plans/").json() == []
    gone = mine.post("/api/standing-plans/", {**body, "data": None}, format="json")
    assert gone.status_code == 204 and mine.get("/api/standing-plans/").json() == []


def test_an_event_carries_its_fight_night(own_league, commissioner):
    client = as_user(commissioner)
    at = (timezone.now() + dt.timedelta(days=3)).replace(microsecond=0)
    body = {"league": own_league.pk, "name": "Friday Night", "date": "2030-03-01"}
    made = client.post("/api/events/", {**body, "fight_at": at.isoformat()}, format="json")
    assert made.status_code == 201, made.json()
    assert made.json()["fired_at"] is None and made.json()["plans_due_at"] is None
    late = client.post(
        "/api/events/",
        {
            **body,
            "fight_at": at.isoformat(),
            "plans_due_at": (at + dt.timedelta(hours=1)).isoformat(),
        },
        format="json",
    )
    assert late.status_code == 400 and "plan deadline" in str(late.json())
    forged = client.patch(
        f"/api/events/{made.json()['id']}/", {"fired_at": at.isoformat()}, format="json"
    )
    assert forged.status_code == 200 and forged.json()["fired_at"] is None
    assert Event.objects.filter(fired_at__isnull=False).count() == 0


def test_a_season_booked_through_the_api_at_a_fight_time_waits_for_it(own_league, commissioner):
    from bouts.models import Bout as BoutRow
    from tests.api import factories

    fighters = [factories.fighter() for _ in range(4)]
    division = factories.division(league=own_league, fighters=fighters)
    at = timezone.now() + dt.timedelta(days=7)
    answer = as_user(commissioner).post(
        f"/api/divisions/{division.pk}/schedule-season/",
        {"fight_at": at.isoformat()},
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    # The first night is booked at once (its plans can be written until its fight
    # time); the next is drawn when it is done, from whoever is fit then.
    nights = Event.objects.filter(season_id=answer.json()["id"]).order_by("date")
    assert nights.count() == 1 and nights[0].fight_at == at
    assert set(BoutRow.objects.filter(event__in=nights).values_list("status", flat=True)) == {
        "scheduled"
    }
    assert BoutRow.objects.filter(event__in=nights).count() == 2
