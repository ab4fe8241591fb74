"""The API as a contract (issue 14): one vocabulary for a bout in every listing,
odds sides named as bouts name them, leagues by slug, filters that filter and
unknown query parameters refused."""

import datetime

import pytest

from bouts.services import bout_schedule

from . import factories
from .conftest import as_user

pytestmark = pytest.mark.django_db

SHARED = ("id", "date", "event", "event_name", "ruleset", "winner", "method")
SHARED += ("end_round", "end_time", "scheduled_rounds", "referee", "is_title_bout")


@pytest.fixture
def fought(own_league, django_capture_on_commit_callbacks):
    red, blue = factories.fighter(name="Alpha Red"), factories.fighter(name="Bravo Blue")
    division = factories.division(league=own_league, fighters=[red, blue])
    event = factories.event(league=own_league, date=datetime.date(2026, 3, 1))
    with django_capture_on_commit_callbacks(execute=True):
        bout = bout_schedule(
            ruleset=own_league.ruleset,
            red=red,
            blue=blue,
            event=event,
            division=division,
            scheduled_rounds=4,
            seed=11,
        )
    bout.refresh_from_db()
    assert bout.status == "completed"
    return bout


def test_both_bout_listings_speak_one_vocabulary(api, fought):
    listed = api.get("/api/bouts/").json()["results"][0]
    history = api.get(f"/api/fighters/{fought.red_id}/bouts/").json()["results"][0]
    for key in SHARED:
        assert key in listed and key in history, key
        assert listed[key] == history[key], key
    assert listed["event"] == fought.event_id
    assert listed["event_name"] == fought.event.name
    assert listed["winner"] in ("red", "blue", None)
    assert history["side"] == "red"
    expected = {"red": "win", "blue": "loss", None: "draw"}[listed["winner"]]
    assert history["outcome"] == expected
    for old in ("bout_id", "result", "round", "time", "title"):
        assert old not in history, old


def test_odds_name_the_sides_as_bouts_do(api):
    ruleset = factories.one_on_one_ruleset()
    red, blue = factories.fighter(ruleset=ruleset), factories.fighter(ruleset=ruleset)
    body = {"ruleset": ruleset, "red": red.pk, "blue": blue.pk, "n": 4}
    assert api.post("/api/odds/", body, format="json").status_code == 200
    old = {"ruleset": ruleset, "red_fighter": red.pk, "blue_fighter": blue.pk, "n": 4}
    assert api.post("/api/odds/", old, format="json").status_code == 400


def test_leagues_by_id_or_slug(api, own_league, staff):
    by_slug = api.get(f"/api/leagues/{own_league.slug}/")
    assert by_slug.status_code == 200 and by_slug.json()["id"] == own_league.pk
    assert api.get(f"/api/leagues/{own_league.pk}/").json()["slug"] == own_league.slug
    assert api.get("/api/leagues/no-such-league/").status_code == 404
    patched = as_user(staff).patch(
        f"/api/leagues/{own_league.slug}/", {"description": "by slug"}, format="json"
    )
    assert patched.status_code == 200
    # A slug of digits would read as an id: refused.
    refused = as_user(staff).patch(f"/api/leagues/{own_league.pk}/", {"slug": "2027"})
    assert refused.status_code == 400 and "slug" in refused.json()


def test_fighters_filter_by_division(api, own_league):
    inside, outside = factories.fighter(), factories.fighter()
    division = factories.division(league=own_league, fighters=[inside])
    found = api.get(f"/api/fighters/?division={division.pk}").json()
    assert [row["id"] for row in found["results"]] == [inside.pk]
    assert api.get("/api/fighters/").json()["count"] == 2
    assert outside.pk not in [row["id"] for row in found["results"]]


@pytest.mark.parametrize(
    "url",
    [
        "/api/fighters/?divison=1",
        "/api/bouts/?methd=KO&zzz=1",
        "/api/leagues/?foo=bar",
        "/api/referees/?x=1",
        "/api/standings/?seasn=1",
        "/api/rankings/?division=1&extra=1",
        "/api/fighters/1/bouts/?x=1",
    ],
)
def test_unknown_query_parameters_are_refused(api, url, own_league):
    factories.fighter()
    factories.division(league=own_league)
    response = api.get(url)
    assert response.status_code == 400, (url, response.status_code)
    message = response.json()["unknown_parameters"][0]
    for name in ("divison", "methd", "zzz", "foo", "x", "seasn", "extra"):
        if f"{name}=" in url:
            assert name in message


def test_known_parameters_still_work(api, own_league):
    factories.fighter()
    for url in (
        "/api/fighters/?page=1&page_size=5&ordering=name&search=Fi&format=json",
        "/api/bouts/?method=KO&status=completed",
        f"/api/leagues/?slug={own_league.slug}",
    ):
        assert api.get(url).status_code == 200, url
