"""The regional lineages (league.services.regions.regional_titles_refresh): each
belt walked like the world title (league.services.lineage) over its own title
bouts, stored in a fixed number of queries whatever the number of belts, and the
same reigns as a walk of each belt over every bout of the division."""

import dataclasses
import datetime as dt

import pytest

from bouts.models import Bout, BoutStatus, MedicalSuspension, Result
from fighters.models import Fighter
from league.models import Region, RegionalReign, RegionalTitle, RegionalTitleBout
from league.services.common import FIGHTER
from league.services.lineage import title_lineage, title_lineages
from league.services.regions import regional_titles_create, regional_titles_refresh
from league.services.rows import division_bouts
from league.services.storage import reign_values

from .conftest import make_league

pytestmark = pytest.mark.django_db
DAY = dt.date(2026, 2, 7)


def _bout(division, day, red, blue, winner, *, title=None, world=False):
    bout = Bout.objects.create(
        ruleset=division.league.ruleset,
        division=division,
        date=DAY + dt.timedelta(days=day),
        red=red,
        blue=blue,
        seed=day,
        scheduled_rounds=3,
        status=BoutStatus.COMPLETED,
        is_title_bout=world,
    )
    Result.objects.create(
        bout=bout, winner=winner, method="UD" if winner else "DRAW", round=3, time="3:00",
        engine_result={},
    )  # fmt: skip
    if title is not None:
        RegionalTitleBout.objects.create(bout=bout, title=title)
    return bout


def belts_league(ruleset, regions):
    """``regions`` regions of four fighters each (a, b, c, d), their belts in one
    division. In each region a wins the vacant belt from b, defends it in a draw
    with c and loses it to c, who beats d (his other bouts decide inactivity). Then
    the first region's c keeps his belt by fighting on; the second's is suspended
    long after a bout; the third's wins the world title and retires; the others'
    belts are vacated for inactivity by the division's last bout."""
    league, division = make_league(
        ruleset, 4 * regions, regions_enabled=True, title_inactivity_days=60
    )
    fighters = list(division.fighters.order_by("id"))
    made = [Region.objects.create(league=league, name=f"Region {n}") for n in range(regions)]
    belts = regional_titles_create(division, [r.pk for r in made])
    sides = [fighters[4 * n : 4 * n + 4] for n in range(regions)]
    for n, (belt, (a, b, c, d)) in enumerate(zip(belts, sides, strict=True)):
        _bout(division, n, a, b, "red", title=belt)
        _bout(division, n + 7, c, a, None, title=belt)  # a draw: a defence
        _bout(division, n + 14, a, c, "blue", title=belt)
        _bout(division, n + 21, c, d, "red")
    for day in (60, 110, 160):
        _bout(division, day, sides[0][2], sides[0][3], "red")
    if regions > 1:
        suspended = _bout(division, 40, sides[1][2], sides[1][3], "red")
        MedicalSuspension.objects.create(
            fighter=sides[1][2],
            bout=suspended,
            reason="test",
            starts_on=suspended.date,
            ends_on=suspended.date + dt.timedelta(days=200),
        )
    if regions > 2:
        _bout(division, 45, sides[2][2], sides[1][2], "red", world=True)
        Fighter.objects.filter(pk=sides[2][2].pk).update(retired_on=DAY + dt.timedelta(days=50))
    _bout(division, 200, sides[0][0], sides[0][1], "red")  # the horizon
    return division, belts


def _stored(belt):
    return [reign_values(r) for r in RegionalReign.objects.filter(title=belt).order_by("number")]


def _full_walk(division, belt):
    """The belt's reigns walked over every bout of the division (no subset)."""
    marked = set(RegionalTitleBout.objects.filter(title=belt).values_list("bout_id", flat=True))
    rows = [dataclasses.replace(b, is_title=b.id in marked) for b in division_bouts(division.id)]
    return [r for r in title_lineage(division=division, bouts=rows) if r.competitor[0] == FIGHTER]


@pytest.mark.parametrize("regions", [1, 4])
def test_the_stored_regional_reigns_are_each_belts_walk_over_every_bout(ruleset, regions):
    division, belts = belts_league(ruleset, regions)
    assert regional_titles_refresh(division) == regions
    reasons = set()
    for belt in belts:
        full = _full_walk(division, belt)
        assert _stored(belt) == [reign_values(r) for r in full]
        belt.refresh_from_db()
        assert belt.champion_id == (full[-1].competitor[1] if full[-1].current else None)
        assert [r.defences for r in full[:1]] == [1]  # the draw
        assert full[0].end_reason == "lost"
        reasons |= {r.end_reason for r in full}
    assert belts[0].champion_id is not None
    assert reasons == (
        {"", "lost", "suspended", "retired", "inactive"} if regions > 3 else {"", "lost"}
    )
    assert regional_titles_refresh(division) == 0  # nothing changed


def test_a_changed_lineage_is_rewritten_and_the_champion_follows(ruleset):
    division, belts = belts_league(ruleset, 2)
    regional_titles_refresh(division)
    belt = belts[1]
    loss = RegionalTitleBout.objects.filter(title=belt).order_by("bout__date").last().bout
    Result.objects.filter(bout=loss).update(winner="red")  # the champion kept it
    RegionalTitle.objects.filter(pk=belts[0].pk).update(champion=None)  # out of step
    assert regional_titles_refresh(division) == 2
    for each in belts:
        assert _stored(each) == [reign_values(r) for r in _full_walk(division, each)]
    Bout.objects.filter(pk__in=belt.bouts.values("bout_id")).update(status=BoutStatus.VOIDED)
    assert regional_titles_refresh(division) == 1
    belt.refresh_from_db()
    assert belt.champion_id is None and not belt.reigns.exists()


@pytest.mark.parametrize(
    ("regions", "reads"),
    # titles, marks, title bouts, drawn tournament bouts?, theirs, horizon, drawn again,
    # retired, suspended, reigns
    [(1, 10), (4, 10)],
)
def test_the_refresh_costs_the_same_whatever_the_number_of_belts(
    ruleset, regions, reads, django_assert_num_queries
):
    division, _ = belts_league(ruleset, regions)
    division.refresh_from_db()
    division.league  # noqa: B018 (the league read, as the callers select it)
    with django_assert_num_queries(reads + 5):  # savepoint, delete, insert, update, release
        regional_titles_refresh(division)
    with django_assert_num_queries(reads):
        assert regional_titles_refresh(division) == 0
    Bout.objects.filter(pk__in=RegionalTitleBout.objects.values("bout_id")).update(
        status=BoutStatus.VOIDED
    )
    with django_assert_num_queries(4 + 4):  # titles, marks, title bouts, reigns; no insert
        regional_titles_refresh(division)


def test_several_belts_walked_at_once_are_each_walked_alone(ruleset):
    division, belts = belts_league(ruleset, 3)
    marks = dict(RegionalTitleBout.objects.values_list("bout_id", "title_id"))
    rows = division_bouts(division.id)
    walks = {
        belt.pk: [dataclasses.replace(b, is_title=marks.get(b.id) == belt.pk) for b in rows]
        for belt in belts
    }
    together = title_lineages(division=division, walks=walks)
    for pk, walk in walks.items():
        alone = title_lineage(division=division, bouts=walk)
        assert [vars(r) for r in together[pk]] == [vars(r) for r in alone] != []
