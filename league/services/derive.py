"""Derivations from a division's completed bouts (pure given their inputs):
ratings, season tables and the title lineage, computed from scratch.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field

from bouts.models import Bout, BoutStatus
from fighters.models import Fighter
from league import rankings, titles
from league.models import Division, League, MedicalSuspension, Season
from league.services.common import CAMP, FIGHTER, chronological_key
from league.services.tournaments import tournament_draw_winners
from league.standings.metrics import Outcome, PointsConfig, compute_standings


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


def division_bouts(division_id: int) -> list[BoutRow]:
    """The division's completed bouts in chronological order (one query)."""
    rows = Bout.objects.filter(
        division_id=division_id, status=BoutStatus.COMPLETED, result__isnull=False
    ).values(
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


def points_config(league: League) -> PointsConfig:
    return PointsConfig(
        win=league.points_win,
        draw=league.points_draw,
        loss=league.points_loss,
        stoppage_bonus=league.points_stoppage_bonus,
    )


def season_members(season_ids: Sequence[int]) -> dict[int, list[tuple]]:
    """``{season id: competitors}``: whoever is on the season's cards (any bout
    status), in order of first appearance — a function of the bout rows, so a
    fighter joining the division later changes no finished table."""
    out: dict[int, list[tuple]] = {pk: [] for pk in season_ids}
    rows = (
        Bout.objects.filter(event__season_id__in=list(season_ids))
        .order_by("date", "event_id", "order", "id")
        .values_list("event__season_id", "red_id", "blue_id", "red_camp_id", "blue_camp_id")
    )
    for season_id, red, blue, red_camp, blue_camp in rows:
        sides = [(FIGHTER, red), (FIGHTER, blue)] if red else [(CAMP, red_camp), (CAMP, blue_camp)]
        for side in sides:
            if side not in out[season_id]:
                out[season_id].append(side)
    return out


def season_table(*, season: Season, members: Sequence, bouts: Sequence[BoutRow]):
    league = season.league
    return compute_standings(
        members,
        [b.outcome() for b in bouts if b.season_id == season.id],
        points_config(league),
        league.tiebreakers,
    )


def title_lineage(*, division: Division, bouts: Sequence[BoutRow]) -> list[titles.Reign]:
    """The division's reigns from its bouts, its fighters' retirements and long
    medical suspensions (two small queries, only about title winners). A drawn
    title bout that is a tournament final counts for whoever the bracket sent
    through (``brackets.decide_draw``): the tournament's champion is the belt's."""
    league = division.league
    winners = {b.red if b.winner == "red" else b.blue for b in bouts if b.is_title and b.winner}
    fighter_ids = [pk for kind, pk in winners if kind == FIGHTER]
    retirements, suspensions = {}, []
    if fighter_ids:
        retirements = {
            (FIGHTER, pk): on
            for pk, on in Fighter.objects.filter(
                id__in=fighter_ids, retired_on__isnull=False
            ).values_list("id", "retired_on")
        }
        suspensions = [
            titles.Suspension((FIGHTER, f), start, end, bout_id)
            for f, start, end, bout_id in MedicalSuspension.objects.filter(
                fighter_id__in=fighter_ids
            )
            .order_by("starts_on", "id")
            .values_list("fighter_id", "starts_on", "ends_on", "bout_id")
        ]
    decided = tournament_draw_winners([b.id for b in bouts if b.is_title and not b.winner])
    return titles.lineage(
        [
            titles.BoutLine(b.id, b.date, b.red, b.blue, b.winner or decided.get(b.id), b.is_title)
            for b in bouts
        ],
        retirements=retirements,
        suspensions=suspensions,
        rules=titles.VacatingRules(
            inactivity_days=league.title_inactivity_days,
            suspension_days=league.title_suspension_days,
        ),
    )


@dataclass
class Derived:
    """Everything derived for a division, computed from scratch."""

    ratings: list[rankings.RatingPoint] = field(default_factory=list)
    history: list[tuple[int, dt.date, rankings.RatingPoint]] = field(default_factory=list)
    standings: dict[int, list] = field(default_factory=dict)  # season id -> rows
    reigns: list[titles.Reign] = field(default_factory=list)


def division_derive(*, division: Division, bouts: Sequence[BoutRow] | None = None) -> Derived:
    if bouts is None:
        bouts = division_bouts(division.id)
    out = Derived()
    book = rankings.RatingBook()
    for b in bouts:
        for point in book.apply(b.red, b.blue, b.winner):
            out.history.append((b.id, b.date, point))
    out.ratings = book.points()
    seasons = list(division.seasons.select_related("league"))
    members = season_members([season.id for season in seasons])
    for season in seasons:
        out.standings[season.id] = season_table(
            season=season, members=members[season.id], bouts=bouts
        )
    out.reigns = title_lineage(division=division, bouts=bouts)
    return out
