"""A division's regions as read (league.region_selectors.division_regions): each
region's ranking is the division's ranking with only its fighters, numbered again
from 1, the unrated after the rated by id; a region without fighters is empty."""

import pytest

from fighters.models import Fighter
from league.models import Rating, Region
from league.region_selectors import division_regions
from tests.api import factories
from tests.league.test_regions import regions_league

pytestmark = pytest.mark.django_db


def test_a_regions_ranking_is_the_divisions_filtered_and_numbered_again():
    world = regions_league(per_region=4)
    east = Region.objects.create(league=world.league, name="East")
    regionless = factories.fighter(ruleset="webl", name="Nowhere")
    world.division.fighters.add(regionless)
    by_name = {f.name: f for f in Fighter.objects.filter(divisions=world.division)}
    # The division's ranking, best first; North 0, North 3 and South 1 have no
    # rated bout.
    ranked = ["South 2", "Nowhere", "North 1", "South 0", "North 2", "South 3"]
    for n, name in enumerate(ranked):
        Rating.objects.create(
            division=world.division, fighter=by_name[name], mu=30 - n, sigma=1, ordinal=27 - n
        )
    picture = division_regions(division=world.division)
    rows = {
        view.region.name: [(e.rank, e.division_rank, e.fighter.name) for e in view.ranking]
        for view in picture.regions
    }
    assert rows == {
        "East": [],
        "North": [(1, 3, "North 1"), (2, 5, "North 2"), (3, None, "North 0"), (4, None, "North 3")],
        "South": [(1, 1, "South 2"), (2, 4, "South 0"), (3, 6, "South 3"), (4, None, "South 1")],
    }
    assert picture.regions[0].region == east
