"""A league's history through the API (league.api.history): seasons with
awards and champions, the record book, the hall of fame; the writes per role."""

import datetime as dt

import pytest
from django.contrib.auth import get_user_model

from fighters.models import Camp, Fighter
from league.models import Award, HallOfFamer, Season, SeasonStatus
from tests.league.conftest import make_league, one_on_one_ruleset
from tests.league.history.conftest import fight_season

from .conftest import as_user

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "plain", "manager", "other_commissioner", "commissioner", "staff"]
ALLOWED = {"commissioner", "staff"}


@pytest.fixture
def league_fought():
    ruleset = one_on_one_ruleset()
    if ruleset is None:
        pytest.skip("no one-on-one ruleset registered")
    return fight_season(ruleset)


def _client(who, league, api):
    users = get_user_model().objects
    if who == "anonymous":
        return api
    if who == "plain":
        return as_user(users.create_user("plain-user"))
    if who == "manager":
        manager = users.create_user("a-manager")
        Camp.objects.create(name="His gym", owner=manager)
        return as_user(manager)
    if who == "other_commissioner":
        other, _ = make_league(league.ruleset, 0)
        user = users.create_user("other-commissioner")
        other.commissioners.add(user)
        return as_user(user)
    if who == "commissioner":
        user = users.create_user("the-commissioner")
        league.commissioners.add(user)
        return as_user(user)
    return as_user(users.create_user("a-staff", is_staff=True))


@pytest.mark.parametrize("who", ROLES)
def test_handing_out_awards_is_for_the_commissioner_and_staff(who, api, league_fought):
    league, _division, season, _bouts = league_fought
    response = _client(who, league, api).post(f"/api/seasons/{season.pk}/awards/")
    if who in ALLOWED:
        assert response.status_code == 201, response.content
        body = response.json()
        assert body["handed_out"] and body["season_number"] == 1
        assert {a["kind"] for a in body["awards"]} >= {"fighter", "knockout"}
        assert Award.objects.filter(league=league).count() == len(body["awards"])
    else:
        assert response.status_code in (401, 403), response.content
        assert not Award.objects.exists()


@pytest.mark.parametrize("who", ROLES)
def test_inducting_is_for_the_commissioner_and_staff(who, api, league_fought):
    league, division, *_ = league_fought
    league.hall_of_fame_wins = 1
    league.save(update_fields=["hall_of_fame_wins"])
    Fighter.objects.filter(divisions=division).update(
        is_active=False, retired_on=dt.date(2026, 9, 1)
    )
    response = _client(who, league, api).post(f"/api/leagues/{league.slug}/hall-of-fame/")
    if who in ALLOWED:
        assert response.status_code == 201, response.content
        assert response.json() and HallOfFamer.objects.filter(league=league).exists()
    else:
        assert response.status_code in (401, 403), response.content
        assert not HallOfFamer.objects.exists()


def test_awards_wait_for_the_season_to_end_with_a_field_error(api, league_fought):
    league, _division, season, _bouts = league_fought
    Season.objects.filter(pk=season.pk).update(status=SeasonStatus.RUNNING)
    response = _client("staff", league, api).post(f"/api/seasons/{season.pk}/awards/")
    assert response.status_code == 400
    assert "still being fought" in response.json()["season"][0]
    # Before they are handed out, the season's awards read as the races' leaders.
    body = api.get(f"/api/seasons/{season.pk}/awards/").json()
    assert body["handed_out"] is False and body["awards"]


def test_the_history_carries_champions_leaders_and_awards(api, league_fought):
    league, division, season, bouts = league_fought
    _client("staff", league, api).post(f"/api/seasons/{season.pk}/awards/")
    body = api.get(f"/api/leagues/{league.slug}/history/").json()
    (first,) = body["seasons"]
    assert first["number"] == 1 and not first["running"]
    (part,) = first["divisions"]
    assert part["division"]["name"] == division.name and part["table_leader"]["type"] == "fighter"
    assert dt.date.fromisoformat(part["last_night"]) == bouts[-1].date
    knockout = next(a for a in first["awards"] if a["kind"] == "knockout")
    assert knockout["bout"] == bouts[0].pk and knockout["rule"]
    assert body["races"] == {"season_number": None, "leaders": []}


def test_the_record_book_lists_every_record(api, league_fought):
    league, *_ = league_fought
    body = api.get(f"/api/leagues/{league.slug}/records/").json()
    assert [r["key"] for r in body] == [
        "most_wins",
        "longest_streak",
        "most_defences",
        "fastest_knockout",
        "most_knockouts",
        "best_title_record",
    ]
    wins = body[0]["entries"]
    assert wins and wins[0]["competitor"]["type"] == "fighter" and int(wins[0]["value"]) >= 1


def test_reads_cost_fixed_queries(api, league_fought, django_assert_num_queries):
    league, _division, season, _bouts = league_fought
    _client("staff", league, api).post(f"/api/seasons/{season.pk}/awards/")
    with django_assert_num_queries(7):  # league; seasons, dates, leaders, reigns, awards; races
        api.get(f"/api/leagues/{league.slug}/history/")
    with django_assert_num_queries(7):  # league; six records
        api.get(f"/api/leagues/{league.slug}/records/")
    with django_assert_num_queries(2):  # league; the inducted
        api.get(f"/api/leagues/{league.slug}/hall-of-fame/")
    with django_assert_num_queries(2):  # the season; its awards
        api.get(f"/api/seasons/{season.pk}/awards/")


def test_unknown_leagues_and_seasons_are_404(api):
    assert api.get("/api/leagues/no-such/history/").status_code == 404
    assert api.get("/api/seasons/999999/awards/").status_code == 404


def test_a_misspelt_query_parameter_is_refused(api, league_fought):
    league, *_ = league_fought
    response = api.get(f"/api/leagues/{league.slug}/records/?lmit=3")
    assert response.status_code == 400 and "lmit" in response.json()["unknown_parameters"][0]
