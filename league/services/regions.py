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
from league.region_models import DUPLICATE_REGION
from league.scheduling.regions import contenders
from league.services.common import FIGHTER
from league.services.lineage import lineage_bouts, title_lineages
from league.services.membership import require_commissioner
from league.services.storage import reign_row_fields, reign_values
from league.titles import champion as current_champion


def _require_regions(league: League) -> None:
    if not league.regions_enabled:
        raise ValidationError({"league": [f"{league.name} has no regions."]})


def region_create(*, actor, league: League, name: str) -> Region:
    require_commissioner(actor, league)
    _require_regions(league)
    region = Region(league=league, name=(name or "").strip())
    region.full_clean()  # a duplicate name is the name's error (Region.validate_constraints)
    try:
        with transaction.atomic():
            region.save()
    except IntegrityError as exc:  # a concurrent twin
        raise ValidationError({"name": [DUPLICATE_REGION]}) from exc
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


def regions_assign_many(
    *, actor, league: League, fighters: list[Fighter], region: Region | None
) -> int:
    """Put every one of ``fighters`` in ``region`` (None: take them all out), in
    one go: all of them or none (a fighter on none of the league's rosters is a
    field error naming him). A fixed number of queries whatever their number."""
    require_commissioner(actor, league)
    _require_regions(league)
    if not fighters:
        raise ValidationError({"fighters": ["Tick at least one fighter."]})
    if region is not None and region.league_id != league.pk:
        raise ValidationError({"region": ["That region belongs to another league."]})
    ids = [fighter.pk for fighter in fighters]
    if region is not None:
        rostered = set(
            Division.objects.filter(league=league, fighters__in=ids).values_list(
                "fighters", flat=True
            )
        )
        strangers = [fighter.name for fighter in fighters if fighter.pk not in rostered]
        if strangers:
            raise ValidationError(
                {
                    "fighters": [
                        f"{name} fights in no division of {league.name}." for name in strangers
                    ]
                }
            )
    with transaction.atomic():
        RegionMember.objects.filter(league=league, fighter_id__in=ids).delete()
        if region is not None:
            members = [RegionMember(league=league, region=region, fighter=f) for f in fighters]
            for member in members:
                member.full_clean(exclude=["league", "fighter", "region"], validate_unique=False)
            RegionMember.objects.bulk_create(members)
    return len(fighters)


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
    changed. The world title's walk (league.services.lineage): the regional title
    bouts and their winners' other bouts read once, each belt walked with only its
    own bouts as title bouts. A fixed number of queries whatever the number of
    belts: eight reads (two more when a regional title bout was drawn: the
    tournament draws' check, made by the bouts' read and by the walk), and when
    something changed one delete, one insert and one update in a savepoint."""
    belts = list(RegionalTitle.objects.filter(division=division).order_by("id"))
    if not belts:
        return 0
    marks = RegionalTitleBout.objects.filter(title__division=division)
    marked = dict(marks.values_list("bout_id", "title_id"))
    rows = lineage_bouts(division, title_bouts=Q(pk__in=marks.values("bout_id")))
    if not rows:  # no regional title bout (any more): no reigns
        return _store(belts, {})
    horizon = (
        Bout.objects.filter(
            division_id=division.id, status=BoutStatus.COMPLETED, result__isnull=False
        )
        .order_by("-date")
        .values_list("date", flat=True)
        .first()
    )
    walks = {
        title.pk: [dataclasses.replace(b, is_title=marked.get(b.id) == title.pk) for b in rows]
        for title in belts
    }
    return _store(belts, title_lineages(division=division, walks=walks, horizon=horizon))


def _store(belts: list[RegionalTitle], walked: dict[int, list]) -> int:
    """Each title's reigns (``walked``: title id -> its walked reigns; a fighter's
    only) and champion, written where they changed (one read; a delete, an insert
    and an update of the champions for all the changed titles)."""
    stored: dict[int, list[RegionalReign]] = {t.pk: [] for t in belts}
    for row in RegionalReign.objects.filter(title__division_id=belts[0].division_id).order_by(
        "title_id", "number"
    ):
        stored[row.title_id].append(row)
    new_reigns, renewed, crowned = [], [], []
    for title in belts:
        reigns = [r for r in walked.get(title.pk, []) if r.competitor[0] == FIGHTER]
        holder = current_champion(reigns)
        if [reign_values(r) for r in stored[title.pk]] != [reign_values(r) for r in reigns]:
            renewed.append(title.pk)
            new_reigns.extend(
                RegionalReign(title=title, fighter_id=r.competitor[1], **reign_row_fields(r))
                for r in reigns
            )
        champion = holder[1] if holder is not None else None
        if title.champion_id != champion:
            title.champion_id = champion
            crowned.append(title)
    if not renewed and not crowned:
        return 0
    with transaction.atomic():
        if renewed:
            RegionalReign.objects.filter(title_id__in=renewed).delete()
            RegionalReign.objects.bulk_create(new_reigns)
        if crowned:
            RegionalTitle.objects.bulk_update(crowned, ["champion"])
    return len(set(renewed) | {t.pk for t in crowned})


def regional_titles_refresh_for_bouts(bout_ids: list[int]) -> int:
    """Refresh the regional lineages of the divisions of ``bout_ids`` whose
    league has regions (one query when none has)."""
    divisions = (
        Division.objects.filter(
            pk__in=Bout.objects.filter(pk__in=bout_ids).values("division_id"),
            league__regions_enabled=True,
        )
        .select_related("league")
        .order_by("id")
    )
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
