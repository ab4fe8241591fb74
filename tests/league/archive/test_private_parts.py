"""What a commissioner's archive leaves out: a manager's standing plan stays
private wherever it would show (the plans and inputs of the bouts fought with
it, their engine result, the plan lines of their round statistics), and bouts
not yet fought keep their seeds and plans; staff's archive holds them all."""

import json

import pytest
from django.test import TestCase

from bouts.models import DefaultPlan
from league.archive import export_league
from league.calendar import jobs
from league.calendar.models import JobTarget

from ..calendar.seasons import season_to_play

pytestmark = pytest.mark.django_db

STANDING = "4/8/8"


def test_a_standing_plan_is_in_staffs_archive_only():
    league, division, _season = season_to_play("webl", 4)
    fighter = division.fighters.order_by("id").first()
    DefaultPlan.objects.create(fighter=fighter, ruleset="webl", data=STANDING)
    with TestCase.captureOnCommitCallbacks(execute=True):
        jobs.job_start(league=league, target=JobTarget.SEASON, check_permission=False)

    complete = export_league(league)
    partial = export_league(league, include_private=False)
    key = next(f["id"] for f in partial["fighters"] if f["name"] == fighter.name)

    def his_bouts(archive):
        return [b for b in archive["bouts"] if key in (b["red"], b["blue"])]

    def his_entry(archive):
        return next(f for f in archive["fighters"] if f["id"] == key)

    assert his_entry(complete)["standing_plans"] == [
        {"ruleset": "webl", "data": STANDING, "author": None}
    ]
    assert all(STANDING in json.dumps(b) for b in his_bouts(complete))
    assert his_entry(partial)["standing_plans"] == []
    his = his_bouts(partial)
    assert his and all(b["status"] == "completed" for b in his)
    for bout in his:
        # The opponent's own lines may read the same (his plan is public once fought).
        side = "red" if bout["red"] == key else "blue"
        mine = [s for s in bout["round_stats"] if s["side"] == side]
        rest = {k: v for k, v in bout.items() if k != "round_stats"}
        assert STANDING not in json.dumps([rest, mine])
    for bout in his:
        side = "red" if bout["red"] == key else "blue"
        assert bout["plans"] == {} and bout["inputs"] is None
        assert bout["result"]["engine_result"] is None
        assert all("plan" not in s["stats"] for s in bout["round_stats"] if s["side"] == side)
    others = [b for b in partial["bouts"] if key not in (b["red"], b["blue"])]
    assert others and all(b["result"]["engine_result"] for b in others), "public records stay"
