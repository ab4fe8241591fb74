"""A division's completed bouts as plain rows, in league order."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from bouts.models import Bout, BoutStatus
from league.services.common import CAMP, FIGHTER, chronological_key
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


def bout_rows(queryset) -> list[BoutRow]:
    """``BoutRow``s of a queryset of bouts, in league order (one query)."""
    rows = queryset.values(
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
    out = []
    for r in sorted(rows, key=chronological_key):
        team = r["red_id"] is None
        out.append(
            BoutRow(
                id=r["id"],
                date=r["date"],
                event_id=r["event_id"],
                order=r["order"],
                season_id=r["event__season_id"],
                red=(CAMP, r["red_camp_id"]) if team else (FIGHTER, r["red_id"]),
                blue=(CAMP, r["blue_camp_id"]) if team else (FIGHTER, r["blue_id"]),
                winner=r["result__winner"] or None,
                method=r["result__method"],
                is_title=r["is_title_bout"],
            )
        )
    return out


def division_bouts(division_id: int) -> list[BoutRow]:
    """The division's completed bouts in league order (one query)."""
    return bout_rows(
        Bout.objects.filter(
            division_id=division_id, status=BoutStatus.COMPLETED, result__isnull=False
        )
    )
