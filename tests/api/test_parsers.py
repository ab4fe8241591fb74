"""Bodies nested deeper than the limit are a 400 with a message, never a 500,
and write nothing."""

import json
from urllib.parse import urlencode

import pytest

from bouts.models import Bout, BoutPlan, DefaultPlan
from core.api.parsers import MAX_DEPTH, json_depth
from fighters.models import RatingCard
from fighters.services import fighter_create
from tests.bouts.plan_rows import fight_night

from .conftest import as_user

pytestmark = pytest.mark.django_db

DEEP = "[" * 10_000 + "]" * 10_000


def test_depth_ignores_brackets_inside_strings():
    assert json_depth('{"a": [1, {"b": "[[[{{"}], "c\\\\"[": 2}') == 3
    assert json_depth('"[[["') == 0


@pytest.mark.parametrize("url", ["/api/odds/", "/api/bouts/", "/api/cards/"])
def test_deep_json_is_a_400(api, staff, url):
    response = as_user(staff).post(url, DEEP, content_type="application/json")
    assert response.status_code == 400, (url, response.status_code)
    assert f"deeper than {MAX_DEPTH}" in response.content.decode()
    # Anonymously: the odds (public) read it and refuse it; writes are refused first
    # (401: no credentials).
    anonymous = api.post(url, DEEP, content_type="application/json")
    assert anonymous.status_code == (400 if url == "/api/odds/" else 401)
    assert not Bout.objects.exists()


def test_json_at_the_limit_is_read(api):
    body = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    response = api.post("/api/odds/", body, content_type="application/json")
    assert response.status_code == 400  # a list is not an odds request, but it was parsed
    assert "deeper than" not in response.content.decode()


# Issue 30: the same nesting in a form or multipart field, whose text DRF's JSON
# field handed to json.loads unmeasured (RecursionError: a 500).
NESTED = "[" * 1000 + "]" * 1000


def _nested_body_endpoints(staff_user):
    """(url, client, fields besides ``data``) for every endpoint that reads JSON
    from a field: a bout's plans and their check (its manager), the standing
    plans (a manager), cards (staff)."""
    night = fight_night()
    manager = as_user(night.red_manager)
    fighter = fighter_create(name="Cardless", weight_class="middleweight")
    return [
        (f"/api/bouts/{night.bout.pk}/plans/validate/", manager, {"side": "red"}),
        (f"/api/bouts/{night.bout.pk}/plans/", manager, {"side": "red"}),
        ("/api/standing-plans/", manager, {"fighter": night.bout.red_id, "ruleset": "webl"}),
        ("/api/cards/", as_user(staff_user), {"fighter": fighter.pk, "ruleset": "webl"}),
    ]


def _post(client, url, fields: dict, encoding: str):
    if encoding == "json":
        body = json.dumps(fields)[:-1] + ', "data": ' + NESTED + "}"
        return client.post(url, body, content_type="application/json")
    if encoding == "form":
        body = urlencode({**fields, "data": NESTED})
        return client.post(url, body, content_type="application/x-www-form-urlencoded")
    return client.post(url, {**fields, "data": NESTED}, format="multipart")


@pytest.mark.parametrize("encoding", ["json", "form", "multipart"])
def test_nested_json_in_any_encoding_is_a_400(staff, encoding):
    for url, client, fields in _nested_body_endpoints(staff):
        response = _post(client, url, fields, encoding)
        assert response.status_code == 400, (url, encoding, response.status_code)
        assert f"deeper than {MAX_DEPTH}" in response.content.decode(), url
    assert not BoutPlan.objects.exists() and not DefaultPlan.objects.exists()
    assert not RatingCard.objects.filter(fighter__name="Cardless").exists()


def test_a_form_field_within_the_limit_is_read(staff):
    night = fight_night()
    body = urlencode({"side": "red", "data": '"5/7/8"'})
    response = as_user(night.red_manager).post(
        f"/api/bouts/{night.bout.pk}/plans/",
        body,
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 201, response.content
    assert BoutPlan.objects.get().data == "5/7/8"


@pytest.mark.parametrize(
    ("content_type", "body"),
    [
        ("text/plain", "side=red&data=" + NESTED),
        ("multipart/form-data; boundary=nope", "--broken\r\n" + NESTED),
        ("application/x-www-form-urlencoded", "side=red&data=%ZZ" + NESTED),
        ("application/json", '{"side": "red", "data": NaN}'),
    ],
)
def test_any_other_body_is_a_4xx_never_a_500(staff, content_type, body):
    for url, client, _fields in _nested_body_endpoints(staff):
        response = client.post(url, body, content_type=content_type)
        assert 400 <= response.status_code < 500, (url, content_type, response.status_code)
