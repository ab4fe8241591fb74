import datetime
import shutil

import pytest
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from bouts.models import Bout
from bouts.services import bout_schedule
from tests.api import factories

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


def browser_available() -> bool:
    return bool(shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER))


@pytest.fixture(autouse=True)
def _same_rows_every_time():
    factories.reset()


@pytest.fixture
def fought(db, django_capture_on_commit_callbacks):
    """A league with one division, one event and a real bout fought by the engine
    (scheduled, queued, simulated eagerly and recorded)."""
    league = factories.league(name="Test League")
    red = factories.fighter(name="Red Rooney", rating=None)
    blue = factories.fighter(name="Blue Bellamy", rating=None)
    division = factories.division(league=league, fighters=[red, blue])
    event = factories.event(league=league, date=datetime.date(2026, 2, 1))
    with django_capture_on_commit_callbacks(execute=True):
        bout = bout_schedule(
            ruleset=league.ruleset,
            date=event.date,
            red=red,
            blue=blue,
            event=event,
            division=division,
            scheduled_rounds=6,
            seed=20261,
        )
    bout = Bout.objects.get(pk=bout.pk)
    assert bout.status == "completed", bout.failure_reason
    return {
        "league": league,
        "division": division,
        "event": event,
        "bout": bout,
        "red": red,
        "blue": blue,
    }


@pytest.fixture
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--window-size=1200,900",
    ):
        options.add_argument(flag)
    # The console log, where Chromium reports Content-Security-Policy violations.
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


def click_through(browser, element, timeout=60):
    """Click ``element`` and wait until the next page replaced this one: a click
    returns before a form's redirect has loaded, and under load a test read the
    old page's URL."""
    through(browser, element.click, timeout)


def through(browser, action, timeout=60):
    """Do ``action`` (a click, a form's ``submit``) and wait until the next page
    replaced this one, so what is read next is the new page's."""
    old = browser.find_element(By.TAG_NAME, "html")
    action()

    def replaced(_):
        try:
            old.is_enabled()  # any call on a node of a gone page raises
        except WebDriverException:
            # Stale, or (Chromium, mid-navigation) "Node with given id does not
            # belong to the document": either way the old page is gone.
            return True
        return False

    WebDriverWait(browser, timeout).until(replaced)
