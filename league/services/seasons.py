"""Seasons: round-robin scheduling (closing a finished season and its make-up
nights: league.services.makeup)."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from bouts.models import Bout, MedicalSuspension
from bouts.services import bouts_schedule
from fighters.models import Camp, Fighter
from league.development import league_develop
from league.models import Division, Event, Season, SeasonStatus
from league.scheduling.round_robin import round_robin
from league.services.booking import Officials, league_bout
from league.services.common import CAMP, FIGHTER, derive_seed, division_is_team
from league.services.fight_nights import events_fire_due


def season_schedule(
    *,
    division: Division,
    start_date: dt.date | None = None,
    seed: int = 0,
    queue: bool = True,
    venue: str = "",
    fight_at: dt.datetime | None = None,
) -> Season:
    """A round-robin season for the division's active fighters (camps, under a team
    ruleset): one event (a fight night) per round, ``League.days_between_events``
    apart, every bout scheduled — validated once and created with bulk inserts
    (``bouts.services.bouts_schedule``). The events fire in order
    (league.services.fight_nights): with ``queue`` ("fight now") all are due at
    once and the first fires before this returns; else the first fires at
    ``fight_at`` and each next one ``days_between_events`` days later (real
    time) — or, without ``fight_at``, when the commissioner sets their fight
    times or fights the season now (``fight_nights.season_fight_now``). With
    ``League.development`` the division's fighters age and develop (and some
    retire) before every season after the first (league.development).

    A fighter medically suspended on a round's date sits that round out (his
    opponent too) instead of failing the whole season: ``season.skipped`` (on
    the returned object) lists each such week in words. Suspensions that begin
    during the season are the fight nights' (the bout is postponed)."""
    league = division.league
    team = division_is_team(division)
    if team:
        members = [(CAMP, pk) for pk in division.camps.order_by("id").values_list("id", flat=True)]
    else:
        members = [
            (FIGHTER, pk)
            for pk in division.fighters.filter(is_active=True)
            .order_by("id")
            .values_list("id", flat=True)
        ]
    if len(members) < 2:
        raise ValidationError(
            {"division": [f"{division.name} needs at least two {'camps' if team else 'fighters'}."]}
        )
    officials = Officials()
    with transaction.atomic():
        division = (
            Division.objects.select_for_update(of=("self",))
            .select_related("league")
            .get(pk=division.pk)
        )
        number = (division.seasons.aggregate(n=Max("number"))["n"] or 0) + 1
        if start_date is None:
            last = Bout.objects.filter(division=division).aggregate(d=Max("date"))["d"]
            start_date = (
                last + dt.timedelta(days=league.days_between_events) if last else league.start_date
            )
        if league.development and number > 1:
            # Careers over seasons: age and develop before the new season; the
            # retired drop out of it.
            league_develop(league=league, on=start_date, divisions=[division])
            if not team:
                active = set(division.fighters.filter(is_active=True).values_list("id", flat=True))
                members = [m for m in members if m[1] in active]
                if len(members) < 2:
                    raise ValidationError(
                        {"division": [f"{division.name} has fewer than two active fighters."]}
                    )
        season = Season(
            league=league,
            division=division,
            number=number,
            name=f"{division.name} season {number}",
            start_date=start_date,
            status=SeasonStatus.RUNNING,
        )
        season.full_clean()
        season.save()
        fighters = {}
        if not team:
            fighters = Fighter.objects.in_bulk([pk for _, pk in members])
        camps = Camp.objects.in_bulk([pk for _, pk in members]) if team else {}
        rounds = round_robin(members)
        now = timezone.now()
        step = dt.timedelta(days=league.days_between_events)
        dates = [start_date + r * step for r in range(len(rounds))]
        if queue:
            fight_times = [now] * len(rounds)
        elif fight_at is not None:
            fight_times = [fight_at + r * step for r in range(len(rounds))]
        else:
            fight_times = [None] * len(rounds)
        events = Event.objects.bulk_create(
            [
                Event(
                    league=league,
                    season=season,
                    name=f"{season.name} · round {r + 1}",
                    date=date,
                    venue=venue,
                    fight_at=fight_times[r],
                )
                for r, date in enumerate(dates)
            ]
        )
        specs = []
        suspended = {} if team else _suspensions(list(fighters), dates[0], dates[-1])
        season.skipped = []
        for r, (event, pairs) in enumerate(zip(events, rounds)):
            for order, (red, blue) in enumerate(pairs, start=1):
                out = _sits_out(suspended, (red[1], blue[1]), event.date)
                postponed = ""
                if out is not None:
                    # He skips the week he cannot fight (so does his opponent)
                    # instead of failing the whole season; with make-up nights
                    # the bout is booked postponed and fought after the last round.
                    who = fighters[out.fighter_id].name
                    postponed = f"{who} is medically suspended until {out.ends_on.isoformat()}."
                    season.skipped.append(
                        f"{who} sits out round {r + 1} ({event.date.isoformat()}): "
                        f"medically suspended until {out.ends_on.isoformat()}"
                        + (
                            "; the bout is fought on a make-up night."
                            if league.makeup_nights
                            else "."
                        )
                    )
                    if not league.makeup_nights:
                        continue
                bout_seed = derive_seed(seed, league.slug, division.weight_class, number, r, order)
                if team:
                    sides = {"red_camp": camps[red[1]], "blue_camp": camps[blue[1]]}
                else:
                    sides = {"red": fighters[red[1]], "blue": fighters[blue[1]]}
                spec = league_bout(
                    league=league,
                    division=division,
                    event=event,
                    order=order,
                    sides=sides,
                    seed=bout_seed,
                    officials=officials,
                    idempotency_key=f"season-{season.id}-{r + 1}-{order}",
                )
                spec.postponed_reason = postponed
                specs.append(spec)
        # The bouts wait for their fight nights; "fight now" makes every night due
        # at once and fires the first (the others follow, each when the one
        # before it is finished: league.services.fight_nights).
        bouts_schedule(specs=specs, queue=False)
        if queue:
            events_fire_due(events=[e.pk for e in events])
    return season


def _suspensions(fighter_ids: list[int], first: dt.date, last: dt.date) -> dict[int, list]:
    """The suspensions of ``fighter_ids`` in force at some point of [first, last]."""
    found: dict[int, list] = {}
    for suspension in MedicalSuspension.objects.filter(
        fighter_id__in=fighter_ids, starts_on__lte=last, ends_on__gte=first
    ).order_by("ends_on", "id"):
        found.setdefault(suspension.fighter_id, []).append(suspension)
    return found


def _sits_out(suspended: dict[int, list], fighter_ids, date: dt.date):
    """The suspension keeping one of ``fighter_ids`` out on ``date``, or None."""
    for pk in fighter_ids:
        for suspension in suspended.get(pk, ()):
            if suspension.starts_on <= date <= suspension.ends_on:
                return suspension
    return None
