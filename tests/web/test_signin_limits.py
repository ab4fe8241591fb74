"""Sign-in attempts are limited (django-axes, issue 14): after AXES_FAILURE_LIMIT
failures for one username from one address, that pair is locked out, even with
the right password; on /accounts/login/ and /admin/login/ alike."""

import pytest
from django.contrib.auth import get_user_model

pytestmark = [pytest.mark.django_db, pytest.mark.axes]

PASSWORD = "ring-side-2026"


@pytest.fixture
def people():
    users = get_user_model().objects
    return {
        "mara": users.create_user("mara", password=PASSWORD),
        "boss": users.create_user("boss", password=PASSWORD, is_staff=True, is_superuser=True),
    }


@pytest.mark.parametrize(
    ("url", "username"), [("/accounts/login/", "mara"), ("/admin/login/", "boss")]
)
def test_too_many_failures_lock_the_account_out(client, people, settings, url, username):
    settings.AXES_FAILURE_LIMIT = 3
    for _ in range(2):
        wrong = client.post(url, {"username": username, "password": "nope"})
        assert wrong.status_code == 200  # the form again, with its error
    locked = client.post(url, {"username": username, "password": "nope"})
    assert locked.status_code == 429
    assert b"Too many sign-in attempts" in locked.content
    right = client.post(url, {"username": username, "password": PASSWORD})
    assert right.status_code == 429
    assert "_auth_user_id" not in client.session


def test_the_lockout_is_per_username_and_address(client, people, settings):
    settings.AXES_FAILURE_LIMIT = 2
    for _ in range(2):
        client.post("/accounts/login/", {"username": "mara", "password": "nope"})
    # Another account from the same address is not locked out ...
    boss = client.post("/accounts/login/", {"username": "boss", "password": PASSWORD})
    assert boss.status_code == 302
    client.post("/accounts/logout/")
    # ... nor the same account from another address.
    elsewhere = client.post(
        "/accounts/login/",
        {"username": "mara", "password": PASSWORD},
        REMOTE_ADDR="10.9.8.7",
    )
    assert elsewhere.status_code == 302


def test_a_forwarded_for_header_does_not_reset_the_count(client, people, settings):
    """NUM_PROXIES is 0: a header the client writes is not his address."""
    settings.AXES_FAILURE_LIMIT = 2
    for n in range(2):
        client.post(
            "/accounts/login/",
            {"username": "mara", "password": "nope"},
            HTTP_X_FORWARDED_FOR=f"203.0.113.{n}",
        )
    again = client.post(
        "/accounts/login/",
        {"username": "mara", "password": PASSWORD},
        HTTP_X_FORWARDED_FOR="203.0.113.99",
    )
    assert again.status_code == 429
