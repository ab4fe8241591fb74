"""Bouts between two fighters of one manager — one camp, or two camps he owns —
are refused, however they are arranged: a request naming the opponent, "best
available within N places", an answer after a camp changed hands, the weekly
matchmaker (issue 30)."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from bouts.models import Bout
from fighters.models import Camp
from fighters.services import fighter_retire
from league.services import weekly
from league.services.bout_requests import request_answer, request_create
from tests.api import factories
from tests.api.career_world import career_world
from tests.api.conftest import as_user
from tests.api.managers import world

pytestmark = pytest.mark.django_db


@pytest.fixture
def w():
    factories.reset()
    w = world()
    # The owner of camp A buys a second camp with a fighter of the division.
    w.camp_two = factories.camp(name="Camp A Two")
    Camp.objects.filter(pk=w.camp_two.pk).update(owner=w.owner)
    w.camp_two.refresh_from_db()
    w.second = factories.fighter(camp=w.camp_two, name="Ace Two")
    w.division.fighters.add(w.second)
    return w


def test_a_request_against_a_fighter_of_another_of_his_camps_is_refused(w):
    with pytest.raises(ValidationError) as refused:
        request_create(user=w.owner, fighter=w.mine[0], opponent=w.second)
    assert "have the same manager" in refused.value.message_dict["opponent"][0]


def test_the_api_refuses_it_too(w):
    answer = as_user(w.owner).post(
        "/api/bout-requests/",
        {"fighter": w.mine[0].pk, "opponent": w.second.pk},
        format="json",
    )
    assert answer.status_code == 400, answer.content
    assert "have the same manager" in answer.json()["opponent"][0]


def test_best_available_never_picks_his_own(w):
    # Everyone of the other managers is out: only his own second camp is left.
    for other in (*w.theirs, w.free):
        fighter_retire(fighter=other, on=dt.date(2020, 1, 1))
    with pytest.raises(ValidationError) as refused:
        request_create(user=w.owner, fighter=w.mine[0], within=10)
    assert "can fight him" in refused.value.message_dict["within"][0]


def test_a_request_whose_camps_came_to_one_owner_cannot_be_accepted(w):
    asked = request_create(user=w.owner, fighter=w.mine[0], opponent=w.theirs[0])
    Camp.objects.filter(pk=w.camp_b.pk).update(owner=w.owner)
    with pytest.raises(ValidationError) as refused:
        request_answer(user=w.owner, bout_request=asked, accept=True)
    assert "have the same manager" in refused.value.message_dict["opponent"][0]


def test_the_weekly_matchmaker_never_pairs_two_camps_of_one_owner():
    league = career_world()
    camp_c = factories.camp(name="Camp C")
    Camp.objects.filter(pk=camp_c.pk).update(owner=league.owner)
    for camp in (league.camp_a, camp_c):
        fighter = factories.fighter(ruleset="webl", camp=camp, name=f"{camp.name} one")
        league.division.fighters.add(fighter)
    [report] = weekly.matchmake_week(league.league, dt.date(2026, 3, 7))
    assert report.bouts == 0
    assert not Bout.objects.filter(division=league.division).exists()
