"""A division's completed bouts as plain rows, in league order."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Q
from django.db.models.functions import Coalesce

from bouts.models import Bout, BoutStatus
from league.services.common import CAMP, FIGHTER
from league.standings.metrics import Outcome

# A bout's season: its fixture's (wherever the bout was moved), else the season
# of the night it is on (a bout the commissioner added to a season's night).
SEASON_OF_BOUT = Coalesce("season_fixture__season_id", "event__season_id")


def in_season(season_id: int) -> Q:
    """The bouts that count in a season (see ``SEASON_OF_BOUT``)."""
    return Q(season_fixture__season_id=season_id) | Q(
        season_fixture__isnull=True, event__season_id=season_id
    )


@dataclass(frozen=True)
class BoutRow:
    id: int
    date: dt.date
    event_id: int | None
    order: int
    season_id: int | None
    red: tuple
    blue: tuple
    winner: str | None
    method: str
    is_title: bool
    round: int = 0  # the round it ended in, and the time into it (the record book)
    time: str = ""

    def outcome(self) -> Outcome:
        return Outcome(self.red, self.blue, self.winner, self.method)


_COLUMNS = (
    "id",
    "date",
    "event_id",
    "order",
    "season_key",
    "red_id",
    "blue_id",
    "red_camp_id",
    "blue_camp_id",
    "is_title_bout",
    "result__winner",
    "result__method",
    "result__round",
    "result__time",
)


def bout_rows(queryset) -> list[BoutRow]:
    """``BoutRow``s of a queryset of bouts, in league order (one query; plain
    tuples, sorted in SQL: the projector reads a season's bouts per run)."""
    rows = (
        queryset.annotate(season_key=SEASON_OF_BOUT)
        .order_by("date", "event_id", "order", "id")
        .values_list(*_COLUMNS)
    )
    out = []
    append = out.append
    for (
        pk,
        date,
        event,
        order,
        season,
        red,
        blue,
        red_camp,
        blue_camp,
        title,
        won,
        how,
        ended_in,
        clock,
    ) in rows:
        team = red is None
        append(
            BoutRow(
                pk,
                date,
                event,
                order,
                season,
                (CAMP, red_camp) if team else (FIGHTER, red),
                (CAMP, blue_camp) if team else (FIGHTER, blue),
                won or None,
                how,
                title,
                ended_in or 0,
                clock or "",
            )
        )
    out.sort(key=lambda b: (b.date, b.event_id or 0, b.order, b.id))  # NULL events first
    return out


def division_bouts(division_id: int) -> list[BoutRow]:
    """The division's completed bouts in league order (one query)."""
    return bout_rows(
        Bout.objects.filter(
            division_id=division_id, status=BoutStatus.COMPLETED, result__isnull=False
        )
    )


def in_league_order(queryset, *, after: tuple | None = None, upto: tuple | None = None):
    """Bouts strictly after ``after`` and at or before ``upto`` (league-order keys:
    date, event id or 0, order on the card, id)."""
    if "ev" not in queryset.query.annotations:
        queryset = queryset.annotate(ev=Coalesce("event_id", 0))
    if after is not None:
        queryset = queryset.filter(_later_than(after))
    if upto is not None:
        queryset = queryset.exclude(_later_than(upto))
    return queryset


def _later_than(key: tuple) -> Q:
    date, event, order, pk = key
    return (
        Q(date__gt=date)
        | Q(date=date, ev__gt=event)
        | Q(date=date, ev=event, order__gt=order)
        | Q(date=date, ev=event, order=order, id__gt=pk)
    )
