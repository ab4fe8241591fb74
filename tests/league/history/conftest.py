"""A league season fought through the pipeline, with people in every role."""

from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model

from fighters.models import Camp
from league import services
from league.models import League

from ..conftest import book_season, make_league, record

# Bout by bout (league order; six bouts for four fighters): knockouts first and
# second, so voiding the first hands the award on.
OUTCOMES = [("red", "KO"), ("blue", "TKO"), (None, "DRAW"), ("red", "UD"), ("blue", "SD")]


@dataclass
class World:
    league: League
    division: object
    season: object
    bouts: list
    commissioner: object
    other_commissioner: object
    manager: object
    plain: object
    staff: object


def _user(name, **fields):
    return get_user_model().objects.create_user(name, password="pw-for-tests-only", **fields)


def fight_season(ruleset, fighters=4, outcomes=OUTCOMES):
    league, division = make_league(ruleset, fighters)
    season = services.season_schedule(division=division, seed=1, queue=False)
    bouts = book_season(season)
    for i, bout in enumerate(bouts):
        record(bout, *outcomes[i % len(outcomes)])
    season.refresh_from_db()
    return league, division, season, bouts


@pytest.fixture
def world(ruleset, db):
    league, division, season, bouts = fight_season(ruleset)
    commissioner = _user("comm")
    league.commissioners.add(commissioner)
    other_league, _ = make_league(ruleset, 0)
    other = _user("other-comm")
    other_league.commissioners.add(other)
    manager = _user("manager")
    Camp.objects.create(name="Manager's gym", owner=manager)
    return World(
        league,
        division,
        season,
        bouts,
        commissioner,
        other,
        manager,
        _user("plain"),
        _user("staff", is_staff=True),
    )
