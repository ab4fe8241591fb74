"""Done when (issue 33), in Debian's Chromium: a manager of a career league builds a
fighter and sees his abilities; sees her bout's fighter's abilities, trains him,
tries a plan in the sandbox and sees the outcome mix, submits it; the other manager
cannot see the plan; the fight night fires and the report names, for each round,
the line of her plan that fought it; the bout's booking, its plans due and its
result reach her inbox and her email."""

import datetime as dt
import io
import shutil

import pytest
from django.core import mail
from django.core.management import call_command
from django.utils import timezone

from bouts.models import Bout
from fighters.models import Fighter
from league.models import Event, League, LeagueMembership
from league.notices.services import plans_due_notify
from tests.bouts.plan_rows import BAD_PLAN, fight_night, user
from tests.web.conftest import CHROMEDRIVER, CHROMIUM, click_through
from tests.web.screens import shoot
from tests.web.test_browser_plans import PASSWORD, sign_in, type_plan

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)),
        reason="Debian's chromium and chromium-driver are not installed (make browser)",
    ),
]

PLAN = "# open carefully\n1) 5/7/8\n3) 6/6/8 (inside)"


def test_the_managers_path_from_abilities_to_the_report(browser, live_server):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import Select, WebDriverWait

    mara = user("mara", password=PASSWORD)
    mara.email = "mara@example.com"
    mara.save(update_fields=["email"])
    bruno = user("bruno", password=PASSWORD)
    night = fight_night(red_manager=mara, blue_manager=bruno, fight_in=dt.timedelta(hours=3))
    League.objects.filter(pk=night.league.pk).update(career_mode=True)
    for manager in (mara, bruno):
        LeagueMembership.objects.create(league=night.league, user=manager)
    fighter = night.bout.red

    # She builds a fighter of her own within the league's budget and lands on
    # his page, his abilities shown to her.
    sign_in(browser, live_server, "mara", f"/leagues/{night.league.slug}/career/new-fighter/")
    name = browser.find_element(By.ID, "id_name")
    name.clear()
    name.send_keys("Kid Mara")
    Select(browser.find_element(By.ID, "id_camp")).select_by_value(str(fighter.camp_id))
    click_through(browser, browser.find_element(By.CSS_SELECTOR, "form.form button[type=submit]"))
    built = Fighter.objects.get(name="Kid Mara")
    assert browser.current_url.endswith(f"/fighters/{built.pk}/")
    assert "STR" in browser.find_element(By.ID, "abilities-webl").text

    # Her fighter's abilities, and what one more training step would change.
    browser.get(f"{live_server.url}/fighters/{fighter.pk}/")
    abilities = browser.find_element(By.ID, "abilities-webl").text
    assert "STR" in abilities and "After one more training step" in abilities
    shoot(browser, "fighter-abilities")

    # She trains him for the bout.
    browser.get(f"{live_server.url}/bouts/{night.bout.pk}/training/")
    Select(browser.find_element(By.ID, "id_ability")).select_by_value("str")
    click_through(browser, browser.find_element(By.CSS_SELECTOR, "#training-form button"))
    assert (
        "trains STR: on his card for this bout"
        in browser.find_element(By.ID, "training-chosen").text
    )

    # She tries a plan in the sandbox and sees the outcome mix.
    browser.get(f"{live_server.url}/bouts/{night.bout.pk}/plan/red/")
    type_plan(browser, PLAN)
    fights = browser.find_element(By.ID, "sandbox-fights")
    fights.clear()
    fights.send_keys("20")
    click_through(browser, browser.find_element(By.ID, "sandbox-try-button"))
    WebDriverWait(browser, 60).until(ec.presence_of_element_located((By.ID, "sandbox-mix")))
    assert "won" in browser.find_element(By.ID, "sandbox-mix").text
    assert "Done: 20 fights." in browser.find_element(By.ID, "sandbox-progress").text
    assert "line 2" in browser.find_element(By.ID, "sandbox-lines").text
    shoot(browser, "plan-sandbox-outcomes")

    # A refused save first: once she fixes the plan, the stale errors go.
    browser.get(f"{live_server.url}/bouts/{night.bout.pk}/plan/red/")
    type_plan(browser, BAD_PLAN)
    click_through(browser, browser.find_element(By.CSS_SELECTOR, "#plan-form button[type=submit]"))
    assert browser.find_elements(By.ID, "plan-lines")
    type_plan(browser, PLAN)
    WebDriverWait(browser, 10).until(
        ec.text_to_be_present_in_element((By.ID, "plan-check"), "The engine takes this plan")
    )
    assert not browser.find_elements(By.ID, "plan-lines")
    assert not browser.find_elements(By.CSS_SELECTOR, "#plan-form .field-errors")
    click_through(browser, browser.find_element(By.CSS_SELECTOR, "#plan-form button[type=submit]"))
    assert "Version 1 saved" in browser.find_element(By.ID, "plan-saved").text

    # Bruno cannot see it.
    sign_in(browser, live_server, "bruno", f"/bouts/{night.bout.pk}/plan/red/")
    assert "hidden until the bout is fought" in browser.find_element(By.ID, "plan-hidden").text
    assert "6/6/8" not in browser.page_source

    # Beat finds her plans due within 24 hours (the night fights in 3 hours).
    plans_due_notify()

    # The night fires; the report names the line of her plan in each round.
    Event.objects.filter(pk=night.event.pk).update(fight_at=timezone.now())
    call_command("fight_due_events", stdout=io.StringIO())
    assert Bout.objects.get(pk=night.bout.pk).status == "completed"
    browser.delete_all_cookies()
    browser.get(f"{live_server.url}/bouts/{night.bout.pk}/")
    rows = browser.find_elements(By.CSS_SELECTOR, "#plans-by-round tbody tr")
    assert rows
    for row in rows:
        number = int(row.get_attribute("data-round"))
        expected = "line 2 of the plan" if number < 3 else "line 3 of the plan"
        assert expected in row.text, (number, row.text)
    shoot(browser, "report-plans-by-round")

    # Word when it happens: her inbox holds the booking, the plans due and the
    # result, the unread count is in the header, and each came by email.
    sign_in(browser, live_server, "mara", "/inbox/")
    inbox = browser.find_element(By.ID, "notices").text
    assert f"{fighter.name} fights {night.bout.blue.name}" in inbox
    assert f"Plans due for {night.event.name}" in inbox
    assert f"{fighter.name} beat" in inbox or f"{fighter.name} lost to" in inbox or "drew" in inbox
    assert browser.find_element(By.ID, "nav-inbox").text == "Inbox 3"
    shoot(browser, "inbox")
    subjects = [m.subject for m in mail.outbox if m.to == ["mara@example.com"]]
    assert len(subjects) == 3 and f"Ringside: {fighter.name} fights" in subjects[0]
    click_through(browser, browser.find_element(By.ID, "read-all"))
    assert browser.find_element(By.ID, "nav-inbox").text == "Inbox"
