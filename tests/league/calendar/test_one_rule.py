"""One fitness rule for every place that books a fighter (league.calendar.fitness):
the season's draw, the matchmaker, the weekly career matchmaking and a
tournament's match dates all keep a resting fighter out, as they keep out the
suspended and the retired."""

import datetime as dt

import pytest
from django.test import TestCase

from bouts.services import bout_schedule
from league.services.matchmaking import card_matchmake
from league.services.tournaments import earliest_date
from league.services.weekly import week_entrants

from ..conftest import make_league, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def rested(ruleset):
    """A league resting its fighters 10 days after a bout; fighters 1 and 2
    fought on the 1st of March."""
    league, division = make_league(ruleset, 6, rest_days=10)
    fighters = list(division.fighters.order_by("id"))
    with TestCase.captureOnCommitCallbacks(execute=True):
        bout = bout_schedule(
            ruleset=ruleset,
            red=fighters[0],
            blue=fighters[1],
            division=division,
            date=dt.date(2027, 3, 1),
            queue=False,
        )
    record(bout, "red")
    return league, division, fighters


def test_the_matchmaker_keeps_a_resting_fighter_off_the_card(rested):
    _league, division, fighters = rested
    event = card_matchmake(division=division, date=dt.date(2027, 3, 5), queue=False)
    on_card = {pk for bout in event.bouts.all() for pk in (bout.red_id, bout.blue_id)}
    assert not on_card & {fighters[0].pk, fighters[1].pk}
    later = card_matchmake(division=division, date=dt.date(2027, 3, 12), queue=False)
    on_card = {pk for bout in later.bouts.all() for pk in (bout.red_id, bout.blue_id)}
    assert {fighters[0].pk, fighters[1].pk} <= on_card


def test_the_weekly_matchmaking_leaves_out_a_resting_fighter_and_says_why(rested):
    league, division, fighters = rested
    excluded = {}
    order = [f.pk for f in fighters]
    entrants = week_entrants(division, league, dt.date(2027, 3, 6), order, excluded=excluded)
    assert fighters[0].pk not in {e.id for e in entrants}
    assert excluded[fighters[0].pk] == ("resting", "until 11 Mar 2027")


def test_a_tournament_match_waits_for_its_entrants_rest(rested):
    league, division, fighters = rested
    from league.models import Tournament

    tournament = Tournament(
        league=league, division=division, name="Cup", start_date=dt.date(2027, 3, 3)
    )
    competitors = [("fighter", fighters[0].pk), ("fighter", fighters[2].pk)]
    assert earliest_date(tournament, 1, competitors) == dt.date(2027, 3, 12)
    others = [("fighter", fighters[3].pk), ("fighter", fighters[2].pk)]
    assert earliest_date(tournament, 1, others) == dt.date(2027, 3, 3)
