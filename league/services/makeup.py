"""A season's end: make-up nights for its postponed bouts, and closing it.

A round-robin fought on a weekly or fortnightly rhythm meets the rulesets'
medical suspensions (Title Bout's 60 days after a knockout): a suspended
fighter's bouts are postponed on their nights (league.services.fight_nights).
With ``League.makeup_nights`` (on by default) the season does not end with
them left over: once its last night is fired and finished, a **make-up night**
is booked on the season's rhythm, on the first date on which some postponed
bout has both fighters free (league.scheduling.makeup decides which bouts), and
fired on the season's fight-time rhythm (at once for a season fought "now").
When that night is finished the next one is booked, until no postponed bout is
left or none can ever be fought (a fighter retired, a card gone): then
``Season.makeup_done`` is set and the season closes. At most as many make-up
nights as the season has bouts. A pairing whose fighter is suspended on its
night when the season is scheduled is booked postponed (league.services.seasons)
and made up the same way. Without the setting, postponed bouts wait for
the commissioner to re-book them and do not hold the season open.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from bouts.models import UNFINISHED, Bout, BoutStatus, MedicalSuspension
from bouts.services import bouts_rebook
from fighters.models import Fighter
from league.models import Event, Season, SeasonStatus
from league.scheduling.makeup import PostponedBout, next_makeup_night

DONE = (BoutStatus.COMPLETED, BoutStatus.FAILED, BoutStatus.VOIDED)


def settled() -> Q:
    """A filter of the bouts done with: fought, failed or voided — or
    postponed with no make-up night to come (no season, the league's setting
    off, or its make-up nights over). What a command or test follows to the end."""
    return Q(status__in=DONE) | Q(
        Q(event__season__isnull=True)
        | Q(event__season__makeup_done=True)
        | Q(event__league__makeup_nights=False),
        status=BoutStatus.POSTPONED,
    )


def postponed_hold_open(season: Season) -> bool:
    """Whether ``season``'s postponed bouts still hold it open: make-up nights
    are on for its league and not over."""
    return season.league.makeup_nights and not season.makeup_done


def season_close_if_done(season: Season) -> None:
    """Close a running season once none of its bouts is left to fight."""
    # A postponed bout holds the season open only while make-up nights may
    # still fight it; else the table says it was postponed, and the
    # commissioner may re-book it.
    finished = (*DONE, BoutStatus.POSTPONED)
    if postponed_hold_open(season):
        finished = DONE
    pending = Bout.objects.filter(event__season=season).exclude(status__in=finished)
    if not pending.exists() and season.status != SeasonStatus.COMPLETED:
        season.status = SeasonStatus.COMPLETED
        season.save(update_fields=["status"])


def seasons_make_up(season_ids: Iterable[int]) -> list[Event]:
    """Book the next make-up night of each of these seasons that is ready for
    one (see the module's text). Returns the nights booked; the caller fires
    the due events."""
    booked = []
    for season_id in sorted(set(season_ids)):
        night = season_make_up(season_id)
        if night is not None:
            booked.append(night)
    return booked


def season_make_up(season_id: int) -> Event | None:
    with transaction.atomic():
        # Locked: two workers finishing the last night's bouts book one night.
        season = (
            Season.objects.select_for_update(of=("self",))
            .select_related("league")
            .filter(pk=season_id)
            .first()
        )
        if season is None or not postponed_hold_open(season):
            return None
        events = Event.objects.filter(season=season)
        if (
            events.filter(fired_at__isnull=True).exists()
            or Bout.objects.filter(event__season=season, status__in=UNFINISHED).exists()
        ):
            return None  # a night still to fight (a make-up night already booked, too)
        postponed = list(
            Bout.objects.filter(event__season=season, status=BoutStatus.POSTPONED)
            .order_by("event__date", "order", "id")
            .values_list("pk", "red_id", "blue_id", "red_camp_id", "blue_camp_id")
        )
        if not postponed:
            return None
        nights = list(events.order_by("-date", "-id").values("date", "fight_at")[:2])
        made_up = events.filter(makeup=True).count()
        night = None
        # Each make-up night fights at least one bout; the cap only guards
        # against a bout postponed again and again on its nights.
        if made_up < Bout.objects.filter(event__season=season).count():
            night = _next_night(season, postponed, last=nights[0]["date"])
        if night is not None:
            event = Event.objects.create(
                league=season.league,
                season=season,
                name=f"{season.name} · make-up night {made_up + 1}",
                date=night.date,
                fight_at=_fight_time(nights, night.date, season.league.days_between_events),
                makeup=True,
            )
            if bouts_rebook(bouts=night.bout_ids, event=event):
                return event
            event.delete()  # nothing could move after all: stop rather than loop
        season.makeup_done = True
        season.save(update_fields=["makeup_done"])
        season_close_if_done(season)
    return None


def _next_night(season: Season, postponed: list[tuple], *, last: dt.date):
    team = postponed[0][1] is None
    bouts = [
        PostponedBout(pk, (red_camp, blue_camp) if team else (red, blue))
        for pk, red, blue, red_camp, blue_camp in postponed
    ]
    suspended: dict[int, list[tuple[dt.date, dt.date]]] = {}
    never: set[int] = set()
    if not team:
        fighter_ids = sorted({side for bout in bouts for side in bout.sides})
        for fighter_id, starts, ends in MedicalSuspension.objects.filter(
            fighter_id__in=fighter_ids, ends_on__gt=last
        ).values_list("fighter_id", "starts_on", "ends_on"):
            suspended.setdefault(fighter_id, []).append((starts, ends))
        never = set(
            Fighter.objects.filter(pk__in=fighter_ids, is_active=False).values_list("pk", flat=True)
        )
    return next_makeup_night(
        bouts,
        after=last,
        step_days=season.league.days_between_events,
        suspended=suspended,
        never=never,
    )


def _fight_time(nights: list[dict], date: dt.date, step_days: int) -> dt.datetime:
    """The make-up night's fight time on the season's fight-time rhythm: the
    gap between its last two nights per ``step_days`` of league time (none for
    a season fought "now": due at once)."""
    last = nights[0]
    if last["fight_at"] is None:  # fired by hand: fight the make-up night now too
        return timezone.now()
    if len(nights) < 2 or nights[1]["fight_at"] is None:
        return last["fight_at"]
    gap = last["fight_at"] - nights[1]["fight_at"]
    steps = max(1, (date - last["date"]).days // max(1, step_days))
    return last["fight_at"] + gap * steps
