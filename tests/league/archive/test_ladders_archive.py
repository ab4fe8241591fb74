"""A league's challenge ladders travel in its archive: rungs, challenges (with
their bouts and who issued them) come back the same."""

import pytest

from league.archive import export_league, import_league
from league.ladders.models import Ladder
from league.ladders.services import challenge_issue, ladder_create
from tests.api import factories
from tests.api.managers import world
from tests.league.conftest import record

pytestmark = pytest.mark.django_db


def _ladder_rows(ladder):
    rungs = [(r.rank, r.start_rank, r.fighter.name) for r in ladder.rungs.select_related("fighter")]
    challenges = [
        (
            c.challenger.name,
            c.defender.name,
            c.status,
            c.winner,
            c.bout.date if c.bout else None,
            c.issued_by.username if c.issued_by else None,
        )
        for c in ladder.challenges.select_related(
            "challenger", "defender", "bout", "issued_by"
        ).order_by("id")
    ]
    return ladder.name, ladder.reach, ladder.managers_challenge, rungs, challenges


def test_ladders_round_trip_through_the_archive():
    factories.reset()
    w = world()
    ladder = ladder_create(
        user=w.commissioner,
        division=w.division,
        name="Middle ladder",
        reach=2,
        fighters=[*w.theirs, w.free, *w.mine],
    )
    fought = challenge_issue(user=w.owner, ladder=ladder, challenger=w.mine[1], defender=w.free)
    record(fought.bout, "blue", "UD")
    challenge_issue(
        user=w.commissioner, ladder=ladder, challenger=w.theirs[1], defender=w.theirs[0]
    )
    data = export_league(w.league)
    assert [len(data["ladders"][0][k]) for k in ("rungs", "challenges")] == [5, 2]
    copy = import_league(data, by=w.staff, slug="ladder-copy", name="Ladder copy")
    imported = Ladder.objects.get(league=copy)
    assert _ladder_rows(imported) == _ladder_rows(ladder)
    assert export_league(copy)["ladders"] == data["ladders"]
