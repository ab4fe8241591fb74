"""A league played by two managers, for the membership, bout request and desk
tests: every role the permission tests need."""

from __future__ import annotations

import datetime
from types import SimpleNamespace

from django.utils import timezone

from fighters.models import Camp
from league.models import LeagueMembership

from . import factories


def world(*, fighters_per_camp=2) -> SimpleNamespace:
    """League ``league`` (commissioner ``commissioner``) with one division, camps
    ``camp_a`` (owner ``owner``) and ``camp_b`` (owner ``other_manager``), a free
    agent, an upcoming event; ``outsider`` commissions another league; ``staff``."""
    commissioner = factories.user(username="commish")
    owner = factories.user(username="owner")
    other_manager = factories.user(username="rival")
    outsider = factories.user(username="outsider")
    staff = factories.user(staff=True, username="staff")
    plain = factories.user(username="fan")
    league = factories.league(commissioners=[commissioner])
    other_league = factories.league(commissioners=[outsider])
    camp_a = factories.camp(name="Camp A")
    camp_b = factories.camp(name="Camp B")
    Camp.objects.filter(pk=camp_a.pk).update(owner=owner)
    Camp.objects.filter(pk=camp_b.pk).update(owner=other_manager)
    camp_a.refresh_from_db()
    camp_b.refresh_from_db()
    mine = [factories.fighter(camp=camp_a, name=f"Ace {n}") for n in range(fighters_per_camp)]
    theirs = [factories.fighter(camp=camp_b, name=f"Bolt {n}") for n in range(fighters_per_camp)]
    free = factories.fighter(name="Free Agent")
    division = factories.division(league=league, fighters=[*mine, *theirs, free])
    for user in (owner, other_manager):
        LeagueMembership.objects.create(league=league, user=user)
    today = timezone.localdate()
    event = factories.event(league=league, date=today + datetime.timedelta(days=14))
    later = factories.event(league=league, date=today + datetime.timedelta(days=28))
    return SimpleNamespace(
        league=league,
        other_league=other_league,
        division=division,
        commissioner=commissioner,
        owner=owner,
        other_manager=other_manager,
        outsider=outsider,
        staff=staff,
        plain=plain,
        camp_a=camp_a,
        camp_b=camp_b,
        mine=mine,
        theirs=theirs,
        free=free,
        event=event,
        later=later,
    )
