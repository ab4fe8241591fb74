"""The derived tables of an imported league, rebuilt from its bouts: the same
functions ``check_league --repair`` and the projector use, so the imported
league's tables are what its bouts say (docs/archive.md lists them): ratings,
standings, titles, the record book (``division_rebuild``), regional belts,
careers, the projector's watermark, and the awards of the seasons that had
them handed out."""

from __future__ import annotations

from bouts.selectors import careers_from_bouts
from fighters.models import Career
from league.history.services import award_instances, awards_compute
from league.models import Award, League
from league.services import division_rebuild
from league.services.projector import division_mark_derived
from league.services.regions import regional_titles_refresh


def hand_out_awards(writer, league: League, handed_out: list[dict]) -> None:
    """The awards of the league seasons the archive says were handed out,
    computed from the imported bouts (as the projector recomputes them after a
    void), on the league date and by the account the archive names."""
    from .codec import decode
    from .format import AWARDS_HANDED_OUT, USER

    for n, item in enumerate(handed_out):
        when = decode(item, AWARDS_HANDED_OUT, f"league.awards_handed_out[{n}]", writer.problems)
        writer.check()
        number = when.get("season_number")
        rows = award_instances(league, number, awards_compute(league, number))
        Award.objects.filter(league=league, season_number=number).delete()
        for m, award in enumerate(rows):
            award.handed_out_on = when.get("handed_out_on")
            award.handed_out_by_id = writer.ref(USER, item.get("handed_out_by"))
            writer.clean(award, f"league.awards_handed_out[{n}] (award {m + 1})")
        writer.check()
        Award.objects.bulk_create(rows)


def rebuild_league(league: League, fighter_ids=None) -> None:
    """Ratings, rating history, standings, titles and reigns, regional belts,
    the projector's watermark, and the careers of ``fighter_ids`` (default: the
    fighters the league's divisions and bouts name)."""
    for division in league.divisions.select_related("league").order_by("pk"):
        division_rebuild(division=division)
        regional_titles_refresh(division)
        division_mark_derived(division.pk)
    if fighter_ids is None:
        from .scope import league_fighter_ids

        fighter_ids = league_fighter_ids(league)
    careers = careers_from_bouts(fighter_ids=sorted(fighter_ids))
    Career.objects.filter(fighter_id__in=list(careers)).delete()
    Career.objects.bulk_create(
        [Career(fighter_id=pk, **values) for pk, values in sorted(careers.items())],
        batch_size=500,
    )
