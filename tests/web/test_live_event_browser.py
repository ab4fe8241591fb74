"""A fight night's page in Chromium while the night is fought: a result appears
in its row without a reload (event.js polling the card's JSON), within the
site's Content-Security-Policy, and the page fits a phone."""

import datetime
import shutil

import pytest
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from bouts.models import Bout, BoutStatus, Result
from tests.api import factories
from tests.api.records import recorded_bout
from tests.web.conftest import CHROMEDRIVER, CHROMIUM
from tests.web.screens import shoot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)),
        reason="Debian's chromium and chromium-driver are not installed (make browser)",
    ),
]


def row_text(browser, bout):
    return browser.find_element(By.CSS_SELECTOR, f'#card tr[data-bout-id="{bout.pk}"]').text


def test_a_result_appears_on_the_fight_night_page_without_a_reload(browser, live_server):
    factories.reset()
    league = factories.league(name="Live League")
    red, blue = factories.fighter(name="Ana Ruiz"), factories.fighter(name="Bea Moss")
    other_red, other_blue = factories.fighter(name="Cleo Park"), factories.fighter(name="Dana Vu")
    division = factories.division(league=league, fighters=[red, blue, other_red, other_blue])
    event = factories.event(league=league, date=datetime.date(2026, 3, 1))
    recorded_bout(red=other_red, blue=other_blue, ruleset=league.ruleset, event=event)
    fighting = Bout.objects.create(
        ruleset=league.ruleset,
        division=division,
        event=event,
        order=2,
        date=event.date,
        red=red,
        blue=blue,
        scheduled_rounds=6,
        seed=5,
        status=BoutStatus.RUNNING,
    )
    browser.get_log("browser")  # start the log afresh
    browser.get(f"{live_server.url}/events/{event.pk}/")
    wait = WebDriverWait(browser, 30, ignored_exceptions=[WebDriverException])
    wait.until(lambda b: "Being fought now" in b.find_element(By.ID, "card-live").text)
    assert "Running" in row_text(browser, fighting)
    opened = browser.execute_script("return performance.timeOrigin")

    Result.objects.create(
        bout=fighting, winner="blue", method="KO", round=2, time="1:10", engine_result={}
    )
    Bout.objects.filter(pk=fighting.pk).update(status=BoutStatus.COMPLETED)

    wait.until(lambda b: "Bea Moss won by knockout in round 2" in row_text(b, fighting))
    assert browser.execute_script("return performance.timeOrigin") == opened  # no reload
    wait.until(lambda b: b.find_element(By.ID, "card-live").text == "")
    link = browser.find_element(
        By.CSS_SELECTOR, f'#card tr[data-bout-id="{fighting.pk}"] td.result a'
    )
    assert link.get_attribute("href").endswith(f"/bouts/{fighting.pk}/")
    refused = [
        entry["message"]
        for entry in browser.get_log("browser")
        if "Content-Security" in entry["message"] or entry["level"] == "SEVERE"
    ]
    assert not refused, refused
    shoot(browser, "fight night fought live")


def test_a_night_over_has_no_script(browser, live_server):
    factories.reset()
    league = factories.league()
    red, blue = factories.fighter(), factories.fighter()
    event = factories.event(league=league)
    recorded_bout(red=red, blue=blue, ruleset=league.ruleset, event=event)
    browser.get(f"{live_server.url}/events/{event.pk}/")
    assert not browser.find_elements(By.CSS_SELECTOR, 'script[src*="event.js"]')
