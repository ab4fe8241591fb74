"""The bout report names, for each round, the plan line each side fought with
(issue 33 item 6), read from the engine's round statistics and the plan's text;
a side fought with a standing plan keeps it private from all but its manager."""

import re

import pytest
from django.test import TestCase
from django.utils import timezone

from bouts.models import Bout, DefaultPlan, RoundStat
from bouts.plan_lines import PlanLines, plans_by_round
from bouts.services.plans import bout_plan_submit
from league.models import Event
from league.services.fight_nights import events_fire_due
from tests.bouts.plan_rows import bout_for_plans, fight_night

pytestmark = pytest.mark.django_db

PLAN = "# opening\n1) 5/7/8\n3) 6/6/8 (inside)"


def fight(night):
    Event.objects.filter(pk=night.event.pk).update(fight_at=timezone.now())
    with TestCase.captureOnCommitCallbacks(execute=True):
        events_fire_due()
    return Bout.objects.get(pk=night.bout.pk)


def test_each_round_names_the_line_of_each_side(client):
    night = fight_night()
    bout_plan_submit(bout=bout_for_plans(night.bout), side="red", data=PLAN, user=night.red_manager)
    bout = fight(night)
    assert bout.status == "completed"
    html = client.get(f"/bouts/{bout.pk}/").content.decode()
    assert 'id="plans-by-round"' in html
    rows = re.findall(r'<tr data-round="(\d+)">(.*?)</tr>', html, re.S)
    assert rows
    for number, row in rows:
        expected = "line 2 of the plan" if int(number) < 3 else "line 3 of the plan"
        assert expected in row, (number, row)
    labels = {stat.stats.get("plan") for stat in RoundStat.objects.filter(bout=bout, side="red")}
    assert labels <= {"5/7/8", "6/6/8 (inside)"}


def test_a_standing_plan_is_kept_private_from_others_but_not_its_manager(client):
    night = fight_night()
    DefaultPlan.objects.create(fighter=night.bout.blue, ruleset="webl", data="4/8/8")
    bout = fight(night)
    public = client.get(f"/bouts/{bout.pk}/").content.decode()
    assert "kept private (his standing plan)" in public and "4/8/8" not in public
    client.force_login(night.blue_manager)
    mine = client.get(f"/bouts/{bout.pk}/").content.decode()
    assert "4/8/8" in mine and "line 1 of the plan" in mine


def test_no_plan_table_before_the_fight(client):
    night = fight_night()
    html = client.get(f"/bouts/{night.bout.pk}/").content.decode()
    assert 'id="plans-by-round"' not in html


def test_titlebout_rounds_read_as_strategies_in_words():
    class Stat:
        def __init__(self, stats):
            self.stats = stats

    plans = [
        {"side": "red", "data": {"strategy": "FI"}, "source": "the manager's plan"},
        {
            "side": "blue",
            "data": None,
            "source": "no plan: the corner's default plan, from the rules",
        },
    ]
    stats = [
        {
            "round": 1,
            "red": Stat({"strategy": "work_the_body", "style": "S"}),
            "blue": Stat({"strategy": "none", "style": "B"}),
        }
    ]
    rows = plans_by_round("titlebout", plans, stats)
    assert rows[0]["red"]["label"] == "Work the Body · slugger"
    assert rows[0]["blue"]["label"] == "boxer" and not rows[0]["blue"]["code"]


def test_a_round_no_statement_covers_is_the_engines_fallback():
    plan = PlanLines("webl", "3) 8/6/6")
    assert plan.is_fallback(1, "5/7/8") and plan.lines_for(3, "8/6/6") == [1]
