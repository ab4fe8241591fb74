"""The desk's "plans due": each upcoming bout side the manager plays, its
deadline and whether a plan is written — in a fixed number of queries."""

import datetime

import pytest
from django.test import Client
from django.utils import timezone

from bouts.services import bout_schedule
from bouts.services.plans import bout_plan_submit
from core.dates import real_time
from tests.api import managers

pytestmark = pytest.mark.django_db


@pytest.fixture
def w():
    return managers.world(fighters_per_camp=4)


def book(w, n):
    fight_at = timezone.now() + datetime.timedelta(days=3)
    w.event.fight_at = fight_at
    w.event.save(update_fields=["fight_at"])
    return bout_schedule(
        ruleset=w.league.ruleset,
        date=w.event.date,
        event=w.event,
        division=w.division,
        red=w.mine[n],
        blue=w.theirs[n],
        scheduled_rounds=6,
        seed=n + 1,
        queue=False,
    )


def desk_html(w, who="owner"):
    client = Client()
    client.force_login(getattr(w, who))
    return client, client.get("/desk/").content.decode()


def test_a_plan_due_is_listed_with_its_deadline_then_as_written(w):
    bout = book(w, 0)
    _, html = desk_html(w)
    assert f"/bouts/{bout.pk}/plan/red/" in html
    assert "Write the red corner" in html and "none yet" in html
    # A real time, said as when the night's plans lock (just under three days away).
    assert f"due in 2 days, {real_time(w.event.plan_deadline)}" in html
    _, theirs = desk_html(w, "other_manager")
    assert f"/bouts/{bout.pk}/plan/blue/" in theirs and f"/bouts/{bout.pk}/plan/red/" not in theirs
    if w.league.ruleset != "titlebout":
        pytest.skip("the desk's plan example is a Title Bout strategy")
    bout_plan_submit(bout=bout, side="red", data={"strategy": "FI"}, user=w.owner)
    _, html = desk_html(w)
    assert "Revise the red corner" in html and "version 1 written" in html


def test_the_desk_api_lists_plans_due(w):
    bout = book(w, 0)
    client = Client()
    client.force_login(w.owner)
    body = client.get("/api/desk/").json()
    assert body["plans_due"] == [
        {
            "bout": bout.pk,
            "side": "red",
            "deadline": body["plans_due"][0]["deadline"],
            "version": 0,
            "opponent_name": bout.blue.name,
            "opponent_record": body["plans_due"][0]["opponent_record"],
        }
    ]
    assert body["plans_due"][0]["deadline"] is not None


def test_plans_due_cost_one_query_whatever_their_number(w, django_assert_num_queries):
    book(w, 0)
    client, _ = desk_html(w)
    # session, user, the desk's ten reads (with the requests answered), the latest
    # plans of its bouts, the
    # fighters' fitness (their leagues, then one status read: suspensions and
    # retirements), the fighters' regions
    with django_assert_num_queries(17):
        client.get("/desk/")
    for n in (1, 2, 3):
        book(w, n)
    with django_assert_num_queries(17):
        assert client.get("/desk/").status_code == 200
