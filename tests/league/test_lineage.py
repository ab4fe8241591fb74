"""The projector walks the title lineage over only the bouts that can change it
(title bouts and the bouts of fighters who have won one): the same reigns as a
walk over every bout of the division."""

import datetime as dt

import pytest

from bouts.models import Bout
from league import services
from league.services.lineage import lineage_bouts, title_lineage
from league.services.rows import division_bouts
from league.titles import END_REASONS

from .conftest import book_season, make_league, record

pytestmark = pytest.mark.django_db


def test_the_subset_walk_gives_the_full_walks_reigns(ruleset):
    # A short inactivity limit, so that belts are vacated between title bouts.
    _league, division = make_league(ruleset, 6, title_inactivity_days=30)
    tournament = services.tournament_create(division=division, size=4, queue=False)
    for _ in range(4):
        for bout in Bout.objects.filter(tournament_match__tournament=tournament, result=None):
            record(bout, "red", "KO")
    # After the suspensions the KOs gave (a season is scheduled as a whole).
    season = services.season_schedule(
        division=division, seed=3, queue=False, start_date=dt.date(2026, 9, 1)
    )
    outcomes = [("red", "UD"), ("blue", "TKO"), (None, "DRAW")]
    for i, bout in enumerate(book_season(season)):
        record(bout, *outcomes[i % 3])
    everything = division_bouts(division.id)
    last = everything[-1]
    upto = (last.date, last.event_id or 0, last.order, last.id)
    subset = lineage_bouts(division, upto)
    assert subset is not None and len(subset) < len(everything)
    full = title_lineage(division=division, bouts=everything)
    walked = title_lineage(division=division, bouts=subset, horizon=last.date)
    assert full, "the tournament crowned a champion"
    assert [vars(r) for r in walked] == [vars(r) for r in full]
    assert {r.end_reason for r in full} <= {"", *END_REASONS}
    assert any(r.end_reason == "inactive" for r in full), "vacated between title bouts"
