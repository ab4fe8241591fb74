"""Fight plans: who writes them and until when, every version kept, what the
engine refuses (at its line), who reads them before the fight, and what a bout
is fought with (bouts.plans, bouts.services.plans)."""

import datetime as dt
import json

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from bouts import plans as bout_plans
from bouts.models import BoutPlan, BoutStatus, DefaultPlan
from bouts.services.plans import bout_plan_submit, default_plan_set

from .plan_rows import BAD_PLAN, GOOD_PLAN, bout_for_plans, fight_night, user

pytestmark = pytest.mark.django_db


@pytest.fixture
def night():
    return fight_night()


def test_the_manager_saves_versions_and_every_one_is_kept(night):
    bout = bout_for_plans(night.bout)
    first = bout_plan_submit(bout=bout, side="red", data="5/7/8", user=night.red_manager)
    second = bout_plan_submit(bout=bout, side="red", data=GOOD_PLAN, user=night.red_manager)
    assert (first.version, second.version) == (1, 2)
    assert list(BoutPlan.objects.filter(bout=bout).values_list("version", "data")) == [
        (1, "5/7/8"),
        (2, GOOD_PLAN),
    ]
    assert second.author == night.red_manager
    latest = bout_plans.latest_plans([bout.pk])
    assert latest[(bout.pk, "red")].version == 2 and (bout.pk, "blue") not in latest


@pytest.mark.parametrize("who", ["anonymous", "other_manager", "commissioner", "staff", "fan"])
def test_only_the_sides_manager_writes_it(who):
    commissioner = user("commish")
    night = fight_night(commissioners=[commissioner])
    from django.contrib.auth.models import AnonymousUser

    writer = {
        "anonymous": AnonymousUser(),
        "other_manager": night.blue_manager,
        "commissioner": commissioner,
        "staff": user("staffer", staff=True),
        "fan": user("fan"),
    }[who]
    with pytest.raises(PermissionDenied):
        bout_plan_submit(bout=bout_for_plans(night.bout), side="red", data=GOOD_PLAN, user=writer)
    assert not BoutPlan.objects.exists()


def test_the_engine_error_names_its_line_and_nothing_is_saved(night):
    with pytest.raises(bout_plans.PlanRefused) as caught:
        bout_plan_submit(
            bout=bout_for_plans(night.bout), side="red", data=BAD_PLAN, user=night.red_manager
        )
    assert caught.value.problems[0].line == 3
    assert "20 energy points" in caught.value.problems[0].message
    assert caught.value.message_dict["data"][0].startswith("Line 3: ")
    assert not BoutPlan.objects.exists()


def test_a_plan_of_ten_megabytes_is_refused_unsaved(night):
    huge = "5/7/8\n" * (10 * 1024 * 1024 // 6)
    with pytest.raises(ValidationError) as caught:
        bout_plan_submit(
            bout=bout_for_plans(night.bout), side="red", data=huge, user=night.red_manager
        )
    assert "at most" in str(caught.value)
    assert not BoutPlan.objects.exists()
    # Over the engine's own limit (4,000 characters) but under ours: the engine says so.
    with pytest.raises(ValidationError, match="4000"):
        bout_plan_submit(
            bout=bout_for_plans(night.bout),
            side="red",
            data="5/7/8\n" * 800,
            user=night.red_manager,
        )
    assert not BoutPlan.objects.exists()


def test_after_the_deadline_the_plan_is_locked():
    night = fight_night(plans_due_in=dt.timedelta(hours=-1), fight_in=dt.timedelta(hours=1))
    with pytest.raises(ValidationError, match="deadline has passed"):
        bout_plan_submit(
            bout=bout_for_plans(night.bout), side="red", data=GOOD_PLAN, user=night.red_manager
        )
    # And once the night fired, whatever the time.
    open_night = fight_night()
    open_night.event.fired_at = timezone.now()
    open_night.event.save()
    with pytest.raises(ValidationError, match="fight night has fired"):
        bout_plan_submit(
            bout=bout_for_plans(open_night.bout),
            side="red",
            data=GOOD_PLAN,
            user=open_night.red_manager,
        )
    assert not BoutPlan.objects.exists()


def test_a_plan_is_hidden_until_the_bout_is_fought(night):
    bout = bout_for_plans(night.bout)
    from django.contrib.auth.models import AnonymousUser

    assert bout_plans.readable_sides(bout, night.red_manager) == ["red"]
    assert bout_plans.readable_sides(bout, night.blue_manager) == ["blue"]
    assert bout_plans.readable_sides(bout, AnonymousUser()) == []
    assert bout_plans.readable_sides(bout, user("fan")) == []
    assert bout_plans.readable_sides(bout, user("boss", staff=True)) == ["red", "blue"]
    bout.status = BoutStatus.COMPLETED
    assert bout_plans.readable_sides(bout, AnonymousUser()) == ["red", "blue"]


def test_what_a_bout_is_fought_with_version_then_booked_then_standing_then_none(night):
    bout = bout_for_plans(night.bout)
    assert bout_plans.plans_to_fight([bout])[id(bout)] == (
        {},
        {"red": {"kind": "ruleset"}, "blue": {"kind": "ruleset"}},
    )
    default_plan_set(fighter=bout.blue, ruleset="webl", data="4/8/8", user=night.blue_manager)
    bout.plans = {"red": "6/6/8"}
    plans, sources = bout_plans.plans_to_fight([bout])[id(bout)]
    assert plans == {"red": "6/6/8", "blue": "4/8/8"}
    assert sources == {"red": {"kind": "booked"}, "blue": {"kind": "standing"}}
    bout_plan_submit(bout=bout, side="red", data=GOOD_PLAN, user=night.red_manager)
    plans, sources = bout_plans.plans_to_fight([bout])[id(bout)]
    assert plans["red"] == GOOD_PLAN and sources["red"] == {"kind": "bout", "version": 1}


def test_a_standing_plan_is_its_camp_owners_and_validated(night):
    bout = bout_for_plans(night.bout)
    with pytest.raises(PermissionDenied):
        default_plan_set(fighter=bout.red, ruleset="webl", data="5/7/8", user=night.blue_manager)
    with pytest.raises(bout_plans.PlanRefused):
        default_plan_set(fighter=bout.red, ruleset="webl", data=BAD_PLAN, user=night.red_manager)
    assert not DefaultPlan.objects.exists()
    default_plan_set(fighter=bout.red, ruleset="webl", data="5/7/8", user=night.red_manager)
    default_plan_set(fighter=bout.red, ruleset="webl", data="6/6/8", user=night.red_manager)
    assert list(DefaultPlan.objects.values_list("data", flat=True)) == ["6/6/8"]
    default_plan_set(fighter=bout.red, ruleset="webl", data=None, user=night.red_manager)
    assert not DefaultPlan.objects.exists()


@pytest.mark.parametrize(
    "ruleset, good, bad",
    [
        ("titlebout", {"strategy": "FO", "style": "B"}, {"strategy": "dance"}),
        ("pocket", {"target": "body", "dirty": 10, "clinch": True}, {"dirty": 300}),
    ],
)
def test_each_ruleset_takes_its_own_terms(ruleset, good, bad):
    night = fight_night(ruleset=ruleset)
    bout = bout_for_plans(night.bout)
    bout_plan_submit(bout=bout, side="blue", data=good, user=night.blue_manager)
    with pytest.raises(bout_plans.PlanRefused):
        bout_plan_submit(bout=bout, side="blue", data=bad, user=night.blue_manager)
    assert list(BoutPlan.objects.values_list("data", flat=True)) == [good]


def test_plan_problems_on_odd_input():
    assert bout_plans.plan_problems("webl", "red", "") == [
        bout_plans.PlanProblem("The plan is empty.")
    ]
    assert bout_plans.plan_problems("webl", "red", 12)[0].message.startswith("a plan must be text")
    big = {"k": "x" * (bout_plans.MAX_PLAN_BYTES + 1)}
    assert "at most" in bout_plans.plan_problems("pocket", "red", big)[0].message
    assert len(json.dumps(big)) > bout_plans.MAX_PLAN_BYTES


def test_team_rulesets_take_the_camps_plans():
    from bouts.services import bout_schedule
    from tests.bouts.factories import DAY, make_camp

    red_boss, blue_boss = user("red-boss"), user("blue-boss")
    red, blue = make_camp("octagon", seed=1), make_camp("octagon", seed=2)
    for camp, boss in ((red, red_boss), (blue, blue_boss)):
        camp.owner = boss
        camp.save()
    bout = bout_schedule(
        ruleset="octagon", red_camp=red, blue_camp=blue, date=DAY, seed=3, queue=False
    )
    bout = bout_for_plans(bout)
    with pytest.raises(PermissionDenied):
        bout_plan_submit(bout=bout, side="red", data={"policy": "greedy"}, user=blue_boss)
    bout_plan_submit(bout=bout, side="red", data={"policy": "greedy"}, user=red_boss)
    with pytest.raises(ValidationError):
        default_plan_set(fighter=None, camp=None, ruleset="octagon", data="x", user=blue_boss)
    default_plan_set(camp=blue, ruleset="octagon", data={"policy": "seed"}, user=blue_boss)
    plans, sources = bout_plans.plans_to_fight([bout])[id(bout)]
    assert plans == {"red": {"policy": "greedy"}, "blue": {"policy": "seed"}}
    assert sources["blue"] == {"kind": "standing"}


def test_staff_read_plans_in_the_admin_and_write_none(client, night):
    bout_plan_submit(
        bout=bout_for_plans(night.bout), side="red", data=GOOD_PLAN, user=night.red_manager
    )
    client.force_login(_superuser())
    listing = client.get("/admin/bouts/boutplan/")
    assert listing.status_code == 200 and b"Red Fighter" in listing.content
    assert client.get("/admin/bouts/boutplan/add/").status_code == 403
    plan = BoutPlan.objects.get()
    client.post(f"/admin/bouts/boutplan/{plan.pk}/change/", {"data": '"5/7/8"'})
    assert BoutPlan.objects.get().data == GOOD_PLAN


def _superuser():
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_superuser("root", "root@example.org", None)
