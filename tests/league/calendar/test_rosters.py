"""Who is fit, as the pages read it: each fighter's status in each of his
leagues, on that league's own date, in a fixed number of queries."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bouts.models import Bout, MedicalSuspension
from league.calendar.rosters import fighter_statuses, leagues_of, statuses_words
from league.models import League
from tests.api import factories
from tests.api.records import recorded_bout

pytestmark = pytest.mark.django_db

EARLY, LATE = dt.date(2027, 3, 1), dt.date(2027, 9, 1)


@pytest.fixture
def two_leagues():
    """Fighter ``both`` is on the rosters of league ``early`` (its date 1 Mar
    2027) and league ``late`` (1 Sep 2027); a suspension runs to 30 Apr 2027."""
    factories.reset()
    early = factories.league(name="Early League")
    late = factories.league(name="Late League")
    League.objects.filter(pk=early.pk).update(today=EARLY)
    League.objects.filter(pk=late.pk).update(today=LATE)
    early.refresh_from_db()
    late.refresh_from_db()
    both, only_early = factories.fighter(name="Both Ways"), factories.fighter(name="Early Bird")
    factories.division(league=early, fighters=[both, only_early])
    factories.division(league=late, fighters=[both])
    MedicalSuspension.objects.create(
        fighter=both, starts_on=dt.date(2027, 2, 1), ends_on=dt.date(2027, 4, 30), reason="cut"
    )
    return early, late, both, only_early


def test_a_fighter_is_judged_on_each_leagues_own_date(two_leagues):
    early, late, both, only_early = two_leagues
    statuses = fighter_statuses([both.pk, only_early.pk])
    [in_early, in_late] = statuses[both.pk]
    assert (in_early.league, in_early.date, in_early.kind) == (early, EARLY, "suspended")
    assert in_early.words == "suspended until 30 Apr 2027 (cut)"
    assert (in_late.league, in_late.date, in_late.words) == (late, LATE, "fit")
    assert statuses_words(statuses[both.pk]) == (
        "suspended until 30 Apr 2027 (cut) in Early League; fit in Late League"
    )
    assert statuses_words(statuses[only_early.pk]) == "fit"


def test_retired_and_resting_fighters_say_so(two_leagues):
    early, _late, _both, only_early = two_leagues
    League.objects.filter(pk=early.pk).update(rest_days=30)
    rested = factories.fighter(name="Rested")
    early.divisions.get().fighters.add(rested)
    bout = recorded_bout(red=only_early, blue=rested, ruleset=early.ruleset)
    Bout.objects.filter(pk=bout.pk).update(date=EARLY - dt.timedelta(days=10))  # 19 Feb 2027
    only_early.is_active, only_early.retired_on = False, EARLY
    only_early.save(update_fields=["is_active", "retired_on"])
    statuses = fighter_statuses([only_early.pk, rested.pk])
    assert statuses[only_early.pk][0].words == "retired"
    resting = statuses[rested.pk][0]
    assert resting.kind == "resting"
    assert resting.words == "resting until 21 Mar 2027 (rests 30 days after a bout)"


def test_a_fighter_on_no_roster_has_no_league_status():
    factories.reset()
    free = factories.fighter(name="Free Agent")
    assert fighter_statuses([free.pk]) == {}
    assert leagues_of([]) == {}


def test_the_read_costs_the_same_whatever_the_number_of_fighters(two_leagues):
    early, _late, _both, _only_early = two_leagues

    def cost():
        ids = list(early.divisions.get().fighters.values_list("pk", flat=True))
        with CaptureQueriesContext(connection) as ctx:
            fighter_statuses(ids)
        return len(ctx)

    # the rosters, then for each league date its suspensions and its fighters
    assert cost() == 5
    early.divisions.get().fighters.add(*(factories.fighter() for _ in range(6)))
    assert cost() == 5
