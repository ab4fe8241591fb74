"""The pages break no rule of their Content-Security-Policy in Chromium: its
console reports no violation on the main pages and the API docs (issue 14)."""

import shutil

import pytest

from bouts.models import Bout
from tests.api.fought import fight_a_small_league
from tests.web.conftest import CHROMEDRIVER, CHROMIUM

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)),
        reason="Debian's chromium and chromium-driver are not installed (make browser)",
    ),
]


def test_no_csp_violation_on_the_main_pages(browser, live_server):
    from selenium.webdriver.common.by import By

    world = fight_a_small_league()
    league = world["league"]
    bout = Bout.objects.filter(status="completed").select_related("event", "division").first()
    pages = [
        "/",
        f"/leagues/{league.slug}/",
        f"/events/{bout.event_id}/",
        f"/divisions/{bout.division_id}/",
        f"/fighters/{bout.red_id}/",
        f"/bouts/{bout.pk}/",
        f"/tournaments/{league.tournaments.get().pk}/",
        "/accounts/login/",
        "/api/docs/",
    ]
    # And whatever the home page links to on this site (new pages join by themselves).
    browser.get(live_server.url + "/")
    for link in browser.find_elements(By.CSS_SELECTOR, "a[href^='/']"):
        path = link.get_attribute("href").removeprefix(live_server.url).split("#")[0]
        if path and not path.startswith(("/admin/", "/accounts/logout")) and path not in pages:
            pages.append(path)
    browser.get_log("browser")  # start the log afresh
    violations = {}
    for page in pages[:25]:
        browser.get(live_server.url + page)
        if page == "/api/docs/":
            # Swagger UI has drawn the operations: its script ran.
            for _ in range(50):
                if browser.find_elements(By.CSS_SELECTOR, ".opblock"):
                    break
                browser.implicitly_wait(0.2)
            assert browser.find_elements(By.CSS_SELECTOR, ".opblock"), "Swagger UI did not run"
        logged = [
            entry["message"]
            for entry in browser.get_log("browser")
            if "Content Security Policy" in entry["message"]
            or "Content-Security" in entry["message"]
        ]
        if logged:
            violations[page] = logged
    assert violations == {}
