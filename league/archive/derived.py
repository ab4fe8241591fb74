"""The derived tables of an imported league, rebuilt from its bouts: the same
functions ``check_league --repair`` and the projector use, so the imported
league's tables are what its bouts say (docs/archive.md lists them)."""

from __future__ import annotations

from bouts.selectors import careers_from_bouts
from fighters.models import Career
from league.models import League
from league.services import division_rebuild
from league.services.projector import division_mark_derived
from league.services.regions import regional_titles_refresh


def rebuild_league(league: League, fighter_ids=None) -> None:
    """Ratings, rating history, standings, titles and reigns, regional belts,
    the projector's watermark, and the careers of ``fighter_ids`` (default: the
    fighters the league's divisions and bouts name)."""
    for division in league.divisions.select_related("league").order_by("pk"):
        division_rebuild(division=division)
        regional_titles_refresh(division)
        division_mark_derived(division.pk)
    if fighter_ids is None:
        from .export import league_fighter_ids

        fighter_ids = league_fighter_ids(league)
    careers = careers_from_bouts(fighter_ids=sorted(fighter_ids))
    Career.objects.filter(fighter_id__in=list(careers)).delete()
    Career.objects.bulk_create(
        [Career(fighter_id=pk, **values) for pk, values in sorted(careers.items())],
        batch_size=500,
    )
