"""Regions' reads (docs/career.md, "Regions"): a division's regions with their
champions, lineages and rankings, and the world title's contenders.

A region's ranking is honest about what it is: the division's ranking
(``selectors.division_rankings``: the world champion, then by rating) with only
the region's fighters (league.scheduling.regions.regional_rankings), numbered
again from 1. The contenders follow the same rule as the weekly matchmaker
(league.scheduling.regions.contenders) over the same order; fighters without a
rated bout come after the rated, by id. Fixed queries whatever the number of
regions, fighters and reigns.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fighters.models import Fighter
from league import selectors
from league.models import Division, Region, RegionalReign, RegionalTitle, RegionMember
from league.scheduling.regions import contenders, regional_rankings


@dataclass
class RegionalEntry:
    rank: int  # in the region
    division_rank: int | None  # None: not rated yet
    fighter: Fighter
    ordinal: float | None
    is_champion: bool


@dataclass
class RegionView:
    region: Region
    title: RegionalTitle | None
    ranking: list[RegionalEntry] = field(default_factory=list)
    reigns: list[RegionalReign] = field(default_factory=list)


@dataclass
class DivisionRegions:
    regions: list[RegionView]
    contenders: list[Fighter]
    world_champion: Fighter | None
    per_region: int


def division_regions(*, division: Division) -> DivisionRegions:
    league = division.league
    ranked = [
        e
        for e in selectors.division_rankings(division=division)
        if isinstance(e.competitor, Fighter)
    ]
    members = list(
        RegionMember.objects.filter(
            league=league, fighter__divisions=division, fighter__is_active=True
        )
        .select_related("fighter")
        .order_by("fighter_id")
    )
    fighters = {m.fighter_id: m.fighter for m in members}
    region_of = {m.fighter_id: m.region_id for m in members}
    rank_of = {e.competitor.pk: e for e in ranked}
    order = [e.competitor.pk for e in ranked] + [pk for pk in fighters if pk not in rank_of]
    titles = {
        t.region_id: t
        for t in RegionalTitle.objects.filter(division=division).select_related("champion")
    }
    reigns: dict[int, list[RegionalReign]] = {}
    for reign in RegionalReign.objects.filter(title__division=division).select_related("fighter"):
        reigns.setdefault(reign.title_id, []).append(reign)
    rankings = regional_rankings(order, region_of)
    views = []
    for region in Region.objects.filter(league=league).order_by("name", "id"):
        title = titles.get(region.pk)
        view = RegionView(region, title, reigns=reigns.get(title.pk, []) if title else [])
        champion = title.champion_id if title else None
        for rank, pk in enumerate(rankings.get(region.pk, []), start=1):
            entry = rank_of.get(pk)
            view.ranking.append(
                RegionalEntry(
                    rank=rank,
                    division_rank=entry.rank if entry else None,
                    fighter=fighters[pk],
                    ordinal=entry.ordinal if entry else None,
                    is_champion=pk == champion,
                )
            )
        views.append(view)
    world = next((e.competitor for e in ranked if e.is_champion), None)
    pool = contenders(
        order,
        region_of,
        [t.champion_id for t in titles.values()],
        league.contenders_per_region,
        world_champion=world.pk if world else None,
    )
    everyone = {**fighters, **{e.competitor.pk: e.competitor for e in ranked}}
    return DivisionRegions(
        regions=views,
        contenders=[everyone[pk] for pk in pool],
        world_champion=world,
        per_region=league.contenders_per_region,
    )


def fighter_regions(fighter_ids) -> dict[int, list[RegionMember]]:
    """Each fighter's regions, one per league that has regions on (the league and
    the region joined), by fighter id: one query whatever the number of fighters."""
    found: dict[int, list[RegionMember]] = {}
    rows = (
        RegionMember.objects.filter(fighter_id__in=list(fighter_ids), league__regions_enabled=True)
        .select_related("region", "league")
        .order_by("league__name", "league_id")
    )
    for member in rows:
        found.setdefault(member.fighter_id, []).append(member)
    return found
