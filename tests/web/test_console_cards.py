"""The card page behaves: it asks before fighting, says what the workers did
(never "fighting" over fought bouts), closes a fought card to new bouts, shows
an action only where it can act, and writes dates one way."""

import datetime as dt
import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

from bouts.models import Bout, BoutStatus
from league.console.forms import RosterForm
from league.services import fight_cards
from tests.api import factories

pytestmark = pytest.mark.django_db

DATE = dt.date(2026, 12, 5)


@pytest.fixture
def card():
    commissioner = factories.user(username="commish")
    league = factories.league(ruleset="webl", commissioners=[commissioner])
    fighters = [factories.fighter(ruleset="webl") for _ in range(6)]
    division = factories.division(league=league, fighters=fighters)
    event = factories.event(league=league, date=DATE)
    for i in range(0, 4, 2):
        fight_cards.card_bout_add(
            user=commissioner, event=event, division=division, red=fighters[i], blue=fighters[i + 1]
        )
    return {"commissioner": commissioner, "division": division, "event": event, "f": fighters}


def page_of(client, card):
    client.force_login(card["commissioner"])
    return client.get(f"/console/events/{card['event'].pk}/").content.decode()


def test_fight_this_card_asks_first_without_an_inline_handler(client, card):
    html = page_of(client, card)
    fight = re.search(r'<form[^>]*card-fight[^>]*>|<form[^>]*/fight/"[^>]*>', html).group(0)
    assert "data-confirm=" in fight and "cannot be undone" in fight
    assert "onsubmit" not in html and "onclick" not in html
    take_off = re.search(r'<form[^>]*/remove/"[^>]*>', html)
    assert take_off and "data-confirm=" in take_off.group(0)


@pytest.mark.django_db(transaction=True)
def test_the_banner_after_fighting_says_the_card_is_fought_not_fighting(client, card):
    # Committed for real: the eager workers fight the bouts before the page is drawn,
    # as on a one-machine install.
    client.force_login(card["commissioner"])
    answer = client.post(f"/console/events/{card['event'].pk}/fight/", follow=True)
    html = answer.content.decode()
    assert "The card is fought: 2 bouts finished" in html
    assert "are fighting" not in html


def test_the_banner_while_workers_fight_counts_what_is_in_flight(client, card):
    # The workers have not run (no on-commit callbacks executed): both in flight.
    client.force_login(card["commissioner"])
    answer = client.post(f"/console/events/{card['event'].pk}/fight/", follow=True)
    assert "2 bouts are fighting: the statuses below change" in answer.content.decode()
    assert set(Bout.objects.values_list("status", flat=True)) == {BoutStatus.QUEUED}


def test_a_fought_card_offers_no_add_form_and_refuses_a_post(
    client, card, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        fight_cards.card_fight(user=card["commissioner"], event=card["event"])
    html = page_of(client, card)
    assert 'id="card-closed"' in html and "next card" in html
    assert "Add to the card" not in html
    f = card["f"]
    refused = client.post(
        f"/console/events/{card['event'].pk}/bouts/",
        {"bout-division": card["division"].pk, "bout-red": f[4].pk, "bout-blue": f[5].pk},
    )
    assert refused.status_code == 400 and b'id="card-closed"' in refused.content
    assert Bout.objects.count() == 2


def test_queue_again_and_void_are_hidden_where_they_cannot_act(client, card):
    html = page_of(client, card)
    requeue = re.findall(r'<form[^>]*/requeue/"[^>]*>', html)
    assert len(requeue) == 2 and all(" hidden" in tag for tag in requeue)
    # The hidden attribute wins over any class rule's display (form.inline was one).
    css = Path(finders.find("ringside/site.css")).read_text()
    assert "[hidden] { display: none !important; }" in css
    Bout.objects.filter(pk=Bout.objects.first().pk).update(
        status=BoutStatus.FAILED, failure_reason="the worker died"
    )
    html = page_of(client, card)
    requeue = re.findall(r'<form[^>]*/requeue/"[^>]*>', html)
    assert sorted(" hidden" in tag for tag in requeue) == [False, True]


def test_the_card_page_writes_dates_one_way(client, card):
    html = page_of(client, card)
    assert "5 Dec 2026" in html and "Dec. 5, 2026" not in html
    league_page = client.get(f"/console/leagues/{card['event'].league.slug}/").content.decode()
    assert "5 Dec 2026" in league_page and "Dec. 5" not in league_page


def test_each_roster_form_offers_a_fresh_seed(client, card):
    seeds = {RosterForm(prefix="roster")["seed"].value() for _ in range(5)}
    assert len(seeds) > 1 and all(isinstance(s, int) and s > 0 for s in seeds)
    client.force_login(card["commissioner"])
    first, second = (
        client.get(f"/console/divisions/{card['division'].pk}/").content.decode() for _ in range(2)
    )
    pattern = r'name="roster-seed" value="(\d+)"'
    assert re.search(pattern, first).group(1) != re.search(pattern, second).group(1)
