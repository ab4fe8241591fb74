"""Bodies nested deeper than the limit are a 400 with a message, never a 500,
and write nothing."""

import pytest

from bouts.models import Bout
from core.api.parsers import MAX_DEPTH, json_depth

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
