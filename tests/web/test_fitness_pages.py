"""Fitness on the pages, and one calendar: the desk and the fighter page show
each fighter's status on his league's date (fit; suspended until a league date
and why; retired), and no page of a small league shows an ISO date or a date of
the real clock where a league date belongs."""

import datetime as dt
import re

import pytest
from django.test import Client
from django.utils import timezone

from bouts.models import Bout, BoutStatus, MedicalSuspension
from bouts.services import bout_schedule, bout_void
from bouts.services.plans import bout_plan_submit
from core.dates import long_date
from league.models import Event, League
from league.services.bout_requests import request_create
from tests.api import factories, managers

pytestmark = pytest.mark.django_db

# The league's date, years from the real clock's: a real date on a page shows.
LEAGUE_DAY = dt.date(2031, 6, 7)
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
# Machine-readable values (a date input's value is ISO by HTML's rule).
MACHINE = re.compile(r'\s(?:value|datetime|href|src|action|content)="[^"]*"')


@pytest.fixture
def w():
    """The managers' world with its league at ``LEAGUE_DAY``: the owner's first
    fighter suspended (cut) through 1 Jul 2031, his second retired."""
    factories.reset()
    w = managers.world(fighters_per_camp=3)
    League.objects.filter(pk=w.league.pk).update(today=LEAGUE_DAY)
    w.league.refresh_from_db()
    Event.objects.filter(pk=w.event.pk).update(date=LEAGUE_DAY + dt.timedelta(days=7))
    Event.objects.filter(pk=w.later.pk).update(date=LEAGUE_DAY + dt.timedelta(days=35))
    w.event.refresh_from_db()
    w.later.refresh_from_db()
    w.suspended_until = dt.date(2031, 7, 1)
    MedicalSuspension.objects.create(
        fighter=w.mine[0],
        starts_on=LEAGUE_DAY - dt.timedelta(days=20),
        ends_on=w.suspended_until,
        reason="cut",
    )
    w.mine[1].is_active, w.mine[1].retired_on = False, LEAGUE_DAY - dt.timedelta(days=3)
    w.mine[1].save(update_fields=["is_active", "retired_on"])
    return w


def _html(client, url):
    answer = client.get(url)
    assert answer.status_code == 200, url
    return answer.content.decode()


def _row(html, name):
    return re.search(rf"<tr>\s*<td><a [^>]*>{re.escape(name)}</a>.*?</tr>", html, re.S).group(0)


def test_the_desk_shows_each_fighters_fitness_on_the_league_date(w):
    client = Client()
    client.force_login(w.owner)
    html = _html(client, "/desk/")
    assert f"league date {long_date(LEAGUE_DAY)}" in html  # 7 Jun 2031
    suspended = _row(html, w.mine[0].name)
    assert '<span class="fitness suspended">suspended until 1 Jul 2031 (cut)</span>' in suspended
    assert '<span class="fitness retired">retired</span>' in _row(html, w.mine[1].name)
    assert '<span class="fitness fit">fit</span>' in _row(html, w.mine[2].name)


def test_the_desk_judges_fitness_on_the_league_date_not_the_real_one(w):
    # Suspended through the real clock's weeks, long over on the league's date.
    MedicalSuspension.objects.create(
        fighter=w.mine[2],
        starts_on=timezone.localdate(),
        ends_on=timezone.localdate() + dt.timedelta(days=60),
        reason="broken nose",
    )
    client = Client()
    client.force_login(w.owner)
    assert '<span class="fitness fit">fit</span>' in _row(_html(client, "/desk/"), w.mine[2].name)


def test_the_fighter_page_shows_his_fitness(w):
    client = Client()
    html = _html(client, f"/fighters/{w.mine[0].pk}/")
    fitness = html.split('id="fitness"', 1)[1].split("</div>", 1)[0]
    assert "suspended until 1 Jul 2031 (cut)" in fitness and "on 7 Jun 2031" in fitness
    retired = _html(client, f"/fighters/{w.mine[1].pk}/").split('id="fitness"', 1)[1]
    assert '<span class="fitness retired">retired</span>' in retired.split("</div>", 1)[0]
    fit = _html(client, f"/fighters/{w.theirs[0].pk}/").split('id="fitness"', 1)[1]
    assert '<span class="fitness fit">fit</span>' in fit.split("</div>", 1)[0]


def test_a_fighter_in_two_leagues_shows_each(w):
    # The other league is still at its start date, before the suspension.
    factories.division(league=w.other_league, fighters=[w.mine[0]])
    html = _html(Client(), f"/fighters/{w.mine[0].pk}/")
    fitness = html.split('id="fitness"', 1)[1].split("</div>", 1)[0]
    assert f"in {w.league.name} on 7 Jun 2031" in fitness
    assert f"in {w.other_league.name} on 1 Jan 2026" in fitness
    assert "suspended until 1 Jul 2031 (cut)" in fitness and ">fit<" in fitness


def test_the_request_form_offers_each_fighter_with_his_fitness(w):
    client = Client()
    client.force_login(w.owner)
    form = _html(client, "/desk/requests/new/")
    suspended = "suspended until 1 Jul 2031 (cut)"
    assert f"{w.mine[0].name} (Camp A) · Middleweight · record 0-0-0 · {suspended}" in form
    assert f"{w.mine[2].name} (Camp A) · Middleweight · record 0-0-0 · fit</option>" in form
    refused = client.post(
        "/desk/requests/new/", {"fighter": w.mine[0].pk, "opponent": w.theirs[0].pk}
    )
    assert refused.status_code == 400
    errors = re.search(r'id="id_fighter-errors">(.*?)</ul>', refused.content.decode(), re.S)
    assert f"{w.mine[0].name} is suspended until 1 Jul 2031 (cut)." in errors.group(1)
    # On a later card, past his suspension, he may be asked for.
    fine = client.post(
        "/desk/requests/new/",
        {"fighter": w.mine[0].pk, "opponent": w.theirs[0].pk, "event": w.later.pk},
    )
    assert fine.status_code == 302


def test_an_open_request_shows_both_fighters_fitness_on_its_date(w):
    asked = request_create(
        user=w.other_manager, fighter=w.theirs[0], opponent=w.mine[0], event=w.later
    )
    client = Client()
    client.force_login(w.owner)
    page = _html(client, f"/requests/{asked.pk}/")
    fitness = page.split('id="fitness"', 1)[1].split("</div>", 1)[0]
    # On the event's date (12 Jul 2031), his suspension (to 1 Jul) is over.
    assert "Fitness on 12 Jul 2031" in fitness
    assert f'{w.mine[0].name} <span class="fitness fit">fit</span>' in fitness
    MedicalSuspension.objects.filter(fighter=w.mine[0]).update(ends_on=dt.date(2031, 7, 20))
    fitness = _html(client, f"/requests/{asked.pk}/").split('id="fitness"', 1)[1]
    assert "suspended until 20 Jul 2031 (cut)" in fitness.split("</div>", 1)[0]


def _fill_the_league(w, capture):
    """Bouts of every kind the pages show: fought ones (with their suspensions),
    a voided one, one booked on a real-clock night with a plan written, an open
    request."""
    played = Event.objects.create(
        league=w.league, name="Spring Brawl", date=LEAGUE_DAY - dt.timedelta(days=7)
    )
    with capture(execute=True):  # fought by the engine, eagerly
        scheduled = [
            bout_schedule(
                ruleset=w.league.ruleset,
                date=played.date,
                red=red,
                blue=blue,
                event=played,
                division=w.division,
                scheduled_rounds=6,
                seed=2031 + order,
            )
            for order, (red, blue) in enumerate(
                [(w.mine[2], w.theirs[1]), (w.theirs[0], w.free)], 1
            )
        ]
    fought = [Bout.objects.get(pk=bout.pk) for bout in scheduled]
    assert all(b.status == BoutStatus.COMPLETED for b in fought), fought
    with capture(execute=True):
        bout_void(bout=fought[1], reason="the wrong fighter weighed in", user=w.commissioner)
    Event.objects.filter(pk=played.pk).update(fired_at=timezone.now())
    Event.objects.filter(pk=w.event.pk).update(fight_at=timezone.now() + dt.timedelta(days=2))
    booked = bout_schedule(
        ruleset=w.league.ruleset,
        date=w.event.date,
        red=w.mine[2],
        blue=w.theirs[2],
        event=w.event,
        division=w.division,
        scheduled_rounds=6,
        seed=7,
        queue=False,
    )
    # The same plan as the desk's plan tests (the managers' world's ruleset).
    bout_plan_submit(bout=booked, side="red", data={"strategy": "FI"}, user=w.owner)
    asked = request_create(
        user=w.other_manager, fighter=w.theirs[1], opponent=w.mine[2], event=w.later
    )
    return played, fought, booked, asked


def test_no_page_shows_an_iso_date_or_a_real_clock_date(w, django_capture_on_commit_callbacks):
    played, fought, booked, asked = _fill_the_league(w, django_capture_on_commit_callbacks)
    real_today = long_date(timezone.localdate())
    public = [
        "/",
        f"/leagues/{w.league.slug}/",
        "/events/",
        f"/events/{played.pk}/",
        f"/events/{w.event.pk}/",
        f"/divisions/{w.division.pk}/",
        f"/divisions/{w.division.pk}/title/",
        f"/fighters/{w.mine[2].pk}/",
        f"/fighters/{w.mine[0].pk}/",
        f"/fighters/{w.mine[2].pk}/scouting/",
        f"/bouts/{fought[0].pk}/",
        f"/bouts/{fought[1].pk}/",
        f"/bouts/{booked.pk}/",
    ]
    owner, commissioner = Client(), Client()
    owner.force_login(w.owner)
    commissioner.force_login(w.commissioner)
    signed_in = [
        (owner, "/desk/"),
        (owner, "/desk/requests/new/"),
        (owner, f"/bouts/{booked.pk}/plan/red/"),
        (commissioner, f"/requests/{asked.pk}/"),
        (commissioner, f"/leagues/{w.league.slug}/managers/"),
        (commissioner, f"/console/leagues/{w.league.slug}/"),
        (commissioner, f"/console/events/{played.pk}/"),
        (commissioner, f"/console/events/{w.event.pk}/"),
    ]
    pages = [(Client(), url) for url in public] + signed_in
    for client, url in pages:
        text = MACHINE.sub("", _html(client, url))
        assert not ISO_DATE.findall(text), (url, ISO_DATE.findall(text))
        assert real_today not in text, url
    # The league dates are there, one way.
    assert long_date(played.date) in _html(Client(), f"/bouts/{fought[0].pk}/")
    voided = _html(Client(), f"/bouts/{fought[1].pk}/")
    assert "Result voided</strong> by commish: the wrong fighter weighed in" in voided
    assert "v1 · owner" in _html(owner, f"/bouts/{booked.pk}/plan/red/")  # no real date
    # The one real time: when the real-clock night fires, from now.
    night = _html(Client(), f"/events/{w.event.pk}/")
    assert re.search(r"Fight night: fights in (47 hours|2 days), \w{3} \d\d:\d\d UTC", night)
