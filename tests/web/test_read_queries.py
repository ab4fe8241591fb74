"""Every public read costs a fixed number of queries, whatever the league's size:
the reads tests/web/test_fan_queries.py and tests/api/test_query_counts.py do not
pin are pinned here (built: the read cache off); and every public page and API
read kept by core.read_cache answers an anonymous visitor without a query."""

import pytest
from django.test import Client

from league.models import Event, Season, Title
from league.urls import urlpatterns  # noqa: F401 - the URLconf loaded (its wrapped views)
from tests.web import test_fan_queries
from tests.web.fan_data import many_bouts
from tests.web.test_fan_queries import real_league  # noqa: F401 - a fixture
from tests.web.test_read_cache import kept  # noqa: F401 - a fixture

pytestmark = pytest.mark.django_db

# What each read costs when it is built (anonymous). A new query is a decision:
# change the number here with a reason.
EXPECTED = {
    "event status": 2,  # the event, its bouts
    # the fighter, his career states, his fight history, his fought plans, his
    # card's visibility, divisions, ... (league.scouting)
    "scouting": 13,
    "plan help": 0,  # words only
    "api standings": 2,  # count, page
    "api rankings": 4,
    # + a tournament's stages (main's competitions: Swiss, groups)
    "api tournaments": 3,  # count, page, stages
    "api tournament": 4,
    "api bracket": 6,
    "api titles": 2,  # count, page
    "api title": 2,
    "api season": 1,
    "api history": 7,
    "api records": 7,
    "api hall of fame": 2,
    "api awards": 6,  # the season, its awards; none handed out: the races' leaders
}


def _urls(data) -> dict[str, str]:
    league, division = data["league"], data["division"]
    event = Event.objects.filter(league=league).order_by("-date").first()
    season = Season.objects.filter(division=division).order_by("id").first()
    tournament = data["tournament"].pk
    return {
        "event status": f"/events/{event.pk}/status.json",
        "scouting": f"/fighters/{data['star'].pk}/scouting/",
        "plan help": "/help/plans/",
        "api standings": f"/api/standings/?division={division.pk}",
        "api rankings": f"/api/rankings/?division={division.pk}",
        "api tournaments": "/api/tournaments/",
        "api tournament": f"/api/tournaments/{tournament}/",
        "api bracket": f"/api/tournaments/{tournament}/bracket/",
        "api titles": "/api/titles/",
        "api title": f"/api/titles/{Title.objects.get(division=division).pk}/",
        "api season": f"/api/seasons/{season.pk}/",
        "api history": f"/api/leagues/{league.slug}/history/",
        "api records": f"/api/leagues/{league.slug}/records/",
        "api hall of fame": f"/api/leagues/{league.slug}/hall-of-fame/",
        "api awards": f"/api/seasons/{season.pk}/awards/",
    }


def _count(client, url):
    """A second request's: the season's award races are kept until the league's
    derivation moves (league.history.selectors), like a template's first load."""
    client.get(url)
    return test_fan_queries._count(client, url)


def test_the_other_public_reads_cost_the_same_with_many_bouts(
    client,
    real_league,  # noqa: F811
    django_assert_num_queries,
):
    small = {name: _count(client, url) for name, url in _urls(real_league).items()}
    many_bouts(
        league=real_league["league"],
        division=real_league["division"],
        bouts=test_fan_queries.BULK_BOUTS,
    )
    urls = _urls(real_league)
    large = {name: _count(client, url) for name, url in urls.items()}
    assert small == large
    assert large == EXPECTED
    for name, url in urls.items():
        with django_assert_num_queries(EXPECTED[name]):
            client.get(url)


API_READS = {
    "fighters": "/api/fighters/",
    "fighter": "/api/fighters/{star}/",
    "career": "/api/fighters/{star}/career/",
    "his bouts": "/api/fighters/{star}/bouts/",
    "bouts of a fighter": "/api/bouts/?fighter={star}",
    "cards": "/api/cards/",
    "camps": "/api/camps/",
    "corner men": "/api/corner-men/",
    "referees": "/api/referees/",
    "judges": "/api/judges/",
    "doctors": "/api/doctors/",
    "leagues": "/api/leagues/",
    "divisions": "/api/divisions/",
    "division": "/api/divisions/{division}/",
    "seasons": "/api/seasons/",
    "events": "/api/events/",
    "a bout": "/api/bouts/{bout}/",
    "a bout's report": "/bouts/{bout}/",
    "ladders": "/api/ladders/",
    "a ladder": "/api/ladders/{ladder}/",
    "ladder challenges": "/api/ladder-challenges/",
    "a ladder's page": "/ladders/{ladder}/",
}


def test_every_kept_public_read_answers_without_a_query(
    kept,  # noqa: F811
    real_league,  # noqa: F811
    django_assert_num_queries,
):
    from bouts.models import Bout
    from league.ladders.services import ladder_create
    from tests.api import factories

    ladder = ladder_create(
        user=factories.user(staff=True), division=real_league["division"], reach=2, size=4
    )
    ids = {
        "ladder": ladder.pk,
        "star": real_league["star"].pk,
        "division": real_league["division"].pk,
        "bout": Bout.objects.filter(status="completed").order_by("id").first().pk,
    }
    urls = {
        **test_fan_queries._urls(real_league),
        **_urls(real_league),
        **{name: url.format(**ids) for name, url in API_READS.items()},
    }
    fan = Client()
    for name, url in urls.items():
        assert fan.get(url).status_code == 200, name
        with django_assert_num_queries(0):
            again = fan.get(url)
        assert again.status_code == 200 and again.has_header("ETag"), name
