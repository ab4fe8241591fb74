"""A competition run from the console alone, in a browser (issue 32, "Competitions
as stages"): a commissioner creates a Swiss stage of 16 over 4 rounds whose top 8
go on to a single-elimination bracket, fights the Swiss round by round from its
cards, sees the table, re-seeds the bracket by hand in its preview (a bad seed is
refused beside its entrant), starts it, fights it round by round and finds the
champion on the title lineage. The pages are photographed at 1280 px and 390 px
(artifacts/screenshots/competition-*.png) and fit a phone."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import Select, WebDriverWait

from league.models import StageStatus, Tournament, TournamentEntry
from tests.api import factories
from tests.web.conftest import browser_available, click_through
from tests.web.screens import shoot
from tests.web.test_more_pages_browser import PASSWORD, sign_in

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not browser_available(), reason="make browser: Debian's chromium"),
]


def _confirmed(browser, css):
    browser.find_element(By.CSS_SELECTOR, css).click()
    WebDriverWait(browser, 10).until(expected_conditions.alert_is_present())
    browser.switch_to.alert.accept()


def _fight_waiting_cards(browser, page_url, until, limit=30):
    """From the competition's console page: fight each card waiting (its "fight
    it" link, then "Fight this card", confirmed) until ``until(page source)``."""
    for _ in range(limit):
        browser.get(page_url)
        if until(browser.page_source):
            return
        links = browser.find_elements(By.CSS_SELECTOR, "#cards a[href]")
        waiting = [a for a in links if a.text == "fight it"]
        assert waiting, "a card waits to be fought, or the stage is over"
        click_through(browser, waiting[0])
        _confirmed(browser, "#fight-card")
        WebDriverWait(browser, 60).until(lambda b: "The card is fought" in b.page_source)
    raise AssertionError("the competition did not get there")


def _seed_inputs(browser):
    return browser.find_elements(By.CSS_SELECTOR, "#seed-form input.seed-input")


def _set(element, value):
    element.clear()
    element.send_keys(str(value))


def test_a_commissioner_runs_a_swiss_of_sixteen_into_an_eight_man_bracket(browser, live_server):
    commissioner = factories.user(username="commish")
    commissioner.set_password(PASSWORD)
    commissioner.save()
    league = factories.league(ruleset="webl", commissioners=[commissioner])
    fighters = [factories.fighter(ruleset="webl") for _ in range(16)]
    division = factories.division(league=league, fighters=fighters)
    sign_in(browser, live_server.url, commissioner)
    run_swiss_into_bracket(browser, live_server.url, division)


def run_swiss_into_bracket(browser, base, division):
    """From the division's console page: a Swiss of its 16 over 4 rounds into an
    8-man bracket, fought round by round, re-seeded by hand, to the champion on
    the title lineage (the commissioner signed in)."""
    # The competition, from the division's console page.
    browser.get(f"{base}/console/divisions/{division.pk}/")
    _set(browser.find_element(By.ID, "id_competition-size"), 16)
    Select(browser.find_element(By.ID, "id_competition-first")).select_by_value("swiss")
    _set(browser.find_element(By.ID, "id_competition-rounds"), 4)
    _set(browser.find_element(By.ID, "id_competition-advance"), 8)
    Select(browser.find_element(By.ID, "id_competition-bracket")).select_by_value("single")
    form = browser.find_element(By.ID, "competition-form")
    click_through(browser, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    assert "its first round's card is made" in browser.page_source
    tournament = Tournament.objects.get()
    page = f"{base}/console/tournaments/{tournament.pk}/"
    assert browser.current_url == page
    stages = browser.find_element(By.ID, "stages").text
    assert "Swiss, 4 rounds, top 8 go on" in stages and "Single elimination" in stages
    shoot(browser, "competition-swiss-round-1")

    # The Swiss, round by round from its cards, until the bracket's preview.
    _fight_waiting_cards(browser, page, lambda html: "Re-seed by hand" in html)
    table = browser.find_element(By.CSS_SELECTOR, ".swiss-table").text
    assert "Buchholz" in table and table.count("goes on") == 8
    assert "Round 4 of 4" in browser.page_source
    preview = browser.find_element(By.ID, "preview")
    assert len(preview.find_elements(By.CSS_SELECTOR, ".preview-table tbody tr")) == 4
    shoot(browser, "competition-preview")

    # Re-seeding by hand: a seed given twice is refused beside both entrants.
    inputs = _seed_inputs(browser)
    assert len(inputs) == 8
    _set(inputs[1], 1)
    click_through(browser, browser.find_element(By.CSS_SELECTOR, "#seed-form button"))
    assert browser.page_source.count("Seed 1 is given to 2 entrants.") == 2
    shoot(browser, "competition-seed-error")
    # Seeds 1 and 2 swapped: the table's second is the top seed, the first the second.
    entries = list(TournamentEntry.objects.filter(tournament=tournament, stage_number=2))
    by_seed = {e.seed: e for e in entries}
    for element in _seed_inputs(browser):
        entry = next(e for e in entries if element.get_attribute("name").endswith(f"_{e.pk}"))
        _set(element, {1: 2, 2: 1}.get(entry.seed, entry.seed))
    click_through(browser, browser.find_element(By.CSS_SELECTOR, "#seed-form button"))
    assert "Seeds saved" in browser.page_source
    red_corners = [
        cell.text
        for cell in browser.find_elements(By.CSS_SELECTOR, ".preview-table tbody td:first-child")
    ]
    assert red_corners[0] == f"1 {by_seed[2].fighter.name}"
    assert f"2 {by_seed[1].fighter.name}" in red_corners

    # Started, then fought round by round to the champion.
    _confirmed(browser, "#start-bracket")
    WebDriverWait(browser, 30).until(lambda b: "The bracket has started" in b.page_source)
    assert tournament.stages.get(number=2).status == StageStatus.RUNNING
    _fight_waiting_cards(browser, page, lambda html: 'id="champion"' in html)
    tournament.refresh_from_db()
    assert tournament.status == "completed" and tournament.champion is not None
    champion = tournament.champion.name
    assert champion in browser.find_element(By.ID, "champion").text
    shoot(browser, "competition-champion")

    # The public page: the Swiss table and the bracket; the champion on the lineage.
    browser.get(f"{base}/tournaments/{tournament.pk}/")
    assert "Swiss table" in browser.page_source and "Quarter-finals" in browser.page_source
    shoot(browser, "competition-public")
    browser.get(page)
    click_through(browser, browser.find_element(By.LINK_TEXT, "title lineage"))
    assert champion in browser.find_element(By.TAG_NAME, "main").text
    shoot(browser, "competition-lineage")
