"""A season to play, and what a played league holds, for the calendar tests."""

from __future__ import annotations

from django.test import TestCase

from bouts.models import Bout, BoutStatus
from league import services
from league.models import Reign, Season, Standing

from ..conftest import make_league


def season_to_play(ruleset, fighters=8, **league_fields):
    """A league whose division has a season scheduled and nothing fought."""
    league, division = make_league(ruleset, fighters, days_between_events=7, **league_fields)
    with TestCase.captureOnCommitCallbacks(execute=True):
        season = services.season_schedule(division=division, seed=3, queue=False)
    return league, division, season


def played(season: Season) -> dict:
    """Everything a season left, free of row ids that depend on the path taken."""
    season.refresh_from_db()
    division = season.division
    bouts = [
        (
            b.date,
            b.red_id,
            b.blue_id,
            b.seed,
            b.status,
            b.result.winner if b.status == BoutStatus.COMPLETED else None,
            b.result.method if b.status == BoutStatus.COMPLETED else None,
            b.result.round if b.status == BoutStatus.COMPLETED else None,
            b.result.time if b.status == BoutStatus.COMPLETED else None,
        )
        for b in Bout.objects.filter(season_fixture__season=season)
        .select_related("result")
        .order_by("date", "red_id")
    ]
    standings = list(
        Standing.objects.filter(season=season)
        .order_by("fighter_id")
        .values_list("fighter_id", "points", "wins", "losses", "draws", "rank")
    )
    ratings = sorted(
        (r.fighter_id, round(r.mu, 9), round(r.sigma, 9), r.bouts) for r in division.ratings.all()
    )
    reigns = list(
        Reign.objects.filter(title__division=division)
        .order_by("number")
        .values_list("number", "fighter_id", "started_on", "ended_on", "defences")
    )
    careers = sorted(
        (f.pk, f.career.wins, f.career.losses, f.career.draws, f.career.ko_wins)
        for f in division.fighters.select_related("career")
        if hasattr(f, "career")
    )
    return {
        "status": season.status,
        "bouts": bouts,
        "standings": standings,
        "ratings": ratings,
        "reigns": reigns,
        "careers": careers,
        "league_date": season.league.__class__.objects.get(pk=season.league_id).today,
    }
