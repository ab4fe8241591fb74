"""Bout requests: ask, answer, approve; eligibility at every step; who may act."""

import datetime

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from bouts.models import Bout, BoutStatus, MedicalSuspension
from core.dates import long_date
from fighters.services import fighter_retire
from league.models import BoutRequest, League, RequestStatus
from league.services.bout_requests import (
    request_answer,
    request_approve,
    request_create,
    request_refuse,
    request_withdraw,
)
from tests.api import factories
from tests.api.managers import world

pytestmark = pytest.mark.django_db


@pytest.fixture
def w():
    factories.reset()
    return world()


def _ask(w, **kw):
    return request_create(user=w.owner, fighter=w.mine[0], opponent=w.theirs[0], **kw)


def test_ask_accept_approve_makes_an_unqueued_bout_on_the_event(w):
    asked = _ask(w, message="Let's go")
    assert asked.status == RequestStatus.PENDING
    assert asked.opponent_camp == w.camp_b and asked.division == w.division
    accepted = request_answer(user=w.other_manager, bout_request=asked, accept=True)
    assert accepted.status == RequestStatus.ACCEPTED
    approved = request_approve(user=w.commissioner, bout_request=accepted, event=w.event)
    bout = Bout.objects.get(pk=approved.bout_id)
    assert approved.status == RequestStatus.APPROVED and approved.event == w.event
    assert bout.status == BoutStatus.SCHEDULED and bout.inputs is None
    assert (bout.red, bout.blue, bout.event, bout.division) == (
        w.mine[0],
        w.theirs[0],
        w.event,
        w.division,
    )
    assert bout.scheduled_rounds == min(w.league.rounds, bout.scheduled_rounds)


def test_decline_and_withdraw(w):
    asked = _ask(w)
    declined = request_answer(
        user=w.other_manager, bout_request=asked, accept=False, answer="Not now"
    )
    assert (declined.status, declined.answer) == (RequestStatus.DECLINED, "Not now")
    again = _ask(w)  # a closed request does not block a new one
    assert request_withdraw(user=w.owner, bout_request=again).status == RequestStatus.WITHDRAWN
    with pytest.raises(ValidationError) as exc:
        request_answer(user=w.other_manager, bout_request=again, accept=True)
    assert exc.value.message_dict["status"] == ["This request is withdrawn."]


def test_best_available_within_n_places_picks_a_fighter_of_another_camp(w):
    asked = request_create(user=w.owner, fighter=w.mine[0], within=3)
    assert asked.opponent in (*w.theirs, w.free)
    assert asked.opponent.camp_id != w.camp_a.pk
    assert asked.within_places == 3


def test_best_available_skips_the_ineligible(w):
    for other in (*w.theirs[1:], w.free):
        fighter_retire(fighter=other, on=datetime.date(2020, 1, 1))
    asked = request_create(user=w.owner, fighter=w.mine[0], within=5)
    assert asked.opponent == w.theirs[0]
    fighter_retire(fighter=w.theirs[0], on=datetime.date(2020, 1, 1))
    with pytest.raises(ValidationError) as exc:
        request_create(user=w.owner, fighter=w.mine[1], within=5)
    assert "Nobody within 5 places" in exc.value.message_dict["within"][0]


def test_best_available_passes_over_the_unfit_and_says_why(w):
    for other in (*w.theirs, w.free):
        MedicalSuspension.objects.create(
            fighter=other,
            starts_on=w.league.date,
            ends_on=w.league.date + datetime.timedelta(days=9),
            reason="cut",
        )
    with pytest.raises(ValidationError) as exc:
        request_create(user=w.owner, fighter=w.mine[0], within=5)
    [message] = exc.value.message_dict["within"]
    assert message.startswith("Nobody within 5 places of Ace 0 can fight him (")
    assert "is suspended until 10 Jan 2026 (cut).)" in message
    # His own fitness first: an unfit asker is told so at his field.
    MedicalSuspension.objects.create(
        fighter=w.mine[0], starts_on=w.league.date, ends_on=w.league.date, reason="sore hand"
    )
    with pytest.raises(ValidationError) as own:
        request_create(user=w.owner, fighter=w.mine[0], within=5)
    assert own.value.message_dict == {
        "fighter": ["Ace 0 is suspended until 1 Jan 2026 (sore hand)."]
    }


def test_a_request_is_judged_on_the_league_date_not_the_real_one(w):
    League.objects.filter(pk=w.league.pk).update(today=datetime.date(2031, 6, 7))
    w.league.refresh_from_db()
    # Suspended on the real clock's date only: no matter to the league.
    MedicalSuspension.objects.create(
        fighter=w.theirs[0],
        starts_on=timezone.localdate(),
        ends_on=timezone.localdate() + datetime.timedelta(days=60),
        reason="real-world cut",
    )
    assert _ask(w).opponent == w.theirs[0]
    # Suspended on the league's date: refused, with its league date.
    MedicalSuspension.objects.create(
        fighter=w.theirs[1],
        starts_on=datetime.date(2031, 6, 1),
        ends_on=datetime.date(2031, 6, 30),
        reason="cut",
    )
    with pytest.raises(ValidationError) as exc:
        request_create(user=w.owner, fighter=w.mine[1], opponent=w.theirs[1])
    assert exc.value.message_dict == {
        "opponent": [f"{w.theirs[1].name} is suspended until 30 Jun 2031 (cut)."]
    }
    # The events before the league's date are over, though ahead of the real clock.
    with pytest.raises(ValidationError) as over:
        request_create(user=w.owner, fighter=w.mine[1], opponent=w.free, event=w.event)
    assert "is over" in over.value.message_dict["event"][0]


@pytest.mark.parametrize("step", ["request", "acceptance", "approval"])
def test_a_suspended_fighter_is_refused_at_each_step(w, step):
    # League dates: from the league's date (a request with no event is judged
    # on it) past the event's (the approval's).
    ends_on = w.event.date + datetime.timedelta(days=30)
    refused = f"{w.theirs[0].name} is suspended until {long_date(ends_on)} (knocked out)."

    def suspend():
        MedicalSuspension.objects.create(
            fighter=w.theirs[0], starts_on=w.league.date, ends_on=ends_on, reason="knocked out"
        )

    if step == "request":
        suspend()
        with pytest.raises(ValidationError) as exc:
            _ask(w)
        assert exc.value.message_dict["opponent"] == [refused]
        assert not BoutRequest.objects.exists()
        return
    asked = _ask(w)
    if step == "acceptance":
        suspend()
        with pytest.raises(ValidationError) as exc:
            request_answer(user=w.other_manager, bout_request=asked, accept=True)
        assert BoutRequest.objects.get(pk=asked.pk).status == RequestStatus.PENDING
    else:
        request_answer(user=w.other_manager, bout_request=asked, accept=True)
        suspend()
        with pytest.raises(ValidationError) as exc:
            request_approve(user=w.commissioner, bout_request=asked, event=w.event)
        assert BoutRequest.objects.get(pk=asked.pk).status == RequestStatus.ACCEPTED
        assert not Bout.objects.exists()
    assert exc.value.message_dict["opponent"] == [refused]


def test_other_division_weight_and_missing_card_are_named(w):
    heavy = factories.fighter(weight_class="heavyweight", name="Big Ben")
    with pytest.raises(ValidationError) as exc:
        _ask_against(w, heavy)
    assert "not on the roster" in exc.value.message_dict["opponent"][0]
    w.division.fighters.add(heavy)
    with pytest.raises(ValidationError) as exc:
        _ask_against(w, heavy)
    assert "is a Heavyweight, not a Middleweight" in exc.value.message_dict["opponent"][0]
    cardless = factories.fighter(name="No Card", ruleset="pocket")
    w.division.fighters.add(cardless)
    with pytest.raises(ValidationError) as exc:
        _ask_against(w, cardless)
    assert f"has no {w.league.ruleset} card" in exc.value.message_dict["opponent"][0]
    assert not BoutRequest.objects.exists()


def _ask_against(w, opponent):
    return request_create(user=w.owner, fighter=w.mine[0], opponent=opponent)


def test_one_bout_per_event(w):
    first = _ask(w)
    request_answer(user=w.other_manager, bout_request=first, accept=True)
    request_approve(user=w.commissioner, bout_request=first, event=w.event)
    with pytest.raises(ValidationError) as exc:
        request_create(user=w.owner, fighter=w.mine[0], opponent=w.theirs[1], event=w.event)
    assert "one bout per fighter per event" in exc.value.message_dict["fighter"][0]


def test_bad_input_is_a_field_error(w):
    with pytest.raises(ValidationError) as both:
        request_create(user=w.owner, fighter=w.mine[0], opponent=w.theirs[0], within=2)
    assert "opponent" in both.value.message_dict
    with pytest.raises(ValidationError) as far:
        request_create(user=w.owner, fighter=w.mine[0], within=99)
    assert "within" in far.value.message_dict
    with pytest.raises(ValidationError) as own:
        _ask_against(w, w.mine[1])
    assert "have the same manager" in own.value.message_dict["opponent"][0]
    _ask(w)
    with pytest.raises(ValidationError) as twice:
        request_create(user=w.other_manager, fighter=w.theirs[0], opponent=w.mine[0])
    assert "is open" in twice.value.message_dict["opponent"][0]
    past = factories.event(league=w.league, date=w.league.date - datetime.timedelta(1))
    with pytest.raises(ValidationError) as over:
        request_create(user=w.owner, fighter=w.mine[1], opponent=w.theirs[1], event=past)
    assert "is over" in over.value.message_dict["event"][0]
    assert BoutRequest.objects.count() == 1


@pytest.mark.parametrize("who", ["anonymous", "plain", "outsider", "other_manager", "commissioner"])
def test_only_the_owner_or_staff_asks_for_his_fighter(w, who):
    actor = AnonymousUser() if who == "anonymous" else getattr(w, who)
    with pytest.raises(PermissionDenied):
        request_create(user=actor, fighter=w.mine[0], opponent=w.theirs[0])
    assert not BoutRequest.objects.exists()
    assert request_create(user=w.staff, fighter=w.mine[0], opponent=w.theirs[0]).pk


def test_an_owner_who_left_the_league_cannot_ask(w):
    w.league.memberships.filter(user=w.owner).delete()
    with pytest.raises(PermissionDenied):
        _ask(w)


@pytest.mark.parametrize("who", ["anonymous", "plain", "outsider", "owner", "commissioner"])
def test_only_the_other_manager_or_staff_answers(w, who):
    asked = _ask(w)
    actor = AnonymousUser() if who == "anonymous" else getattr(w, who)
    with pytest.raises(PermissionDenied):
        request_answer(user=actor, bout_request=asked, accept=True)
    assert BoutRequest.objects.get(pk=asked.pk).status == RequestStatus.PENDING
    assert request_answer(user=w.staff, bout_request=asked, accept=False).status == "declined"


def test_the_commissioner_answers_for_a_free_agent(w):
    asked = request_create(user=w.owner, fighter=w.mine[0], opponent=w.free)
    with pytest.raises(PermissionDenied):
        request_answer(user=w.outsider, bout_request=asked, accept=True)
    assert request_answer(user=w.commissioner, bout_request=asked, accept=True).status == (
        RequestStatus.ACCEPTED
    )


@pytest.mark.parametrize("who", ["anonymous", "plain", "outsider", "owner", "other_manager"])
def test_only_the_commissioner_or_staff_approves_or_refuses(w, who):
    asked = _ask(w)
    request_answer(user=w.other_manager, bout_request=asked, accept=True)
    actor = AnonymousUser() if who == "anonymous" else getattr(w, who)
    with pytest.raises(PermissionDenied):
        request_approve(user=actor, bout_request=asked, event=w.event)
    with pytest.raises(PermissionDenied):
        request_refuse(user=actor, bout_request=asked)
    assert BoutRequest.objects.get(pk=asked.pk).status == RequestStatus.ACCEPTED
    assert not Bout.objects.exists()
    assert request_approve(user=w.staff, bout_request=asked, event=w.event).bout_id


@pytest.mark.parametrize("who", ["anonymous", "plain", "outsider", "other_manager"])
def test_only_the_asking_manager_or_staff_withdraws(w, who):
    asked = _ask(w)
    actor = AnonymousUser() if who == "anonymous" else getattr(w, who)
    with pytest.raises(PermissionDenied):
        request_withdraw(user=actor, bout_request=asked)
    assert request_withdraw(user=w.staff, bout_request=asked).status == "withdrawn"


def test_approval_needs_acceptance_an_event_of_the_league_and_room(w):
    asked = _ask(w)
    with pytest.raises(ValidationError) as early:
        request_approve(user=w.commissioner, bout_request=asked, event=w.event)
    assert "waiting for an answer" in early.value.message_dict["status"][0]
    request_answer(user=w.other_manager, bout_request=asked, accept=True)
    with pytest.raises(ValidationError) as no_event:
        request_approve(user=w.commissioner, bout_request=asked)
    assert no_event.value.message_dict["event"] == ["Choose the event the bout goes on."]
    foreign = factories.event(
        league=w.other_league, date=timezone.localdate() + datetime.timedelta(3)
    )
    with pytest.raises(ValidationError) as elsewhere:
        request_approve(user=w.commissioner, bout_request=asked, event=foreign)
    assert "is not an event of" in elsewhere.value.message_dict["event"][0]
    w.league.bouts_per_event = 1
    w.league.save()
    other = request_create(user=w.owner, fighter=w.mine[1], opponent=w.theirs[1])
    request_answer(user=w.other_manager, bout_request=other, accept=True)
    request_approve(user=w.commissioner, bout_request=other, event=w.event)
    with pytest.raises(ValidationError) as full:
        request_approve(user=w.commissioner, bout_request=asked, event=w.event)
    assert "is full (1 bouts a card)" in full.value.message_dict["event"][0]
    assert Bout.objects.count() == 1


def test_auto_approval_takes_the_next_event_with_room(w):
    w.league.auto_approve_requests = True
    w.league.bouts_per_event = 1
    w.league.save()
    first = _ask(w)
    assert request_answer(user=w.other_manager, bout_request=first, accept=True).event == w.event
    second = request_create(user=w.owner, fighter=w.mine[1], opponent=w.theirs[1])
    done = request_answer(user=w.other_manager, bout_request=second, accept=True)
    assert done.status == RequestStatus.APPROVED and done.event == w.later
    assert done.decided_by is None
    third = request_create(user=w.owner, fighter=w.mine[0], opponent=w.free)
    waiting = request_answer(user=w.commissioner, bout_request=third, accept=True)
    # Both cards are full: the request waits for the commissioner.
    assert waiting.status == RequestStatus.ACCEPTED and waiting.bout_id is None


def test_by_default_nothing_is_approved_automatically(w):
    asked = _ask(w)
    assert request_answer(user=w.other_manager, bout_request=asked, accept=True).bout_id is None


def test_staff_cannot_ask_for_a_free_agent_without_a_camp(w):
    with pytest.raises(ValidationError) as exc:
        request_create(user=w.staff, fighter=w.free, opponent=w.theirs[0])
    assert "has no camp" in exc.value.message_dict["fighter"][0]


def test_an_event_of_another_league_is_named(w):
    foreign = factories.event(
        league=w.other_league, date=timezone.localdate() + datetime.timedelta(3)
    )
    with pytest.raises(ValidationError) as exc:
        request_create(user=w.owner, fighter=w.mine[0], opponent=w.theirs[0], event=foreign)
    assert exc.value.message_dict["fighter"] == [
        f"{w.mine[0].name} fights in no division of {w.other_league.name}."
    ]


def test_a_team_league_takes_no_requests(w):
    from league.models import League

    team = factories.team_ruleset()
    if team is None:
        pytest.skip("no team ruleset registered")
    League.objects.filter(pk=w.league.pk).update(ruleset=team)
    with pytest.raises(ValidationError) as exc:
        _ask(w)
    assert "camp against camp" in exc.value.message_dict["fighter"][0]


def test_a_fought_event_or_a_tournaments_card_takes_no_requested_bout(w):
    from bouts.services import bout_queue

    first = _ask(w)
    request_answer(user=w.other_manager, bout_request=first, accept=True)
    bout = request_approve(user=w.commissioner, bout_request=first, event=w.event).bout
    bout_queue(bout=bout)  # the night has fired: the bout is queued
    with pytest.raises(ValidationError) as fought:
        request_create(user=w.owner, fighter=w.mine[1], opponent=w.theirs[1], event=w.event)
    assert fought.value.message_dict["event"] == [f"{w.event.name} has been fought already."]
    from league.models import Tournament

    cup = Tournament.objects.create(
        league=w.league, division=w.division, name="Cup", start_date=w.later.date, seed=1
    )
    w.later.tournament = cup
    w.later.save()
    with pytest.raises(ValidationError) as bracket:
        request_create(user=w.owner, fighter=w.mine[1], opponent=w.theirs[1], event=w.later)
    assert bracket.value.message_dict["event"] == [f"{w.later.name} is a tournament's card."]
    assert BoutRequest.objects.count() == 1
