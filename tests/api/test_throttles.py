"""Throttles count what a request costs, not requests (issue 14): bouts queued
(a season's schedule is its bouts), bouts simulated for odds."""

import pytest
from rest_framework.throttling import SimpleRateThrottle

from bouts.models import Bout
from league.models import Season, SeasonFixture

from . import factories
from .conftest import as_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def rates(monkeypatch):
    def set_rates(**rates):
        merged = {**SimpleRateThrottle.THROTTLE_RATES, **rates}
        monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", merged)

    return set_rates


def test_a_season_schedule_costs_its_bouts_counted_before_anything_is_written(
    rates, commissioner, own_league
):
    rates(bout_queue="20/min")
    fighters = [factories.fighter() for _ in range(6)]  # a round robin of 15 bouts
    division = factories.division(league=own_league, fighters=fighters)
    client = as_user(commissioner)
    url = f"/api/divisions/{division.pk}/schedule-season/"
    first = client.post(url, {"seed": 1}, format="json")
    assert first.status_code == 201, first.content
    assert SeasonFixture.objects.count() == 15  # fought by a job once this commits
    queued = Bout.objects.count()
    # 15 of 20 spent: another 15-bout season is refused whole, naming the limit.
    second = client.post(url, {"seed": 2}, format="json")
    assert second.status_code == 429
    assert int(second["Retry-After"]) > 0
    assert "the limit is 20 per minute, 5 left" in second.json()["detail"]
    assert Bout.objects.count() == queued and Season.objects.count() == 1
    one = {
        "ruleset": own_league.ruleset,
        "red": fighters[0].pk,
        "blue": fighters[1].pk,
        "division": division.pk,
        "date": "2026-05-01",
    }
    assert client.post("/api/bouts/", one, format="json").status_code == 201


def test_a_season_larger_than_the_limit_is_a_400_naming_it(rates, commissioner, own_league):
    """Issue 30: one request queued 630 bouts past a 600 a minute limit."""
    rates(bout_queue="10/min")
    division = factories.division(
        league=own_league, fighters=[factories.fighter() for _ in range(6)]
    )
    answer = as_user(commissioner).post(
        f"/api/divisions/{division.pk}/schedule-season/", {"seed": 1}, format="json"
    )
    assert answer.status_code == 400
    assert (
        "15 bouts, more than the bouts a client may queue (10 per minute)"
        in (answer.json()["division"][0])
    )
    assert not Bout.objects.exists() and not Season.objects.exists()


def test_a_refused_season_costs_nothing(rates, commissioner, own_league):
    rates(bout_queue="3/min")
    client = as_user(commissioner)
    three = factories.division(league=own_league, fighters=[factories.fighter() for _ in range(3)])
    # Three fighters without a card of the league's ruleset: 3 bouts reserved,
    # the schedule refused, the 3 given back.
    other = "pocket" if own_league.ruleset != "pocket" else "webl"
    cardless = [factories.fighter(ruleset=other) for _ in range(3)]
    refused = factories.division(league=own_league, weight_class="flyweight", fighters=cardless)
    url = "/api/divisions/{}/schedule-season/"
    assert client.post(url.format(refused.pk), {}, format="json").status_code == 400
    assert client.post(url.format(three.pk), {}, format="json").status_code == 201


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
