"""A league's history page and a champion's page on a phone (docs/history.md):
nothing wider than the screen; the awards and the record book are there."""

import shutil

import pytest
from selenium.webdriver.common.by import By

from league.history import services
from league.models import SeasonStatus, Title
from tests.web.conftest import CHROMEDRIVER, CHROMIUM
from tests.web.screens import PHONE, overflow, shoot
from tests.web.test_fan_browser import fan_league  # noqa: F401 (a fixture)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)),
        reason="Debian's chromium and chromium-driver are not installed (make browser)",
    ),
]


def test_the_history_and_a_champions_page_fit_a_phone(browser, live_server, fan_league):  # noqa: F811
    league = fan_league["league"]
    season = league.seasons.order_by("number").first()
    if season is not None and season.status == SeasonStatus.COMPLETED:
        services.season_awards_hand_out(season, by=None)
    browser.set_window_size(PHONE, 900)
    browser.get(f"{live_server.url}/leagues/{league.slug}/history/")
    assert browser.find_element(By.ID, "records").is_displayed()
    assert "Most wins" in browser.find_element(By.ID, "records").text
    assert overflow(browser) <= 1
    shoot(browser, "league history")
    champion = Title.objects.filter(division__league=league).exclude(champion=None).first()
    if champion is not None:
        browser.get(f"{live_server.url}/fighters/{champion.champion_id}/")
        assert browser.find_element(By.ID, "champion-badge").is_displayed()
        assert browser.find_element(By.ID, "last-six").is_displayed()
        assert overflow(browser) <= 1
        shoot(browser, "champion's fighter page")
