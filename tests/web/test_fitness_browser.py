"""End to end in Debian's Chromium: a demo manager's desk says which of her
fighters are fit on the league's date, which suspended (until when, and why)
and which retired, and the request form offers them with the same words."""

import datetime as dt
import io
import shutil

import pytest
from django.core.management import call_command

from bouts.models import MedicalSuspension
from fighters.models import Fighter
from league.calendar.rosters import fighter_statuses
from league.management.commands._managers import MANAGERS, demo_league, ensure_managers
from tests.web.conftest import CHROMEDRIVER, CHROMIUM, click_through
from tests.web.screens import shoot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)),
        reason="Debian's chromium and chromium-driver are not installed (make browser)",
    ),
]

PASSWORD = "ring-side-2026"


def _demo_manager():
    """The demo (``load_demo``) with its two managers; the first one's camp has
    a fighter suspended on the league's date and one retired."""
    call_command("load_demo", "--seed", "3", "--fighters", "8", stdout=io.StringIO())
    league = demo_league()
    ensure_managers(league)
    username = MANAGERS[0][0]
    mine = list(
        Fighter.objects.filter(camp__owner__username=username, divisions__league=league)
        .distinct()
        .order_by("name", "id")
    )
    assert len(mine) >= 3, mine
    MedicalSuspension.objects.create(
        fighter=mine[0],
        starts_on=league.date - dt.timedelta(days=3),
        ends_on=league.date + dt.timedelta(days=40),
        reason="cut over the eye",
    )
    Fighter.objects.filter(pk=mine[1].pk).update(is_active=False, retired_on=league.date)
    manager = mine[0].camp.owner
    manager.set_password(PASSWORD)
    manager.save()
    return league, manager, mine


def test_a_demo_managers_desk_shows_who_is_fit(browser, live_server, transactional_db):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    league, manager, mine = _demo_manager()
    browser.get(f"{live_server.url}/accounts/login/?next=/desk/")
    browser.find_element(By.ID, "id_username").send_keys(manager.username)
    browser.find_element(By.ID, "id_password").send_keys(PASSWORD)
    click_through(browser, browser.find_element(By.CSS_SELECTOR, "form.form button[type=submit]"))
    WebDriverWait(browser, 20).until(lambda b: b.current_url.endswith("/desk/"))

    # Every fighter of hers with his status, as the league's one rule reads it.
    expected = fighter_statuses(f.pk for f in mine)
    rows = {}
    for row in browser.find_elements(By.CSS_SELECTOR, "#fighters tbody tr"):
        rows[row.find_element(By.CSS_SELECTOR, "td a").text] = row.find_element(
            By.CSS_SELECTOR, "td.fitness-cell"
        ).text
    for fighter in mine:
        assert rows[fighter.name] == " · ".join(s.words for s in expected[fighter.pk])
    until = league.date + dt.timedelta(days=40)
    assert rows[mine[0].name] == f"suspended until {until.day} {until:%b %Y} (cut over the eye)"
    assert rows[mine[1].name] == "retired"
    assert any(words == "fit" for words in rows.values())
    leagues = browser.find_element(By.ID, "leagues").text
    assert f"league date {league.date.day} {league.date:%b %Y}" in leagues
    shoot(browser, "manager-desk-fitness")

    # The request form offers her fit fighters and says who is not.
    click_through(browser, browser.find_element(By.LINK_TEXT, "Ask for a bout"))
    offered = {o.text for o in Select(browser.find_element(By.ID, "id_fighter")).options}
    assert any(
        text.startswith(mine[0].name) and text.endswith("(cut over the eye)") for text in offered
    )
    assert not any(text.startswith(mine[1].name) for text in offered)  # retired: not offered
