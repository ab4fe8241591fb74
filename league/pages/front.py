"""What is on: the fight nights to come and the ones fought (the events page),
and the front page's panels — next fight nights with what is at stake, the
champions, the league's headlines. Each a few indexed queries, whatever the
league's size (tests/web/test_front_page.py pins the counts)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Count, Exists, OuterRef, Q, QuerySet

from bouts.bout_lines import bout_lines
from bouts.engine.registry import method_name
from bouts.engine.result import FINISHES
from bouts.models import UNFINISHED, Bout, BoutStatus

from ..models import Event, Reign, Title


def _events() -> QuerySet[Event]:
    return Event.objects.select_related("league", "season").annotate(
        bout_count=Count("bouts", distinct=True),
        title_bouts=Count("bouts", filter=Q(bouts__is_title_bout=True), distinct=True),
    )


def _unfinished():
    return Exists(Bout.objects.filter(event=OuterRef("pk"), status__in=UNFINISHED))


def _upcoming():
    """A bout still to fight (a night being fought among them), or a card not yet
    drawn that has not been fired."""
    no_bouts = ~Exists(Bout.objects.filter(event=OuterRef("pk")))
    return _unfinished() | (Q(fired_at__isnull=True) & no_bouts)


def upcoming_events(*, league=None) -> QuerySet[Event]:
    """Fight nights to come and the one being fought, soonest first."""
    events = _events().filter(_upcoming())
    if league is not None:
        events = events.filter(league=league)
    return events.order_by("date", "id")


def result_events(*, league=None) -> QuerySet[Event]:
    """Fight nights over (every bout fought, postponed or called off), newest first."""
    events = _events().exclude(_upcoming())
    if league is not None:
        events = events.filter(league=league)
    return events.order_by("-date", "-id")


def champions() -> list[Title]:
    """Every belt with a holder, league by league, division by division."""
    return list(
        Title.objects.filter(Q(champion__isnull=False) | Q(champion_camp__isnull=False))
        .select_related("division__league", "champion", "champion_camp")
        .order_by("division__league__name", "division__name", "id")
    )


@dataclass(frozen=True)
class Headline:
    kind: str  # "title" (a new champion) or "finish" (a knockout)
    date: datetime.date
    bout: Bout | None
    text: str


def headlines(*, limit: int) -> list[Headline]:
    """The latest title changes and knockouts, newest first (two queries)."""
    reigns = (
        Reign.objects.filter(start_bout__isnull=False)
        .select_related("title__division", "fighter", "camp", "start_bout")
        .order_by("-started_on", "-id")[:limit]
    )
    news = [
        Headline(
            kind="title",
            date=reign.started_on,
            bout=reign.start_bout,
            text=f"{reign.fighter or reign.camp} wins the {reign.title.division.name} title",
        )
        for reign in reigns
    ]
    finishes = (
        bout_lines()
        .filter(
            status=BoutStatus.COMPLETED, result__method__in=FINISHES, result__winner__isnull=False
        )
        .order_by("-date", "-id")[:limit]
    )
    for bout in finishes:
        winner = bout.result.winner
        winner_name = getattr(bout, winner) or getattr(bout, f"{winner}_camp")
        loser_name = getattr(bout, "blue" if winner == "red" else "red") or getattr(
            bout, "blue_camp" if winner == "red" else "red_camp"
        )
        news.append(
            Headline(
                kind="finish",
                date=bout.date,
                bout=bout,
                text=f"{winner_name} beats {loser_name} by "
                f"{method_name(bout.result.method).lower()} in round {bout.result.round}",
            )
        )
    news.sort(key=lambda headline: (headline.date, headline.bout.pk), reverse=True)
    return news[:limit]
