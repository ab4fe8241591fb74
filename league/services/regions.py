"""Regions of a career league (docs/career.md, "Regions"): the writes and the bridge
between the database and the plain rules (league.scheduling.regions, and
league.titles for the regional lineages).

- ``region_create`` / ``region_assign``: a commissioner of the league, or staff
  (``PermissionDenied`` for anyone else; ``ValidationError`` with field errors).
- ``regional_titles_refresh``: a division's regional lineages re-walked from its
  bouts (the regional title bouts, marked by ``RegionalTitleBout``, and the bouts
  of their winners), stored as ``RegionalReign`` rows and each title's champion.
  A function of the bout rows: called when bouts are recorded or voided.
- ``regional_picture``: what the weekly matchmaker needs (each fighter's region,
  the regional champions, the world title's contenders).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q

from bouts.models import Bout, BoutStatus
from fighters.models import Fighter
from league.models import (
    Division,
    League,
    Region,
    RegionalReign,
    RegionalTitle,
    RegionalTitleBout,
    RegionMember,
)
from league.scheduling.regions import contenders
from league.services.common import FIGHTER
from league.services.lineage import title_lineage
from league.services.membership import require_commissioner
from league.services.rows import bout_rows, in_league_order


def _require_regions(league: League) -> None:
    if not league.regions_enabled:
        raise ValidationError({"league": [f"{league.name} has no regions."]})


def region_create(*, actor, league: League, name: str) -> Region:
    require_commissioner(actor, league)
    _require_regions(league)
    region = Region(league=league, name=(name or "").strip())
    if region.name and Region.objects.filter(league=league, name=region.name).exists():
        raise ValidationError({"name": ["A region of that name exists."]})  # next to the field
    region.full_clean()
    try:
        with transaction.atomic():
            region.save()
    except IntegrityError as exc:  # a concurrent twin
        raise ValidationError({"name": ["A region of that name exists."]}) from exc
    return region


def region_assign(*, actor, league: League, fighter: Fighter, region: Region | None) -> None:
    """Put ``fighter`` in ``region`` (None: take him out of any). His regional
    belt, if he holds one, stays with him until he loses or is stripped."""
    require_commissioner(actor, league)
    _require_regions(league)
    if region is not None and region.league_id != league.pk:
        raise ValidationError({"region": ["That region belongs to another league."]})
    # Taking a fighter out is always allowed (he may have left the league's rosters).
    if region is not None and not Division.objects.filter(league=league, fighters=fighter).exists():
        raise ValidationError(
            {"fighter": [f"{fighter.name} fights in no division of {league.name}."]}
        )
    with transaction.atomic():
        RegionMember.objects.filter(league=league, fighter=fighter).delete()
        if region is not None:
            member = RegionMember(league=league, region=region, fighter=fighter)
            member.full_clean(exclude=["league", "fighter"])
            member.save()


def regional_titles_create(division: Division, region_ids: list[int]) -> list[RegionalTitle]:
    """The division's belts of ``region_ids`` (none of which exists yet), in one insert."""
    if not region_ids:
        return []
    titles = [RegionalTitle(region_id=r, division=division) for r in region_ids]
    for title in titles:
        title.full_clean(exclude=["region", "division"], validate_unique=False)
    return RegionalTitle.objects.bulk_create(titles)


def regional_titles_refresh(division: Division) -> int:
    """Re-walk and store the division's regional lineages; returns how many titles
    changed. Four queries when nothing changed."""
    titles = list(RegionalTitle.objects.filter(division=division).order_by("id"))
    if not titles:
        return 0
    marks = RegionalTitleBout.objects.filter(title__division=division)
    marked = dict(marks.values_list("bout_id", "title_id"))
    done = in_league_order(
        Bout.objects.filter(
            division_id=division.id, status=BoutStatus.COMPLETED, result__isnull=False
        )
    )
    rows = bout_rows(done.filter(pk__in=list(marked)))
    winners = sorted({(b.red if b.winner == "red" else b.blue)[1] for b in rows if b.winner})
    if winners:  # their other bouts decide inactivity
        rows = bout_rows(
            done.filter(Q(pk__in=list(marked)) | Q(red_id__in=winners) | Q(blue_id__in=winners))
        )
    horizon = done.order_by("-date").values_list("date", flat=True).first()
    changed = 0
    for title in titles:
        lines = [dataclasses.replace(b, is_title=marked.get(b.id) == title.pk) for b in rows]
        reigns = title_lineage(division=division, bouts=lines, horizon=horizon) if lines else []
        if _store(title, reigns):
            changed += 1
    return changed


def _store(title: RegionalTitle, reigns) -> bool:
    wanted = [
        (
            r.number,
            r.competitor[1],
            r.started_on,
            r.start_bout,
            r.ended_on,
            r.end_bout,
            r.end_reason,
            r.defences,
        )
        for r in reigns
        if r.competitor[0] == FIGHTER
    ]
    stored = list(
        title.reigns.order_by("number").values_list(
            "number",
            "fighter_id",
            "started_on",
            "start_bout_id",
            "ended_on",
            "end_bout_id",
            "end_reason",
            "defences",
        )
    )
    holder = reigns[-1].competitor[1] if reigns and reigns[-1].current else None
    if stored == wanted and title.champion_id == holder:
        return False
    with transaction.atomic():
        if stored != wanted:
            title.reigns.all().delete()
            RegionalReign.objects.bulk_create(
                [
                    RegionalReign(
                        title=title,
                        number=n,
                        fighter_id=f,
                        started_on=s,
                        start_bout_id=sb,
                        ended_on=e,
                        end_bout_id=eb,
                        end_reason=why,
                        defences=d,
                    )
                    for n, f, s, sb, e, eb, why, d in wanted
                ]
            )
        title.champion_id = holder
        title.save(update_fields=["champion"])
    return True


def regional_titles_refresh_for_bouts(bout_ids: list[int]) -> int:
    """Refresh the regional lineages of the divisions of ``bout_ids`` whose
    league has regions (one query when none has)."""
    divisions = Division.objects.filter(
        pk__in=Bout.objects.filter(pk__in=bout_ids).values("division_id"),
        league__regions_enabled=True,
    ).order_by("id")
    return sum(regional_titles_refresh(d) for d in divisions)


@dataclass
class RegionalPicture:
    region_of: dict[int, int] = field(default_factory=dict)  # fighter id -> region id
    champions: dict[int, int] = field(default_factory=dict)  # region id -> fighter id
    contenders: list[int] = field(default_factory=list)  # the world title's, best first
    titles: dict[int, RegionalTitle] = field(default_factory=dict)  # region id -> title


def regional_picture(
    division: Division, ranking: list[int], world_champion: int | None
) -> RegionalPicture:
    """Regions as the matchmaker sees them (``ranking``: the division's fighters,
    best first; the retired have no region here, so they take no contender's
    place). Two queries."""
    league = division.league
    picture = RegionalPicture()
    picture.region_of = dict(
        RegionMember.objects.filter(
            league=league, fighter_id__in=ranking, fighter__is_active=True
        ).values_list("fighter_id", "region_id")
    )
    for title in RegionalTitle.objects.filter(division=division):
        picture.titles[title.region_id] = title
        if title.champion_id is not None:
            picture.champions[title.region_id] = title.champion_id
    picture.contenders = contenders(
        ranking,
        picture.region_of,
        picture.champions.values(),
        league.contenders_per_region,
        world_champion=world_champion,
    )
    return picture
