"""End to end in Debian's Chromium: a manager builds a fighter on the career form —
the points left follow his typing (ringside/budget.js), an overspend is refused
next to the form, a build within the budget lands on the fighter page — trains him
for a bout the weekly matchmaker made, and a rival sees the card hidden but the
scouting report. The pages fit a phone."""

import datetime as dt
import shutil

import pytest

from fighters.models import Fighter
from league.services import weekly
from tests.api import factories
from tests.api.career_world import career_world
from tests.web.conftest import CHROMEDRIVER, CHROMIUM, click_through
from tests.web.screens import shoot
from tests.web.test_managers_browser import PASSWORD, fits_a_phone, sign_in

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)),
        reason="Debian's chromium and chromium-driver are not installed (make browser)",
    ),
]


def _fill(browser, values):
    from selenium.webdriver.common.by import By

    for key, value in values.items():
        field = browser.find_element(By.ID, f"id_{key}")
        field.clear()
        field.send_keys(str(value))


def test_a_manager_builds_trains_and_is_scouted(browser, live_server):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    factories.reset()
    world = career_world(hide_cards=True)
    for user in (world.owner, world.other_manager):
        user.set_password(PASSWORD)
        user.save()
    rival = factories.fighter(ruleset="webl", camp=world.camp_b, name="Rival Rocco")
    world.division.fighters.add(rival)

    sign_in(browser, live_server.url, world.owner)
    browser.get(f"{live_server.url}/leagues/{world.league.slug}/career/new-fighter/")
    left = browser.find_element(By.ID, "points-left")
    assert left.text == "0"  # 14 in each of the five: the whole budget
    _fill(browser, {"name": "Kid Budget", "str": 20})
    assert left.text == "-6" and "over" in left.get_attribute("class")
    Select(browser.find_element(By.ID, "id_camp")).select_by_value(str(world.camp_a.pk))
    click_through(browser, browser.find_element(By.CSS_SELECTOR, "form.form button[type=submit]"))
    assert "the card spends 76 points; the budget is 70" in browser.page_source
    shoot(browser, "career-new-fighter")
    assert not Fighter.objects.filter(name="Kid Budget").exists()
    _fill(browser, {"str": 16, "spd": 12})
    assert browser.find_element(By.ID, "points-left").text == "0"
    click_through(browser, browser.find_element(By.CSS_SELECTOR, "form.form button[type=submit]"))
    kid = Fighter.objects.get(name="Kid Budget")
    assert browser.current_url.endswith(f"/fighters/{kid.pk}/")
    assert "WeBL 14.0" in browser.page_source  # his own card: he sees it
    assert fits_a_phone(browser)

    weekly.matchmake_week(world.league, dt.date.today() + dt.timedelta(days=2))
    browser.get(f"{live_server.url}/desk/")
    click_through(browser, browser.find_element(By.LINK_TEXT, "Train"))
    Select(browser.find_element(By.ID, "id_ability")).select_by_value("tgh")
    click_through(browser, browser.find_element(By.CSS_SELECTOR, "form.form button[type=submit]"))
    assert "Kid Budget trains TGH" in browser.find_element(By.TAG_NAME, "main").text
    assert kid.cards.get(ruleset="webl").data["tgh"] == 15
    assert fits_a_phone(browser)
    shoot(browser, "career-training")

    sign_in(browser, live_server.url, world.other_manager)
    browser.get(f"{live_server.url}/fighters/{kid.pk}/")
    assert "his card is hidden" in browser.page_source and "webl 14" not in browser.page_source
    click_through(browser, browser.find_element(By.LINK_TEXT, "Scouting report"))
    assert "Scouting report: Kid Budget" in browser.page_source
    assert fits_a_phone(browser)
    shoot(browser, "career-scouting")
