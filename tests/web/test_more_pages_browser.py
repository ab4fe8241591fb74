"""The pages the walk-through tests do not pass through, photographed at 1280 px
and 390 px (artifacts/screenshots/) and checked to fit a phone: an invitation and
its sign-up, the league's managers, a standing plan, the console's league
settings and void form, the account pages (password change and reset) and the
"not found" page."""

import pytest
from django.contrib.auth.tokens import default_token_generator
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from league.services.membership import invitation_create
from tests.api import factories, managers
from tests.api.records import recorded_bout
from tests.web.conftest import browser_available
from tests.web.screens import shoot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not browser_available(), reason="make browser: Debian's chromium"),
]

PASSWORD = "every-page-2026"


def sign_in(browser, base, user):
    browser.delete_all_cookies()
    browser.get(f"{base}/accounts/login/")
    browser.find_element(By.ID, "id_username").send_keys(user.username)
    browser.find_element(By.ID, "id_password").send_keys(PASSWORD)
    browser.find_element(By.CSS_SELECTOR, "form.form button[type=submit]").click()
    WebDriverWait(browser, 20).until(lambda b: "/accounts/login/" not in b.current_url)


def photograph(browser, base, pages: dict[str, str], must_say: dict[str, str]) -> None:
    for name, path in pages.items():
        browser.get(f"{base}{path}")
        main = browser.find_element(By.TAG_NAME, "main").text
        assert "Server Error" not in browser.title, path
        assert must_say[name] in main, (path, main[:300])
        shoot(browser, name)


def test_the_remaining_pages_photographed_and_fit_a_phone(browser, live_server):
    factories.reset()
    w = managers.world()
    for user in (w.commissioner, w.owner):
        user.set_password(PASSWORD)
        user.save()
    fought_event = factories.event(league=w.league)
    bout = recorded_bout(
        red=w.mine[0],
        blue=w.theirs[0],
        ruleset=w.league.ruleset,
        division=w.division,
        event=fought_event,
        day=3,
    )
    base = live_server.url

    # Anyone: an invitation link, its sign-up form, the reset pages, a 404.
    invitation = invitation_create(actor=w.commissioner, league=w.league)
    uid = urlsafe_base64_encode(force_bytes(w.plain.pk))
    token = default_token_generator.make_token(w.plain)
    browser.get(f"{base}/accounts/reset/{uid}/{token}/")  # redirects to its set-password URL
    reset_form = browser.current_url.removeprefix(base)
    photograph(
        browser,
        base,
        {
            "join": f"/join/{invitation.token}/",
            "sign-up": f"/join/{invitation.token}/sign-up/",
            "password-reset": "/accounts/password_reset/",
            "password-reset-sent": "/accounts/password_reset/done/",
            "password-reset-new": reset_form,
            "password-reset-complete": "/accounts/reset/done/",
            "not-found": "/fighters/999999/",
        },
        {
            "join": w.league.name,
            "sign-up": "Username",
            "password-reset": "Email",
            "password-reset-sent": "mail",
            "password-reset-new": "password",
            "password-reset-complete": "password",
            "not-found": "Page not found",
        },
    )

    # A manager: his fighter's standing plan, the league's managers, his password.
    sign_in(browser, base, w.owner)
    photograph(
        browser,
        base,
        {
            "standing-plan": f"/fighters/{w.mine[0].pk}/standing-plan/{w.league.ruleset}/",
            "password-change": "/accounts/password_change/",
            "password-change-done": "/accounts/password_change/done/",
        },
        {
            "standing-plan": w.mine[0].name,
            "password-change": "password",
            "password-change-done": "password",
        },
    )

    # The commissioner: league settings, managers and invitations, the void form.
    sign_in(browser, base, w.commissioner)
    photograph(
        browser,
        base,
        {
            "console-league-settings": f"/console/leagues/{w.league.slug}/settings/",
            "league-managers": f"/leagues/{w.league.slug}/managers/",
            "console-void": f"/console/bouts/{bout.pk}/void/",
        },
        {
            "console-league-settings": w.league.name,
            "league-managers": w.owner.username,
            "console-void": w.mine[0].name,
        },
    )
