"""Sign-in for everyone: Django's own auth views with the site's templates."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

pytestmark = pytest.mark.django_db


@pytest.fixture
def manager():
    return get_user_model().objects.create_user(
        "mara", email="mara@example.org", password="ring-side-2026"
    )


def test_sign_in_page_and_a_wrong_password_says_so(client, manager):
    page = client.get("/accounts/login/")
    assert page.status_code == 200
    assert b"Sign in" in page.content
    wrong = client.post("/accounts/login/", {"username": "mara", "password": "nope"})
    assert wrong.status_code == 200
    assert b"correct username and password" in wrong.content
    assert "_auth_user_id" not in client.session


def test_sign_in_then_out(client, manager):
    answer = client.post(
        "/accounts/login/", {"username": "mara", "password": "ring-side-2026", "next": "/"}
    )
    assert answer.status_code == 302
    home = client.get("/")
    assert b"mara" in home.content and b"Sign out" in home.content
    assert client.post("/accounts/logout/").status_code == 302
    assert b"Sign in" in client.get("/").content


def test_password_change_needs_sign_in(client, manager):
    answer = client.get("/accounts/password_change/")
    assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/")
    client.force_login(manager)
    bad = client.post(
        "/accounts/password_change/",
        {"old_password": "wrong", "new_password1": "x", "new_password2": "y"},
    )
    assert bad.status_code == 200
    assert b"field-errors" in bad.content
    manager.refresh_from_db()
    assert manager.check_password("ring-side-2026")


def test_password_reset_mails_a_working_link(client, manager):
    answer = client.post("/accounts/password_reset/", {"email": "mara@example.org"})
    assert answer.status_code == 302
    assert len(mail.outbox) == 1
    link = re.search(r"https?://[^/]+(/accounts/reset/\S+)", mail.outbox[0].body).group(1)
    form = client.get(link, follow=True)
    assert form.status_code == 200 and b"Set my password" in form.content
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "a-fresh-pass-77", "new_password2": "a-fresh-pass-77"},
    )
    assert done.status_code == 302
    manager.refresh_from_db()
    assert manager.check_password("a-fresh-pass-77")


def test_password_reset_is_throttled_per_account(client, manager, settings):
    """Issue 30: fifteen resets in a second mailed fifteen links."""
    settings.PASSWORD_RESET_PER_ACCOUNT = 2
    settings.PASSWORD_RESET_PER_ADDRESS = 100
    answers = [
        client.post("/accounts/password_reset/", {"email": "mara@example.org"}).status_code
        for _ in range(15)
    ]
    # Every answer looks the same (nothing tells who has an account) ...
    assert set(answers) == {302}
    # ... but only the first two were sent.
    assert len(mail.outbox) == 2
    # Another account is counted apart.
    get_user_model().objects.create_user("ines", email="ines@example.org", password="x-y-z-123")
    client.post("/accounts/password_reset/", {"email": "ines@example.org"})
    assert len(mail.outbox) == 3


def test_password_reset_is_throttled_per_address(client, manager, settings):
    settings.PASSWORD_RESET_PER_ADDRESS = 3
    for n in range(3):
        sent = client.post("/accounts/password_reset/", {"email": f"who{n}@example.org"})
        assert sent.status_code == 302
    refused = client.post("/accounts/password_reset/", {"email": "mara@example.org"})
    assert refused.status_code == 429
    assert b"Too many password reset requests" in refused.content
    assert mail.outbox == []  # none of those addresses has an account; mara's was refused
