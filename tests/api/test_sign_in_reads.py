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


@pytest.mark.parametrize("url", SIGN_IN_READS)
def test_the_schema_does_not_call_them_public(client, url):
    paths = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    operation = paths[url.replace("/1/", "/{id}/")]["get"]
    assert {} not in operation["security"]
    assert "401" in operation["responses"]


def test_public_reads_stay_public(api):
    assert api.get("/api/fighters/").status_code == 200
    assert api.get("/api/jobs/").status_code == 200  # a league's progress is public
