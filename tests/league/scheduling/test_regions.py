"""Regions' plain rules: regional rankings, the contenders' pool, and the weekly
matchmaker's title bouts with regions (league.scheduling.regions, .weekly)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from league.scheduling.regions import contenders, regional_rankings
from league.scheduling.weekly import Entrant, weekly_pairs

# Ranking 1..8 (1 best); odd ids in the North, even in the South; 8 has no region.
RANKING = [1, 2, 3, 4, 5, 6, 7, 8]
REGION_OF = {1: "N", 2: "S", 3: "N", 4: "S", 5: "N", 6: "S", 7: "N"}


def test_a_regional_ranking_is_the_division_ranking_filtered():
    assert regional_rankings(RANKING, REGION_OF) == {"N": [1, 3, 5, 7], "S": [2, 4, 6]}


def test_contenders_are_the_regional_champions_and_the_top_n_of_each_region():
    # 7 holds the North's belt, 6 the South's: both contenders whatever their rank.
    pool = contenders(RANKING, REGION_OF, [7, 6], per_region=1)
    assert pool == [1, 2, 6, 7]
    assert contenders(RANKING, REGION_OF, [7, 6], per_region=2) == [1, 2, 3, 4, 6, 7]
    assert contenders(RANKING, REGION_OF, [None], per_region=0) == []


def test_the_world_champion_is_not_his_own_contender_and_the_regionless_never_are():
    pool = contenders(RANKING, REGION_OF, [], per_region=1, world_champion=1)
    assert pool == [2, 3]
    assert 8 not in contenders(RANKING, REGION_OF, [], per_region=10)


def _entrants():
    return [Entrant(i, camp=i, value=10 - i, region=REGION_OF.get(i)) for i in RANKING if i != 8]


def test_the_world_title_challenger_comes_from_the_contenders():
    # 1 is world champion; 2 and 3 are not contenders (say the rule keeps only belts).
    week = weekly_pairs(_entrants(), week=1, champion=1, title=True, contenders=[5, 4])
    assert week.title_pair == (1, 4)


def test_a_vacant_world_title_goes_to_the_top_two_contenders():
    week = weekly_pairs(_entrants(), week=1, title=True, contenders=[3, 6, 7])
    assert week.title_pair == (3, 6)


def test_regional_title_bouts_are_matched_within_their_region():
    week = weekly_pairs(
        _entrants(),
        week=1,
        champion=1,
        title=True,
        contenders=[2, 3],
        regional_champions={"N": 5, "S": 6},
        regional_titles=True,
    )
    assert week.title_pair == (1, 2)
    assert week.regional_pairs == {"N": (5, 3), "S": (6, 4)}
    assert set(week.pairs) >= {(1, 2), (3, 5), (4, 6)}
    assert week.sat_out == 7


def test_a_vacant_regional_title_goes_to_the_region_top_two_and_a_busy_champion_rests_it():
    # The North's champion 1 fights for the world title: no North belt bout this week.
    week = weekly_pairs(
        _entrants(),
        week=1,
        champion=2,
        title=True,
        contenders=[1],
        regional_champions={"N": 1},
        regional_titles=True,
    )
    assert week.title_pair == (2, 1)
    assert "N" not in week.regional_pairs
    assert week.regional_pairs == {"S": (4, 6)}


def test_the_other_bouts_stay_in_the_region_when_they_can():
    entrants = [
        Entrant(1, 1, 10, region="N"),
        Entrant(2, 2, 9, region="S"),
        Entrant(3, 3, 8, region="N"),
        Entrant(4, 4, 7, region="S"),
    ]
    assert sorted(weekly_pairs(entrants, week=1).pairs) == [(1, 3), (2, 4)]
    # Across regions when the region has nobody he may meet.
    assert sorted(weekly_pairs(entrants, week=1, recent=[(1, 3)]).pairs) == [(1, 2), (3, 4)]


def test_regions_off_changes_nothing():
    plain = [Entrant(i, camp=i, value=10 - i) for i in range(6)]
    assert weekly_pairs(plain, week=1, regional_titles=True).pairs == [(0, 1), (2, 3), (4, 5)]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 4), st.integers(0, 30), st.one_of(st.none(), st.integers(0, 2))),
        max_size=30,
    ),
    st.lists(st.tuples(st.integers(0, 29), st.integers(0, 29)), max_size=40),
    st.lists(st.integers(0, 29), max_size=6),
    st.dictionaries(st.integers(0, 2), st.integers(0, 29), max_size=3),
    st.one_of(st.none(), st.integers(0, 29)),
)
def test_title_bouts_follow_the_regions_for_any_division(rows, recent, pool, belts, champion):
    entrants = [Entrant(i, camp=c, value=v, region=r) for i, (c, v, r) in enumerate(rows)]
    by_id = {e.id: e for e in entrants}
    week = weekly_pairs(
        entrants,
        week=1,
        recent=recent,
        champion=champion,
        title=True,
        contenders=pool,
        regional_champions=belts,
        regional_titles=True,
    )
    seen = [x for pair in week.pairs for x in pair]
    assert len(seen) == len(set(seen))  # nobody twice
    if week.title_pair:
        assert set(week.title_pair) - {champion} <= set(pool)
    for region, pair in week.regional_pairs.items():
        assert {by_id[x].region for x in pair} == {region}  # inside the region
        assert pair in week.pairs or pair[::-1] in week.pairs
        if region in belts and belts[region] in by_id:
            assert belts[region] in pair  # a belt with a holder is defended, not fought vacant
        assert not week.title_pair or not set(pair) & set(week.title_pair)
