"""A league run through three seasons from the console alone, in Debian's
Chromium: play each season to its end, take the season break's steps one click
at a time (each previewed first: champions, awards, development, retirements,
prospects, the next season), and find the same champions and awards on the
league's history page, a champion's page and the API."""

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from league.calendar.models import BreakStep
from league.history.models import Award
from league.models import Season
from tests.league.conftest import make_league
from tests.web.conftest import browser_available, click_through
from tests.web.screens import shoot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not browser_available(), reason="make browser: Debian's chromium"),
]

PASSWORD = "seasons-pass-2026"
PREVIEWS = {
    BreakStep.CROWN: "The rule: the top of each division",
    BreakStep.AWARDS: "Fighter of the year",
    BreakStep.DEVELOP: "will change with age",
    BreakStep.RETIRE: "Next: retire fighters",
    BreakStep.PROSPECTS: "prospect",
    BreakStep.NEXT: "its first night on",
}


@pytest.fixture
def league(transactional_db):
    user = get_user_model().objects.create_user("tessa", password=PASSWORD)
    league, division = make_league(
        "titlebout", 6, days_between_events=7, development=True, roster_size=7
    )
    league.commissioners.add(user)
    return league, division


def submit(browser, form_css):
    click_through(browser, browser.find_element(By.CSS_SELECTOR, f"{form_css} button"))


def message(browser) -> str:
    return browser.find_element(By.CSS_SELECTOR, ".messages").text


def play_to_the_end(browser, live_server, league):
    browser.get(f"{live_server.url}/console/leagues/{league.slug}/")
    Select(browser.find_element(By.NAME, "play-target")).select_by_value("season")
    submit(browser, "#play-form")
    assert "Played" in message(browser), message(browser)
    assert "Between seasons" in browser.find_element(By.ID, "calendar").text


def take_the_break(browser, number):
    for step in BreakStep.values:
        preview = browser.find_element(By.CSS_SELECTOR, "#season-break .preview")
        assert preview.get_attribute("data-step") == step
        assert PREVIEWS[step] in preview.text, (step, preview.text)
        if step == BreakStep.AWARDS and number == 1:
            shoot(browser, "console-season-break-awards")
        submit(browser, "#season-break form")
        assert not browser.find_elements(By.CSS_SELECTOR, ".messages .error"), message(browser)


def test_three_seasons_from_the_console_alone(browser, live_server, league):
    league, division = league
    browser.get(f"{live_server.url}/accounts/login/?next=/console/divisions/{division.pk}/")
    browser.find_element(By.NAME, "username").send_keys("tessa")
    browser.find_element(By.NAME, "password").send_keys(PASSWORD)
    submit(browser, "form.form")
    submit(browser, "form[action$='/seasons/']")  # season 1, not fought now
    assert "bouts to fight" in message(browser)

    for number in (1, 2, 3):
        play_to_the_end(browser, live_server, league)
        if number < 3:
            take_the_break(browser, number)
            assert Season.objects.filter(division=division, number=number + 1).exists()
    # After the third season: its champion crowned and its awards handed out.
    for _step in ("crown", "awards"):
        submit(browser, "#season-break form")
    assert "Crowned" in browser.find_element(By.ID, "season-break").text
    seasons = list(Season.objects.filter(division=division).order_by("number"))
    assert [s.status for s in seasons] == ["completed"] * 3
    assert all(s.champion_id for s in seasons)
    assert division.fighters.filter(is_active=True).count() == 7  # prospects filled it
    awards = Award.objects.filter(league=league)
    assert set(awards.values_list("season_number", flat=True)) == {1, 2, 3}

    # The history page, a champion's page and the API say the same.
    browser.get(f"{live_server.url}/leagues/{league.slug}/history/")
    history = browser.find_element(By.TAG_NAME, "main").text
    shoot(browser, "league-history-three-seasons")
    api = APIClient().get(f"/api/leagues/{league.slug}/history/").json()
    api_seasons = {s["number"]: s for s in api["seasons"]}
    for season in seasons:
        assert season.champion.name in history
        (part,) = api_seasons[season.number]["divisions"]
        assert part["table_leader"]["name"] == season.champion.name
        api_awards = {
            (a["title"], (a.get("competitor") or {}).get("name"))
            for a in api_seasons[season.number]["awards"]
        }
        for award in awards.filter(season_number=season.number):
            assert award.title in history
            assert (award.title, award.fighter.name if award.fighter else None) in api_awards
    fighter_award = awards.exclude(fighter=None).first()
    browser.get(f"{live_server.url}/fighters/{fighter_award.fighter_id}/")
    assert fighter_award.title in browser.find_element(By.TAG_NAME, "main").text
