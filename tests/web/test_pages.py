"""The site's pages render what a person needs to read, from real bouts."""

import re

import pytest

pytestmark = pytest.mark.django_db


def _html(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_every_page_renders(client, fought):
    urls = [
        "/",
        f"/leagues/{fought['league'].slug}/",
        f"/events/{fought['event'].pk}/",
        f"/divisions/{fought['division'].pk}/",
        f"/divisions/{fought['division'].pk}/title/",
        f"/fighters/{fought['red'].pk}/",
        f"/bouts/{fought['bout'].pk}/",
    ]
    if fought["bout"].referee_id:
        urls.append(f"/referees/{fought['bout'].referee_id}/")
    for url in urls:
        html = _html(client, url)
        assert "/static/ringside/site.css" in html
        assert not re.search(r"(src|href)=\"https?://", html), url
