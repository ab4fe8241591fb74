"""Bad input is a 400 with field messages, never a 500, and writes nothing."""

import pytest

from bouts.engine import generate_card
from fighters.models import Camp, Fighter, RatingCard
from referees.models import Referee

from . import factories
from .conftest import as_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(staff):
    return as_user(staff)


def test_fighter_with_bad_fields(client):
    response = client.post(
        "/api/fighters/",
        {"name": "", "weight_class": "featherish", "height_cm": 300},
        format="json",
    )
    assert response.status_code == 400
    body = response.json()
    assert {"name", "weight_class"} <= set(body)
    assert Fighter.objects.count() == 0


def test_fighter_with_an_impossible_card_writes_nothing(client):
    ruleset = factories.one_on_one_ruleset()
    response = client.post(
        "/api/fighters/",
        {
            "name": "Glass Jaw",
            "weight_class": "heavyweight",
            "cards": [{"ruleset": ruleset, "data": {"nonsense": True}}],
        },
        format="json",
    )
    assert response.status_code == 400
    body = response.json()
    assert any(key.startswith("cards") for key in body), body
    assert Fighter.objects.count() == 0


def test_fighter_created_with_card_and_career(client):
    ruleset = factories.one_on_one_ruleset()
    card = generate_card(ruleset, seed=3)
    response = client.post(
        "/api/fighters/",
        {
            "name": "Good Card",
            "weight_class": "lightweight",
            "cards": [{"ruleset": ruleset, "data": card}],
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["record"] == "0-0-0"
    assert [c["ruleset"] for c in body["cards"]] == [ruleset]
    career = client.get(f"/api/fighters/{body['id']}/career/").json()
    assert career["bouts"] == 0 and career["record"] == "0-0-0"


def test_card_error_names_the_field(client):
    fighter = factories.fighter()
    ruleset = factories.one_on_one_ruleset()
    response = client.post(
        "/api/cards/",
        {"fighter": fighter.pk, "ruleset": ruleset, "data": {"x": 1}},
        format="json",
    )
    assert response.status_code == 400
    assert "data" in response.json()
    before = RatingCard.objects.get(fighter=fighter).data
    response = client.patch(
        f"/api/cards/{fighter.cards.get().pk}/", {"data": "not a card"}, format="json"
    )
    assert response.status_code == 400
    assert RatingCard.objects.get(fighter=fighter).data == before


def test_duplicate_names_are_400_not_500(client):
    Camp.objects.create(name="Kronk")
    response = client.post("/api/camps/", {"name": "Kronk"}, format="json")
    assert response.status_code == 400
    assert "name" in response.json()


def test_referee_availability_range(client):
    response = client.post(
        "/api/referees/",
        {"name": "Backwards", "available_low": 70, "available_high": 10},
        format="json",
    )
    assert response.status_code == 400
    assert not Referee.objects.filter(name="Backwards").exists()


def test_season_division_must_be_in_the_league(client):
    mine, theirs = factories.league(), factories.league()
    division = factories.division(league=theirs)
    response = client.post(
        "/api/seasons/",
        {
            "league": mine.pk,
            "division": division.pk,
            "number": 1,
            "name": "S1",
            "start_date": "2026-01-01",
        },
        format="json",
    )
    assert response.status_code == 400
    assert "division" in response.json()


def test_league_with_unknown_tiebreaker(client):
    response = client.post(
        "/api/leagues/",
        {
            "name": "Tie",
            "slug": "tie",
            "ruleset": factories.one_on_one_ruleset(),
            "start_date": "2026-01-01",
            "tiebreakers": ["coin_toss"],
        },
        format="json",
    )
    assert response.status_code == 400
    assert "tiebreakers" in response.json()


def test_deleting_a_fighter_with_bouts_is_refused(client):
    from .records import recorded_bout

    red, blue = factories.fighter(), factories.fighter()
    recorded_bout(red=red, blue=blue, ruleset=factories.one_on_one_ruleset())
    response = client.delete(f"/api/fighters/{red.pk}/")
    assert response.status_code == 400
    assert Fighter.objects.filter(pk=red.pk).exists()


@pytest.mark.parametrize(
    "url",
    [
        "/api/fighters/?camp=abc",
        "/api/fighters/?camp=99999999999999999999999",
        "/api/fighters/?weight_class=giant",
        "/api/bouts/?fighter=-1",
        "/api/fighters/?page_size=100000",
    ],
)
def test_bad_query_strings(api, url):
    response = api.get(url)
    assert response.status_code in (200, 400), response.status_code
    if "page_size" in url:
        assert response.status_code == 400  # past the stated maximum (200)


def test_page_size_is_bounded(api):
    """1 to 200, as the schema states: outside it (or not a number) is a 400, not
    silently the default or the cap; a page past the end, or not a number, a 404."""
    for n in range(3):
        factories.camp(name=f"Camp {n}")
    from league.api.pagination import StandardPagination

    assert StandardPagination.max_page_size == 200
    assert len(api.get("/api/camps/?page_size=200").json()["results"]) == 3
    assert len(api.get("/api/camps/?page_size=2").json()["results"]) == 2
    for bad in ("100000", "0", "abc", "", "-1"):
        response = api.get(f"/api/camps/?page_size={bad}")
        assert response.status_code == 400 and "page_size" in response.json(), bad
    for bad in ("2", "0", "x", ""):
        assert api.get(f"/api/camps/?page={bad}&page_size=5").status_code == 404, bad


def test_json_types_are_the_schemas(staff):
    """Text is a JSON string and a flag a JSON boolean, as the schema says (DRF
    would store 0 as "0" and read 0 or "yes" as a flag)."""

    client = as_user(staff)
    referee = Referee.objects.first()
    for url, body in [
        ("/api/referees/", {"name": 0, "fouls": "strict"}),
        ("/api/camps/", {"name": 12}),
        (f"/api/referees/{referee.pk}/", {"is_active": 0}),
        (f"/api/referees/{referee.pk}/", {"is_active": "yes"}),
    ]:
        method = client.patch if url.endswith(f"/{referee.pk}/") else client.post
        response = method(url, body, format="json")
        assert response.status_code == 400, (url, body, response.content)
        assert set(body) & set(response.json()), response.json()
    referee.refresh_from_db()
    assert referee.is_active
    assert not Referee.objects.filter(name="0").exists()


@pytest.mark.parametrize("value", [{}, {"1": 1}, "1", 1])
def test_a_list_of_ids_is_a_json_array(staff, value):
    """A division's fighters and camps are arrays of ids: an object (whose keys DRF
    would have read as ids), a string or a number is a 400 naming the field."""
    league = factories.league()
    division = factories.division(league=league)
    body = {"league": league.pk, "weight_class": division.weight_class, "name": "Renamed"}
    response = as_user(staff).put(
        f"/api/divisions/{division.pk}/", {**body, "camps": value}, format="json"
    )
    assert response.status_code == 400, response.content
    assert "camps" in response.json()
    division.refresh_from_db()
    assert division.name != "Renamed"


@pytest.mark.parametrize(
    "url", ["/api/bouts/?ruleset=", "/api/cards/?ruleset=", "/api/fighters/?stance="]
)
def test_an_empty_choice_filter_is_a_400(api, url):
    """The schema's enum has no "" (django-filter would read it as no filter and
    answer every row: the coverage phase's "String smaller than minLength")."""
    response = api.get(url)
    assert response.status_code == 400, response.content
    assert url.split("?")[1].rstrip("=") in response.json()
