import pytest

from league.standings.metrics import METRICS, Outcome, PointsConfig, compute_standings


def table(rows):
    return [(r.competitor, r.rank, r.tied, r.points) for r in rows]


def test_golden_points_with_stoppage_bonus():
    outcomes = [
        Outcome("a", "b", "red", "KO"),  # a 3+1
        Outcome("b", "c", "red", "UD"),  # b 3
        Outcome("c", "a", None, "DRAW"),  # 1 each
        Outcome("c", "b", "blue", "TKO"),  # b 3+1
    ]
    rows = compute_standings("abc", outcomes, PointsConfig(win=3, draw=1, loss=0, stoppage_bonus=1))
    assert table(rows) == [("b", 1, False, 7), ("a", 2, False, 5), ("c", 3, False, 1)]
    b = rows[0]
    assert (b.bouts, b.wins, b.losses, b.draws, b.stoppage_wins) == (3, 2, 1, 0, 1)
    assert rows[2].stoppage_losses == 1


def test_points_configuration_changes_the_table():
    outcomes = [
        Outcome("a", "b", "red", "UD"),
        Outcome("b", "c", None, "DRAW"),
        Outcome("c", "d", None, "DRAW"),
    ]
    two = compute_standings("abcd", outcomes, PointsConfig(win=2, draw=1, stoppage_bonus=0))
    # a and c level on 2 points and on every tiebreaker; d has no loss, b one.
    assert table(two) == [
        ("a", 1, True, 2),
        ("c", 1, True, 2),
        ("d", 3, False, 1),
        ("b", 4, False, 1),
    ]
    three = compute_standings("abcd", outcomes, PointsConfig(win=3, draw=1, stoppage_bonus=0))
    assert table(three)[0] == ("a", 1, False, 3)


def test_head_to_head_separates_level_pairs():
    outcomes = [
        Outcome("a", "b", "red", "UD"),
        Outcome("c", "a", "red", "UD"),
        Outcome("b", "c", "red", "UD"),
        Outcome("b", "d", "red", "UD"),
        Outcome("a", "d", "red", "UD"),
        Outcome("c", "d", "blue", "UD"),
    ]
    rows = compute_standings("abcd", outcomes, PointsConfig(), ["head_to_head"])
    # a and b on 6 (a beat b), c and d on 3 (d beat c).
    assert table(rows) == [
        ("a", 1, False, 6),
        ("b", 2, False, 6),
        ("d", 3, False, 3),
        ("c", 4, False, 3),
    ]


def test_a_cycle_stays_tied():
    outcomes = [
        Outcome("a", "b", "red", "UD"),
        Outcome("b", "c", "red", "UD"),
        Outcome("c", "a", "red", "UD"),
    ]
    rows = compute_standings("abc", outcomes, PointsConfig(), ["head_to_head", "fewest_losses"])
    assert {(r.rank, r.tied) for r in rows} == {(1, True)}


def test_head_to_head_is_recomputed_inside_the_subgroup():
    outcomes = [
        Outcome("b", "a", "red", "UD"),
        Outcome("a", "c", "red", "UD"),
        Outcome("c", "b", "red", "KO"),
    ]
    rows = compute_standings(
        "abc", outcomes, PointsConfig(stoppage_bonus=0), ["stoppage_wins", "head_to_head"]
    )
    # All on 3; c has the stoppage; among a and b alone, b beat a (over all three
    # head to head would be level at 3 each).
    assert [(r.competitor, r.rank) for r in rows] == [("c", 1), ("b", 2), ("a", 3)]


def test_tiebreakers_in_order_and_unbroken_tie_shown():
    outcomes = [
        Outcome("a", "x", "red", "KO"),
        Outcome("b", "y", "red", "UD"),
        Outcome("c", "z", "red", "UD"),
        Outcome("c", "z", "blue", "UD"),
        Outcome("b", "z", "blue", "UD"),
    ]
    cfg = PointsConfig(win=3, draw=1, loss=0, stoppage_bonus=0)
    rows = compute_standings("abcxyz", outcomes, cfg, ["stoppage_wins", "fewest_losses"])
    by = {r.competitor: r for r in rows}
    # z: 6 pts; a, b, c: 3 pts; a has the stoppage; b and c level on losses (1 each).
    assert by["z"].rank == 1
    assert by["a"].rank == 2
    assert by["b"].rank == by["c"].rank == 3 and by["b"].tied and by["c"].tied
    assert by["b"].metrics == {"stoppage_wins": 0, "fewest_losses": -1}
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)


def test_fewest_losses_breaks_what_stoppages_leave():
    outcomes = [
        Outcome("a", "b", None, "DRAW"),
        Outcome("a", "c", None, "DRAW"),
        Outcome("b", "c", "red", "UD"),
        Outcome("d", "c", "red", "UD"),
        Outcome("d", "e", None, "DRAW"),
        Outcome("e", "d", "red", "UD"),
    ]
    rows = compute_standings("abcde", outcomes, PointsConfig(), ["fewest_losses"])
    by = {r.competitor: r for r in rows}
    # b: W D = 4, 0 losses; d: W D L = 4, one loss; e: W D = 4, 0 losses.
    assert by["b"].points == by["d"].points == by["e"].points == 4
    assert by["b"].rank == by["e"].rank == 1 and by["d"].rank == 3


def test_competitors_without_bouts_are_listed_and_unknown_keys_refused():
    rows = compute_standings(["a", "b"], [], PointsConfig())
    assert [(r.rank, r.tied, r.points) for r in rows] == [(1, True, 0), (1, True, 0)]
    with pytest.raises(ValueError, match="unknown tiebreaker"):
        compute_standings(["a"], [], PointsConfig(), ["coin_toss"])
    assert {"head_to_head", "stoppage_wins", "fewest_losses"} <= set(METRICS)
