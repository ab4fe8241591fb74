"""The demo's two managers (``load_demo --managers``, which ``make demo`` runs):
known accounts, each owning a camp of fighters in the WeBL demo league, an
upcoming event to ask bouts onto, and one bout request waiting for an answer.

Known passwords belong in the embedded demo database only, never in a league
people play: that is why only the demo asks for them (README, "Play as a
manager")."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db.models import Count, Max
from django.utils import timezone

from fighters.models import Fighter
from league.models import BoutRequest, Event, League, LeagueMembership
from league.services.bout_requests import open_events, request_create
from league.services.membership import league_camps

DEMO_LEAGUE = "demo-webl"
MANAGERS = (("mara", "ringside-mara"), ("jules", "ringside-jules"))
FIGHT_NIGHT_IN_DAYS = 7


def demo_league() -> League | None:
    """The WeBL demo league (the first demo league when WeBL is not registered)."""
    league = League.objects.filter(slug=DEMO_LEAGUE).first()
    return league or League.objects.filter(slug__startswith="demo-").order_by("slug").first()


def ensure_managers(league: League) -> list[tuple[str, str, str]]:
    """The two managers with their camps (made or reset); ``[(username, password,
    camp name)]``."""
    users = get_user_model()
    camps = list(
        league_camps(league)
        .annotate(size=Count("fighters", distinct=True))
        .order_by("-size", "name")[: len(MANAGERS)]
    )
    made = []
    for (username, password), camp in zip(MANAGERS, camps):
        user = users.objects.filter(username=username).first() or users(username=username)
        user.set_password(password)
        user.save()
        LeagueMembership.objects.get_or_create(league=league, user=user)
        if camp.owner_id != user.pk:
            camp.owner = user
            camp.manager = username
            camp.save(update_fields=["owner", "manager"])
        made.append((username, password, camp.name))
    _upcoming_event(league)
    _waiting_request(league)
    return made


def _upcoming_event(league: League) -> Event:
    event = open_events([league.pk]).first()
    if event is None:
        # After everything the league has fought or booked: its next night.
        last = Event.objects.filter(league=league).aggregate(last=Max("date"))["last"]
        date = timezone.localdate() + dt.timedelta(days=FIGHT_NIGHT_IN_DAYS)
        if last is not None and last >= date:
            date = last + dt.timedelta(days=league.days_between_events or 1)
        event = Event(
            league=league,
            name=f"{league.name} Fight Night",
            date=date,
            venue="Ringside Arena",
        )
        event.full_clean()
        event.save()
    return event


def _waiting_request(league: League) -> None:
    """Jules asks Mara's camp for a bout, so her desk has something to answer."""
    if BoutRequest.objects.filter(league=league).exists():
        return
    users = get_user_model()
    asking = users.objects.filter(username=MANAGERS[1][0]).first()
    asked = users.objects.filter(username=MANAGERS[0][0]).first()
    if asking is None or asked is None:
        return
    in_league = Fighter.objects.filter(divisions__league=league, is_active=True).order_by(
        "name", "id"
    )
    opponents = list(in_league.filter(camp__owner=asked))
    for fighter in in_league.filter(camp__owner=asking).select_related("camp"):
        for opponent in opponents:
            try:
                request_create(
                    user=asking, fighter=fighter, opponent=opponent, message="Fancy a fight?"
                )
            except ValidationError:
                continue
            return
