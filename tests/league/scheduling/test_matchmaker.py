import datetime as dt

from league.scheduling.matchmaker import Candidate, matchmake

DAY = dt.date(2026, 5, 1)


def test_pairs_neighbours_in_ranking_order():
    made = matchmake([Candidate(i) for i in range(1, 7)], date=DAY)
    assert made.pairs == [(1, 2), (3, 4), (5, 6)]
    assert made.unmatched == []


def test_skips_recent_opponents():
    made = matchmake([Candidate(i) for i in range(1, 5)], date=DAY, recent=[(2, 1)])
    assert made.pairs == [(1, 3), (2, 4)]


def test_respects_suspensions_and_retirement():
    ranking = [
        Candidate(1),
        Candidate(2, suspended_until=DAY),  # still suspended on the day
        Candidate(3, suspended_until=DAY - dt.timedelta(days=1)),  # cleared
        Candidate(4, retired=True),
        Candidate(5),
    ]
    made = matchmake(ranking, date=DAY)
    assert made.unavailable == [2, 4]
    assert made.pairs == [(1, 3)]
    assert made.unmatched == [5]


def test_rank_gap_and_max_pairs():
    ranking = [Candidate(i) for i in range(1, 6)]
    made = matchmake(ranking, date=DAY, recent=[(1, 2), (1, 3)], max_rank_gap=2)
    assert (1, 2) not in made.pairs and (1, 3) not in made.pairs
    assert made.pairs == [(2, 3), (4, 5)]
    assert 1 in made.unmatched
    assert matchmake(ranking, date=DAY, max_pairs=1).pairs == [(1, 2)]
