"""Derivations from a division's completed bouts (pure given their inputs):
ratings, season tables and the title lineage, computed from scratch.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field

from bouts.models import Bout
from league import rankings, titles
from league.models import Division, League, Season, SeasonFixture
from league.services.common import CAMP, FIGHTER
from league.services.lineage import title_lineage
from league.services.rows import BoutRow, division_bouts
from league.standings.metrics import PointsConfig, compute_standings


def points_config(league: League) -> PointsConfig:
    return PointsConfig(
        win=league.points_win,
        draw=league.points_draw,
        loss=league.points_loss,
        stoppage_bonus=league.points_stoppage_bonus,
    )


def season_members(season_ids: Sequence[int]) -> dict[int, list[tuple]]:
    """``{season id: competitors}``: whoever has a fixture in the season, in
    the order of the fixtures (then whoever fights a bout added to one of its
    nights) — so a fighter joining the division later changes no finished
    table, and everyone is in the table from the first night."""
    out: dict[int, list[tuple]] = {pk: [] for pk in season_ids}
    rows = (
        SeasonFixture.objects.filter(season_id__in=list(season_ids))
        .order_by("season_id", "position")
        .values_list("season_id", "red_id", "blue_id", "red_camp_id", "blue_camp_id")
    )
    extra = (
        Bout.objects.filter(event__season_id__in=list(season_ids), season_fixture__isnull=True)
        .order_by("date", "event_id", "order", "id")
        .values_list("event__season_id", "red_id", "blue_id", "red_camp_id", "blue_camp_id")
    )
    for season_id, red, blue, red_camp, blue_camp in [*rows, *extra]:
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
