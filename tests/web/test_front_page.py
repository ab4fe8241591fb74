"""The front page and the events page tell a fan what is on: the next fight
nights (title bouts marked), the champions, the headlines; the events split
into upcoming and results."""

import datetime

import pytest
from django.utils import timezone

from bouts.models import UNFINISHED, Bout, BoutStatus, Result
from bouts.services import bout_schedule
from league.models import Event, Reign, Title
from tests.api import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def night_to_come(fought):
    """A second fight night, in the future, with a title bout booked (not fought)."""
    league = fought["league"]
    event = Event.objects.create(
        league=league, name="Spring Showdown", date=datetime.date(2026, 12, 5)
    )
    bout_schedule(
        ruleset=league.ruleset,
        date=event.date,
        red=fought["red"],
        blue=fought["blue"],
        event=event,
        division=fought["division"],
        scheduled_rounds=12,
        is_title_bout=True,
        seed=7,
    )
    assert Bout.objects.get(event=event).status in UNFINISHED
    return event


@pytest.fixture
def crowned(fought):
    """The fought bout won inside the distance and for the belt."""
    bout = fought["bout"]
    Result.objects.filter(bout=bout).update(winner="red", method="KO", round=3)
    title = Title.objects.create(
        division=fought["division"], name="Test title", champion=fought["red"]
    )
    Reign.objects.create(
        title=title, number=1, fighter=fought["red"], started_on=bout.date, start_bout=bout
    )
    return title


def html(client, url):
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def section(page, anchor):
    start = page.index(f'id="{anchor}"')
    return page[start : page.index("</section>", start)]


def test_the_front_page_shows_the_next_fight_night_with_its_title_bout(client, night_to_come):
    nights = section(html(client, "/"), "next-nights")
    assert "Spring Showdown" in nights and f'href="/events/{night_to_come.pk}/"' in nights
    assert "5 Dec 2026" in nights
    assert 'class="badge title"' in nights
    # The night already fought is no "next" night.
    assert "Fight night" not in nights


def test_the_front_page_says_when_nothing_is_scheduled(client, fought):
    assert "No fight night is scheduled" in section(html(client, "/"), "next-nights")


def test_the_front_page_shows_the_champions_and_the_headlines(client, fought, crowned):
    page = html(client, "/")
    champions = section(page, "champions")
    assert "Red Rooney" in champions and fought["division"].name in champions
    assert f'href="/divisions/{fought["division"].pk}/title/"' in champions
    headlines = section(page, "headlines")
    assert f"Red Rooney wins the {fought['division'].name} title" in headlines
    assert "Red Rooney beats Blue Bellamy by knockout in round 3" in headlines
    assert f'href="/bouts/{fought["bout"].pk}/"' in headlines


def test_no_champion_no_headline_no_empty_panel(client, fought):
    page = html(client, "/")
    assert 'id="champions"' not in page and 'id="headlines"' not in page


def test_events_split_into_upcoming_and_results(client, fought, night_to_come):
    page = html(client, "/events/")
    upcoming, results = section(page, "upcoming"), section(page, "results")
    assert "Spring Showdown" in upcoming and fought["event"].name not in upcoming
    assert fought["event"].name in results and "Spring Showdown" not in results
    assert 'class="badge title"' in upcoming


def test_a_night_being_fought_is_upcoming_until_its_last_bout(client, fought, night_to_come):
    Bout.objects.filter(event=night_to_come).update(status=BoutStatus.RUNNING)
    assert "Spring Showdown" in section(html(client, "/events/"), "upcoming")
    Bout.objects.filter(event=night_to_come).update(status=BoutStatus.POSTPONED)
    assert "Spring Showdown" in section(html(client, "/events/"), "results")


def test_an_empty_card_is_upcoming_until_fired(client, fought):
    empty = factories.event(league=fought["league"])
    assert empty.name in section(html(client, "/events/"), "upcoming")
    Event.objects.filter(pk=empty.pk).update(fired_at=timezone.now())
    assert empty.name not in section(html(client, "/events/"), "upcoming")


def test_dates_read_as_words_and_no_command_is_shown(client, fought):
    event_page = html(client, f"/events/{fought['event'].pk}/")
    assert fought["bout"].date.strftime("%-d %b %Y") in event_page
    assert fought["bout"].date.isoformat() not in event_page


def test_an_empty_site_shows_no_command_line(client):
    page = html(client, "/")
    assert "manage.py" not in page and "No league has been set up yet." in page


def rated(fought, red, blue):
    """Both fighters' ratings after an earlier bout: ``red`` and ``blue`` (mu, sigma)."""
    from league.models import RatingHistory

    earlier = Bout.objects.create(
        ruleset=fought["league"].ruleset,
        date=fought["bout"].date - datetime.timedelta(days=30),
        red=fought["red"],
        blue=fought["blue"],
        division=fought["division"],
        status=BoutStatus.COMPLETED,
        scheduled_rounds=10,
        seed=1,
    )
    for fighter, (mu, sigma) in ((fought["red"], red), (fought["blue"], blue)):
        RatingHistory.objects.create(
            division=fought["division"],
            bout=earlier,
            date=earlier.date,
            fighter=fighter,
            mu=mu,
            sigma=sigma,
            ordinal=mu - 3 * sigma,
        )


def test_a_win_against_the_ratings_is_an_upset_headline(client, fought):
    Result.objects.filter(bout=fought["bout"]).update(winner="red", method="UD", round=10)
    rated(fought, red=(18.0, 3.0), blue=(32.0, 3.0))  # red's chance about one in ten
    headlines = section(html(client, "/"), "headlines")
    assert "Red Rooney upsets Blue Bellamy by" in headlines
    assert 'class="badge upset"' in headlines


def test_the_favourite_winning_on_points_makes_no_headline(client, fought):
    Result.objects.filter(bout=fought["bout"]).update(winner="red", method="UD", round=10)
    rated(fought, red=(32.0, 3.0), blue=(18.0, 3.0))
    assert 'id="headlines"' not in html(client, "/")


def test_a_stoppage_by_the_underdog_is_one_headline_an_upset(client, fought):
    Result.objects.filter(bout=fought["bout"]).update(winner="red", method="KO", round=3)
    rated(fought, red=(18.0, 3.0), blue=(32.0, 3.0))
    headlines = section(html(client, "/"), "headlines")
    assert headlines.count("Red Rooney") == 1
    assert "Red Rooney upsets Blue Bellamy by knockout in round 3" in headlines
