"""The console's regions page in a browser: a commissioner creates a region and
puts a fighter in it through the forms, then moves him; the page is photographed
at 1280 px and 390 px (artifacts/screenshots/console-regions-*.png) and fits a
phone."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from fighters.models import Fighter
from league.models import RegionMember
from tests.api import factories
from tests.league.test_regions import regions_league
from tests.web.conftest import browser_available
from tests.web.screens import shoot
from tests.web.test_more_pages_browser import PASSWORD, sign_in

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not browser_available(), reason="make browser: Debian's chromium"),
]


def test_a_commissioner_runs_regions_from_the_console(browser, live_server):
    factories.reset()
    world = regions_league(per_region=3)
    world.commissioner.set_password(PASSWORD)
    world.commissioner.save()
    newcomer = factories.fighter(ruleset="webl", name="Newcomer Nagy")
    world.division.fighters.add(newcomer)
    base = live_server.url
    sign_in(browser, base, world.commissioner)

    browser.get(f"{base}/console/leagues/{world.league.slug}/")
    browser.find_element(By.LINK_TEXT, f"Regions of {world.league.name}").click()
    WebDriverWait(browser, 20).until(lambda b: b.current_url.endswith("/regions/"))

    browser.find_element(By.ID, "id_region-name").send_keys("East")
    browser.find_element(By.CSS_SELECTOR, "#region-new button[type=submit]").click()
    WebDriverWait(browser, 20).until(lambda b: "Region East created" in b.page_source)

    Select(browser.find_element(By.ID, "id_member-fighter")).select_by_visible_text(
        "Newcomer Nagy (no region)"
    )
    Select(browser.find_element(By.ID, "id_member-region")).select_by_visible_text("East")
    browser.find_element(By.CSS_SELECTOR, "#region-member button[type=submit]").click()
    WebDriverWait(browser, 20).until(lambda b: "Newcomer Nagy is now in East" in b.page_source)
    assert RegionMember.objects.get(fighter=newcomer).region.name == "East"

    # Move a North fighter to the South from his row.
    north0 = Fighter.objects.get(name="North 0")
    Select(browser.find_element(By.ID, f"move-{north0.pk}")).select_by_visible_text("South")
    browser.find_element(By.ID, f"move-{north0.pk}").find_element(
        By.XPATH, "following-sibling::button"
    ).click()
    WebDriverWait(browser, 20).until(lambda b: "North 0 is now in South" in b.page_source)
    assert RegionMember.objects.get(fighter=north0).region == world.south
    main = browser.find_element(By.TAG_NAME, "main").text
    assert "East" in main and "Newcomer Nagy" in main
    shoot(browser, "console-regions")

    browser.get(f"{base}/fighters/{north0.pk}/")
    assert "Region South" in browser.find_element(By.TAG_NAME, "main").text
    shoot(browser, "fighter-with-region")
