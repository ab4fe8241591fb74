"""Matchmaking: the division's ranking and fight cards pairing close-ranked fighters."""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from bouts.models import Bout, BoutStatus
from bouts.services import bouts_schedule
from core.dates import long_date
from fighters.models import Fighter
from league import rankings
from league.calendar.selectors import statuses_on
from league.models import Division, Event, Rating, Title
from league.scheduling.matchmaker import Candidate, matchmake
from league.services.booking import Officials, league_bout
from league.services.common import (
    CAMP,
    FIGHTER,
    competitor_of,
    derive_seed,
    division_is_team,
    division_members,
)


def _candidate(competitor, status) -> Candidate:
    """A fighter as the matchmaker sees him: out for good (retired, or gone from
    the roster), or unavailable through the last day of a suspension or rest."""
    if status is None or status.permanent:
        return Candidate(competitor, retired=True)
    return Candidate(competitor, suspended_until=None if status.fit else status.until)


def division_ranking(division: Division) -> list[tuple]:
    """Competitors best first: the champion, then by rating ordinal (unrated
    members after the rated, by id)."""
    team = division_is_team(division)
    ratings = {competitor_of(r): r for r in Rating.objects.filter(division=division)}
    members = division_members(division, team)
    points = [
        rankings.RatingPoint(c, r.mu, r.sigma, r.bouts)
        for c, r in ratings.items()
        if c in set(members)
    ]
    title = Title.objects.filter(division=division).first()
    champ = None
    if title is not None and (title.champion_id or title.champion_camp_id):
        if title.champion_id:
            champ = (FIGHTER, title.champion_id)
        else:
            champ = (CAMP, title.champion_camp_id)
    order = [p.competitor for p in rankings.ranked(points, champ)]
    return order + [c for c in members if c not in set(order)]


def card_matchmake(
    *,
    division: Division,
    date: dt.date,
    max_bouts: int | None = None,
    recent_days: int = 180,
    seed: int = 0,
    queue: bool = True,
    name: str = "",
) -> Event | None:
    """A fight card on ``date`` pairing close-ranked available fighters who have not
    met within ``recent_days`` (league.scheduling.matchmaker). Medical suspensions
    running on ``date`` and retirements keep a fighter off the card. ``None`` when
    nobody can be paired."""
    league = division.league
    order = [c for c in division_ranking(division) if c[0] == FIGHTER]
    ids = [pk for _, pk in order]
    # The calendar's one fitness rule (retired, suspended, resting) on the card's date.
    statuses = statuses_on(ids, date, league=league)
    candidates = [_candidate(c, statuses.get(c[1])) for c in order]
    since = date - dt.timedelta(days=recent_days)
    recent = [
        ((FIGHTER, r), (FIGHTER, b))
        for r, b in Bout.objects.filter(division=division, date__gte=since, red__isnull=False)
        .exclude(status__in=(BoutStatus.FAILED, BoutStatus.POSTPONED))
        .values_list("red_id", "blue_id")
    ]
    made = matchmake(candidates, date=date, recent=recent, max_pairs=max_bouts)
    if not made.pairs:
        return None
    officials = Officials()
    with transaction.atomic():
        event = Event(league=league, name=name or f"{division.name} · {long_date(date)}", date=date)
        event.full_clean()
        event.save()
        fighters = Fighter.objects.in_bulk(ids)
        # Best-ranked pair last: the main event closes the card.
        specs = [
            league_bout(
                league=league,
                division=division,
                event=event,
                order=n,
                sides={"red": fighters[red[1]], "blue": fighters[blue[1]]},
                seed=derive_seed(seed, league.slug, event.id, n),
                officials=officials,
                idempotency_key=f"card-{event.id}-{n}",
            )
            for n, (red, blue) in enumerate(reversed(made.pairs), start=1)
        ]
        bouts_schedule(specs=specs, queue=queue)
    return event
