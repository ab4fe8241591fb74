"""Who plays a league: commissioners add managers (by username or an invitation
link), managers join and own camps (docs/managers.md).

Every write checks its actor here: ``PermissionDenied`` (403) for a person who
may not do it, ``ValidationError`` with field messages (400) for bad input;
nothing is written in either case.
"""

from __future__ import annotations

import datetime
import secrets

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from core.scoping import may_commission, may_edit
from fighters.models import Camp
from fighters.scope import camp_league_ids
from league.models import Invitation, League, LeagueMembership

INVITATION_DAYS = 7
MAX_INVITATION_DAYS = 60
SIGN_IN = "Sign in first."


def _signed_in(user) -> None:
    if user is None or not user.is_authenticated:
        raise PermissionDenied(SIGN_IN)


def is_commissioner(user, league: League) -> bool:
    """Staff, or a commissioner of ``league`` (core.scoping's rule)."""
    return may_commission(user, league.pk)


def is_manager(user, league: League) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return LeagueMembership.objects.filter(league=league, user=user).exists()


def require_commissioner(user, league: League) -> None:
    _signed_in(user)
    if not is_commissioner(user, league):
        raise PermissionDenied(f"Only the commissioners of {league.name} may do this.")


def league_camps(league: League) -> QuerySet[Camp]:
    """The camps that play in ``league``: their fighters are on its rosters (or,
    under a team ruleset, the camp is in one of its divisions)."""
    return Camp.objects.filter(
        Q(fighters__divisions__league=league) | Q(divisions__league=league)
    ).distinct()


def check_camp_owner_change(actor, league: League, camp: Camp) -> None:
    """A camp's manager reads its plans in every league it plays in, so who owns
    it changes only by staff or a commissioner of all those leagues — not by the
    commissioner of one league it was also placed in. ``actor=None`` (an
    invitation whose maker's account is gone): only a camp of this league alone."""
    if not league_camps(league).filter(pk=camp.pk).exists():
        raise ValidationError({"camp": [f"{camp.name} does not play in {league.name}."]})
    leagues = camp_league_ids(camp=camp)
    allowed = leagues <= {league.pk} if actor is None else may_edit(actor, leagues)
    if not allowed:
        raise PermissionDenied(
            f"{camp.name} also plays in leagues you do not commission: only staff or "
            "a commissioner of every league it plays in may give it a manager."
        )


def _membership(*, league: League, user, invited_by) -> LeagueMembership:
    membership = LeagueMembership(league=league, user=user, invited_by=invited_by)
    try:
        membership.full_clean()
    except ValidationError:
        raise ValidationError(
            {"username": [f"{user.get_username()} is already a manager in {league.name}."]}
        ) from None
    try:
        with transaction.atomic():
            membership.save()
    except IntegrityError:  # a concurrent add of the same manager won
        raise ValidationError(
            {"username": [f"{user.get_username()} is already a manager in {league.name}."]}
        ) from None
    return membership


def _take_camp(
    *, league: League, user, camp: Camp | None, camp_name: str, granted_by
) -> Camp | None:
    """The camp a new manager plays: an ownerless camp of the league he claims
    (``granted_by``, the commissioner adding him or who made his invitation, must
    be allowed to give it: ``check_camp_owner_change``), or a new camp he names
    (empty until the commissioner signs fighters to it)."""
    if camp is not None and camp_name:
        raise ValidationError({"camp_name": ["Claim a camp or name a new one, not both."]})
    if camp is not None:
        check_camp_owner_change(granted_by, league, camp)
        # Locked so two new managers cannot both claim it.
        locked = Camp.objects.select_for_update().get(pk=camp.pk)
        if locked.owner_id is not None:
            raise ValidationError({"camp": [f"{camp.name} has a manager already."]})
        locked.owner = user
        locked.manager = locked.manager or user.get_username()
        locked.full_clean()
        locked.save(update_fields=["owner", "manager"])
        return locked
    if camp_name:
        new = Camp(name=camp_name.strip(), owner=user, manager=user.get_username())
        try:
            new.full_clean()
        except ValidationError as exc:
            raise ValidationError(
                {"camp_name": exc.message_dict.get("name", exc.messages)}
            ) from None
        new.save()
        return new
    return None


def membership_add(
    *, actor, league: League, username: str, camp: Camp | None = None
) -> LeagueMembership:
    """A commissioner adds the account ``username`` to his league as a manager,
    optionally giving him an ownerless camp of the league."""
    require_commissioner(actor, league)
    username = (username or "").strip()
    user = get_user_model().objects.filter(username=username).first() if username else None
    if user is None:
        raise ValidationError({"username": [f"No account is called {username!r}."]})
    with transaction.atomic():
        membership = _membership(league=league, user=user, invited_by=actor)
        _take_camp(league=league, user=user, camp=camp, camp_name="", granted_by=actor)
    return membership


def invitation_create(*, actor, league: League, days: int = INVITATION_DAYS) -> Invitation:
    """A single-use invitation link to join ``league`` as a manager, valid ``days``."""
    require_commissioner(actor, league)
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= MAX_INVITATION_DAYS:
        raise ValidationError({"days": [f"An invitation lasts 1 to {MAX_INVITATION_DAYS} days."]})
    now = timezone.now()
    invitation = Invitation(
        league=league,
        token=secrets.token_urlsafe(24),
        created_by=actor,
        expires_at=now + datetime.timedelta(days=days),
    )
    invitation.full_clean()
    invitation.save()
    return invitation


def invitation_problem(invitation: Invitation | None) -> str | None:
    """Why an invitation can no longer be used (None when it can)."""
    if invitation is None:
        return "This invitation link is not valid."
    if invitation.accepted_at is not None:
        return "This invitation has been used already."
    if invitation.expires_at <= timezone.now():
        return "This invitation has expired: ask the commissioner for a new link."
    return None


def invitation_accept(
    *, user, token: str, camp: Camp | None = None, camp_name: str = ""
) -> LeagueMembership:
    """``user`` joins the invitation's league as a manager (the link is used up),
    claiming an ownerless camp of the league or starting a camp of his own."""
    _signed_in(user)
    with transaction.atomic():
        invitation = (
            Invitation.objects.select_for_update()
            .select_related("league")
            .filter(token=token or "")
            .first()
        )
        problem = invitation_problem(invitation)
        if problem:
            raise ValidationError({"token": [problem]})
        league = invitation.league
        if LeagueMembership.objects.filter(league=league, user=user).exists():
            raise ValidationError({"token": [f"You are already a manager in {league.name}."]})
        membership = _membership(league=league, user=user, invited_by=invitation.created_by)
        _take_camp(
            league=league,
            user=user,
            camp=camp,
            camp_name=camp_name,
            granted_by=invitation.created_by,
        )
        invitation.accepted_by = user
        invitation.accepted_at = timezone.now()
        invitation.full_clean(exclude=["league", "created_by"])
        invitation.save(update_fields=["accepted_by", "accepted_at"])
    return membership


def camp_assign_owner(*, actor, league: League, camp: Camp, user) -> Camp:
    """A commissioner gives a camp of his league to one of its managers (``user``),
    or takes it back (``user=None``): only in leagues that hold every league the
    camp plays in (``check_camp_owner_change``), or by staff."""
    require_commissioner(actor, league)
    check_camp_owner_change(actor, league, camp)
    if user is not None and not LeagueMembership.objects.filter(league=league, user=user).exists():
        raise ValidationError(
            {"owner": [f"{user.get_username()} is not a manager in {league.name}."]}
        )
    camp.owner = user
    if user is not None:
        camp.manager = user.get_username()
    camp.full_clean()
    camp.save(update_fields=["owner", "manager"])
    return camp
