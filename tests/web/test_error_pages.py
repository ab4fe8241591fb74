"""Error pages wear the site's clothes: a reader who followed a dead link still has
the navigation, and a server error page renders without a request context."""

import pytest
from django.template.loader import render_to_string


@pytest.mark.django_db
def test_a_missing_fighter_is_the_sites_not_found_page(client):
    response = client.get("/fighters/999999/")
    assert response.status_code == 404
    body = response.content.decode()
    assert "Page not found" in body
    assert 'href="/fighters/"' in body


@pytest.mark.parametrize(
    "template, heading",
    [
        ("400.html", "Bad request"),
        ("403.html", "Not allowed"),
        ("404.html", "Page not found"),
        ("500.html", "Something went wrong"),
    ],
)
def test_each_error_page_renders_without_a_request(template, heading):
    # django.views.defaults.server_error renders 500.html with an empty context.
    body = render_to_string(template)
    assert f"<h1>{heading}</h1>" in body
    assert "Ringside" in body
