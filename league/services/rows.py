"""A division's completed bouts as plain rows, in league order."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from bouts.models import Bout, BoutStatus
from league.services.common import CAMP, FIGHTER
from league.standings.metrics import Outcome


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

    def outcome(self) -> Outcome:
        return Outcome(self.red, self.blue, self.winner, self.method)


_COLUMNS = (
    "id",
    "date",
    "event_id",
    "order",
    "event__season_id",
    "red_id",
    "blue_id",
    "red_camp_id",
    "blue_camp_id",
    "is_title_bout",
    "result__winner",
    "result__method",
)


def bout_rows(queryset) -> list[BoutRow]:
    """``BoutRow``s of a queryset of bouts, in league order (one query; plain
    tuples, sorted in SQL: the projector reads a season's bouts per run)."""
    rows = queryset.order_by("date", "event_id", "order", "id").values_list(*_COLUMNS)
    out = []
    append = out.append
    for pk, date, event, order, season, red, blue, red_camp, blue_camp, title, won, how in rows:
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
