"""Fight nights: an event fires at its fight time.

Firing an event locks its plans, checks again that each bout's fighters may
still fight (a fighter suspended or retired since the bout was booked: the bout
is postponed, with the reason), snapshots each bout with the plans its managers
submitted, and queues it (``bouts.services.bouts_fire``). Celery beat fires due
events (``league.tasks.fire_due_events``); ``manage.py fight_due_events`` does
it by hand where beat does not run.

A season's events fire in order: an event fires when it is due and every
earlier event of its season is finished (no bout left scheduled, queued or
running), so a fighter knocked out and suspended in round 1 is not snapshotted
into round 2 before his suspension exists. The league's receivers of the bouts'
``recorded``, ``failed`` and ``postponed`` signals fire the next event as soon
as the previous one is finished ("fight now": a season's events are all due at
once, and it is fought event after event).

Eagerly (the embedded default), recording a bout runs inside the commit of the
event that queued it, and its receiver would fire the next event from there:
one level deeper per event. So firing is a loop, not a recursion: while a loop
runs in this thread, a nested call only asks it to look again.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Iterable

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from bouts.models import UNFINISHED, Bout, BoutStatus
from bouts.services.firing import Fired, bouts_fire
from core.scoping import may_commission
from league.calendar import seasons as calendar_seasons
from league.calendar.clock import league_date_advance
from league.calendar.dates import next_slot
from league.models import ClockMode, Event, Season, SeasonStatus

_local = threading.local()


def event_fire(*, event: Event, now: dt.datetime | None = None, send: bool = True) -> Fired:
    """Fire one event: its scheduled bouts queued (or postponed), in card
    order, and the event marked fired. An event already fired fires the bouts
    booked on it since (nothing else). Without ``send`` no task is sent: the
    caller fights the queued bouts itself (a play-until run)."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        ids = list(
            Bout.objects.filter(event=event, status=BoutStatus.SCHEDULED)
            .order_by("order", "id")
            .values_list("pk", flat=True)
        )
        fired = bouts_fire(bouts=ids, send=send)
        if event.fired_at is None:
            event.fired_at = now or timezone.now()
            event.save(update_fields=["fired_at"])
    return fired


def _ready(now: dt.datetime, only: set[int] | None) -> list[Event]:
    """The events to fire now: due and not fired (a season's only when every
    earlier event of it is finished), and fired events with bouts booked on
    them since."""
    due = Event.objects.filter(fired_at__isnull=True, fight_at__lte=now)
    late = Event.objects.filter(
        fired_at__isnull=False,
        pk__in=Bout.objects.filter(status=BoutStatus.SCHEDULED, event__fired_at__isnull=False)
        .values("event_id")
        .distinct(),
    )
    if only is not None:
        due, late = due.filter(pk__in=only), late.filter(pk__in=only)
    events = list(due.order_by("fight_at", "date", "id")) + list(late.order_by("date", "id"))
    seasons = {e.season_id for e in events if e.season_id is not None and e.fired_at is None}
    if not seasons:
        return events
    # Per season, its first event not yet done with: unfired, or with bouts left.
    first: dict[int, tuple] = {}
    blocking = (
        Event.objects.filter(season_id__in=seasons)
        .filter(Q(fired_at__isnull=True, fight_at__isnull=False) | Q(bouts__status__in=UNFINISHED))
        .values_list("season_id", "date", "id")
        .distinct()
    )
    for season_id, date, pk in blocking:
        first[season_id] = min(first.get(season_id, (date, pk)), (date, pk))
    return [
        e
        for e in events
        if e.season_id is None or e.fired_at is not None or first.get(e.season_id) == (e.date, e.pk)
    ]


def events_fire_due(
    *, now: dt.datetime | None = None, events: Iterable[int] | None = None
) -> list[Event]:
    """Fire every event that is due (only ``events``, when given), in fight
    time order, until none is left: returns the events fired. Inside a firing
    loop of this thread, only asks that loop to look again."""
    if getattr(_local, "firing", False):
        _local.again = True
        return []
    only = {getattr(e, "pk", e) for e in events} if events is not None else None
    fired: list[Event] = []
    _local.firing = True
    try:
        while True:
            _local.again = False
            ready = _ready(now or timezone.now(), only)
            for event in ready:
                event_fire(event=event, now=now)
                fired.append(event)
            if not ready and not _local.again:
                return fired
            # A nested call (a receiver) may have asked for any event: look at all.
            if _local.again:
                only = None
    finally:
        _local.firing = False


def events_fire_after(event_ids: Iterable[int | None]) -> set[int]:
    """The receivers' hook: bouts of these events were recorded, failed or
    postponed; when one of the events is now finished, the next due events
    fire (a season's make-up night booked first). Returns the events finished.
    One query when none is finished."""
    ids = sorted({pk for pk in event_ids if pk is not None})
    if not ids:
        return set()
    busy = set(
        Bout.objects.filter(event_id__in=ids, status__in=UNFINISHED)
        .order_by()  # not the model's ordering: it would join the DISTINCT
        .values_list("event_id", flat=True)
        .distinct()
    )
    finished = set(ids) - busy
    if finished:
        nights = list(Event.objects.filter(pk__in=finished).select_related("league", "season"))
        for event in nights:
            league_date_advance(event.league_id, event.date)
        seasons = {e.season for e in nights if e.season is not None}
        calendar_seasons.fixtures_settle(s.pk for s in seasons)
        for season in seasons:
            _book_next_real_night(season)
        events_fire_due()
    return finished


def _book_next_real_night(season: Season) -> Event | None:
    """A real-clock league's season books its next night as soon as one is
    finished: the next night date with a bout to draw, firing at the next fight
    time (its plans can be written until then). A commissioner's league waits
    for him (play until)."""
    season.refresh_from_db(fields=["status"])
    league = season.league
    if league.clock != ClockMode.REAL or season.status != SeasonStatus.RUNNING:
        return None
    if Event.objects.filter(season=season, fired_at__isnull=True).exists():
        return None
    last = Event.objects.filter(season=season).order_by("-date").values_list("date", flat=True)
    when = next_slot(timezone.now(), league.fight_weekday, league.fight_time)
    return calendar_seasons.season_book_night(season, after=last.first(), fight_at=when)


def event_fight_now(*, event: Event, user=None, check_permission: bool = True) -> list[Event]:
    """The commissioner's "fight now": the event made due now (plans lock) and
    fired — at once, or, for a season's event, as soon as every earlier event
    of its season is finished. ``PermissionDenied`` unless staff or the event's
    league's commissioner. Returns the events fired now."""
    if check_permission and not may_commission(user, event.league_id):
        raise PermissionDenied("Only staff or the league's commissioner fires its fight nights.")
    now = timezone.now()
    Event.objects.filter(pk=event.pk, fired_at__isnull=True).update(fight_at=now, plans_due_at=None)
    return events_fire_due(events=[event.pk])


def season_fight_now(*, season: Season, now: dt.datetime | None = None) -> int:
    """Make every unfired event of ``season`` due now (they still fire in
    order); returns how many."""
    now = now or timezone.now()
    return Event.objects.filter(season=season, fired_at__isnull=True).update(
        fight_at=now, plans_due_at=None
    )
