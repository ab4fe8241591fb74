"""Challenge ladders (the bridge): who may make one and issue challenges, the
ladder's rules asked on the league's date, the challenge booked as a bout, and
the ranks following the bouts once (recorded twice, voided)."""

import datetime as dt

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import TestCase

from bouts import signals
from bouts.models import Bout, BoutStatus, MedicalSuspension
from bouts.services.voiding import bout_void
from league.ladders.models import ChallengeStatus, LadderChallenge
from league.ladders.services import (
    challenge_cancel,
    challenge_issue,
    ladder_create,
    ladders_settle_bouts,
)
from tests.api import factories
from tests.api.managers import world

from .conftest import record

pytestmark = pytest.mark.django_db


@pytest.fixture
def w():
    factories.reset()
    w = world()
    # Top to bottom: Bolt 0, Bolt 1, Free Agent, Ace 0, Ace 1.
    w.ladder = ladder_create(
        user=w.commissioner,
        division=w.division,
        name="Middle ladder",
        reach=2,
        fighters=[*w.theirs, w.free, *w.mine],
    )
    return w


def _order(ladder):
    return [r.fighter.name for r in ladder.rungs.select_related("fighter").order_by("rank")]


def _error(exc_info) -> str:
    return " ".join(m for ms in exc_info.value.message_dict.values() for m in ms)


def test_only_a_commissioner_or_staff_makes_a_ladder(w):
    for user in (AnonymousUser(), w.plain, w.owner, w.outsider):
        with pytest.raises(PermissionDenied):
            ladder_create(user=user, division=w.division, reach=2)
    made = ladder_create(user=w.staff, division=w.division, reach=2, size=4)
    assert made.rungs.count() == 4 and made.name == f"{w.division.name} ladder 2"
    with pytest.raises(ValidationError) as caught:
        ladder_create(user=w.commissioner, division=w.division, reach=11)
    assert "1 to 10 places" in _error(caught)


def test_the_commissioner_issues_a_challenge_booked_as_a_bout(w):
    challenge = challenge_issue(
        user=w.commissioner, ladder=w.ladder, challenger=w.mine[1], defender=w.free
    )
    bout = challenge.bout
    assert challenge.status == ChallengeStatus.OPEN
    assert (challenge.challenger_rank, challenge.defender_rank) == (5, 3)
    assert (bout.red, bout.blue) == (w.free, w.mine[1])  # the defender in the red corner
    assert bout.status == BoutStatus.SCHEDULED and bout.division == w.division
    assert bout.event.name.startswith("Middle ladder · ") and bout.date >= w.league.date


def test_a_manager_challenges_for_his_own_fighter_only_where_the_ladder_allows(w):
    made = challenge_issue(user=w.owner, ladder=w.ladder, challenger=w.mine[0], defender=w.free)
    assert made.issued_by == w.owner
    with pytest.raises(PermissionDenied, match="not a fighter of your camp"):
        challenge_issue(user=w.owner, ladder=w.ladder, challenger=w.theirs[1], defender=w.theirs[0])
    with pytest.raises(PermissionDenied, match="not a manager"):
        challenge_issue(user=w.plain, ladder=w.ladder, challenger=w.mine[1], defender=w.mine[0])
    with pytest.raises(PermissionDenied, match="Sign in"):
        challenge_issue(
            user=AnonymousUser(), ladder=w.ladder, challenger=w.mine[1], defender=w.mine[0]
        )
    with pytest.raises(PermissionDenied):
        challenge_issue(
            user=w.outsider, ladder=w.ladder, challenger=w.theirs[1], defender=w.theirs[0]
        )
    w.ladder.managers_challenge = False
    w.ladder.save()
    with pytest.raises(PermissionDenied, match="Only the commissioners"):
        challenge_issue(
            user=w.other_manager, ladder=w.ladder, challenger=w.theirs[1], defender=w.theirs[0]
        )


def test_reach_and_one_open_challenge_a_fighter(w):
    with pytest.raises(ValidationError) as caught:
        challenge_issue(
            user=w.commissioner, ladder=w.ladder, challenger=w.mine[1], defender=w.theirs[1]
        )
    assert "3 places above" in _error(caught)
    challenge_issue(user=w.commissioner, ladder=w.ladder, challenger=w.mine[1], defender=w.free)
    with pytest.raises(ValidationError) as caught:
        challenge_issue(user=w.commissioner, ladder=w.ladder, challenger=w.mine[0], defender=w.free)
    assert "Free Agent already has an open challenge (against Ace 1)" in _error(caught)
    with pytest.raises(ValidationError) as caught:
        challenge_issue(
            user=w.commissioner, ladder=w.ladder, challenger=w.mine[1], defender=w.mine[0]
        )
    assert "Ace 1 already has an open challenge" in _error(caught)


def test_an_unfit_fighter_cannot_be_challenged_and_is_told_why(w):
    today = w.league.date
    MedicalSuspension.objects.create(
        fighter=w.theirs[1],
        reason="KO loss",
        starts_on=today,
        ends_on=today + dt.timedelta(days=30),
    )
    with pytest.raises(ValidationError) as caught:
        challenge_issue(
            user=w.commissioner, ladder=w.ladder, challenger=w.free, defender=w.theirs[1]
        )
    assert "Bolt 1 cannot be challenged now: suspended until" in _error(caught)


def test_the_challengers_win_swaps_them_once_and_a_void_takes_it_back(w):
    challenge = challenge_issue(
        user=w.commissioner, ladder=w.ladder, challenger=w.mine[1], defender=w.free
    )
    record(challenge.bout, "blue", "KO")  # the challenger, in the blue corner
    assert _order(w.ladder) == ["Bolt 0", "Bolt 1", "Ace 1", "Ace 0", "Free Agent"]
    challenge.refresh_from_db()
    assert challenge.status == ChallengeStatus.FOUGHT and challenge.winner == "challenger"
    # Delivered again (a retry, a duplicate message): nothing moves twice.
    ladders_settle_bouts([challenge.bout_id])
    signals.recorded.send(sender=signals.BoutFact, bouts=[signals.fact(challenge.bout)])
    assert _order(w.ladder) == ["Bolt 0", "Bolt 1", "Ace 1", "Ace 0", "Free Agent"]
    # Free again: the winner challenges on.
    again = challenge_issue(
        user=w.commissioner, ladder=w.ladder, challenger=w.mine[1], defender=w.theirs[0]
    )
    assert again.challenger_rank == 3
    with TestCase.captureOnCommitCallbacks(execute=True):
        bout_void(bout=Bout.objects.get(pk=challenge.bout_id), reason="wrong card", user=w.staff)
    assert _order(w.ladder) == ["Bolt 0", "Bolt 1", "Free Agent", "Ace 0", "Ace 1"]
    challenge.refresh_from_db()
    assert challenge.status == ChallengeStatus.CANCELLED and "voided" in challenge.reason


@pytest.mark.parametrize("winner", ["red", None])
def test_a_draw_or_the_defenders_win_keeps_the_ranks(w, winner):
    challenge = challenge_issue(
        user=w.commissioner, ladder=w.ladder, challenger=w.mine[1], defender=w.free
    )
    record(challenge.bout, winner, "UD" if winner else "DRAW")
    assert _order(w.ladder) == ["Bolt 0", "Bolt 1", "Free Agent", "Ace 0", "Ace 1"]
    challenge.refresh_from_db()
    assert challenge.winner == ("defender" if winner else "draw")


def test_the_commissioner_withdraws_an_open_challenge(w):
    challenge = challenge_issue(
        user=w.commissioner, ladder=w.ladder, challenger=w.mine[1], defender=w.free
    )
    with pytest.raises(PermissionDenied):
        challenge_cancel(user=w.owner, challenge=challenge, reason="no")
    challenge_cancel(user=w.commissioner, challenge=challenge, reason="injured in training")
    challenge.refresh_from_db()
    assert challenge.status == ChallengeStatus.CANCELLED and challenge.bout is None
    assert not Bout.objects.filter(red=w.free).exists()
    challenge_issue(user=w.commissioner, ladder=w.ladder, challenger=w.mine[0], defender=w.free)


def test_the_database_keeps_one_open_challenge_a_defender(w):
    from django.db import IntegrityError, transaction

    challenge_issue(user=w.commissioner, ladder=w.ladder, challenger=w.mine[1], defender=w.free)
    with pytest.raises(IntegrityError), transaction.atomic():
        LadderChallenge.objects.create(
            ladder=w.ladder,
            challenger=w.mine[0],
            defender=w.free,
            challenger_rank=4,
            defender_rank=3,
            issued_on=w.league.date,
        )


def test_fighting_the_challenges_card_moves_the_ladder(w, django_capture_on_commit_callbacks):
    from league.services.fight_nights import event_fire

    challenge = challenge_issue(
        user=w.commissioner, ladder=w.ladder, challenger=w.mine[1], defender=w.free
    )
    assert challenge.bout.event.fight_at is None  # a commissioner's league: his to fight
    with django_capture_on_commit_callbacks(execute=True):
        event_fire(event=challenge.bout.event)
    challenge.refresh_from_db()
    assert challenge.status == ChallengeStatus.FOUGHT
    order = _order(w.ladder)
    if challenge.winner == "challenger":
        assert order.index("Ace 1") == 2 and order.index("Free Agent") == 4
    else:
        assert order == ["Bolt 0", "Bolt 1", "Free Agent", "Ace 0", "Ace 1"]


def test_a_real_clock_league_fights_a_challenge_at_its_next_fight_time(w):
    w.league.clock = "real"
    w.league.save()
    challenge = challenge_issue(
        user=w.commissioner, ladder=w.ladder, challenger=w.mine[1], defender=w.free
    )
    assert challenge.bout.event.fight_at is not None


def test_a_challenge_whose_fighter_is_suspended_before_the_night_is_cancelled_with_why(
    w, django_capture_on_commit_callbacks
):
    from league.services.fight_nights import event_fire

    challenge = challenge_issue(
        user=w.commissioner, ladder=w.ladder, challenger=w.mine[1], defender=w.free
    )
    day = challenge.bout.date
    MedicalSuspension.objects.create(
        fighter=w.free, reason="cut", starts_on=day, ends_on=day + dt.timedelta(days=20)
    )
    with django_capture_on_commit_callbacks(execute=True):
        event_fire(event=challenge.bout.event)
    challenge.refresh_from_db()
    assert challenge.status == ChallengeStatus.CANCELLED
    assert challenge.reason.startswith("its bout was postponed")
    assert _order(w.ladder) == ["Bolt 0", "Bolt 1", "Free Agent", "Ace 0", "Ace 1"]
    # Both are free again: the challenger may challenge someone else.
    challenge_issue(user=w.commissioner, ladder=w.ladder, challenger=w.mine[1], defender=w.mine[0])
