"""A fan's day in Debian's Chromium (issue 31), by clicks from the home page: the
next fight night, a result, the fighter, his division, the title lineage, a
bracket — at 1280 px and at 390 px. On every page nothing overflows a phone and
every link of the site on it answers (screenshots in artifacts/screenshots/)."""

import datetime
import shutil
import urllib.error
import urllib.request
from urllib.parse import urljoin, urlparse

import pytest

from bouts.models import Bout, BoutStatus
from bouts.services import bout_schedule
from tests.web.conftest import CHROMEDRIVER, CHROMIUM, click_through
from tests.web.screens import DESKTOP, PHONE, overflow, shoot
from tests.web.test_fan_browser import fan_league  # noqa: F401 - the fixture

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)),
        reason="Debian's chromium and chromium-driver are not installed (make browser)",
    ),
]


@pytest.fixture
def night_to_come(fan_league):  # noqa: F811
    """A fight night after everything fought, with a title bout booked."""
    from league.models import Event, Title

    league, division = fan_league["league"], fan_league["division"]
    title = Title.objects.get(division=division)
    challenger = division.fighters.exclude(pk=title.champion_id).order_by("pk").first()
    event = Event.objects.create(
        league=league, name="Autumn Title Night", date=datetime.date(2026, 10, 3)
    )
    bout_schedule(
        ruleset=league.ruleset,
        date=event.date,
        red=title.champion,
        blue=challenger,
        event=event,
        division=division,
        scheduled_rounds=12,
        is_title_bout=True,
        seed=5,
        queue=False,
    )
    return event


def links_answer(browser, base: str, seen: set[str]) -> None:
    """Every link of the site on the open page answers 200 (each asked once a test)."""
    host = urlparse(base).netloc
    hrefs = browser.execute_script(
        # getAttribute: an SVG link's ``href`` is an object, not a string
        "return Array.from(document.querySelectorAll('a[href]'),"
        " a => new URL(a.getAttribute('href'), document.baseURI).href)"
    )
    for href in hrefs:
        url = urljoin(browser.current_url, href).split("#")[0]
        if urlparse(url).netloc != host or url in seen or "/logout" in url:
            continue
        seen.add(url)
        try:
            with urllib.request.urlopen(url, timeout=60) as response:
                status = response.status
        except urllib.error.HTTPError as exc:
            status = exc.code
        assert status == 200, f"{url} (linked from {browser.current_url}) answers {status}"


@pytest.mark.parametrize("width", [DESKTOP, PHONE])
def test_a_fans_day_by_clicks_fits_the_screen_and_every_link_answers(
    browser,
    live_server,
    fan_league,  # noqa: F811
    night_to_come,
    width,
):
    from selenium.webdriver.common.by import By

    browser.set_window_size(width, 900)
    seen: set[str] = set()

    def look(name: str) -> None:
        assert "Server Error" not in browser.title, browser.current_url
        assert overflow(browser) <= 1, f"{name} overflows a {width}px window"
        links_answer(browser, live_server.url, seen)
        shoot(browser, f"fan-day-{name}")
        browser.set_window_size(width, 900)

    def follow(css: str) -> None:
        link = browser.find_element(By.CSS_SELECTOR, css)
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
        click_through(browser, link)

    browser.get(f"{live_server.url}/")
    look("home")
    # The next fight night, its title bout marked.
    follow(f"#next-nights a[href='/events/{night_to_come.pk}/']")
    assert "Autumn Title Night" in browser.find_element(By.TAG_NAME, "h1").text
    look("next-night")
    # A result: the latest bout fought, from the home page's results.
    browser.get(f"{live_server.url}/")
    latest = fan_league["latest"]
    follow(f"#recent a[href='/bouts/{latest.pk}/']")
    assert browser.find_element(By.ID, "verdict").text
    look("result")
    # The winner (or the red corner of a draw), then his division.
    winner = latest.result.winner or "red"
    fighter = getattr(latest, winner)
    follow(f"main a[href='/fighters/{fighter.pk}/']")
    assert fighter.name in browser.find_element(By.TAG_NAME, "h1").text
    look("fighter")
    division = fan_league["division"]
    follow(f"a[href='/divisions/{division.pk}/']")
    look("division")
    # The title lineage, then the bracket of the tournament that crowned him.
    follow(f"a[href='/divisions/{division.pk}/title/']")
    assert browser.find_elements(By.CSS_SELECTOR, "#lineage .reign")
    look("lineage")
    tournament = fan_league["tournament"]
    browser.get(f"{live_server.url}/")
    follow(f"a[href='/tournaments/{tournament.pk}/']")
    assert Bout.objects.filter(
        tournament_match__tournament=tournament, status=BoutStatus.COMPLETED
    ).exists()
    look("bracket")
