"""A season played night by night from the console alone, in Debian's
Chromium: schedule it, press "Play" (the next fight night) until it ends, and
find every fixture fought or cancelled with a reason and every bout in the table."""

import pytest
from django.contrib.auth import get_user_model
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from bouts.models import Bout
from league.models import League, Season, SeasonFixture
from tests.league.conftest import make_league
from tests.web.conftest import browser_available, click_through
from tests.web.screens import shoot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not browser_available(), reason="make browser: Debian's chromium"),
]

PASSWORD = "calendar-pass-2026"


@pytest.fixture
def league(transactional_db):
    user = get_user_model().objects.create_user("clio", password=PASSWORD)
    league, division = make_league("titlebout", 6, days_between_events=14)
    league.commissioners.add(user)
    return league, division


def submit(browser, form_css):
    click_through(browser, browser.find_element(By.CSS_SELECTOR, f"{form_css} button"))


def test_a_season_played_night_by_night_from_the_console_reaches_its_end(
    browser, live_server, league
):
    league, division = league
    browser.get(f"{live_server.url}/accounts/login/?next=/console/divisions/{division.pk}/")
    browser.find_element(By.NAME, "username").send_keys("clio")
    browser.find_element(By.NAME, "password").send_keys(PASSWORD)
    submit(browser, "form.form")

    # Schedule a season, not fought now: it waits for the league's calendar.
    submit(browser, "form[action$='/seasons/']")
    message = browser.find_element(By.CSS_SELECTOR, ".messages").text
    assert "15 bouts to fight" in message, message
    browser.get(f"{live_server.url}/console/leagues/{league.slug}/")
    calendar = browser.find_element(By.ID, "calendar")
    assert "League date" in calendar.text
    shoot(browser, "console-calendar")

    # "Play: the next fight night", click after click, until the season ends.
    dates = []
    for _ in range(80):
        forms = browser.find_elements(By.ID, "play-form")
        if not forms:
            break
        Select(browser.find_element(By.NAME, "play-target")).select_by_value("night")
        submit(browser, "#play-form")
        text = browser.find_element(By.CSS_SELECTOR, ".messages").text
        assert "Played 1 fight night" in text, text
        dates.append(text.rsplit("is now ", 1)[1])
    else:
        raise AssertionError("the season never ended")
    shoot(browser, "console-calendar-season-over")
    assert "Between seasons" in browser.find_element(By.ID, "calendar").text
    assert len(dates) >= 5 and len(set(dates)) == len(dates)  # one league date a night

    season = Season.objects.get(division=division)
    assert season.status == "completed"
    fixtures = SeasonFixture.objects.filter(season=season)
    assert fixtures.count() == 15
    assert all(f.status == "fought" or (f.status == "cancelled" and f.note) for f in fixtures)
    fought = Bout.objects.filter(season_fixture__season=season, status="completed").count()
    assert fought == fixtures.filter(status="fought").count()
    assert sum(s.bouts for s in season.standings.all()) == 2 * fought
    league = League.objects.get(pk=league.pk)
    assert league.today == max(
        Bout.objects.filter(season_fixture__season=season).values_list("date", flat=True)
    )

    # The public table counts every bout.
    browser.get(f"{live_server.url}/divisions/{division.pk}/?season={season.pk}")
    try:
        page = browser.find_element(By.TAG_NAME, "main").text
    except WebDriverException:
        page = browser.page_source
    assert season.name in page
