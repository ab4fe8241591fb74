"""Throttles count what a request costs, not requests (issue 14): bouts queued
(a season's schedule is its bouts), bouts simulated for odds."""

import pytest
from rest_framework.throttling import SimpleRateThrottle

from bouts.models import Bout

from . import factories
from .conftest import as_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def rates(monkeypatch):
    def set_rates(**rates):
        merged = {**SimpleRateThrottle.THROTTLE_RATES, **rates}
        monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", merged)

    return set_rates


def test_a_season_schedule_costs_its_bouts(rates, commissioner, own_league):
    rates(bout_queue="10/min")
    fighters = [factories.fighter() for _ in range(6)]  # a round robin of 15 bouts
    division = factories.division(league=own_league, fighters=fighters)
    client = as_user(commissioner)
    url = f"/api/divisions/{division.pk}/schedule-season/"
    first = client.post(url, {"seed": 1}, format="json")
    assert first.status_code == 201, first.content
    queued = Bout.objects.count()
    assert queued == 15
    # 15 bouts spent a budget of 10: nothing more is queued this minute.
    second = client.post(url, {"seed": 2}, format="json")
    assert second.status_code == 429
    assert int(second["Retry-After"]) > 0
    one = {
        "ruleset": own_league.ruleset,
        "red": fighters[0].pk,
        "blue": fighters[1].pk,
        "division": division.pk,
        "date": "2026-05-01",
    }
    assert client.post("/api/bouts/", one, format="json").status_code == 429
    assert Bout.objects.count() == queued


def test_single_bouts_cost_one_each(rates, commissioner, own_league):
    rates(bout_queue="3/min")
    red, blue = factories.fighter(), factories.fighter()
    division = factories.division(league=own_league, fighters=[red, blue])
    body = {
        "ruleset": own_league.ruleset,
        "red": red.pk,
        "blue": blue.pk,
        "division": division.pk,
        "date": "2026-05-01",
    }
    client = as_user(commissioner)
    codes = [client.post("/api/bouts/", body, format="json").status_code for _ in range(4)]
    assert codes == [201, 201, 201, 429]
    # Refused input queues nothing, so it costs nothing.
    rates(bout_queue="1/min")
    other = as_user(factories.user(staff=True))
    assert other.post("/api/bouts/", {"ruleset": "nope"}, format="json").status_code == 400
    assert other.post("/api/bouts/", {"ruleset": "nope"}, format="json").status_code == 400


def test_odds_cost_the_bouts_they_simulate(rates, api):
    rates(odds="50/min")
    ruleset = factories.one_on_one_ruleset()
    red, blue = factories.fighter(ruleset=ruleset), factories.fighter(ruleset=ruleset)
    body = {"ruleset": ruleset, "red": red.pk, "blue": blue.pk}
    assert api.post("/api/odds/", {**body, "n": 30}, format="json").status_code == 200
    # 30 spent, 20 left: 30 more would overdraw (refused before any bout is run) ...
    refused = api.post("/api/odds/", {**body, "n": 30}, format="json")
    assert refused.status_code == 429
    # ... while 20 fit.
    assert api.post("/api/odds/", {**body, "n": 20}, format="json").status_code == 200
    assert api.post("/api/odds/", {**body, "n": 1}, format="json").status_code == 429
