"""The commissioner's whole path in Debian's Chromium, without the admin, the API
or a command: sign in, create a league and a division, generate eight fighters,
build a four-bout card with officials, fight it and watch the statuses change,
create an eight-man tournament and follow it to its champion."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import Select, WebDriverWait

from referees.models import Doctor, Judge, Referee
from tests.web.conftest import browser_available, click_through, through
from tests.web.screens import shoot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not browser_available(), reason="make browser: Debian's chromium"),
]

PASSWORD = "console-pass-2026"


@pytest.fixture
def commissioner(transactional_db):
    user = get_user_model().objects.create_user("cora", password=PASSWORD)
    user.user_permissions.add(Permission.objects.get(codename="add_league"))
    # Officials are the admins' (the Django admin edits them): a few on the books.
    Referee.objects.create(name="Rita Referee")
    for name in ("Jon Judge", "Jill Judge", "Jack Judge"):
        Judge.objects.create(name=name)
    Doctor.objects.create(name="Doc Holm")
    return user


def submit(browser, form_css):
    follow(browser, By.CSS_SELECTOR, f"{form_css} button[type=submit]")


def follow(browser, by, value):
    click_through(browser, browser.find_element(by, value))


def fill(browser, name, value):
    field = browser.find_element(By.NAME, name)
    field.clear()
    field.send_keys(value)


def test_a_commissioner_runs_a_league_from_the_browser(browser, live_server, commissioner):
    # Pages reload under the waits (a form's redirect): an element of the old page,
    # stale or "not in the document" (Chromium's inspector), is read again.
    wait = WebDriverWait(browser, 30, ignored_exceptions=[WebDriverException])
    browser.get(f"{live_server.url}/accounts/login/?next=/console/")
    fill(browser, "username", "cora")
    fill(browser, "password", PASSWORD)
    submit(browser, "form.form")
    assert browser.current_url.endswith("/console/")
    shoot(browser, "console-home")

    # A league and a division.
    follow(browser, By.LINK_TEXT, "New league")
    shoot(browser, "console-league-new")
    fill(browser, "name", "Browser Boxing League")
    fill(browser, "slug", "browser-boxing")
    Select(browser.find_element(By.NAME, "ruleset")).select_by_value("webl")
    browser.execute_script("document.querySelector('[name=start_date]').value = '2027-01-02'")
    submit(browser, "form.form")
    assert "/console/leagues/browser-boxing/" in browser.current_url, [
        e.text for e in browser.find_elements(By.CSS_SELECTOR, ".field-errors, .form-errors")
    ]
    shoot(browser, "console-league")
    Select(browser.find_element(By.NAME, "division-weight_class")).select_by_value("lightweight")
    submit(browser, "form[action$='/divisions/']")
    assert "/console/divisions/" in browser.current_url
    shoot(browser, "console-division")

    # Eight generated fighters.
    fill(browser, "roster-count", "8")
    fill(browser, "roster-seed", "7")
    submit(browser, "form[action$='/roster/']")
    assert "8 fighters generated" in browser.find_element(By.CSS_SELECTOR, ".messages").text
    assert len(browser.find_elements(By.CSS_SELECTOR, "table tbody tr")) == 8

    # A card of four bouts with officials.
    follow(browser, By.LINK_TEXT, "Browser Boxing League")
    fill(browser, "event-name", "Opening Night")
    browser.execute_script("document.querySelector('[name=\"event-date\"]').value = '2027-01-09'")
    submit(browser, "form[action$='/events/']")
    assert "/console/events/" in browser.current_url
    for n in range(4):
        red = Select(browser.find_element(By.NAME, "bout-red"))
        blue = Select(browser.find_element(By.NAME, "bout-blue"))
        # Only the fighters not yet on the card are offered.
        assert len(red.options) == 1 + 8 - 2 * n
        red.select_by_index(1)
        blue.select_by_index(2)
        Select(browser.find_element(By.NAME, "bout-referee")).select_by_visible_text("Rita Referee")
        for i, judge in enumerate(("Jon Judge", "Jill Judge", "Jack Judge"), start=1):
            Select(browser.find_element(By.NAME, f"bout-judge_{i}")).select_by_visible_text(judge)
        Select(browser.find_element(By.NAME, "bout-doctor")).select_by_visible_text("Doc Holm")
        submit(browser, "form[action$='/bouts/']")
        assert browser.find_element(By.CSS_SELECTOR, ".messages").text == "Bout added to the card."
    rows = browser.find_elements(By.CSS_SELECTOR, "#card tbody tr")
    assert len(rows) == 4
    shoot(browser, "console-card-builder")
    assert all("Scheduled" in row.text and "Rita Referee" in row.text for row in rows)

    # Fight it (after the confirmation it asks for): the statuses change on the
    # page by themselves.
    fight = browser.find_element(By.ID, "fight-card")

    def fight_and_confirm():
        fight.click()
        wait.until(expected_conditions.alert_is_present()).accept()

    through(browser, fight_and_confirm)
    wait.until(
        lambda b: all(
            s.text == "Completed"
            for s in b.find_elements(By.CSS_SELECTOR, '#card [data-field="status"]')
        )
    )
    shoot(browser, "console-card-fought")
    results = [
        r.text for r in browser.find_elements(By.CSS_SELECTOR, '#card [data-field="result"]')
    ]
    assert all(" by " in text for text in results), results

    # An eight-man tournament seeded from the rankings, fought all at once, followed to
    # a champion.
    follow(browser, By.LINK_TEXT, "Browser Boxing League")
    follow(browser, By.CSS_SELECTOR, "a[href^='/console/divisions/']")
    Select(browser.find_element(By.NAME, "tournament-size")).select_by_value("8")
    Select(browser.find_element(By.NAME, "tournament-fight_now")).select_by_value("all")
    submit(browser, "form[action$='/tournaments/']")
    assert "seeded from the rankings" in browser.find_element(By.CSS_SELECTOR, ".messages").text
    follow(browser, By.CSS_SELECTOR, "a[href^='/tournaments/']")
    champion = wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, ".champion-line"))
    assert champion[0].text
