"""Every fan page costs a fixed number of queries, however many bouts, fighters and
events the league holds: the counts are the same for a small league and after 2,000
more bouts, and are pinned (django_assert_num_queries)."""

import pytest

from bouts.models import BoutStatus
from league.models import Event, Title, TournamentMatch
from referees.models import Doctor, Judge, Referee
from tests.web.fan_data import many_bouts

pytestmark = pytest.mark.django_db

BULK_BOUTS = 2000

# What each page costs (anonymous visitor). A new query on a page is a decision:
# change the number here with a reason.
EXPECTED = {
    # leagues, latest results, tournaments; the next fight nights, the champions,
    # the headlines (title changes, upsets with the ratings before them, stoppages)
    "home": 8,
    "fighters": 3,  # count, page, divisions with their leagues
    "fighters_search": 3,
    "fighters_by_rating": 3,
    "events": 3,  # the upcoming nights; the results: count, page
    "league_events": 4,  # the league, the upcoming nights; the results: count, page
    "league": 4,
    "event": 2,  # the event, its bouts
    "division": 13,  # + the record book: count, page; the season's postponed bouts; ladders
    "title": 3,
    # + 1 when a bracket bout was drawn (the cards decide who goes on); its stages
    # (a competition in stages) are read twice: once for the page, once with the matches
    "tournament": 6,
    # + whether a league of his hides cards (career leagues), his regions, his
    # fitness on his league's date (its suspensions, then his retirement); his
    # ranking history (issue 33); his honours (docs/history.md): titles held, the
    # ratings ranking him, voided bouts, awards, reigns
    "fighter": 19,
    # seasons, their dates, table leaders, reigns, awards; the award races (none
    # running); the record book's six records; the hall of fame
    "history": 14,
    "referee": 4,  # the official, the summary, count, page
    "judge": 4,
    "doctor": 6,  # + injuries and suspensions
}


def _urls(data):
    league, division = data["league"], data["division"]
    event = Event.objects.filter(league=league).order_by("-date").first()
    return {
        "home": "/",
        "fighters": "/fighters/",
        "fighters_search": "/fighters/?q=fighter",
        "fighters_by_rating": "/fighters/?sort=rating&page=2",
        "events": "/events/",
        "league_events": f"/events/?league={league.slug}",
        "league": f"/leagues/{league.slug}/",
        "event": f"/events/{event.pk}/",
        "division": f"/divisions/{division.pk}/",
        "title": f"/divisions/{division.pk}/title/",
        "tournament": f"/tournaments/{data['tournament'].pk}/",
        "fighter": f"/fighters/{data['star'].pk}/",
        "history": f"/leagues/{league.slug}/history/",
        "referee": f"/referees/{Referee.objects.order_by('id').first().pk}/",
        "judge": f"/judges/{Judge.objects.order_by('id').first().pk}/",
        "doctor": f"/doctors/{Doctor.objects.order_by('id').first().pk}/",
    }


def _count(client, url):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200, url
    return len(ctx)


@pytest.fixture
def real_league(django_capture_on_commit_callbacks):
    from tests.api.leagues import build

    league, division, _season, tournament = build(8, django_capture_on_commit_callbacks)
    star = Title.objects.get(division=division).champion
    return {"league": league, "division": division, "tournament": tournament, "star": star}


def test_fan_pages_cost_the_same_with_many_bouts(client, real_league, django_assert_num_queries):
    small = {name: _count(client, url) for name, url in _urls(real_league).items()}
    many_bouts(league=real_league["league"], division=real_league["division"], bouts=BULK_BOUTS)
    urls = _urls(real_league)
    large = {name: _count(client, url) for name, url in urls.items()}
    # An official without bouts skips the page query: compare those pages only
    # once they have bouts (pinned below).
    officials = {"referee", "judge", "doctor"}
    differ = {k: (small[k], large[k]) for k in small if k not in officials and small[k] != large[k]}
    assert not differ, differ
    drawn = TournamentMatch.objects.filter(
        tournament=real_league["tournament"],
        bout__status=BoutStatus.COMPLETED,
        bout__result__winner__isnull=True,
    ).exists()
    for name, url in urls.items():
        expected = EXPECTED[name] + (1 if name == "tournament" and drawn else 0)
        with django_assert_num_queries(expected):
            client.get(url)
