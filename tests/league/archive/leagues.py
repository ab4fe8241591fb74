"""A booked league (its season's bouts scheduled, none fought) and one account
per role, for the archive's permission tests here, in tests/api and in the
console's tests (each module makes its fixtures of these)."""

from django.contrib.auth import get_user_model

from league.models import LeagueMembership

from ..calendar.seasons import season_to_play
from ..conftest import book_season, make_league


def booked_league(ruleset):
    """A league whose season is booked: bouts scheduled (with seeds), not fought."""
    league, _division, season = season_to_play(ruleset, 4)
    assert book_season(season)
    return league


def role_accounts(league, ruleset) -> dict:
    """``{role: user or None}`` for ``league``."""
    User = get_user_model()
    commissioner = User.objects.create_user("archive-commissioner", password="x")
    league.commissioners.add(commissioner)
    manager = User.objects.create_user("archive-league-manager", password="x")
    LeagueMembership.objects.create(league=league, user=manager)
    other_league, _ = make_league(ruleset, 2)
    other = User.objects.create_user("archive-other-commissioner", password="x")
    other_league.commissioners.add(other)
    return {
        "anonymous": None,
        "plain user": User.objects.create_user("archive-plain", password="x"),
        "manager": manager,
        "another league's commissioner": other,
        "commissioner": commissioner,
        "staff": User.objects.create_user("archive-staff-member", password="x", is_staff=True),
    }
