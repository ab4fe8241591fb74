"""The weekly matchmaker's service (docs/career.md): reads a career league's
divisions, asks ``league.scheduling.weekly`` for the week's pairs and books them.

For each division of a career league, on its fight night: the division's ranking
(league.services.matchmaking.division_ranking: the champion, then by rating) gives
the proximity order; fighters retired, suspended through fight night, without a
card for the league's ruleset, or already booked that night are left out; pairs
met within ``League.rematch_weeks`` weeks are avoided; the title bout follows
``League.title_rule``. One event per division and fight night; its bouts are
**scheduled, not queued** (``queue=False``): the fight night fires them later
(the fight-night machinery: ``fight_due_events``, Celery beat), so managers have
``League.card_lead_days`` to train and write plans. Running it again for the same
night books nothing new (idempotent per division and date).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from bouts.models import Bout, BoutStatus
from bouts.services import bouts_schedule
from core.dates import long_date
from fighters.models import Fighter, RatingCard
from league.calendar.selectors import statuses_on
from league.models import (
    CareerState,
    Division,
    Event,
    League,
    RegionalTitleBout,
    Title,
    TitleRule,
)
from league.scheduling.weekly import Entrant, weekly_pairs
from league.services.booking import Officials, league_bout
from league.services.common import FIGHTER, derive_seed, ruleset_is_team
from league.services.matchmaking import division_ranking
from league.services.regions import regional_picture, regional_titles_create
from league.services.weekly_notes import week_notes

# A career league's fight nights start at this hour of their day (server time).
FIGHT_NIGHT_HOUR = 20


@dataclass
class DivisionWeek:
    division: str
    event_id: int | None = None
    bouts: int = 0
    title: bool = False
    sat_out: int | None = None
    unmatched: list[int] = field(default_factory=list)
    skipped: str = ""
    notes: dict = field(default_factory=dict)  # league.services.weekly_notes


def cards_night(league: League, today: dt.date) -> dt.date:
    """The fight night whose week's cards are made on ``today``: the one rule for
    the beat (``due_leagues_matchmake``) and the ``matchmake_week`` command.

    It is the league's first fight night **after** ``today``: the cards of a night
    are due from ``card_lead_days`` before it, and a beat that missed that day
    catches up on the days left before it, so on those catch-up days it is still
    this week's night, not the next. On the fight-night weekday itself that night's
    cards were due days before: the night is next week's. With ``card_lead_days``
    0 the cards are made on the night itself, so on the fight-night weekday it is
    tonight's."""
    start = today + dt.timedelta(days=1 if league.card_lead_days else 0)
    return start + dt.timedelta(days=(league.fight_weekday - start.weekday()) % 7)


def is_due(league: League, today: dt.date) -> bool:
    """The week's cards are due from ``card_lead_days`` before fight night until
    the night (``cards_night``)."""
    if not league.career_mode:
        return False
    return (cards_night(league, today) - today).days <= league.card_lead_days


def _key_prefix(division: Division, night: dt.date) -> str:
    return f"week-{division.pk}-{night:%Y%m%d}-"


def ranked_fighters(division: Division) -> list[int]:
    """The division's fighters best first (its ranking, camps left out)."""
    return [pk for kind, pk in division_ranking(division) if kind == FIGHTER]


def week_entrants(
    division: Division,
    league: League,
    night: dt.date,
    order: list[int],
    region_of: dict[int, int] | None = None,
    excluded: dict[int, tuple[str, str]] | None = None,
) -> list[Entrant]:
    """``order``: the division's fighters best first (``ranked_fighters``);
    ``region_of``: fighter -> region, when the league has regions; ``excluded``,
    when given, is filled with who is left out and why (``(reason, detail)``:
    weekly_reasons.excluded_words)."""
    region_of = region_of or {}
    # "Never two of one camp" means of one manager: two camps of one owner are
    # one stable (issue 30), so an owned camp is keyed by its owner.
    fighters = {
        pk: (("manager", owner_id) if owner_id is not None else camp_id, bouts or 0)
        for pk, camp_id, owner_id, bouts in Fighter.objects.filter(
            pk__in=order, is_active=True
        ).values_list("id", "camp_id", "camp__owner_id", "career__bouts")
    }
    with_card = set(
        RatingCard.objects.filter(fighter_id__in=order, ruleset=league.ruleset).values_list(
            "fighter_id", flat=True
        )
    )
    # The calendar's one fitness rule (retired, suspended, resting) on fight night.
    unfit = {
        pk: status
        for pk, status in statuses_on(order, night, league=league).items()
        if not status.fit
    }
    booked = set()
    for red, blue in (
        Bout.objects.filter(date=night, event__league=league)
        .exclude(status__in=[BoutStatus.FAILED, BoutStatus.VOIDED])
        .values_list("red_id", "blue_id")
    ):
        booked.update((red, blue))
    sat = dict(
        CareerState.objects.filter(league=league, fighter_id__in=order).values_list(
            "fighter_id", "sat_out_on"
        )
    )
    out = []
    for index, pk in enumerate(order):
        fighter = fighters.get(pk)
        if fighter is None or pk not in with_card or pk in unfit or pk in booked:
            if excluded is not None:
                excluded[pk] = _left_out(fighter, pk, with_card, unfit)
            continue
        camp_id, bouts = fighter
        last = sat.get(pk)
        out.append(
            Entrant(
                id=pk,
                camp=camp_id,
                value=float(len(order) - index),
                sat_out_week=last.toordinal() if last else None,
                new=bouts == 0,
                region=region_of.get(pk),
            )
        )
    return out


def _left_out(fighter, pk: int, with_card: set, unfit: dict) -> tuple[str, str]:
    if fighter is None or (pk in unfit and unfit[pk].permanent):
        return ("retired", "")
    if pk not in with_card:
        return ("card", "")
    if pk in unfit:
        status = unfit[pk]
        return (status.kind, f"until {long_date(status.until)}")
    return ("booked", "")


def division_week(division: Division, night: dt.date) -> DivisionWeek:
    league = division.league
    report = DivisionWeek(division=division.name)
    if ruleset_is_team(league.ruleset):
        report.skipped = "team divisions are matched by their camps' requests"
        return report
    prefix = _key_prefix(division, night)
    if Bout.objects.filter(idempotency_key__startswith=prefix).exists():
        report.skipped = "already made"
        return report
    order = ranked_fighters(division)
    title = Title.objects.filter(division=division).first()
    champion = title.champion_id if title else None
    regions = regional_picture(division, order, champion) if league.regions_enabled else None
    excluded: dict[int, tuple[str, str]] = {}
    entrants = week_entrants(
        division, league, night, order, regions.region_of if regions else None, excluded
    )
    since = night - dt.timedelta(weeks=league.rematch_weeks)
    recent = (
        Bout.objects.filter(division=division, date__gte=since, date__lte=night)
        .exclude(red__isnull=True)
        .exclude(status__in=[BoutStatus.FAILED, BoutStatus.VOIDED])
        .values_list("red_id", "blue_id")
    )
    recent = list(recent)
    rules = {
        "champion": champion,
        "seed": derive_seed("week", league.slug, division.pk),
        "contenders": regions.contenders if regions else None,
        "regional_champions": regions.champions if regions else None,
    }
    week = weekly_pairs(
        entrants,
        week=night.toordinal(),
        recent=recent,
        title=league.title_rule == TitleRule.TOP,
        regional_titles=regions is not None and league.title_rule == TitleRule.TOP,
        **rules,
    )
    report.sat_out = week.sat_out
    report.unmatched = list(week.unmatched)
    # Why each pair and who sat out, in words (shown on the week's event page).
    report.notes = week_notes(
        league, entrants, week, recent=recent, excluded=excluded, regions=regions, **rules
    )
    if not week.pairs:
        report.skipped = "nobody to pair"
        _mark_sat_out(league, week.sat_out, night)
        return report
    officials = Officials()
    fighters = Fighter.objects.in_bulk([x for pair in week.pairs for x in pair])
    with transaction.atomic():
        event = Event(**week_event_fields(league, division, night), matchmaking=report.notes)
        event.full_clean()
        event.save()
        count = len(week.pairs)
        # The best pair (the title bout when there is one) closes the card.
        specs = [
            league_bout(
                league=league,
                division=division,
                event=event,
                order=count - n,
                sides={"red": fighters[red], "blue": fighters[blue]},
                seed=derive_seed("week", league.slug, division.pk, night, red, blue),
                officials=officials,
                idempotency_key=f"{prefix}{n}",
                title=(red, blue) == week.title_pair,
            )
            for n, (red, blue) in enumerate(week.pairs)
        ]
        booked = bouts_schedule(specs=specs, queue=False)
        if week.regional_pairs:
            _mark_regional(division, regions, week.regional_pairs, week.pairs, booked)
        _mark_sat_out(league, week.sat_out, night)
    report.event_id = event.pk
    report.bouts = count
    report.title = week.title_pair is not None
    return report


def _mark_regional(division, regions, regional_pairs, pairs, booked) -> None:
    """The regional title bouts (fought at the league's usual distance; the
    bout's ``is_title_bout`` is the world title's alone): a belt fought for the
    first time is made here. Two inserts at most, whatever the number of regions."""
    by_pair = {frozenset((b.red_id, b.blue_id)): b for b in booked}
    missing = [r for r in sorted(regional_pairs) if r not in regions.titles]
    for title in regional_titles_create(division, missing):
        regions.titles[title.region_id] = title
    marks = []
    for region_id, pair in sorted(regional_pairs.items()):
        mark = RegionalTitleBout(bout=by_pair[frozenset(pair)], title=regions.titles[region_id])
        mark.full_clean(exclude=["bout", "title"], validate_unique=False)
        marks.append(mark)
    RegionalTitleBout.objects.bulk_create(marks)


def week_event_fields(league: League, division: Division, night: dt.date) -> dict:
    """The week's event, fired by the fight-night machinery at ``FIGHT_NIGHT_HOUR``
    of its day (server time); plans are due then too (docs/plans.md)."""
    fight_at = timezone.make_aware(dt.datetime.combine(night, dt.time(FIGHT_NIGHT_HOUR)))
    return {
        "league": league,
        "name": f"{division.name} · fight night {long_date(night)}",
        "date": night,
        "fight_at": fight_at,
    }


def _mark_sat_out(league: League, fighter_id: int | None, night: dt.date) -> None:
    if fighter_id is None:
        return
    state, _ = CareerState.objects.get_or_create(league=league, fighter_id=fighter_id)
    state.sat_out_on = night
    state.full_clean(exclude=["league", "fighter"])
    state.save(update_fields=["sat_out_on"])


def matchmake_week(league: League, night: dt.date) -> list[DivisionWeek]:
    """Make every division's card for fight night ``night`` (a career league only)."""
    if not league.career_mode:
        return []
    return [division_week(d, night) for d in league.divisions.order_by("name", "id")]


def due_leagues_matchmake(today: dt.date) -> list[tuple[str, list[DivisionWeek]]]:
    """Beat: make the week's cards of every career league whose cards are due."""
    done = []
    for league in League.objects.filter(career_mode=True).order_by("id"):
        if is_due(league, today):
            done.append((league.slug, matchmake_week(league, cards_night(league, today))))
    return done
