"""Done when (issue 18), in Debian's Chromium: three weeks of a WeBL-style career
league with regions and two managers. Each builds a fighter within the budget (an
overspend refused), trains him, writes a plan; the rival sees the card hidden but,
once a week is fought, the past report on the scouting page; the weekly matchmaker
and the fight nights run (the services and the fight-night command, as beat would);
the division page shows ratings and rankings, the regions page a regional title
that changed hands. The clock-driven steps are called directly (eager Celery)."""

import datetime as dt
import io
import shutil

import pytest
from django.core.management import call_command
from django.utils import timezone
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from bouts.models import Bout, MedicalSuspension
from fighters.models import Fighter
from fighters.services import card_save
from league.models import Event, RegionalTitle
from league.services import weekly
from league.services.regions import region_assign, region_create
from league.services.training import training_choose
from tests.api import factories
from tests.api.career_world import career_world
from tests.bouts.plan_rows import GOOD_PLAN
from tests.web.conftest import CHROMEDRIVER, CHROMIUM, click_through
from tests.web.screens import shoot
from tests.web.test_managers_browser import PASSWORD, sign_in

pytestmark = [
    pytest.mark.browser,
    # Ids from 1 every run: bout seeds derive from them, so the three weeks fight the
    # same way each time.
    pytest.mark.django_db(transaction=True, reset_sequences=True),
    pytest.mark.skipif(
        not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)),
        reason="Debian's chromium and chromium-driver are not installed (make browser)",
    ),
]


def _submit(browser, css="form.form button[type=submit]"):
    click_through(browser, browser.find_element(By.CSS_SELECTOR, css))


def _build(browser, base, world, camp, name, overspend=False):
    """The manager builds ``name`` on the career form (14 in each ability: the
    whole budget of 70); with ``overspend``, first one point too many, refused."""
    browser.get(f"{base}/leagues/{world.league.slug}/career/new-fighter/")
    browser.find_element(By.ID, "id_name").send_keys(name)
    Select(browser.find_element(By.ID, "id_camp")).select_by_value(str(camp.pk))
    if overspend:
        field = browser.find_element(By.ID, "id_str")
        field.clear()
        field.send_keys("15")
        assert browser.find_element(By.ID, "points-left").text == "-1"
        _submit(browser)
        assert "the card spends 71 points; the budget is 70" in browser.page_source
        assert not Fighter.objects.filter(name=name).exists()
        field = browser.find_element(By.ID, "id_str")
        field.clear()
        field.send_keys("14")
    _submit(browser)
    fighter = Fighter.objects.get(name=name)
    assert browser.current_url.endswith(f"/fighters/{fighter.pk}/")
    return fighter


def _fight_night(division, night):
    """The matchmaker makes the week, then the night fires (the command beat runs)."""
    report = weekly.division_week(division, night)
    assert report.event_id, report
    return report


def _fire(report):
    Event.objects.filter(pk=report.event_id).update(fight_at=timezone.now())
    call_command("fight_due_events", stdout=io.StringIO())
    statuses = set(Bout.objects.filter(event_id=report.event_id).values_list("status", flat=True))
    assert statuses == {"completed"}, statuses
    # A weekly career league without the commission's medical suspensions, as WeBL
    # played: every fighter is available next week.
    assert not MedicalSuspension.objects.exists()


def test_three_weeks_of_a_career_league_with_regions(browser, live_server):
    factories.reset()
    world = career_world(
        hide_cards=True,
        regions_enabled=True,
        contenders_per_region=0,
        rematch_weeks=1,
        medical_suspensions=False,
    )
    world.division.fighters.remove(world.free)
    for user in (world.owner, world.other_manager):
        user.set_password(PASSWORD)
        user.save()
    north = region_create(actor=world.commissioner, league=world.league, name="North")
    south = region_create(actor=world.commissioner, league=world.league, name="South")
    base = live_server.url

    # Each manager builds his fighter within the budget (the owner overspends first).
    sign_in(browser, base, world.owner)
    kid = _build(browser, base, world, world.camp_a, "Kid Budget", overspend=True)
    sign_in(browser, base, world.other_manager)
    rocco = _build(browser, base, world, world.camp_b, "Rocco Rival")
    # The commissioner's side (the admin, no budget): a far stronger veteran of a
    # third camp, so the North's belt changes hands, and one fighter in the South.
    crusher = factories.fighter(
        ruleset="webl", camp=factories.camp(name="Camp C"), name="Crusher Cole"
    )
    strong = {"str": 27, "spd": 27, "agl": 24, "hgt": 14, "tgh": 26}
    card_save(fighter=crusher, ruleset="webl", data={**crusher.cards.get().data, **strong})
    solo = factories.fighter(ruleset="webl", camp=factories.camp(name="Camp D"), name="Solo")
    world.division.fighters.add(crusher, solo)
    for fighter, region in ((kid, north), (rocco, north), (crusher, north), (solo, south)):
        region_assign(actor=world.commissioner, league=world.league, fighter=fighter, region=region)

    # Week 1: the North's vacant belt between the two managers' fighters.
    today = timezone.localdate()
    week1 = _fight_night(world.division, today + dt.timedelta(days=2))
    belt = RegionalTitle.objects.get(region=north)
    title_bout = belt.bouts.get().bout
    assert {title_bout.red_id, title_bout.blue_id} == {kid.pk, rocco.pk}
    kid_side = "red" if title_bout.red_id == kid.pk else "blue"

    # The rival: Kid's card hidden, nothing fought to scout yet.
    browser.get(f"{base}/fighters/{kid.pk}/")
    assert "his card is hidden" in browser.page_source
    # Rocco's manager trains him (the service; the owner uses the page below).
    training_choose(actor=world.other_manager, bout=title_bout, fighter=rocco, ability="str")

    # The owner trains Kid and writes his plan.
    sign_in(browser, base, world.owner)
    browser.get(f"{base}/desk/")
    click_through(browser, browser.find_element(By.LINK_TEXT, "Train"))
    Select(browser.find_element(By.ID, "id_ability")).select_by_value("tgh")
    _submit(browser)
    assert "Kid Budget trains TGH" in browser.find_element(By.TAG_NAME, "main").text
    browser.get(f"{base}/bouts/{title_bout.pk}/plan/{kid_side}/")
    area = browser.find_element(By.ID, "id_text")
    area.clear()
    area.send_keys(GOOD_PLAN)
    _submit(browser, "#plan-form button[type=submit]")
    assert "Version 1 saved" in browser.find_element(By.ID, "plan-saved").text

    _fire(week1)
    belt.refresh_from_db()
    first_champion = belt.champion_id
    assert first_champion in (kid.pk, rocco.pk)

    # Weeks 2 and 3: the champion defends against the best of the North he may meet.
    for week in (2, 3):
        report = _fight_night(world.division, today + dt.timedelta(days=2 + 7 * (week - 1)))
        _fire(report)
    belt.refresh_from_db()
    reigns = list(belt.reigns.order_by("number"))
    assert len(reigns) >= 2, "the North's belt did not change hands in three weeks"
    assert reigns[0].fighter_id == first_champion and reigns[0].end_reason == "lost"

    # The rival scouts Kid: the card still hidden, his past reports there.
    sign_in(browser, base, world.other_manager)
    browser.get(f"{base}/fighters/{kid.pk}/scouting/")
    reports = browser.find_element(By.ID, "reports").text
    assert "His card is hidden" in browser.page_source
    assert "vs Rocco Rival" in reports
    assert "6/6/8" in browser.find_element(By.ID, "styles").text  # the plan Kid fought with
    shoot(browser, "career-scouting-after-weeks")

    # Ratings and rankings on the division page; the regions page and its lineage.
    browser.get(f"{base}/divisions/{world.division.pk}/")
    rankings = browser.find_element(By.ID, "rankings").text
    for name in ("Kid Budget", "Rocco Rival", "Crusher Cole"):
        assert name in rankings
    click_through(browser, browser.find_element(By.LINK_TEXT, "Regions and regional titles"))
    region = browser.find_element(By.ID, f"region-{north.pk}").text
    champion = Fighter.objects.get(pk=belt.champion_id) if belt.champion_id else None
    if champion:
        assert f"Regional champion: {champion.name}" in region
    assert "lost it" in region
    shoot(browser, "career-regions")
