"""Scheduling bouts through the API: queued and fought, one bout per idempotency key,
throttled, and the detail is the whole record."""

import pytest

from bouts.models import Bout

from . import factories
from .conftest import as_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def card_setup(own_league):
    red = factories.fighter(name="Alpha Red")
    blue = factories.fighter(name="Bravo Blue")
    division = factories.division(league=own_league, fighters=[red, blue])
    event = factories.event(league=own_league)
    return {"red": red, "blue": blue, "division": division, "event": event}


def _body(setup, league, **extra):
    return {
        "ruleset": league.ruleset,
        "red": setup["red"].pk,
        "blue": setup["blue"].pk,
        "event": setup["event"].pk,
        "division": setup["division"].pk,
        "scheduled_rounds": 4,
        "seed": 4242,
        **extra,
    }


def test_create_schedules_queues_and_records_the_whole_bout(
    commissioner, own_league, card_setup, django_capture_on_commit_callbacks
):
    client = as_user(commissioner)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/api/bouts/", _body(card_setup, own_league), format="json")
    assert response.status_code == 201, response.content
    bout_id = response.json()["id"]
    detail = client.get(f"/api/bouts/{bout_id}/").json()
    assert detail["status"] == "completed"
    assert detail["red_name"] == "Alpha Red" and detail["blue_name"] == "Bravo Blue"
    assert detail["method"] and detail["end_round"] >= 1
    bout = Bout.objects.select_related("result").get(pk=bout_id)
    engine = bout.result.engine_result
    # Scorecards per judge and round, exactly as the engine scored them.
    assert len(detail["scorecards"]) == len(engine["scorecards"])
    for card, engine_card in zip(detail["scorecards"], engine["scorecards"]):
        assert [[r["red"], r["blue"]] for r in card["rounds"]] == engine_card
        assert card["total"] == [sum(r[0] for r in engine_card), sum(r[1] for r in engine_card)]
    assert len(detail["knockdowns"]) == len(engine["knockdowns"])
    assert len(detail["injuries"]) == len(engine["injuries"])
    assert len(detail["fouls"]) == len(engine["fouls"])
    assert detail["play_by_play"] == engine["events"]
    assert [r["round"] for r in detail["rounds"]] == sorted({r["round"] for r in engine["rounds"]})


@pytest.mark.parametrize("how", ["header", "field"])
def test_retried_post_with_idempotency_key_makes_one_bout(
    how, commissioner, own_league, card_setup, django_capture_on_commit_callbacks
):
    client = as_user(commissioner)
    body = _body(card_setup, own_league)
    headers = {}
    if how == "header":
        headers = {"HTTP_IDEMPOTENCY_KEY": "retry-me-1"}
    else:
        body["idempotency_key"] = "retry-me-1"
    with django_capture_on_commit_callbacks(execute=True):
        first = client.post("/api/bouts/", body, format="json", **headers)
        second = client.post("/api/bouts/", body, format="json", **headers)
    assert first.status_code == 201, first.content
    assert second.status_code == 200, second.content
    assert first.json()["id"] == second.json()["id"]
    assert Bout.objects.filter(idempotency_key=f"api:{commissioner.pk}:retry-me-1").count() == 1
    assert Bout.objects.count() == 1


def test_idempotency_keys_are_per_user(
    commissioner, own_league, card_setup, staff, django_capture_on_commit_callbacks
):
    """One user's key never returns another user's bout."""
    body = _body(card_setup, own_league)
    with django_capture_on_commit_callbacks(execute=True):
        mine = as_user(commissioner).post(
            "/api/bouts/", body, format="json", HTTP_IDEMPOTENCY_KEY="shared-key"
        )
        other = {k: v for k, v in body.items() if k not in ("event", "division")}
        theirs = as_user(staff).post(
            "/api/bouts/",
            {**other, "date": "2031-05-05"},
            format="json",
            HTTP_IDEMPOTENCY_KEY="shared-key",
        )
    assert mine.status_code == 201, mine.content
    assert theirs.status_code == 201, theirs.content  # a bout of their own, not mine
    assert theirs.json()["id"] != mine.json()["id"]
    assert Bout.objects.count() == 2


def test_header_and_field_keys_must_agree(commissioner, own_league, card_setup):
    client = as_user(commissioner)
    body = _body(card_setup, own_league, idempotency_key="a")
    response = client.post("/api/bouts/", body, format="json", HTTP_IDEMPOTENCY_KEY="b")
    assert response.status_code == 400
    assert "idempotency_key" in response.json()
    assert Bout.objects.count() == 0


def test_bad_bouts_are_400_with_field_messages(commissioner, own_league, card_setup):
    client = as_user(commissioner)
    same = _body(card_setup, own_league, blue=card_setup["red"].pk)
    response = client.post("/api/bouts/", same, format="json")
    assert response.status_code == 400
    assert "blue" in response.json()
    response = client.post(
        "/api/bouts/", _body(card_setup, own_league, scheduled_rounds=0), format="json"
    )
    assert response.status_code == 400 and "scheduled_rounds" in response.json()
    response = client.post(
        "/api/bouts/", _body(card_setup, own_league, ruleset="chess"), format="json"
    )
    assert response.status_code == 400 and "ruleset" in response.json()
    response = client.post("/api/bouts/", _body(card_setup, own_league, red=10**9), format="json")
    assert response.status_code == 400 and "red" in response.json()
    assert Bout.objects.count() == 0


def test_commissioner_cannot_schedule_in_another_league(commissioner, other_league):
    red, blue = factories.fighter(), factories.fighter()
    division = factories.division(league=other_league, fighters=[red, blue])
    response = as_user(commissioner).post(
        "/api/bouts/",
        {
            "ruleset": other_league.ruleset,
            "red": red.pk,
            "blue": blue.pk,
            "division": division.pk,
            "date": "2026-05-01",
        },
        format="json",
    )
    assert response.status_code == 403
    assert Bout.objects.count() == 0


def test_queueing_bouts_is_throttled(monkeypatch, staff):
    from rest_framework.throttling import SimpleRateThrottle

    # The rates are read once, at import: lower the scope's for this test.
    rates = {**SimpleRateThrottle.THROTTLE_RATES, "bout_queue": "2/min"}
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates)
    client = as_user(staff)
    codes = [
        client.post("/api/bouts/", {"ruleset": "nope"}, format="json").status_code for _ in range(3)
    ]
    # Refused input queues no bout, so it costs nothing (test_throttles.py has the
    # rest: the throttle counts bouts queued).
    assert codes == [400, 400, 400]
    # Reads are not throttled.
    assert client.get("/api/bouts/").status_code == 200


def test_queue_action_queues_a_scheduled_bout(
    commissioner, own_league, card_setup, django_capture_on_commit_callbacks
):
    from bouts.services import bout_schedule

    bout = bout_schedule(
        ruleset=own_league.ruleset,
        red=card_setup["red"],
        blue=card_setup["blue"],
        division=card_setup["division"],
        date=card_setup["event"].date,
        queue=False,
        seed=9,
    )
    assert bout.status == "scheduled"
    assert as_user(factories.user()).post(f"/api/bouts/{bout.pk}/queue/").status_code == 403
    with django_capture_on_commit_callbacks(execute=True):
        response = as_user(commissioner).post(f"/api/bouts/{bout.pk}/queue/")
    assert response.status_code == 200, response.content
    bout.refresh_from_db()
    assert bout.status == "completed"


def test_team_bout_between_camps(staff, django_capture_on_commit_callbacks):
    ruleset = factories.team_ruleset()
    if ruleset is None:
        pytest.skip("no team ruleset has landed")
    league = factories.league(ruleset=ruleset)
    red_camp, blue_camp = factories.camp(), factories.camp()
    for camp in (red_camp, blue_camp):
        for _ in range(3):
            factories.fighter(ruleset=ruleset, camp=camp)
    division = factories.division(league=league)
    division.camps.set([red_camp, blue_camp])
    with django_capture_on_commit_callbacks(execute=True):
        response = as_user(staff).post(
            "/api/bouts/",
            {
                "ruleset": ruleset,
                "red_camp": red_camp.pk,
                "blue_camp": blue_camp.pk,
                "division": division.pk,
                "date": "2026-05-01",
                "seed": 11,
            },
            format="json",
        )
    assert response.status_code == 201, response.content
    detail = as_user(staff).get(f"/api/bouts/{response.json()['id']}/").json()
    assert detail["status"] == "completed", detail["failure_reason"]
    assert detail["red_name"] == red_camp.name and detail["blue_name"] == blue_camp.name
    assert detail["red"] is None and detail["red_camp"] == red_camp.pk
    assert {line["side"] for line in detail["fighter_lines"]} == {"red", "blue"}
    page = as_user(staff).get(f"/bouts/{detail['id']}/")
    assert page.status_code == 200
    assert red_camp.name in page.content.decode()


def test_bouts_filter_by_method_and_search_by_name(
    commissioner, own_league, card_setup, django_capture_on_commit_callbacks
):
    """?method= and ?search= used to return every bout."""
    with django_capture_on_commit_callbacks(execute=True):
        made = as_user(commissioner).post(
            "/api/bouts/", _body(card_setup, own_league), format="json"
        )
    assert made.status_code == 201, made.content
    bout = Bout.objects.select_related("result", "red").get(pk=made.json()["id"])
    method = bout.result.method
    client = as_user(commissioner)
    hit = client.get("/api/bouts/", {"method": method}).json()
    assert [b["id"] for b in hit["results"]] == [bout.pk]
    other = "DQ" if method != "DQ" else "KO"
    assert client.get("/api/bouts/", {"method": other}).json()["results"] == []
    found = client.get("/api/bouts/", {"search": bout.red.name.split()[-1]}).json()
    assert [b["id"] for b in found["results"]] == [bout.pk]
    assert client.get("/api/bouts/", {"search": "zzzzzz"}).json()["results"] == []
