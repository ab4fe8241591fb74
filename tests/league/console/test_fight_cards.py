"""The card builder's services: one rule for every door (the bouts app's), a
permission per role, reordering only before anything is queued."""

import datetime as dt

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from bouts.models import Bout, BoutStatus, MedicalSuspension
from core.dates import long_date
from fighters.services import fighter_retire
from league.services import fight_cards
from tests.api import factories

pytestmark = pytest.mark.django_db

DATE = dt.date(2026, 2, 1)


@pytest.fixture
def card():
    commissioner = factories.user(username="commish")
    league = factories.league(ruleset="webl", commissioners=[commissioner])
    fighters = [factories.fighter(ruleset="webl") for _ in range(6)]
    division = factories.division(league=league, fighters=fighters)
    event = factories.event(league=league, date=DATE)
    return {
        "commissioner": commissioner,
        "league": league,
        "division": division,
        "event": event,
        "fighters": fighters,
    }


def add(card, red, blue, user=None, **extra):
    return fight_cards.card_bout_add(
        user=user or card["commissioner"],
        event=card["event"],
        division=card["division"],
        red=red,
        blue=blue,
        **extra,
    )


def test_each_new_bout_becomes_the_main_event(card):
    f = card["fighters"]
    first = add(card, f[0], f[1])
    second = add(card, f[2], f[3], title=True)
    assert (first.order, second.order) == (1, 2)
    assert first.status == second.status == BoutStatus.SCHEDULED
    assert first.scheduled_rounds == card["league"].rounds
    assert second.scheduled_rounds == min(card["league"].title_rounds, 15)


@pytest.mark.parametrize("who", ["anonymous", "plain", "other_commissioner"])
def test_strangers_cannot_touch_the_card(card, who):
    from django.contrib.auth.models import AnonymousUser

    users = {
        "anonymous": AnonymousUser(),
        "plain": factories.user(),
        "other_commissioner": factories.user(),
    }
    factories.league(commissioners=[users["other_commissioner"]])
    f = card["fighters"]
    bout = add(card, f[0], f[1])
    user = users[who]
    with pytest.raises(PermissionDenied):
        add(card, f[2], f[3], user=user)
    with pytest.raises(PermissionDenied):
        fight_cards.card_bout_move(user=user, bout=bout, direction="up")
    with pytest.raises(PermissionDenied):
        fight_cards.card_bout_remove(user=user, bout=bout)
    with pytest.raises(PermissionDenied):
        fight_cards.card_fight(user=user, event=card["event"])
    assert list(Bout.objects.values_list("pk", "status")) == [(bout.pk, BoutStatus.SCHEDULED)]


def test_staff_may_build_any_card(card):
    f = card["fighters"]
    assert add(card, f[0], f[1], user=factories.user(staff=True)).pk


def test_the_bouts_rules_refuse_an_ineligible_side_with_its_reason(card):
    f = card["fighters"]
    add(card, f[0], f[1])
    with pytest.raises(ValidationError) as twice:
        add(card, f[0], f[2])
    assert "one bout per fighter per event" in str(twice.value)
    outsider = factories.fighter(ruleset="webl")
    with pytest.raises(ValidationError) as roster:
        add(card, outsider, f[2])
    assert "not on the roster" in str(roster.value)
    MedicalSuspension.objects.create(
        fighter=f[3], reason="knocked out", starts_on=DATE, ends_on=DATE + dt.timedelta(days=30)
    )
    with pytest.raises(ValidationError) as suspended:
        add(card, f[2], f[3])
    # The league's fitness rule, in the words the pages show.
    until = long_date(DATE + dt.timedelta(days=30))
    assert suspended.value.message_dict == {
        "blue": [f"{f[3].name} is suspended until {until} (knocked out)."]
    }
    fighter_retire(fighter=f[4], on=DATE - dt.timedelta(days=1))
    with pytest.raises(ValidationError) as retired:
        add(card, f[4], f[2])
    assert retired.value.message_dict == {"red": [f"{f[4].name} is retired."]}
    with pytest.raises(ValidationError) as judges:
        add(card, f[2], f[5], judges=[object()])  # one judge: three or none
    assert "judges" in judges.value.message_dict
    assert Bout.objects.count() == 1


def test_move_swaps_neighbours_and_only_before_anything_is_queued(
    card, django_capture_on_commit_callbacks
):
    f = card["fighters"]
    a, b, c = add(card, f[0], f[1]), add(card, f[2], f[3]), add(card, f[4], f[5])
    fight_cards.card_bout_move(user=card["commissioner"], bout=a, direction="up")
    order = dict(Bout.objects.values_list("pk", "order"))
    assert (order[a.pk], order[b.pk], order[c.pk]) == (2, 1, 3)
    fight_cards.card_bout_move(user=card["commissioner"], bout=c, direction="up")  # already main
    assert dict(Bout.objects.values_list("pk", "order")) == order
    with pytest.raises(ValidationError):
        fight_cards.card_bout_move(user=card["commissioner"], bout=a, direction="sideways")
    Bout.objects.filter(pk=b.pk).update(status=BoutStatus.QUEUED)
    with pytest.raises(ValidationError):
        fight_cards.card_bout_move(user=card["commissioner"], bout=a, direction="down")
    assert dict(Bout.objects.values_list("pk", "order")) == order


def test_remove_only_a_bout_not_yet_queued(card):
    f = card["fighters"]
    a, b = add(card, f[0], f[1]), add(card, f[2], f[3])
    fight_cards.card_bout_remove(user=card["commissioner"], bout=a)
    Bout.objects.filter(pk=b.pk).update(status=BoutStatus.QUEUED)
    with pytest.raises(ValidationError):
        fight_cards.card_bout_remove(user=card["commissioner"], bout=b)
    assert list(Bout.objects.values_list("pk", flat=True)) == [b.pk]


def test_fight_queues_the_card_and_the_bouts_are_fought(card, django_capture_on_commit_callbacks):
    f = card["fighters"]
    add(card, f[0], f[1])
    add(card, f[2], f[3])
    with django_capture_on_commit_callbacks(execute=True):
        fired = fight_cards.card_fight(user=card["commissioner"], event=card["event"])
    # Counted as it returns: the test's transaction holds the workers until the block ends.
    assert fired == {"queued": 2, "finished": 0, "in_flight": 2, "postponed": 0, "waiting": False}
    assert set(Bout.objects.values_list("status", flat=True)) == {BoutStatus.COMPLETED}
    card["event"].refresh_from_db()
    assert card["event"].fired_at is not None
    with pytest.raises(ValidationError):
        fight_cards.card_fight(user=card["commissioner"], event=card["event"])


def test_a_fighter_retired_since_booking_is_postponed_then_rebooked(
    card, django_capture_on_commit_callbacks
):
    f = card["fighters"]
    kept = add(card, f[0], f[1])
    hit = add(card, f[2], f[3])
    MedicalSuspension.objects.create(
        fighter=f[3], reason="cut eye", starts_on=DATE, ends_on=DATE + dt.timedelta(days=20)
    )
    with django_capture_on_commit_callbacks(execute=True):
        fired = fight_cards.card_fight(user=card["commissioner"], event=card["event"])
    assert fired == {"queued": 1, "finished": 0, "in_flight": 1, "postponed": 1, "waiting": False}
    kept.refresh_from_db()
    hit.refresh_from_db()
    assert kept.status == BoutStatus.COMPLETED
    assert hit.status == BoutStatus.POSTPONED and "suspended" in hit.postponed_reason
    soon = factories.event(league=card["league"], date=DATE + dt.timedelta(days=7))
    later = factories.event(league=card["league"], date=DATE + dt.timedelta(days=28))
    with pytest.raises(PermissionDenied):
        fight_cards.card_rebook(user=factories.user(), bout=hit, event=later)
    with pytest.raises(ValidationError):
        fight_cards.card_rebook(user=card["commissioner"], bout=hit, event=soon)
    fight_cards.card_rebook(user=card["commissioner"], bout=hit, event=later)
    hit.refresh_from_db()
    assert (hit.event_id, hit.status, hit.date) == (later.pk, BoutStatus.SCHEDULED, later.date)


def test_requeue_only_a_failed_bout(card, django_capture_on_commit_callbacks):
    f = card["fighters"]
    bout = add(card, f[0], f[1])
    with pytest.raises(ValidationError):
        fight_cards.card_requeue(user=card["commissioner"], bout=bout)
    Bout.objects.filter(pk=bout.pk).update(status=BoutStatus.FAILED, failure_reason="lost")
    bout.refresh_from_db()
    with pytest.raises(PermissionDenied):
        fight_cards.card_requeue(user=factories.user(), bout=bout)
    with django_capture_on_commit_callbacks(execute=True):
        fight_cards.card_requeue(user=card["commissioner"], bout=bout)
    bout.refresh_from_db()
    assert bout.status == BoutStatus.COMPLETED


def test_a_fought_card_takes_no_new_bout(card, django_capture_on_commit_callbacks):
    f = card["fighters"]
    add(card, f[0], f[1])
    with django_capture_on_commit_callbacks(execute=True):
        fight_cards.card_fight(user=card["commissioner"], event=card["event"])
    with pytest.raises(ValidationError) as closed:
        add(card, f[2], f[3])
    assert "next card" in str(closed.value) and "closed" in str(closed.value)
    assert Bout.objects.count() == 1


def test_a_card_with_a_queued_bout_is_closed_even_before_its_night_is_marked_fired(card):
    f = card["fighters"]
    bout = add(card, f[0], f[1])
    assert not fight_cards.card_closed(card["event"])
    Bout.objects.filter(pk=bout.pk).update(status=BoutStatus.QUEUED)
    assert fight_cards.card_closed(card["event"])
    with pytest.raises(ValidationError):
        add(card, f[2], f[3])
