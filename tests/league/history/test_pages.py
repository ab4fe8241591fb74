"""The league's history page: seasons, awards, races, record book, hall of fame."""

import datetime as dt

import pytest

from fighters.models import Fighter
from league.history import services
from league.models import Season, SeasonStatus

from .conftest import fight_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def fought(ruleset):
    league, division, season, bouts = fight_season(ruleset)
    services.season_awards_hand_out(season, by=None)
    return league, division, season, bouts


def test_the_history_page_shows_seasons_awards_records_and_rules(client, fought):
    league, _division, _season, bouts = fought
    page = client.get(f"/leagues/{league.slug}/history/")
    assert page.status_code == 200
    text = page.content.decode()
    for words in (
        "Season 1",
        "Fighter of the year",
        "Knockout of the year",
        "Most wins",
        "Longest winning streak",
        "Fastest knockout",
        "Hall of fame",
        "Most knockouts",
    ):
        assert words in text, words
    assert "_" not in page.context["records"][0].title and "None" not in text
    knockout = next(a for s in page.context["seasons"] for a in s.awards if a.kind == "knockout")
    assert knockout.bout_id == bouts[0].pk and f"/bouts/{bouts[0].pk}/" in text


def test_a_running_season_shows_its_award_races(client, fought):
    league, _division, season, _bouts = fought
    Season.objects.filter(pk=season.pk).update(status=SeasonStatus.RUNNING)
    page = client.get(f"/leagues/{league.slug}/history/")
    assert "the award races" in page.content.decode()
    assert page.context["racing"] == 1 and page.context["races"]


def test_the_hall_of_fame_lists_the_inducted(client, fought):
    league, division, *_ = fought
    league.hall_of_fame_wins = 1
    league.save(update_fields=["hall_of_fame_wins"])
    Fighter.objects.filter(divisions=division).update(
        is_active=False, retired_on=dt.date(2026, 9, 1)
    )
    inducted = services.hall_of_fame_induct(league, by=None)
    page = client.get(f"/leagues/{league.slug}/history/").content.decode()
    assert inducted and inducted[0].fighter.name in page and "inducted" in page


def test_the_history_page_costs_the_same_queries_for_one_season_or_two(
    client, ruleset, django_assert_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for seasons in (1, 2):
        league, division, season, _ = fight_season(ruleset)
        services.season_awards_hand_out(season, by=None)
        if seasons == 2:
            from league import services as league_services

            from ..conftest import book_season, record

            second = league_services.season_schedule(division=division, seed=2, queue=False)
            for i, bout in enumerate(book_season(second)):  # the fit fighters' bouts
                record(bout, "red" if i % 2 else "blue", "UD")
            Season.objects.filter(pk=second.pk).update(status=SeasonStatus.COMPLETED)
            services.season_awards_hand_out(second, by=None)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/leagues/{league.slug}/history/").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1], counts


def test_the_races_follow_a_voided_bout(client, fought):
    from django.test import TestCase

    from bouts.services import bout_void

    league, _division, season, bouts = fought
    Season.objects.filter(pk=season.pk).update(status=SeasonStatus.RUNNING)
    page = client.get(f"/leagues/{league.slug}/history/")
    assert next(a for a in page.context["races"] if a.kind == "knockout").bout_id == bouts[0].pk
    with TestCase.captureOnCommitCallbacks(execute=True):
        bout_void(bout=bouts[0], reason="a loaded glove", check_permission=False)
    # (The replay closed the season, its fixtures all settled: running again.)
    Season.objects.filter(pk=season.pk).update(status=SeasonStatus.RUNNING)
    page = client.get(f"/leagues/{league.slug}/history/")
    assert next(a for a in page.context["races"] if a.kind == "knockout").bout_id == bouts[1].pk
