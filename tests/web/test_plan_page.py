"""The plan page ``/bouts/{id}/plan/{side}/`` and the plans on the bout report:
the manager writes (errors at their line), others are refused until the fight,
the report shows both plans afterwards."""

import datetime as dt

import pytest
from django.test import TestCase
from django.utils import timezone

from bouts.models import Bout, BoutPlan
from bouts.services.plans import bout_plan_submit
from core.dates import real_time
from league.models import Event
from league.services.fight_nights import events_fire_due
from tests.bouts.plan_rows import BAD_PLAN, GOOD_PLAN, bout_for_plans, fight_night, user

pytestmark = pytest.mark.django_db


def page(bout, side="red"):
    return f"/bouts/{bout.pk}/plan/{side}/"


@pytest.fixture
def night():
    return fight_night()


def test_the_manager_writes_his_plan_and_sees_the_error_at_its_line(client, night):
    client.force_login(night.red_manager)
    form = client.get(page(night.bout))
    assert form.status_code == 200 and b'id="plan-form"' in form.content
    bad = client.post(page(night.bout), {"text": BAD_PLAN})
    assert bad.status_code == 400
    html = bad.content.decode()
    assert 'data-line="3"' in html and "Line 3: AGG+POW+DEF must be at most 20" in html
    assert 'class="plan-line has-error" data-line="3"' in html
    assert not BoutPlan.objects.exists()
    good = client.post(page(night.bout), {"text": GOOD_PLAN})
    assert good.status_code == 302 and good["Location"].endswith("?saved=1")
    assert BoutPlan.objects.get().data == GOOD_PLAN
    again = client.get(good["Location"]).content.decode()
    assert "Version 1 saved" in again and "6/6/8 (inside)" in again


@pytest.mark.parametrize("who", ["other_manager", "fan", "commissioner"])
def test_others_cannot_see_or_write_the_plan_before_the_fight(client, who):
    commissioner = user("commish")
    night = fight_night(commissioners=[commissioner])
    bout_plan_submit(
        bout=bout_for_plans(night.bout), side="red", data=GOOD_PLAN, user=night.red_manager
    )
    reader = {"other_manager": night.blue_manager, "fan": user("fan"), "commissioner": commissioner}
    client.force_login(reader[who])
    seen = client.get(page(night.bout))
    assert seen.status_code == 403 and b"hidden until the bout is fought" in seen.content
    assert GOOD_PLAN.encode() not in seen.content
    written = client.post(page(night.bout), {"text": "5/7/8"})
    assert written.status_code == 403
    assert BoutPlan.objects.count() == 1


def test_anonymous_is_sent_to_sign_in(client, night):
    answer = client.get(page(night.bout))
    assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/")


def test_staff_reads_but_does_not_write(client, night):
    bout_plan_submit(
        bout=bout_for_plans(night.bout), side="red", data=GOOD_PLAN, user=night.red_manager
    )
    client.force_login(user("boss", staff=True))
    seen = client.get(page(night.bout))
    assert seen.status_code == 200 and b"6/6/8 (inside)" in seen.content
    assert b'id="plan-form"' not in seen.content
    assert client.post(page(night.bout), {"text": "5/7/8"}).status_code == 403
    assert BoutPlan.objects.count() == 1


def test_a_ten_megabyte_post_is_a_clear_400(client, night):
    client.force_login(night.red_manager)
    answer = client.post(page(night.bout), {"text": "5/7/8\n" * (10 * 1024 * 1024 // 6)})
    assert answer.status_code == 400 and b"Nothing was saved" in answer.content
    assert not BoutPlan.objects.exists()


def test_after_the_deadline_the_page_says_locked(client):
    night = fight_night(plans_due_in=dt.timedelta(minutes=-1))
    client.force_login(night.red_manager)
    seen = client.get(page(night.bout))
    assert b"deadline has passed" in seen.content and b'id="plan-form"' not in seen.content
    assert client.post(page(night.bout), {"text": "5/7/8"}).status_code == 400
    assert not BoutPlan.objects.exists()


@pytest.mark.parametrize("ruleset, field", [("titlebout", b"strategy"), ("pocket", b"special")])
def test_each_ruleset_has_its_own_form(client, ruleset, field):
    night = fight_night(ruleset=ruleset)
    client.force_login(night.blue_manager)
    form = client.get(page(night.bout, "blue"))
    assert b'name="' + field + b'"' in form.content and b"<textarea" not in form.content
    data = {"strategy": "FO", "style": "B"} if ruleset == "titlebout" else {"special": "late"}
    assert client.post(page(night.bout, "blue"), data).status_code == 302
    assert BoutPlan.objects.get().data == data


def test_the_report_shows_both_plans_after_the_fight_and_none_before(client, night):
    bout_plan_submit(
        bout=bout_for_plans(night.bout), side="red", data=GOOD_PLAN, user=night.red_manager
    )
    before = client.get(f"/bouts/{night.bout.pk}/").content.decode()
    assert 'id="plans"' not in before and "6/6/8" not in before
    client.force_login(night.red_manager)
    mine = client.get(f"/bouts/{night.bout.pk}/").content.decode()
    assert 'id="write-plan-red"' in mine and 'id="write-plan-blue"' not in mine
    Event.objects.filter(pk=night.event.pk).update(fight_at=timezone.now())
    with TestCase.captureOnCommitCallbacks(execute=True):
        events_fire_due()
    assert Bout.objects.get(pk=night.bout.pk).status == "completed"
    client.logout()
    after = client.get(f"/bouts/{night.bout.pk}/").content.decode()
    assert 'id="plan-red"' in after and "6/6/8 (inside)" in after
    assert 'id="plan-blue"' in after and "default plan, from the rules" in after


def test_the_plan_page_query_count_is_fixed(client, night, django_assert_num_queries):
    bout = bout_for_plans(night.bout)
    for text in ("5/7/8", "6/6/8", GOOD_PLAN, "4/8/8"):
        bout_plan_submit(bout=bout, side="red", data=text, user=night.red_manager)
    client.force_login(night.red_manager)
    # session, user, the bout with its sides' camps and event, the versions
    with django_assert_num_queries(4):
        assert client.get(page(bout)).status_code == 200


def test_the_standing_plan_page(client, night):
    url = f"/fighters/{night.bout.red_id}/standing-plan/webl/"
    assert client.get(url).status_code == 302  # sign in first
    client.force_login(night.blue_manager)
    assert client.get(url).status_code == 403
    assert client.post(url, {"text": "5/7/8"}).status_code == 403
    client.force_login(night.red_manager)
    assert b'id="standing-plan-link"' in client.get(page(night.bout)).content
    bad = client.post(url, {"text": BAD_PLAN})
    assert bad.status_code == 400 and b"Line 3" in bad.content
    assert client.post(url, {"text": "4/8/8"}).status_code == 302
    from bouts.models import DefaultPlan

    assert DefaultPlan.objects.get().data == "4/8/8"
    assert client.post(url, {"text": ""}).status_code == 302  # saved empty: removed
    assert not DefaultPlan.objects.exists()
    assert client.get(f"/fighters/{night.bout.red_id}/standing-plan/octagon/").status_code == 404


def test_the_event_page_gives_the_fight_night_and_the_deadline(client):
    night = fight_night(plans_due_in=dt.timedelta(days=1), fight_in=dt.timedelta(days=2))
    html = client.get(f"/events/{night.event.pk}/").content.decode()
    fights, locks = real_time(night.event.fight_at), real_time(night.event.plans_due_at)
    assert 'id="fight-night"' in html and f"Fight night: fights in 47 hours, {fights}" in html
    assert f"plans lock in 23 hours, {locks}" in html


def test_the_plan_help_page_is_linked_from_the_plan_form(client, night):
    client.force_login(night.red_manager)
    form = client.get(page(night.bout)).content.decode()
    assert 'href="/help/plans/"' in form and "See docs/plans.md" not in form
    help_page = client.get("/help/plans/").content.decode()
    assert "How to write a WeBL fight plan" in help_page and "roundswon" in help_page


@pytest.mark.parametrize("who", ["anonymous", "other_manager", "staff"])
def test_only_the_manager_checks_a_standing_plan_as_he_types(client, night, who):
    url = f"/fighters/{night.bout.red_id}/standing-plan/webl/check/"
    if who != "anonymous":
        reader = night.blue_manager if who == "other_manager" else user("boss", staff=True)
        client.force_login(reader)
    answer = client.post(url, {"data": "5/7/8"}, content_type="application/json")
    assert answer.status_code == 403


def test_the_standing_plan_is_checked_as_it_is_typed(client, night):
    client.force_login(night.red_manager)
    page_html = client.get(f"/fighters/{night.bout.red_id}/standing-plan/webl/").content.decode()
    assert 'data-validate-url="' in page_html and "ringside/plan.js" in page_html
    url = f"/fighters/{night.bout.red_id}/standing-plan/webl/check/"
    good = client.post(url, {"data": "5/7/8"}, content_type="application/json").json()
    assert good == {"valid": True, "errors": []}
    bad = client.post(url, {"data": BAD_PLAN}, content_type="application/json").json()
    assert not bad["valid"] and bad["errors"][0]["line"] == 3
    junk = client.post(url, "not json", content_type="application/json")
    assert junk.status_code == 400


def test_the_plan_page_names_the_opponent_with_his_record_and_scouting(client, night):
    client.force_login(night.red_manager)
    html = client.get(page(night.bout)).content.decode()
    opponent = html.split('id="plan-opponent"')[1].split("</p>")[0]
    assert night.bout.blue.name in opponent
    assert f"/fighters/{night.bout.blue_id}/scouting/" in opponent
