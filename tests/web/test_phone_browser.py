"""Pages on a phone and on a desktop in Chromium: the bracket drawn once on each
(the picture on a desktop; on a 390 px phone the list, rounds one under another,
the final on screen), the round chart's text legible on a phone, nothing wider
than the screen."""

import shutil

import pytest
from selenium.webdriver.common.by import By

from bouts.models import Bout, BoutStatus
from tests.web.conftest import CHROMEDRIVER, CHROMIUM
from tests.web.screens import DESKTOP, PHONE, overflow, shoot
from tests.web.test_fan_browser import fan_league  # noqa: F401 (a fixture)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)),
        reason="Debian's chromium and chromium-driver are not installed (make browser)",
    ),
]


def shown(browser, css):
    return [e for e in browser.find_elements(By.CSS_SELECTOR, css) if e.is_displayed()]


def test_the_bracket_is_drawn_once_on_a_desktop_and_fits_a_phone(
    browser,
    live_server,
    fan_league,  # noqa: F811
):
    tournament = fan_league["tournament"]
    browser.set_window_size(DESKTOP, 900)
    browser.get(f"{live_server.url}/tournaments/{tournament.pk}/")
    assert len(shown(browser, ".bracket-picture")) == 1
    assert shown(browser, ".bracket") == []

    browser.set_window_size(PHONE, 900)
    assert shown(browser, ".bracket-picture") == []
    assert len(shown(browser, ".bracket")) == 1
    assert overflow(browser) <= 1
    final = shown(browser, ".bracket .match.final")
    assert len(final) == 1
    box = final[0].rect
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE  # on screen, not off to the right
    shoot(browser, "tournament bracket")


def test_the_round_chart_text_is_legible_on_a_phone(browser, live_server, fan_league):  # noqa: F811
    bout = Bout.objects.filter(status=BoutStatus.COMPLETED).order_by("id").first()
    browser.set_window_size(PHONE, 900)
    browser.get(f"{live_server.url}/bouts/{bout.pk}/")
    ticks = browser.find_elements(By.CSS_SELECTOR, "svg.chart text")
    assert ticks
    heights = [
        browser.execute_script("return arguments[0].getBoundingClientRect().height", tick)
        for tick in ticks
        if tick.text.strip()
    ]
    assert min(heights) >= 10, heights  # 12 px text drawn at least ~10 px tall
    assert overflow(browser) <= 1
    shoot(browser, "bout report chart")
