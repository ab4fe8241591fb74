"""The commissioner's console pages: behind sign-in, scoped to the user's
leagues, the services' messages next to the fields, fixed query counts."""

import datetime as dt

import pytest
from django.contrib.auth.models import Permission
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bouts.models import Bout, BoutStatus, MedicalSuspension
from league.models import League
from league.services import fight_cards, setup
from tests.api import factories

pytestmark = pytest.mark.django_db

DATE = dt.date(2026, 2, 1)


@pytest.fixture
def setup_card():
    commissioner = factories.user(username="commish")
    league = factories.league(ruleset="webl", commissioners=[commissioner])
    fighters = [factories.fighter(ruleset="webl") for _ in range(8)]
    division = factories.division(league=league, fighters=fighters)
    event = factories.event(league=league, date=DATE)
    return {
        "commissioner": commissioner,
        "league": league,
        "division": division,
        "event": event,
        "fighters": fighters,
    }


def test_anonymous_is_sent_to_sign_in(client, setup_card):
    for url in ("/console/", f"/console/events/{setup_card['event'].pk}/"):
        answer = client.get(url)
        assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/")


def test_another_leagues_commissioner_gets_403(client, setup_card):
    other = factories.user()
    factories.league(commissioners=[other])
    client.force_login(other)
    league, event = setup_card["league"], setup_card["event"]
    assert client.get(f"/console/leagues/{league.slug}/").status_code == 403
    assert client.get(f"/console/events/{event.pk}/").status_code == 403
    f = setup_card["fighters"]
    answer = client.post(
        f"/console/events/{event.pk}/bouts/",
        {"bout-division": setup_card["division"].pk, "bout-red": f[0].pk, "bout-blue": f[1].pk},
    )
    assert answer.status_code == 403
    assert not Bout.objects.exists()
    home = client.get("/console/")
    assert league.name.encode() not in home.content


def test_create_a_league_from_the_console(client):
    creator = factories.user(username="creator")
    client.force_login(creator)
    assert client.get("/console/leagues/new/").status_code == 403
    creator.user_permissions.add(Permission.objects.get(codename="add_league"))
    data = {
        "name": "Friday Fights",
        "slug": "friday",
        "ruleset": "webl",
        "rounds": 99,
        "title_rounds": 12,
        "points_win": 3,
        "points_draw": 1,
        "points_loss": 0,
        "points_stoppage_bonus": 1,
        "start_date": "2027-01-01",
        "days_between_events": 7,
        "title_inactivity_days": 365,
        "title_suspension_days": 180,
    }
    bad = client.post("/console/leagues/new/", data)
    assert bad.status_code == 200
    assert b'id="id_rounds-errors"' in bad.content
    assert not League.objects.exists()
    good = client.post("/console/leagues/new/", {**data, "rounds": 10})
    assert good.status_code == 302 and good["Location"] == "/console/leagues/friday/"
    assert list(League.objects.get().commissioners.all()) == [creator]


def test_card_builder_offers_only_eligible_fighters(client, setup_card):
    f = setup_card["fighters"]
    fight_cards.card_bout_add(
        user=setup_card["commissioner"],
        event=setup_card["event"],
        division=setup_card["division"],
        red=f[0],
        blue=f[1],
    )
    MedicalSuspension.objects.create(
        fighter=f[2], reason="cut", starts_on=DATE, ends_on=DATE + dt.timedelta(days=9)
    )
    client.force_login(setup_card["commissioner"])
    page = client.get(f"/console/events/{setup_card['event'].pk}/")
    assert page.status_code == 200
    offered = {int(v) for v, _ in page.context["form"].fields["red"].choices if v}
    assert offered == {x.pk for x in f[3:]}
    # The one not offered is listed with why, on the card's league date.
    sitting_out = page.content.decode().split('id="sitting-out"', 1)[1].split("</div>", 1)[0]
    assert "Not fit on 1 Feb 2026" in sitting_out
    assert f"{f[2].name} · " in sitting_out and "suspended until 10 Feb 2026 (cut)" in sitting_out
    assert f[3].name not in sitting_out


def test_add_a_bout_and_an_error_appears_next_to_its_field(client, setup_card):
    f, event = setup_card["fighters"], setup_card["event"]
    client.force_login(setup_card["commissioner"])
    url = f"/console/events/{event.pk}/bouts/"
    division = setup_card["division"].pk
    same = client.post(url, {"bout-division": division, "bout-red": f[0].pk, "bout-blue": f[0].pk})
    assert same.status_code == 400
    assert b'id="id_bout-blue-errors"' in same.content
    ok = client.post(url, {"bout-division": division, "bout-red": f[0].pk, "bout-blue": f[1].pk})
    assert ok.status_code == 302
    bout = Bout.objects.get()
    assert (bout.red_id, bout.blue_id, bout.status) == (f[0].pk, f[1].pk, BoutStatus.SCHEDULED)


def test_fight_this_card_and_the_status_feed(
    client, setup_card, django_capture_on_commit_callbacks
):
    f, event = setup_card["fighters"], setup_card["event"]
    for i in range(0, 4, 2):
        fight_cards.card_bout_add(
            user=setup_card["commissioner"],
            event=event,
            division=setup_card["division"],
            red=f[i],
            blue=f[i + 1],
        )
    before = client.get(f"/events/{event.pk}/status.json").json()
    assert [b["status"] for b in before["bouts"]] == ["scheduled", "scheduled"]
    assert before["in_flight"] is False
    client.force_login(setup_card["commissioner"])
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(f"/console/events/{event.pk}/fight/")
    assert answer.status_code == 302
    after = client.get(f"/events/{event.pk}/status.json").json()
    assert [b["status"] for b in after["bouts"]] == ["completed", "completed"]
    assert all(" by " in b["result"] for b in after["bouts"])


def test_void_from_the_console(client, setup_card, django_capture_on_commit_callbacks):
    f, event = setup_card["fighters"], setup_card["event"]
    bout = fight_cards.card_bout_add(
        user=setup_card["commissioner"],
        event=event,
        division=setup_card["division"],
        red=f[0],
        blue=f[1],
    )
    with django_capture_on_commit_callbacks(execute=True):
        fight_cards.card_fight(user=setup_card["commissioner"], event=event)
    client.force_login(setup_card["commissioner"])
    url = f"/console/bouts/{bout.pk}/void/"
    empty = client.post(url, {"reason": ""})
    assert empty.status_code == 400 and b"field-errors" in empty.content
    with django_capture_on_commit_callbacks(execute=True):
        done = client.post(url, {"reason": "the judges were bribed"})
    assert done.status_code == 302
    bout.refresh_from_db()
    assert bout.status == BoutStatus.VOIDED


def test_card_page_query_count_does_not_grow_with_the_card(client, setup_card):
    f = setup_card["fighters"]
    # Two more on the roster, so some are still offered once the card is full
    # (with nobody left to offer, the fitness read is skipped).
    setup_card["division"].fighters.add(*(factories.fighter(ruleset="webl") for _ in range(2)))
    client.force_login(setup_card["commissioner"])
    url = f"/console/events/{setup_card['event'].pk}/"

    def queries():
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(url).status_code == 200
        return len(ctx)

    fight_cards.card_bout_add(
        user=setup_card["commissioner"],
        event=setup_card["event"],
        division=setup_card["division"],
        red=f[0],
        blue=f[1],
    )
    one = queries()
    # pinned: a change that adds a query to the card page says so here (the
    # roster's fitness is one status read: its suspensions, then its retirements)
    assert one == 14
    for i in range(2, 8, 2):
        fight_cards.card_bout_add(
            user=setup_card["commissioner"],
            event=setup_card["event"],
            division=setup_card["division"],
            red=f[i],
            blue=f[i + 1],
        )
    assert queries() == one


def test_a_postponed_bout_shows_why_and_is_rebooked_from_the_card(
    client, setup_card, django_capture_on_commit_callbacks
):
    f, event = setup_card["fighters"], setup_card["event"]
    bout = fight_cards.card_bout_add(
        user=setup_card["commissioner"],
        event=event,
        division=setup_card["division"],
        red=f[0],
        blue=f[1],
    )
    MedicalSuspension.objects.create(
        fighter=f[1], reason="broken nose", starts_on=DATE, ends_on=DATE + dt.timedelta(days=9)
    )
    later = factories.event(league=setup_card["league"], date=DATE + dt.timedelta(days=14))
    client.force_login(setup_card["commissioner"])
    with django_capture_on_commit_callbacks(execute=True):
        fought = client.post(f"/console/events/{event.pk}/fight/", follow=True)
    assert b"1 bout postponed" in fought.content
    assert b"broken nose" in fought.content and b"Re-book" in fought.content
    answer = client.post(f"/console/bouts/{bout.pk}/rebook/", {"event": later.pk})
    assert answer.status_code == 302 and answer["Location"] == f"/console/events/{later.pk}/"
    bout.refresh_from_db()
    assert (bout.event_id, bout.status) == (later.pk, BoutStatus.SCHEDULED)


@pytest.mark.parametrize("page", ["home", "league", "division"])
def test_console_pages_cost_the_same_with_more_rows(client, setup_card, page):
    """The console's league and division pages (and its home) read a fixed
    number of queries whatever the number of divisions, events and fighters."""
    league, division = setup_card["league"], setup_card["division"]
    client.force_login(setup_card["commissioner"])
    url = {
        "home": "/console/",
        "league": f"/console/leagues/{league.slug}/",
        "division": f"/console/divisions/{division.pk}/",
    }[page]

    def queries():
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(url).status_code == 200
        return len(ctx)

    before = queries()
    # pinned; the league page reads its calendar too: running seasons, last job,
    # tournaments waiting, whether it is between seasons (+4)
    assert before == {"home": 5, "league": 10, "division": 8}[page]  # + the ladders
    for n in range(3):
        factories.event(league=league, date=DATE + dt.timedelta(days=7 * (n + 1)))
        factories.division(
            league=league, weight_class=["lightweight", "welterweight", "heavyweight"][n]
        )
        division.fighters.add(*[factories.fighter(ruleset="webl") for _ in range(3)])
        factories.league(ruleset="webl", commissioners=[setup_card["commissioner"]])
    assert queries() == before


def test_rename_a_division_and_a_season(client, setup_card):
    division, league = setup_card["division"], setup_card["league"]
    other = factories.user()
    factories.league(commissioners=[other])
    client.force_login(other)
    assert (
        client.post(f"/console/divisions/{division.pk}/name/", {"rename-name": "X"}).status_code
        == 403
    )
    client.force_login(setup_card["commissioner"])
    empty = client.post(f"/console/divisions/{division.pk}/name/", {"rename-name": ""})
    assert empty.status_code == 400 and b'id="id_rename-name-errors"' in empty.content
    done = client.post(f"/console/divisions/{division.pk}/name/", {"rename-name": "Middles"})
    assert done.status_code == 302
    division.refresh_from_db()
    assert division.name == "Middles"
    season = setup.season_start(
        user=setup_card["commissioner"], division=division, start_date=DATE, seed=1
    )
    url = f"/console/divisions/{division.pk}/seasons/{season.pk}/name/"
    client.force_login(other)
    assert client.post(url, {"season-name-name": "Y"}).status_code == 403
    client.force_login(setup_card["commissioner"])
    assert client.post(url, {"season-name-name": "Spring 2026"}).status_code == 302
    season.refresh_from_db()
    assert season.name == "Spring 2026"
    page = client.get(f"/console/divisions/{division.pk}/")
    assert b"Spring 2026" in page.content and league.name.encode() in page.content


def test_the_settings_page_sets_up_a_career_league(client, setup_card):
    """Every league setting is on the console's settings page; a number left empty
    keeps the league's value, an empty budget means none, checkboxes are what
    they say."""
    league = setup_card["league"]
    client.force_login(setup_card["commissioner"])
    url = f"/console/leagues/{league.slug}/settings/"
    page = client.get(url).content.decode()
    for name in (
        "career_mode",
        "point_budget",
        "hide_cards",
        "medical_suspensions",
        "clock",
        "rest_days",
        "separate_camps",
    ):
        assert f'name="{name}"' in page
    form = {
        "name": league.name,
        "slug": league.slug,
        "ruleset": "webl",
        "start_date": league.start_date.isoformat(),
        "career_mode": "on",
        "hide_cards": "on",
        "point_budget": "70",
        "separate_camps": "on",
        "aging_damage": "",  # empty: kept
    }
    answer = client.post(url, form)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    league.refresh_from_db()
    assert (league.career_mode, league.hide_cards, league.point_budget) == (True, True, 70)
    assert league.separate_camps and not league.medical_suspensions
    assert league.aging_damage == League._meta.get_field("aging_damage").default
    client.post(url, {**form, "point_budget": ""})
    league.refresh_from_db()
    assert league.point_budget is None
