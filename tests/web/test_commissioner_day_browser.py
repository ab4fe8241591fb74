"""A commissioner's competition from nothing, from the console alone, in Chromium
(issue 32's "done when"): he creates a league and its division, uploads a card
file of sixteen fighters with an error (the row and the reason shown), fixes and
imports it, adds his officials, then runs a Swiss stage of 16 into an 8-man
single-elimination bracket he re-seeds by hand, fights it round by round and
finds the champion on the title lineage — no admin, no command line."""

import csv
import json

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import Select, WebDriverWait

from bouts.engine import generate_card
from league.models import Division
from referees.models import Doctor, Judge, Referee
from tests.web.conftest import browser_available, click_through
from tests.web.screens import shoot
from tests.web.test_console_competition_browser import run_swiss_into_bracket
from tests.web.test_more_pages_browser import PASSWORD, sign_in

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not browser_available(), reason="make browser: Debian's chromium"),
]

NAMES = [f"Swiss Fighter {n:02d}" for n in range(1, 17)]


def card_file(path, *, bad: bool) -> None:
    """Sixteen webl middleweights; with ``bad`` the third row's weight class is wrong."""
    with open(path, "w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=["name", "weight_class", "ruleset", "card"])
        writer.writeheader()
        for n, name in enumerate(NAMES):
            weight = "jumbo" if bad and n == 2 else "middleweight"
            card = json.dumps(generate_card("webl", seed=300 + n))
            writer.writerow({"name": name, "weight_class": weight, "ruleset": "webl", "card": card})


def submit(browser, form_css: str) -> None:
    click_through(browser, browser.find_element(By.CSS_SELECTOR, f"{form_css} button[type=submit]"))


def fill(browser, name: str, value: str) -> None:
    field = browser.find_element(By.NAME, name)
    field.clear()
    field.send_keys(value)


def add_official(browser, kind: str, name: str) -> None:
    """The officials page's form of ``kind``: its name, every choice left as offered."""
    browser.find_element(By.CSS_SELECTOR, f"#{kind}s summary").click()
    browser.find_element(By.ID, f"id_{kind}-name").send_keys(name)
    for select in browser.find_elements(By.CSS_SELECTOR, f"#{kind}s form select"):
        choice = Select(select)
        if not choice.first_selected_option.get_attribute("value"):
            choice.select_by_index(1)
    submit(browser, f"#{kind}s")
    WebDriverWait(browser, 20).until(lambda b: f"{name} is added" in b.page_source)


def test_a_commissioner_builds_a_league_and_runs_a_swiss_into_a_bracket(
    browser, live_server, tmp_path
):
    user = get_user_model().objects.create_user("swiss-commish", password=PASSWORD)
    user.user_permissions.add(Permission.objects.get(codename="add_league"))
    base = live_server.url
    sign_in(browser, base, user)

    # A league and its division.
    browser.get(f"{base}/console/")
    click_through(browser, browser.find_element(By.LINK_TEXT, "New league"))
    fill(browser, "name", "Swiss Night League")
    fill(browser, "slug", "swiss-night")
    Select(browser.find_element(By.NAME, "ruleset")).select_by_value("webl")
    browser.execute_script("document.querySelector('[name=start_date]').value = '2027-01-02'")
    submit(browser, "form.form")
    assert "/console/leagues/swiss-night/" in browser.current_url
    Select(browser.find_element(By.NAME, "division-weight_class")).select_by_value("middleweight")
    submit(browser, "form[action$='/divisions/']")
    division = Division.objects.get(league__slug="swiss-night")

    # The card file: refused whole with its row and reason, then fixed and imported.
    browser.get(f"{base}/console/leagues/swiss-night/")
    click_through(browser, browser.find_element(By.LINK_TEXT, "Import a card file"))
    bad, good = tmp_path / "cards.csv", tmp_path / "fixed.csv"
    card_file(bad, bad=True)
    card_file(good, bad=False)
    browser.find_element(By.ID, "id_file").send_keys(str(bad))
    Select(browser.find_element(By.ID, "id_division")).select_by_index(1)
    browser.find_element(By.CSS_SELECTOR, "#card-file-upload button[type=submit]").click()
    WebDriverWait(browser, 20).until(lambda b: "Nothing was imported" in b.page_source)
    errors = browser.find_element(By.ID, "card-file-errors").text
    assert "3" in errors and "weight_class" in errors and "valid choice" in errors
    assert not division.fighters.exists()
    browser.find_element(By.ID, "id_file").send_keys(str(good))
    Select(browser.find_element(By.ID, "id_division")).select_by_index(1)
    browser.find_element(By.CSS_SELECTOR, "#card-file-upload button[type=submit]").click()
    WebDriverWait(browser, 20).until(lambda b: "What will be written" in b.page_source)
    assert "16 new fighters" in browser.find_element(By.ID, "card-file-preview").text
    browser.find_element(By.CSS_SELECTOR, "#card-file-preview button[type=submit]").click()
    WebDriverWait(browser, 10).until(expected_conditions.alert_is_present())
    browser.switch_to.alert.accept()
    WebDriverWait(browser, 30).until(lambda b: "16 new fighters" in b.page_source)
    assert sorted(division.fighters.values_list("name", flat=True)) == NAMES

    # His officials.
    browser.get(f"{base}/console/leagues/swiss-night/officials/")
    add_official(browser, "referee", "Rhea Referee")
    for name in ("Jo Judge", "Jem Judge", "Jan Judge"):
        add_official(browser, "judge", name)
    add_official(browser, "doctor", "Doc Swiss")
    assert Referee.objects.filter(name="Rhea Referee").exists()
    assert Judge.objects.filter(name__endswith="Judge").count() == 3
    assert Doctor.objects.filter(name="Doc Swiss").exists()
    shoot(browser, "commissioner-day-officials")

    # The competition, from the division's console page to the lineage.
    run_swiss_into_bracket(browser, base, division)
