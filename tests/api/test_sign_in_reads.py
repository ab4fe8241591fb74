"""A read of one's own things answers an anonymous caller 401, the same way
everywhere: DRF's body, ``WWW-Authenticate: Token``, and the schema does not
call the read public (issue 31)."""

import pytest

from . import factories

pytestmark = pytest.mark.django_db

SIGN_IN_READS = [
    "/api/memberships/",
    "/api/invitations/",
    "/api/desk/",
    "/api/bout-requests/",
    "/api/bout-requests/1/",
    "/api/standing-plans/",
]


@pytest.mark.parametrize("url", SIGN_IN_READS)
def test_an_anonymous_read_of_ones_own_things_is_a_401(api, url):
    response = api.get(url)
    assert response.status_code == 401, response.content
    assert response.json() == {"detail": "Authentication credentials were not provided."}
    assert response["WWW-Authenticate"] == "Token"


@pytest.mark.parametrize("url", [u for u in SIGN_IN_READS if "/1/" not in u])
def test_a_signed_in_account_reads_them(api, url):
    api.force_authenticate(factories.user())
    assert api.get(url).status_code == 200


def test_an_anonymous_read_of_a_leagues_archive_is_the_same_401(api):
    league = factories.league()
    response = api.get(f"/api/leagues/{league.slug}/archive/")
    assert response.status_code == 401, response.content
    assert response.json() == {"detail": "Authentication credentials were not provided."}
    assert response["WWW-Authenticate"] == "Token"


@pytest.mark.parametrize("url", [*SIGN_IN_READS, "/api/leagues/1/archive/"])
def test_the_schema_does_not_call_them_public(client, url):
    paths = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    operation = paths[url.replace("/1/", "/{id}/")]["get"]
    assert {} not in operation["security"]
    assert "401" in operation["responses"]


def test_the_leagues_other_reads_stay_public_in_the_schema(client):
    paths = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    assert {} in paths["/api/leagues/{id}/"]["get"]["security"]
    assert {} in paths["/api/leagues/"]["get"]["security"]


def test_public_reads_stay_public(api):
    assert api.get("/api/fighters/").status_code == 200
    assert api.get("/api/jobs/").status_code == 200  # a league's progress is public


def test_every_read_is_either_public_or_a_401_the_schema_states(client, api):
    """Each GET of the schema, asked anonymously (ids 1, a league's slug): a read
    the schema calls public never answers 401/403; one it does not call public
    answers the one 401 above."""
    league = factories.league()
    paths = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    wrong = []
    for path, methods in paths.items():
        if "get" not in methods:
            continue
        response = api.get(path.replace("{id}", str(league.pk)).replace("{slug}", league.slug))
        public = {} in methods["get"]["security"]
        if public and response.status_code in (401, 403):
            wrong.append((path, "public in the schema", response.status_code))
        if not public and (
            response.status_code != 401
            or response.json() != {"detail": "Authentication credentials were not provided."}
        ):
            wrong.append((path, "not public in the schema", response.status_code))
    assert wrong == []
