"""Voiding a result: careers, standings, ratings and titles become what they
would be without the bout; the bout keeps its record, shown as voided."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import TestCase
from django.urls import reverse

from bouts import selectors
from bouts.models import Bout, BoutStatus
from bouts.services import bout_void
from fighters.models import Career
from league.models import Rating, RatingHistory, Standing
from league.selectors import league_check
from league.services import season_schedule
from tests.api import factories as api_factories
from tests.api.conftest import as_user
from tests.league.conftest import book_season, make_league, record

pytestmark = pytest.mark.django_db


def _fought_season(ruleset, fighters=4):
    league, division = make_league(ruleset, fighters)
    season = season_schedule(division=division, queue=False)
    bouts = book_season(season)
    outcomes = [("red", "KO"), ("blue", "UD"), (None, "DRAW"), ("red", "TKO"), ("blue", "SD")]
    for i, bout in enumerate(bouts):
        record(bout, *outcomes[i % len(outcomes)])
    return league, division, season, bouts


def _void(bout, **kwargs):
    kwargs.setdefault("reason", "scoring error")
    kwargs.setdefault("check_permission", False)
    with TestCase.captureOnCommitCallbacks(execute=True):
        return bout_void(bout=bout, **kwargs)


def test_void_takes_the_bout_out_of_careers_standings_and_ratings(ruleset):
    league, division, season, bouts = _fought_season(ruleset)
    target = bouts[0]  # a KO win for red
    red_before = Career.objects.get(fighter_id=target.red_id)
    _void(Bout.objects.get(pk=target.pk))

    target.refresh_from_db()
    assert target.status == BoutStatus.VOIDED and target.void_reason == "scoring error"
    red_after = Career.objects.get(fighter_id=target.red_id)
    assert (red_after.bouts, red_after.wins, red_after.ko_wins) == (
        red_before.bouts - 1,
        red_before.wins - 1,
        red_before.ko_wins - 1,
    )
    # Everything agrees with a replay of the bouts that still count.
    assert selectors.career_check(fighters=[target.red_id, target.blue_id]) == []
    assert league_check(league=league) == []
    assert not RatingHistory.objects.filter(bout_id=target.pk).exists()
    row = Standing.objects.get(season=season, fighter_id=target.red_id)
    assert row.bouts == len([b for b in bouts if target.red_id in (b.red_id, b.blue_id)]) - 1
    assert Rating.objects.get(division=division, fighter_id=target.red_id).bouts == row.bouts


def test_void_the_only_bout_leaves_no_rating(ruleset):
    league, division = make_league(ruleset, 2)
    season = season_schedule(division=division, queue=False)
    (bout,) = book_season(season)
    record(bout, "red", "UD")
    assert Rating.objects.filter(division=division).count() == 2
    _void(Bout.objects.get(pk=bout.pk))
    assert Rating.objects.filter(division=division).count() == 0
    assert Career.objects.get(fighter_id=bout.red_id).last_bout_on is None
    assert league_check(league=league) == []


def test_voiding_twice_or_an_unfought_bout_is_refused(ruleset):
    _league, _division, _season, bouts = _fought_season(ruleset)
    bout = Bout.objects.get(pk=bouts[0].pk)
    _void(bout)
    with pytest.raises(ValidationError) as again:
        _void(Bout.objects.get(pk=bout.pk))
    assert "already voided" in again.value.message_dict["status"][0]
    _league, division = make_league(ruleset, 2)
    (unfought,) = book_season(season_schedule(division=division, queue=False))
    with pytest.raises(ValidationError) as scheduled:
        _void(unfought)
    assert "Only a completed bout" in scheduled.value.message_dict["status"][0]
    with pytest.raises(ValidationError):
        _void(Bout.objects.get(pk=bouts[1].pk), reason="   ")


def test_who_may_void(ruleset):
    league, _division, _season, bouts = _fought_season(ruleset)
    commissioner = api_factories.user()
    league.commissioners.add(commissioner)
    other = api_factories.user()
    api_factories.league(commissioners=[other])
    staff = api_factories.user(staff=True)
    for user in (None, api_factories.user(), other):
        with pytest.raises(PermissionDenied):
            _void(Bout.objects.get(pk=bouts[0].pk), user=user, check_permission=True)
    _void(Bout.objects.get(pk=bouts[0].pk), user=commissioner, check_permission=True)
    _void(Bout.objects.get(pk=bouts[1].pk), user=staff, check_permission=True)
    assert Bout.objects.get(pk=bouts[0].pk).voided_by == commissioner


def test_void_through_the_api(ruleset, django_capture_on_commit_callbacks):
    league, _division, _season, bouts = _fought_season(ruleset)
    url = reverse("bout-void", args=[bouts[0].pk])
    stranger = as_user(api_factories.user())
    assert stranger.post(url, {"reason": "x"}, format="json").status_code == 403
    staff = as_user(api_factories.user(staff=True))
    assert staff.post(url, {}, format="json").status_code == 400
    with django_capture_on_commit_callbacks(execute=True):
        response = staff.post(url, {"reason": "doping"}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["status"] == "voided" and body["void_reason"] == "doping" and body["voided_by"]
    again = staff.post(url, {"reason": "doping"}, format="json")
    assert again.status_code == 400 and "already voided" in str(again.json())
    assert league_check(league=league) == []
    page = staff.get(reverse("bout", args=[bouts[0].pk]))
    assert page.status_code == 200 and "Result voided" in page.content.decode()


def test_void_bout_command(ruleset, capsys):
    league, _division, _season, bouts = _fought_season(ruleset)
    with TestCase.captureOnCommitCallbacks(execute=True):
        call_command("void_bout", str(bouts[2].pk), "--reason", "wrong fighter")
    assert Bout.objects.get(pk=bouts[2].pk).status == BoutStatus.VOIDED
    assert league_check(league=league) == []
    with pytest.raises(CommandError, match="already voided"):
        call_command("void_bout", str(bouts[2].pk), "--reason", "again")
    with pytest.raises(CommandError, match="no bout"):
        call_command("void_bout", "999999", "--reason", "x")
