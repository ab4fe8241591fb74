"""Done when (issue 15), in Debian's Chromium: a manager signs in, opens his
fighter's next bout, submits a WeBL plan with an error, sees the message at its
line, fixes it; the opposing manager cannot see it; the fight night fires and
the bout report shows both plans."""

import datetime as dt
import io
import shutil

import pytest
from django.core.management import call_command
from django.utils import timezone

from bouts.models import Bout
from league.models import Event
from tests.bouts.plan_rows import BAD_PLAN, GOOD_PLAN, fight_night, user
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

PASSWORD = "plans-at-ringside-26"


def sign_in(browser, live_server, username, next_path):
    from selenium.webdriver.common.by import By

    browser.delete_all_cookies()
    browser.get(f"{live_server.url}/accounts/login/?next={next_path}")
    browser.find_element(By.ID, "id_username").send_keys(username)
    browser.find_element(By.ID, "id_password").send_keys(PASSWORD)
    click_through(browser, browser.find_element(By.CSS_SELECTOR, "form.form button[type=submit]"))


def type_plan(browser, text):
    from selenium.webdriver.common.by import By

    area = browser.find_element(By.ID, "id_text")
    area.clear()
    area.send_keys(text)
    return area


def test_a_manager_writes_his_plan_and_the_report_shows_both_after_the_night(browser, live_server):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    mara = user("mara", password=PASSWORD)
    bruno = user("bruno", password=PASSWORD)
    night = fight_night(red_manager=mara, blue_manager=bruno, fight_in=dt.timedelta(hours=3))
    report = f"/bouts/{night.bout.pk}/"

    # Mara signs in and opens her fighter's next bout.
    sign_in(browser, live_server, "mara", report)
    assert "Not fought yet" in browser.find_element(By.ID, "verdict").text
    click_through(browser, browser.find_element(By.ID, "write-plan-red"))

    # A plan with an error: checked as she types, and refused on submit at its line.
    type_plan(browser, BAD_PLAN)
    WebDriverWait(browser, 10).until(
        ec.presence_of_element_located((By.CSS_SELECTOR, '#plan-check li[data-line="3"]'))
    )
    assert "Line 3" in browser.find_element(By.ID, "plan-check").text
    click_through(browser, browser.find_element(By.CSS_SELECTOR, "#plan-form button[type=submit]"))
    line = browser.find_element(By.CSS_SELECTOR, '#plan-lines li.has-error[data-line="3"]')
    assert "Line 3: AGG+POW+DEF must be at most 20 energy points" in line.text
    shoot(browser, "plan-error-at-its-line")
    assert "9/9/9" in line.text
    assert "Line 3" in browser.find_element(By.CSS_SELECTOR, ".field-errors").text

    # Fixed: saved as version 1.
    type_plan(browser, GOOD_PLAN)
    WebDriverWait(browser, 10).until(
        ec.text_to_be_present_in_element((By.ID, "plan-check"), "The engine takes this plan")
    )
    click_through(browser, browser.find_element(By.CSS_SELECTOR, "#plan-form button[type=submit]"))
    assert "Version 1 saved" in browser.find_element(By.ID, "plan-saved").text

    # Bruno, the other manager, cannot see it before the fight.
    sign_in(browser, live_server, "bruno", f"/bouts/{night.bout.pk}/plan/red/")
    hidden = browser.find_element(By.ID, "plan-hidden").text
    assert "hidden until the bout is fought" in hidden
    shoot(browser, "plan-hidden-from-the-other-side")
    assert "6/6/8" not in browser.page_source
    browser.get(f"{live_server.url}{report}")
    assert not browser.find_elements(By.ID, "plans")
    assert "6/6/8" not in browser.page_source

    # The fight night fires (the command, as an operator runs it without beat).
    Event.objects.filter(pk=night.event.pk).update(fight_at=timezone.now())
    call_command("fight_due_events", stdout=io.StringIO())
    assert Bout.objects.get(pk=night.bout.pk).status == "completed"

    # The report shows both plans, to anyone.
    browser.delete_all_cookies()
    browser.get(f"{live_server.url}{report}")
    red = browser.find_element(By.ID, "plan-red").text
    blue = browser.find_element(By.ID, "plan-blue").text
    assert "6/6/8 (inside)" in red and "plan for this bout (version 1)" in red
    shoot(browser, "bout-report-with-plans")
    assert "the corner's default plan" in blue
