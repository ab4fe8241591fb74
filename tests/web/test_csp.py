"""A Content-Security-Policy on every page (django-csp, issue 14): self only, no
inline script anywhere; the API docs page relaxes styles and images for itself
only and loads its script from a file."""

import re

import pytest

pytestmark = pytest.mark.django_db


def _policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


def test_every_page_carries_a_self_only_policy(client, fought):
    for url in (
        "/",
        f"/leagues/{fought['league'].slug}/",
        f"/events/{fought['event'].pk}/",
        f"/divisions/{fought['division'].pk}/",
        f"/fighters/{fought['red'].pk}/",
        f"/bouts/{fought['bout'].pk}/",
        "/accounts/login/",
        "/api/fighters/",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        policy = _policy(response)
        assert policy["default-src"] == ["'self'"], url
        assert policy["script-src"] == ["'self'"], url
        assert policy["style-src"] == ["'self'"], url
        html = response.content.decode()
        # No inline script, style attribute or handler for the policy to block.
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), url
        assert not re.search(r"\sstyle=|\son[a-z]+=", html), url


def test_the_api_docs_page_runs_its_script_from_a_file(client):
    page = client.get("/api/docs/")
    assert page.status_code == 200
    policy = _policy(page)
    assert policy["script-src"] == ["'self'"]
    assert "'unsafe-inline'" in policy["style-src"] and "data:" in policy["img-src"]
    html = page.content.decode()
    assert not re.search(r"<script(?![^>]*\bsrc=)", html)
    scripts = re.findall(r'<script src="([^"]+)"', html)
    own = [src for src in scripts if "script" in src and "swagger-ui" not in src]
    assert own, scripts
    script = client.get(own[0].replace("&amp;", "&"))
    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")
    assert b"SwaggerUIBundle" in script.content
    # Only this page is relaxed.
    assert "'unsafe-inline'" not in _policy(client.get("/"))["style-src"]
