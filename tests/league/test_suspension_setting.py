"""League.medical_suspensions: the commission's suspensions are written when a
league's bout is recorded, unless the league plays without them (WeBL's weekly
career game); a bout of no league keeps the commission's rules."""

import pytest

from bouts.models import Bout, MedicalSuspension
from league import services
from league.calendar.seasons import season_book_night
from league.services.fight_nights import event_fire

from .conftest import make_league, record

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("suspends", [True, False])
def test_a_knockout_suspends_only_where_the_league_says_so(ruleset, suspends):
    _league, division = make_league(ruleset, 4, medical_suspensions=suspends)
    season = services.season_schedule(division=division, seed=4, queue=False)
    first = season_book_night(season, season.start_date)
    event_fire(event=first)
    for bout in Bout.objects.filter(event=first):
        record(bout, "red", "KO")
    losers = Bout.objects.filter(event=first).values_list("blue_id", flat=True)
    assert MedicalSuspension.objects.filter(fighter_id__in=losers).exists() is suspends
