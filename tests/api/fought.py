"""A small league fought by the engine for real, committed (for tests against a
live server): a season card, a four-man tournament, a camp with a corner man,
a staff token."""

import datetime

from rest_framework.authtoken.models import Token

from bouts.services import bout_schedule
from fighters.services import corner_man_create
from league.models import Season
from league.services import tournament_create

from . import factories


def fight_a_small_league(size: int = 6) -> dict:
    """Needs Celery eager and committed transactions (on-commit callbacks run the
    bouts as each write commits)."""
    league = factories.league(name="Contract League")
    camp = factories.camp()
    fighters = [factories.fighter(camp=camp if n == 0 else None) for n in range(size)]
    corner_man_create(name="Cut Man", camp=camp)
    division = factories.division(league=league, fighters=fighters)
    season = Season.objects.create(
        league=league,
        division=division,
        number=1,
        name="Season 1",
        start_date=datetime.date(2026, 1, 1),
    )
    event = factories.event(league=league, date=datetime.date(2026, 1, 10))
    event.season = season
    event.save()
    for n in range(0, size - 1, 2):
        bout_schedule(
            ruleset=league.ruleset,
            red=fighters[n],
            blue=fighters[n + 1],
            event=event,
            division=division,
            scheduled_rounds=4,
            seed=100 + n,
        )
    tournament_create(division=division, size=4, start_date=datetime.date(2026, 6, 1), seed=7)
    staff = factories.user(staff=True, username="contract-staff")
    return {"league": league, "token": Token.objects.create(user=staff).key}
