"""A fan in Debian's Chromium (issue 17): from the home page, in two clicks each, the
best record (through the fighter index), a bout with knockdowns (from the latest
results), a bracket's final and the champion's lineage. Then every page of the site
is photographed at 1280 px and 390 px (artifacts/screenshots/) and must fit a phone."""

import datetime
import shutil

import pytest
from django.utils import timezone

from bouts.models import Bout, BoutStatus
from fighters.models import Career
from league.models import Title
from referees.models import Doctor, Judge, Referee
from tests.api import factories
from tests.api.records import recorded_bout
from tests.web.conftest import CHROMEDRIVER, CHROMIUM, click_through, through
from tests.web.screens import shoot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)),
        reason="Debian's chromium and chromium-driver are not installed (make browser)",
    ),
]


@pytest.fixture
def fan_league(transactional_db, django_capture_on_commit_callbacks):
    """A league fought for real (a card and an eight-man title tournament), plus
    the latest bout fought, which had a knockdown and was worked by named
    officials."""
    from tests.api.leagues import build

    factories.reset()
    league, division, season, tournament = build(8, django_capture_on_commit_callbacks)
    red = factories.fighter(name="Zoltán Németh")
    blue = factories.fighter(name="Erwin Wende")
    division.fighters.add(red, blue)
    event = factories.event(league=league, date=datetime.date(2026, 9, 1))
    latest = recorded_bout(
        red=red, blue=blue, ruleset=league.ruleset, division=division, event=event, day=20
    )
    # A transactional test empties the tables the migrations filled: officials of
    # our own, so the test does not depend on what ran before it.
    judges = [Judge.objects.get_or_create(name=f"Judge Dredd {n}")[0] for n in (1, 2, 3)]
    Bout.objects.filter(pk=latest.pk).update(
        completed_at=timezone.now(),
        referee=Referee.objects.get_or_create(name="Mills Lane II")[0],
        judge_1=judges[0],
        judge_2=judges[1],
        judge_3=judges[2],
        doctor=Doctor.objects.get_or_create(name="Dr. Ringside")[0],
    )
    return {
        "league": league,
        "division": division,
        "season": season,
        "event": event,
        "tournament": tournament,
        "latest": Bout.objects.get(pk=latest.pk),
    }


def _click(browser, by, what):
    click_through(browser, browser.find_element(by, what))


def test_a_fan_finds_anything_in_two_clicks(browser, live_server, fan_league):
    from selenium.webdriver.common.by import By

    home = f"{live_server.url}/"
    tournament = fan_league["tournament"]
    assert tournament.status == "completed" and tournament.champion is not None

    # 1. The best record: Fighters (the index sorts by record), then the first row.
    best = (
        Career.objects.select_related("fighter")
        .order_by("-wins", "losses", "-draws", "fighter__name", "fighter__id")
        .first()
    )
    browser.get(home)
    _click(browser, By.LINK_TEXT, "Fighters")
    first = browser.find_element(By.CSS_SELECTOR, "table.fighter-index tbody tr td a")
    assert first.text == best.fighter.name
    click_through(browser, first)
    assert f"/fighters/{best.fighter.pk}/" in browser.current_url
    record = browser.find_element(By.CSS_SELECTOR, "#record .record-big").text.replace(" ", "")
    assert record == f"{best.wins}–{best.losses}–{best.draws}"

    # 2. A bout with knockdowns: the latest results mark it; its report lists them.
    browser.get(home)
    row = browser.find_element(
        By.XPATH, "//section[@id='recent']//tr[.//span[@class='badge knockdown']]"
    )
    assert "KD" in row.text
    click_through(browser, row.find_element(By.LINK_TEXT, "Report"))
    assert "/bouts/" in browser.current_url
    assert browser.find_elements(By.CSS_SELECTOR, "#knockdowns li")
    method = browser.find_element(By.CSS_SELECTOR, "#verdict .method abbr")
    assert method.get_attribute("title")  # the method in words on hover

    # 3. A bracket's final: the tournament from the home page, then its final.
    final_match = tournament.matches.select_related("bout").order_by("-stage").first()
    final = final_match.bout
    browser.get(home)
    _click(browser, By.LINK_TEXT, tournament.name)
    final_round = final_match.key.split(".")[0]
    # On a desktop the picture alone (the list is the phone's bracket).
    heading = browser.find_element(By.CSS_SELECTOR, f"#round-{final_round} h3")
    assert heading.get_attribute("textContent") == "Final" and not heading.is_displayed()
    assert browser.find_element(By.CSS_SELECTOR, "svg.bracket-svg").is_displayed()
    _click(browser, By.CSS_SELECTOR, "#champion a[href*='/bouts/']")
    assert f"/bouts/{final.pk}/" in browser.current_url
    assert tournament.champion.name in browser.find_element(By.ID, "verdict").text

    # 4. The champion's lineage: the league, then its lineage.
    title = Title.objects.select_related("champion").get(division=fan_league["division"])
    browser.get(home)
    _click(browser, By.PARTIAL_LINK_TEXT, fan_league["league"].name)
    _click(browser, By.LINK_TEXT, "Lineage")
    assert f"/divisions/{fan_league['division'].pk}/title/" in browser.current_url
    current = browser.find_element(By.CSS_SELECTOR, "#lineage .reign.current").text
    assert title.champion.name in current
    assert "beat " in current or "drew with " in current  # a drawn final goes to the cards

    # Search ignores accents and case in the browser too.
    browser.get(f"{live_server.url}/fighters/")
    box = browser.find_element(By.ID, "fighter-search")
    box.send_keys("nemeth")
    through(browser, box.submit)  # then read the results' page, not this one
    names = [
        a.text
        for a in browser.find_elements(By.CSS_SELECTOR, "table.fighter-index td:first-child > a")
    ]
    assert names == ["Zoltán Németh"]


def test_every_page_photographed_and_fits_a_phone(browser, live_server, fan_league):
    league, division = fan_league["league"], fan_league["division"]
    latest = fan_league["latest"]
    fighter = Title.objects.get(division=division).champion
    pages = {
        "home": "/",
        "fighter-index": "/fighters/",
        "fighter-search": "/fighters/?q=nemeth",
        "fighter": f"/fighters/{fighter.pk}/",
        "events": "/events/",
        "league-events": f"/events/?league={league.slug}",
        "league": f"/leagues/{league.slug}/",
        "event": f"/events/{fan_league['event'].pk}/",
        "division": f"/divisions/{division.pk}/",
        "title-lineage": f"/divisions/{division.pk}/title/",
        "tournament": f"/tournaments/{fan_league['tournament'].pk}/",
        "bout-report": f"/bouts/{latest.pk}/",
        "referee": f"/referees/{latest.referee_id}/",
        "judge": f"/judges/{latest.judge_1_id}/",
        "doctor": f"/doctors/{latest.doctor_id}/",
        "sign-in": "/accounts/login/",
    }
    real = Bout.objects.filter(status=BoutStatus.COMPLETED).exclude(pk=latest.pk).first()
    if real is not None:
        pages["bout-report-fought"] = f"/bouts/{real.pk}/"
    for name, path in pages.items():
        browser.get(f"{live_server.url}{path}")
        assert "Server Error" not in browser.title, path
        shoot(browser, name)
