"""The demo's two managers (``load_demo --managers``, which ``make demo`` runs):
known accounts, each owning a camp of fighters in the WeBL demo league, an
upcoming fight night (half an hour away) with a bout between them to write plans
for, and one bout request waiting for an answer.

Known passwords belong in the embedded demo database only, never in a league
people play: that is why only the demo asks for them (README, "Play as a
manager")."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db.models import Count, Max
from django.utils import timezone

from bouts.models import Bout
from bouts.services import bout_schedule
from fighters.models import Fighter
from league.models import BoutRequest, Event, League, LeagueMembership
from league.services.bout_requests import open_events, request_create
from league.services.membership import league_camps

DEMO_LEAGUE = "demo-webl"
MANAGERS = (("mara", "ringside-mara"), ("jules", "ringside-jules"))
FIGHT_NIGHT_IN_DAYS = 7
FIGHT_NIGHT_IN_MINUTES = 30


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
    event = _upcoming_event(league)
    _managers_bout(league, event)
    _waiting_request(league)
    return made


def _upcoming_event(league: League) -> Event:
    event = open_events([league.pk]).first()
    if event is None:
        # A week on in the league's own calendar, after everything it has
        # fought or booked: its next night (its fight time is a real one).
        last = Event.objects.filter(league=league).aggregate(last=Max("date"))["last"]
        date = league.date + dt.timedelta(days=FIGHT_NIGHT_IN_DAYS)
        if last is not None and last >= date:
            date = last + dt.timedelta(days=league.days_between_events or 1)
        event = Event(
            league=league,
            name=f"{league.name} Fight Night",
            date=date,
            venue="Ringside Arena",
        )
    if event.fight_at is None and event.fired_at is None:
        # A fight night about to happen: time to write a plan, then
        # `manage.py fight_due_events` (the embedded demo has no beat) fires it.
        event.fight_at = timezone.now() + dt.timedelta(minutes=FIGHT_NIGHT_IN_MINUTES)
    event.full_clean()
    event.save()
    return event


def _managers_bout(league: League, event: Event) -> None:
    """A bout between Mara's and Jules's fighters on the fight night, so each has
    a plan to write (the first pair the scheduling rules accept)."""
    users = get_user_model()
    owners = list(users.objects.filter(username__in=[m[0] for m in MANAGERS]).order_by("username"))
    if len(owners) < 2 or Bout.objects.filter(event=event).exists():
        return
    for division in league.divisions.order_by("name"):
        fighters = division.fighters.filter(is_active=True).select_related("camp")
        jules = [f for f in fighters if f.camp and f.camp.owner_id == owners[0].pk]
        mara = [f for f in fighters if f.camp and f.camp.owner_id == owners[1].pk]
        for red in mara:
            for blue in jules:
                try:
                    bout_schedule(
                        ruleset=league.ruleset,
                        date=event.date,
                        event=event,
                        division=division,
                        red=red,
                        blue=blue,
                        scheduled_rounds=league.rounds,
                        queue=False,
                    )
                except ValidationError:
                    continue
                return


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
