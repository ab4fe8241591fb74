"""Commissioners add managers by username or an invitation link; managers own camps."""

import datetime

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from fighters.models import Camp
from league.models import Invitation, LeagueMembership
from league.services.membership import (
    camp_assign_owner,
    invitation_accept,
    invitation_create,
    membership_add,
)
from tests.api import factories
from tests.api.managers import world

pytestmark = pytest.mark.django_db


@pytest.fixture
def w():
    factories.reset()
    return world()


def test_commissioner_adds_a_manager_by_username_with_a_camp(w):
    newcomer = factories.user(username="newcomer")
    free_camp = factories.camp(name="Free Camp")
    factories.fighter(camp=free_camp)
    w.division.fighters.add(*free_camp.fighters.all())
    membership = membership_add(
        actor=w.commissioner, league=w.league, username="newcomer", camp=free_camp
    )
    assert membership.user == newcomer and membership.invited_by == w.commissioner
    assert Camp.objects.get(pk=free_camp.pk).owner == newcomer


@pytest.mark.parametrize("who", ["anonymous", "outsider", "owner", "other_manager", "plain"])
def test_only_the_leagues_commissioner_or_staff_adds_managers(w, who):
    factories.user(username="newcomer")
    actor = AnonymousUser() if who == "anonymous" else getattr(w, who)
    with pytest.raises(PermissionDenied):
        membership_add(actor=actor, league=w.league, username="newcomer")
    assert not LeagueMembership.objects.filter(user__username="newcomer").exists()


def test_staff_adds_managers_anywhere(w):
    factories.user(username="newcomer")
    assert membership_add(actor=w.staff, league=w.other_league, username="newcomer").pk


def test_unknown_username_twice_added_and_a_taken_camp_are_field_errors(w):
    with pytest.raises(ValidationError) as unknown:
        membership_add(actor=w.commissioner, league=w.league, username="nobody")
    assert "No account is called 'nobody'." in unknown.value.message_dict["username"]
    with pytest.raises(ValidationError) as twice:
        membership_add(actor=w.commissioner, league=w.league, username="owner")
    assert "already a manager" in twice.value.message_dict["username"][0]
    factories.user(username="newcomer")
    with pytest.raises(ValidationError) as taken:
        membership_add(actor=w.commissioner, league=w.league, username="newcomer", camp=w.camp_b)
    assert taken.value.message_dict["camp"] == ["Camp B has a manager already."]
    # All or nothing: the refused camp left no membership behind.
    assert not LeagueMembership.objects.filter(user__username="newcomer").exists()


def test_an_invitation_link_is_single_use(w):
    invitation = invitation_create(actor=w.commissioner, league=w.league)
    assert len(invitation.token) >= 30
    guest = factories.user(username="guest")
    membership = invitation_accept(user=guest, token=invitation.token, camp_name="Guest Gym")
    assert membership.league == w.league and membership.invited_by == w.commissioner
    assert Camp.objects.get(name="Guest Gym").owner == guest
    again = factories.user(username="late")
    with pytest.raises(ValidationError) as used:
        invitation_accept(user=again, token=invitation.token)
    assert used.value.message_dict["token"] == ["This invitation has been used already."]
    assert not LeagueMembership.objects.filter(user=again).exists()


def test_an_expired_or_unknown_invitation_is_refused(w):
    invitation = invitation_create(actor=w.commissioner, league=w.league, days=1)
    Invitation.objects.filter(pk=invitation.pk).update(
        expires_at=timezone.now() - datetime.timedelta(minutes=1)
    )
    guest = factories.user(username="guest")
    with pytest.raises(ValidationError) as expired:
        invitation_accept(user=guest, token=invitation.token)
    assert "expired" in expired.value.message_dict["token"][0]
    with pytest.raises(ValidationError) as unknown:
        invitation_accept(user=guest, token="not-a-token")
    assert unknown.value.message_dict["token"] == ["This invitation link is not valid."]
    assert not LeagueMembership.objects.filter(user=guest).exists()


def test_a_new_camp_with_a_taken_name_refuses_the_whole_join(w):
    invitation = invitation_create(actor=w.commissioner, league=w.league)
    guest = factories.user(username="guest")
    with pytest.raises(ValidationError) as exc:
        invitation_accept(user=guest, token=invitation.token, camp_name="Camp A")
    assert "camp_name" in exc.value.message_dict
    assert not LeagueMembership.objects.filter(user=guest).exists()
    assert Invitation.objects.get(pk=invitation.pk).accepted_at is None


@pytest.mark.parametrize("who", ["anonymous", "outsider", "owner", "other_manager"])
def test_only_the_commissioner_or_staff_makes_invitations(w, who):
    actor = AnonymousUser() if who == "anonymous" else getattr(w, who)
    with pytest.raises(PermissionDenied):
        invitation_create(actor=actor, league=w.league)
    assert not Invitation.objects.exists()


def test_invitation_days_are_bounded(w):
    with pytest.raises(ValidationError) as exc:
        invitation_create(actor=w.commissioner, league=w.league, days=0)
    assert "days" in exc.value.message_dict


def test_commissioner_assigns_a_camp_to_a_manager_of_his_league_only(w):
    camp_assign_owner(actor=w.commissioner, league=w.league, camp=w.camp_a, user=w.other_manager)
    assert Camp.objects.get(pk=w.camp_a.pk).owner == w.other_manager
    with pytest.raises(ValidationError) as exc:
        camp_assign_owner(actor=w.commissioner, league=w.league, camp=w.camp_a, user=w.plain)
    assert "is not a manager" in exc.value.message_dict["owner"][0]
    with pytest.raises(PermissionDenied):
        camp_assign_owner(actor=w.outsider, league=w.league, camp=w.camp_a, user=w.owner)
    with pytest.raises(PermissionDenied):
        camp_assign_owner(actor=w.owner, league=w.league, camp=w.camp_a, user=w.owner)
    stranger = factories.camp(name="Elsewhere")
    with pytest.raises(ValidationError):
        camp_assign_owner(actor=w.commissioner, league=w.league, camp=stranger, user=w.owner)
    assert Camp.objects.get(pk=w.camp_a.pk).owner == w.other_manager
