"""End to end in Debian's Chromium: a person opens a fighter's page and the report
of a bout the engine really fought, on a desktop and on a phone."""

import datetime
import shutil

import pytest

from bouts.models import Bout
from bouts.services import bout_schedule
from fighters.weight_classes import WEIGHT_CLASSES
from tests.api import factories
from tests.web.conftest import CHROMEDRIVER, CHROMIUM, click_through

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)),
        reason="Debian's chromium and chromium-driver are not installed (make browser)",
    ),
]


@pytest.fixture
def real_bout(transactional_db):
    """A bout fought by the engine that went at least three rounds (so it has
    scorecards to read); a fresh pair of fighters for each seed tried."""
    factories.reset()
    league = factories.league(name="Browser League")
    event = factories.event(league=league, date=datetime.date(2026, 3, 14))
    for attempt in range(12):
        weight_class = WEIGHT_CLASSES[attempt][0]  # a division of their own weight
        red = factories.fighter(name=f"Rocco Redd {attempt}", weight_class=weight_class)
        blue = factories.fighter(name=f"Billy Blewitt {attempt}", weight_class=weight_class)
        division = factories.division(
            league=league, weight_class=weight_class, fighters=[red, blue]
        )
        # Transactional test: the bout is queued on commit and fought eagerly.
        bout = bout_schedule(
            ruleset=league.ruleset,
            red=red,
            blue=blue,
            event=event,
            division=division,
            scheduled_rounds=8,
            seed=314 + attempt,
        )
        bout = Bout.objects.select_related("result", "red", "blue").get(pk=bout.pk)
        assert bout.status == "completed", bout.failure_reason
        if bout.result.round >= 3:
            return bout
    pytest.fail("no bout in twelve lasted three rounds")


def test_fighter_page_and_bout_report(browser, live_server, real_bout):
    from selenium.webdriver.common.by import By

    result = real_bout.result
    red = real_bout.red
    won = result.winner == "red"
    drew = result.winner is None

    browser.get(f"{live_server.url}/fighters/{red.pk}/")
    assert browser.title.startswith(red.name)
    record = browser.find_element(By.CSS_SELECTOR, "#record .record-big").text
    expected = "1–0–0" if won else "0–0–1" if drew else "0–1–0"
    assert record.replace(" ", "") == expected
    rows = browser.find_elements(By.CSS_SELECTOR, "#history tbody tr")
    assert len(rows) == 1
    row = rows[0].text
    assert real_bout.blue.name in row
    assert result.method in row
    assert ("W" if won else "D" if drew else "L") in row
    assert "14 Mar 2026" in row

    # Follow the record book to the bout report, as a reader would.
    click_through(browser, rows[0].find_element(By.LINK_TEXT, result.method))
    assert f"/bouts/{real_bout.pk}/" in browser.current_url
    verdict = browser.find_element(By.ID, "verdict").text
    assert result.method in verdict
    assert f"round {result.round} at {result.time}" in verdict
    cards = browser.find_elements(By.CSS_SELECTOR, "#scorecards tbody tr")
    engine = result.engine_result
    assert len(cards) == len(engine["scorecards"]) == 3
    for tr, card in zip(cards, engine["scorecards"]):
        total = f"{sum(r[0] for r in card)}–{sum(r[1] for r in card)}"
        assert tr.find_element(By.CSS_SELECTOR, "td.total").text == total
    bars = browser.find_elements(By.CSS_SELECTOR, "#chart svg rect.bar")
    assert len(bars) >= 3 * result.round
    assert (
        browser.find_element(By.CSS_SELECTOR, "#chart svg title").get_attribute("textContent")
        == "Points and damage per round"
    )
    for section in ("knockdowns", "injuries", "fouls"):
        assert browser.find_element(By.ID, section).is_displayed()
    assert len(browser.find_elements(By.CSS_SELECTOR, "#knockdowns li")) == len(
        engine["knockdowns"]
    )
    first_event = engine["events"][0]["text"]
    assert first_event in browser.find_element(By.ID, "play-by-play").text

    # On a phone: the page fits the screen (tables scroll inside their own box).
    browser.set_window_size(390, 844)
    browser.refresh()
    overflow = browser.execute_script(
        "return document.documentElement.scrollWidth - window.innerWidth"
    )
    assert overflow <= 1
    assert browser.find_element(By.ID, "verdict").is_displayed()
