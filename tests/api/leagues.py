"""A small league fought for real: a season's card and a four-man title tournament."""

import datetime

from bouts.services import bout_schedule
from league.models import Season, Tournament
from league.services import tournament_create

from . import factories


def build(size, django_capture_on_commit_callbacks, league=None):
    """A division of ``size`` fighters; a season whose event matches them in
    pairs; then a tournament of four, all fought eagerly."""
    league = league or factories.league()
    fighters = [factories.fighter(rating=None) for _ in range(size)]
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
    with django_capture_on_commit_callbacks(execute=True):
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
    with django_capture_on_commit_callbacks(execute=True):
        tournament = tournament_create(
            division=division, size=4, start_date=datetime.date(2026, 6, 1), seed=7
        )
    # Later stages are scheduled as earlier bouts are recorded: run what they queued.
    for _ in range(4):
        with django_capture_on_commit_callbacks(execute=True) as callbacks:
            pass
        if not callbacks:
            break
    return league, division, season, Tournament.objects.get(pk=tournament.pk)
