"""What is on: the fight nights to come and the ones fought (the events page),
and the front page's panels — next fight nights with what is at stake, the
champions, the league's headlines (new champions, upsets, stoppages). Each a
few indexed queries, whatever the league's size (tests/web/test_front_page.py
pins the counts)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Count, Exists, OuterRef, Q, QuerySet, Subquery

from bouts.bout_lines import bout_lines
from bouts.engine.registry import method_name
from bouts.engine.result import FINISHES
from bouts.models import UNFINISHED, Bout, BoutStatus

from ..models import Event, RatingHistory, Reign, Title
from ..rankings import DEFAULT_MU, DEFAULT_SIGMA, is_upset


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
    kind: str  # "title" (a new champion), "upset" or "finish" (a knockout)
    date: datetime.date
    bout: Bout | None
    text: str


# Bouts looked at for upsets and stoppages: the latest decided, a few per headline.
CANDIDATES_PER_HEADLINE = 4


def headlines(*, limit: int) -> list[Headline]:
    """The latest title changes, upsets and stoppages, newest first (an
    underdog's stoppage told once, as an upset; three queries)."""
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
    told = set()  # a bout is an upset or a stoppage, not both
    for bout in _decided(limit * CANDIDATES_PER_HEADLINE, upsets=True):
        if bout.pk not in told and _upset(bout):
            news.append(_bout_headline("upset", bout))
            told.add(bout.pk)
    for bout in _decided(limit, finishes=True):
        if bout.pk not in told:
            news.append(_bout_headline("finish", bout))
    news.sort(key=lambda headline: (headline.date, headline.bout.pk), reverse=True)
    return news[:limit]


def _decided(count: int, *, upsets: bool = False, finishes: bool = False):
    """The latest bouts won, newest first: with ``upsets``, one-on-one bouts with
    both fighters' ratings before them (``before_*``); with ``finishes``, the
    bouts won inside the distance."""
    bouts = bout_lines().filter(status=BoutStatus.COMPLETED, result__winner__isnull=False)
    if finishes:
        bouts = bouts.filter(result__method__in=FINISHES)
    if upsets:
        bouts = bouts.filter(red__isnull=False, division__isnull=False).annotate(
            **{
                f"before_{side}_{value}": Subquery(_rating_before(side).values(value)[:1])
                for side in ("red", "blue")
                for value in ("mu", "sigma")
            }
        )
    return bouts.order_by("-date", "-id")[:count]


def _rating_before(side: str):
    """A side's rating in the bout's division after its previous bout there."""
    earlier = Q(date__lt=OuterRef("date")) | Q(date=OuterRef("date"), bout_id__lt=OuterRef("pk"))
    return RatingHistory.objects.filter(
        earlier, division=OuterRef("division"), fighter=OuterRef(side)
    ).order_by("-date", "-bout_id")


def _upset(bout: Bout) -> bool:
    """Won by the side whose chance, by the ratings before the bout, was below
    one in three (``league.rankings.is_upset``; a first bout: the starting rating)."""

    def before(side: str) -> tuple[float, float]:
        mu = getattr(bout, f"before_{side}_mu")
        sigma = getattr(bout, f"before_{side}_sigma")
        return (DEFAULT_MU, DEFAULT_SIGMA) if mu is None else (mu, sigma)

    winner = bout.result.winner
    loser = "blue" if winner == "red" else "red"
    return is_upset(before(winner), before(loser))


def _bout_headline(kind: str, bout: Bout) -> Headline:
    winner = bout.result.winner
    loser = "blue" if winner == "red" else "red"
    winner_name = getattr(bout, winner) or getattr(bout, f"{winner}_camp")
    loser_name = getattr(bout, loser) or getattr(bout, f"{loser}_camp")
    verb = "upsets" if kind == "upset" else "beats"
    how = method_name(bout.result.method).lower()
    text = f"{winner_name} {verb} {loser_name} by {how}"
    if bout.result.method in FINISHES:
        text += f" in round {bout.result.round}"
    return Headline(kind=kind, date=bout.date, bout=bout, text=text)
