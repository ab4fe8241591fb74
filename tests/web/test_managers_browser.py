"""End to end in Debian's Chromium: a manager signs in, finds a request waiting
on his desk, asks for a bout of his own; the other manager accepts it; the pages
fit a phone."""

import shutil

import pytest

from league.models import BoutRequest, RequestStatus
from league.services.bout_requests import request_create
from tests.api import factories, managers
from tests.web.conftest import CHROMEDRIVER, CHROMIUM, click_through
from tests.web.screens import shoot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)),
        reason="Debian's chromium and chromium-driver are not installed (make browser)",
    ),
]

PASSWORD = "ring-side-2026"


def sign_in(browser, base, user):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser.delete_all_cookies()
    browser.get(f"{base}/accounts/login/?next=/desk/")
    browser.find_element(By.ID, "id_username").send_keys(user.username)
    browser.find_element(By.ID, "id_password").send_keys(PASSWORD)
    browser.find_element(By.CSS_SELECTOR, "form.form button[type=submit]").click()
    WebDriverWait(browser, 20).until(lambda b: "/accounts/login/" not in b.current_url)


def fits_a_phone(browser) -> bool:
    browser.set_window_size(390, 844)
    browser.refresh()
    overflow = browser.execute_script(
        "return document.documentElement.scrollWidth - window.innerWidth"
    )
    browser.set_window_size(1200, 900)
    return overflow <= 1


def test_manager_asks_for_a_bout_and_the_other_accepts(browser, live_server, transactional_db):
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    factories.reset()
    w = managers.world()
    for user in (w.owner, w.other_manager):
        user.set_password(PASSWORD)
        user.save()
    waiting = request_create(user=w.other_manager, fighter=w.theirs[0], opponent=w.mine[0])

    sign_in(browser, live_server.url, w.owner)
    assert browser.current_url.endswith("/desk/")
    needs_me = browser.find_element(By.ID, "needs-me").text
    assert f"{w.theirs[0].name} vs {w.mine[0].name}" in needs_me
    fighters = browser.find_element(By.ID, "fighters").text
    assert all(f.name in fighters for f in w.mine)
    assert fits_a_phone(browser)
    shoot(browser, "manager-desk")

    click_through(browser, browser.find_element(By.LINK_TEXT, "Ask for a bout"))
    assert fits_a_phone(browser)
    shoot(browser, "manager-bout-request-new")
    Select(browser.find_element(By.ID, "id_fighter")).select_by_value(str(w.mine[1].pk))
    Select(browser.find_element(By.ID, "id_opponent")).select_by_value(str(w.theirs[1].pk))
    browser.find_element(By.ID, "id_message").send_keys("Ten rounds?")
    browser.find_element(By.CSS_SELECTOR, "form.form button[type=submit]").click()
    WebDriverWait(browser, 20).until(lambda b: "/desk/" not in b.current_url)
    mine = BoutRequest.objects.get(fighter=w.mine[1])
    assert browser.current_url.endswith(f"/requests/{mine.pk}/")
    assert "Waiting for an answer" in browser.find_element(By.TAG_NAME, "main").text
    shoot(browser, "manager-bout-request")

    sign_in(browser, live_server.url, w.other_manager)
    browser.get(f"{live_server.url}/requests/{mine.pk}/")
    browser.find_element(By.XPATH, "//button[text()='Accept']").click()
    # Read while the answer's page replaces this one: Chromium may report the old
    # page's node as stale or (its inspector) as "not in the document": read again.
    WebDriverWait(browser, 20, ignored_exceptions=(WebDriverException,)).until(
        lambda b: "waiting for the commissioner" in b.find_element(By.TAG_NAME, "main").text
    )
    assert BoutRequest.objects.get(pk=mine.pk).status == RequestStatus.ACCEPTED
    assert "waiting for the commissioner" in browser.find_element(By.TAG_NAME, "main").text
    assert BoutRequest.objects.get(pk=waiting.pk).status == RequestStatus.PENDING
