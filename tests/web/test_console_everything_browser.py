"""The console runs a league's people in a browser (issue 32, "Everything from the
console"): a commissioner uploads a card file with an error and sees its row and
reason, fixes it, previews and imports it (confirmed); adds a referee; edits a
fighter's card and retires him (confirmed). Each page is photographed at 1280 px
and 390 px (artifacts/screenshots/console-*.png) and fits a phone."""

import csv
import json

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import Select, WebDriverWait

from bouts.engine import generate_card
from fighters.models import Fighter
from referees.models import Referee
from tests.api import managers
from tests.web.conftest import browser_available
from tests.web.screens import shoot
from tests.web.test_more_pages_browser import PASSWORD, sign_in

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not browser_available(), reason="make browser: Debian's chromium"),
]


def _card_file(path, ruleset, *, bad: bool):
    with open(path, "w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=["name", "weight_class", "ruleset", "card"])
        writer.writeheader()
        for n, name in enumerate(("Ana Upload", "Bo Upload", "Cy Upload")):
            weight = "jumbo" if bad and n == 1 else "middleweight"
            card = json.dumps(generate_card(ruleset, seed=40 + n))
            writer.writerow(
                {"name": name, "weight_class": weight, "ruleset": ruleset, "card": card}
            )


def _confirmed(browser, css):
    browser.find_element(By.CSS_SELECTOR, css).click()
    WebDriverWait(browser, 10).until(expected_conditions.alert_is_present())
    browser.switch_to.alert.accept()


def test_a_commissioner_imports_cards_adds_an_official_and_retires_a_fighter(
    browser, live_server, tmp_path
):
    world = managers.world(fighters_per_camp=1)
    world.commissioner.set_password(PASSWORD)
    world.commissioner.save()
    base, slug = live_server.url, world.league.slug
    sign_in(browser, base, world.commissioner)

    browser.get(f"{base}/console/leagues/{slug}/")
    browser.find_element(By.LINK_TEXT, "Import a card file").click()
    bad = tmp_path / "cards.csv"
    _card_file(bad, world.league.ruleset, bad=True)
    browser.find_element(By.ID, "id_file").send_keys(str(bad))
    Select(browser.find_element(By.ID, "id_division")).select_by_index(1)
    browser.find_element(By.CSS_SELECTOR, "#card-file-upload button[type=submit]").click()
    WebDriverWait(browser, 20).until(lambda b: "Nothing was imported" in b.page_source)
    errors = browser.find_element(By.ID, "card-file-errors").text
    assert "2" in errors and "weight_class" in errors and "valid choice" in errors
    shoot(browser, "console-card-file-errors")

    good = tmp_path / "fixed.csv"
    _card_file(good, world.league.ruleset, bad=False)
    browser.find_element(By.ID, "id_file").send_keys(str(good))
    Select(browser.find_element(By.ID, "id_division")).select_by_index(1)
    browser.find_element(By.CSS_SELECTOR, "#card-file-upload button[type=submit]").click()
    WebDriverWait(browser, 20).until(lambda b: "What will be written" in b.page_source)
    assert "3 new fighters" in browser.find_element(By.ID, "card-file-preview").text
    shoot(browser, "console-card-file-preview")
    assert not Fighter.objects.filter(name__endswith="Upload").exists()
    _confirmed(browser, "#card-file-preview button[type=submit]")
    WebDriverWait(browser, 20).until(lambda b: "3 new fighters" in b.page_source)
    assert set(
        world.division.fighters.filter(name__endswith="Upload").values_list("name", flat=True)
    ) == {
        "Ana Upload",
        "Bo Upload",
        "Cy Upload",
    }

    browser.get(f"{base}/console/leagues/{slug}/officials/")
    browser.find_element(By.CSS_SELECTOR, "#referees summary").click()
    browser.find_element(By.ID, "id_referee-name").send_keys("Rex Browser")
    Select(browser.find_element(By.ID, "id_referee-fouls")).select_by_value("strict")
    browser.find_element(By.CSS_SELECTOR, "#referees button[type=submit]").click()
    WebDriverWait(browser, 20).until(lambda b: "Rex Browser is added" in b.page_source)
    assert Referee.objects.get(name="Rex Browser").fouls == "strict"
    shoot(browser, "console-officials")

    ana = Fighter.objects.get(name="Ana Upload")
    browser.get(f"{base}/console/divisions/{world.division.pk}/")
    browser.find_element(By.LINK_TEXT, "Ana Upload").click()
    WebDriverWait(browser, 20).until(lambda b: "His card" in b.page_source)
    assert "help" in browser.find_element(By.ID, "card").get_attribute("innerHTML")
    shoot(browser, "console-fighter")
    _confirmed(browser, "#status button[type=submit]")
    WebDriverWait(browser, 20).until(lambda b: "Bring him back" in b.page_source)
    ana.refresh_from_db()
    assert not ana.is_active
