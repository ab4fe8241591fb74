"""The projector outside a test transaction (real commits, eager Celery as in the
embedded default): brackets whose later matches fall before earlier ones still
run to a champion."""

import datetime as dt

import pytest

from bouts.models import Bout, BoutStatus, MedicalSuspension
from league import services
from league.models import Tournament
from league.selectors import league_check

from .conftest import make_league

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_bracket_runs_to_a_champion_when_a_replay_takes_in_its_matches(ruleset):
    """A suspended entrant pushes his quarter-final past the semi-final of the
    other half: that semi-final completes behind the watermark, the projector
    replays the division — and must still advance the bracket."""
    _league, division = make_league(ruleset, 8)
    fighters = list(division.fighters.order_by("id"))
    MedicalSuspension.objects.create(
        fighter=fighters[0],
        reason="test: out for a month",
        starts_on=dt.date(2026, 1, 1),
        ends_on=dt.date(2026, 2, 20),
    )
    tournament = services.tournament_create(
        division=division, size=8, start_date=dt.date(2026, 1, 20), seed=4
    )
    tournament = Tournament.objects.get(pk=tournament.pk)
    assert tournament.status == "completed", list(
        tournament.matches.values_list("key", "bout__status", "bout__date", "walkover")
    )
    bouts = Bout.objects.filter(tournament_match__tournament=tournament)
    assert bouts.count() == 7 and not bouts.exclude(status=BoutStatus.COMPLETED).exists()
    assert league_check(league=division.league) == []
