"""Seasons: a round robin's fixtures, fought night by night as the league's
calendar advances (``league.calendar``: each night's card drawn from the
fixtures among the fighters fit on its date)."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from fighters.models import Fighter, RatingCard
from league.calendar.jobs import job_start
from league.calendar.models import JobTarget
from league.calendar.seasons import fixtures_make, season_book_night
from league.development import league_develop
from league.models import ClockMode, Division, Season, SeasonStatus
from league.services.common import CAMP, FIGHTER, division_is_team
from league.services.fight_nights import events_fire_due


def season_schedule(
    *,
    division: Division,
    start_date: dt.date | None = None,
    seed: int = 0,
    queue: bool = True,
    venue: str = "",
    fight_at: dt.datetime | None = None,
    developed: bool = False,
) -> Season:
    """A round-robin season for the division's active fighters (camps, under a
    team ruleset): its fixtures, made once, each fight night drawing its card
    from those still to fight among the fighters fit on the night's date. The
    first night is on ``start_date`` (else the league's next night date).

    With ``queue`` ("fight now") the whole season is played at once: a job to
    the end of the season (``league.calendar.jobs``). With ``fight_at`` (a real
    time) the first night is booked now and fires then; the next ones follow a
    week apart. Else the commissioner advances the league night by night. With
    ``League.development`` the division's fighters age and develop (and some
    retire) before every season after the first (league.development), unless
    the season break ``developed`` them already (league.calendar.season_break)."""
    league = division.league
    team = division_is_team(division)
    with transaction.atomic():
        division = (
            Division.objects.select_for_update(of=("self",))
            .select_related("league")
            .get(pk=division.pk)
        )
        if division.seasons.filter(status=SeasonStatus.RUNNING).exists():
            raise ValidationError(
                {"division": [f"{division.name} already has a season running: finish or close it."]}
            )
        number = (division.seasons.aggregate(n=Max("number"))["n"] or 0) + 1
        first_night = start_date or league.date + dt.timedelta(days=league.days_between_events)
        if league.development and number > 1 and not developed:
            # Careers over seasons: age and develop before the new season; the
            # retired drop out of it.
            league_develop(league=league, on=first_night, divisions=[division])
        members = _members(division, team)
        season = Season(
            league=league,
            division=division,
            number=number,
            name=f"{division.name} season {number}",
            start_date=first_night,
            status=SeasonStatus.RUNNING,
        )
        season.full_clean()
        season.save()
        fixtures_make(season, members, seed=seed)
        if fight_at is not None and not queue:
            season_book_night(season, first_night, fight_at=fight_at)
    if queue:
        if league.clock == ClockMode.REAL:
            season_book_night(season, first_night, fight_at=fight_at or timezone.now())
            events_fire_due()
        else:
            job_start(league=league, target=JobTarget.SEASON, check_permission=False)
    return season


def _members(division: Division, team: bool) -> list[tuple]:
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
    if not team:
        ruleset = division.league.ruleset
        carded = set(
            RatingCard.objects.filter(
                ruleset=ruleset, fighter_id__in=[pk for _, pk in members]
            ).values_list("fighter_id", flat=True)
        )
        missing = [pk for _, pk in members if pk not in carded]
        if missing:
            names = ", ".join(
                Fighter.objects.filter(pk__in=missing)
                .order_by("name")
                .values_list("name", flat=True)
            )
            raise ValidationError(
                {"division": [f"Without a {ruleset} card, these cannot fight the season: {names}."]}
            )
    return members
