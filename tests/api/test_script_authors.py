"""The API behaves as a script author expects: search folds accents and case as
the pages do, and a token is taken under the Bearer scheme as under Token."""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from . import factories

pytestmark = pytest.mark.django_db


def found(api, query):
    response = api.get("/api/fighters/", {"search": query})
    assert response.status_code == 200, response.content
    return [row["name"] for row in response.json()["results"]]


@pytest.mark.parametrize("query", ["bojanic", "BOJANIĆ", "Bojanić", "denis  bojanic", "dénis"])
def test_fighter_search_folds_accents_and_case(api, query):
    factories.fighter(name="Denis Bojanić")
    factories.fighter(name="Dennis Boyd")
    assert found(api, query) == ["Denis Bojanić"]


def test_fighter_search_finds_the_nickname_and_needs_every_word(api):
    fighter = factories.fighter(name="Ádám Németh")
    fighter.nickname = "Ördög"
    fighter.save()
    factories.fighter(name="Adam Smith")
    assert found(api, "ordog") == ["Ádám Németh"]
    assert found(api, "adam nemeth") == ["Ádám Németh"]
    assert sorted(found(api, "adam")) == ["Adam Smith", "Ádám Németh"]
    assert found(api, "adam jones") == []


def write_with(scheme, key, league):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"{scheme} {key}")
    return client.patch(f"/api/leagues/{league.pk}/", {"description": scheme}, format="json")


@pytest.mark.parametrize("scheme", ["Token", "Bearer", "bearer"])
def test_a_token_works_under_the_token_and_bearer_schemes(staff, other_league, scheme):
    token = Token.objects.create(user=staff)
    response = write_with(scheme, token.key, other_league)
    assert response.status_code == 200, response.content
    other_league.refresh_from_db()
    assert other_league.description == scheme


@pytest.mark.parametrize("scheme", ["Token", "Bearer"])
def test_a_wrong_token_is_refused_under_either_scheme(staff, other_league, scheme):
    Token.objects.create(user=staff)
    response = write_with(scheme, "not-a-key", other_league)
    assert response.status_code == 401
    assert response.json()["detail"] == "Invalid token."
    other_league.refresh_from_db()
    assert other_league.description != scheme


def test_an_unknown_scheme_is_no_credentials(other_league):
    response = write_with("Basic", "dXNlcjpwYXNz", other_league)
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"


def test_bout_search_folds_a_fighters_name_as_the_pages_do(api):
    from .records import recorded_bout

    ruleset = factories.one_on_one_ruleset()
    bojanic = factories.fighter(name="Denis Bojanić")
    boyd, smith = factories.fighter(name="Dennis Boyd"), factories.fighter(name="Adam Smith")
    mine = recorded_bout(red=smith, blue=bojanic, ruleset=ruleset)
    recorded_bout(red=smith, blue=boyd, ruleset=ruleset, order=2)
    for query in ("bojanic", "BOJANIĆ", "denis bojanic"):
        response = api.get("/api/bouts/", {"search": query})
        assert response.status_code == 200, response.content
        assert [row["id"] for row in response.json()["results"]] == [mine.pk], query


@pytest.mark.parametrize("path", ["/api/leagues/%0Ax/regions/", "/api/leagues/a%0Ab/history/"])
def test_a_newline_in_a_path_is_the_apis_json_404(api, path):
    response = api.post(path, {}, format="json")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
