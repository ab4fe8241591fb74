"""The OpenAPI schema and the docs page; every operation fuzzed by schemathesis
against the WSGI application, as staff (so writes run too): no server error, and
every response matches the schema."""

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
)

from . import factories
from .records import recorded_bout

application = get_wsgi_application()
schema = schemathesis.openapi.from_wsgi("/api/schema/", application)
# Explicit examples and fuzzing only: the coverage phase multiplies the cases per
# operation, and the suite must stay fast.
schema.config.phases.update(phases=["examples", "fuzzing"])


def test_schema_is_openapi_3(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    body = response.json()
    assert body["openapi"].startswith("3.")
    paths = body["paths"]
    for path in (
        "/api/fighters/",
        "/api/fighters/{id}/career/",
        "/api/fighters/{id}/bouts/",
        "/api/cards/",
        "/api/referees/",
        "/api/judges/",
        "/api/doctors/",
        "/api/corner-men/",
        "/api/camps/",
        "/api/leagues/",
        "/api/divisions/",
        "/api/seasons/",
        "/api/events/",
        "/api/bouts/",
        "/api/bouts/{id}/",
        "/api/standings/",
        "/api/rankings/",
        "/api/tournaments/",
        "/api/tournaments/{id}/bracket/",
        "/api/titles/",
        "/api/titles/{id}/",
        "/api/odds/",
    ):
        assert path in paths, path


@pytest.mark.django_db
def test_docs_page_uses_no_cdn(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "swagger-ui" in html.lower()
    assert "cdn" not in html.lower()
    assert "https://" not in html and "http://" not in html.replace("http://testserver", "")


@pytest.fixture
def world_and_token(db):
    """Rows for the fuzzer to find (ids 1, 2, ... exist), and a staff token."""
    # The WSGI handler closes "old" connections at each request, which would end
    # the test's transaction: keep the connection for the test's length.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    league = factories.league()
    red, blue = factories.fighter(), factories.fighter()
    division = factories.division(league=league, fighters=[red, blue])
    event = factories.event(league=league)
    recorded_bout(red=red, blue=blue, ruleset=league.ruleset, division=division, event=event)
    token = Token.objects.create(user=factories.user(staff=True))
    yield token.key
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@schema.parametrize()
@settings(
    max_examples=6,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_api_matches_its_schema(case, world_and_token):
    case.call_and_validate(
        headers={"Authorization": f"Token {world_and_token}"},
        checks=[not_a_server_error, response_schema_conformance, content_type_conformance],
    )
