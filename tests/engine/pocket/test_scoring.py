"""The judges' 10-point must scoring."""

from __future__ import annotations

import pytest

from bouts.engine.pocket.scoring import (
    MOST_KNOCKDOWNS,
    POINTS_BY_NET,
    points,
    score_bout,
    totals,
)

from .helpers import Scripted

MIDDLE = 0.5  # no noise


def stats(red=None, blue=None):
    base = {"damage": 0, "landed": 0, "knockdowns": 0, "thrown": 0, "counters": 0}
    return {"round": 1, "red": {**base, **(red or {})}, "blue": {**base, **(blue or {})}}


def judge(bias="none", close="even"):
    return {"name": "J", "bias": bias, "close_round": close}


def test_points_ten_nine_and_knockdowns():
    assert points(1, 0) == [10, 9]
    assert points(-1, 0) == [9, 10]
    assert points(0, 0) == [10, 10]
    assert points(1, -1) == [10, 8]  # red won the round and dropped blue once
    assert points(1, -2) == [10, 7]
    assert points(-1, 1) == [8, 10]
    assert points(1, 1) == [9, 10]  # red won the round but was dropped: never even
    assert points(1, -5) == [10, 6]  # never below 6


def test_more_damage_wins_the_round():
    cards = score_bout([judge()] * 3, [stats({"damage": 8}, {"damage": 3})], Scripted([MIDDLE] * 3))
    assert cards == [[[10, 9]]] * 3


def test_a_knockdown_round_is_ten_eight():
    s = stats({"damage": 12, "knockdowns": 1}, {"damage": 2})
    assert score_bout([judge()], [s], Scripted([MIDDLE])) == [[[10, 8]]]


def test_close_round_views():
    s = stats({"thrown": 9}, {"thrown": 5, "counters": 2})
    rng = lambda: Scripted([MIDDLE])  # noqa: E731
    assert score_bout([judge(close="even")], [s], rng()) == [[[10, 10]]]
    assert score_bout([judge(close="aggressor")], [s], rng()) == [[[10, 9]]]
    assert score_bout([judge(close="counterpuncher")], [s], rng()) == [[[9, 10]]]
    assert score_bout([judge(close="home")], [s], rng()) == [[[10, 9]]]


def test_bias():
    s = stats({"damage": 4}, {"damage": 5})  # blue by 1 + 0 landed
    assert score_bout([judge("hometown")], [s], Scripted([MIDDLE])) == [[[10, 9]]]
    assert score_bout([judge("champion")], [s], Scripted([MIDDLE]), "red") == [[[10, 9]]]
    assert score_bout([judge("champion")], [s], Scripted([MIDDLE]), None) == [[[9, 10]]]
    slug = stats({"damage": 6, "landed": 1}, {"damage": 4, "landed": 6})
    assert score_bout([judge("slugger")], [slug], Scripted([MIDDLE])) == [[[10, 9]]]
    assert score_bout([judge("boxer")], [slug], Scripted([MIDDLE])) == [[[9, 10]]]


def test_noise_can_swing_a_round():
    s = stats({"damage": 5}, {"damage": 4})
    assert score_bout([judge()], [s], Scripted([0.0])) == [[[9, 10]]]


@pytest.mark.parametrize("diff", [1.0, 0.0, -1.0])
@pytest.mark.parametrize("net", [-3, -2, -1, 1, 2, 3])
def test_a_knockdown_round_is_never_even_and_goes_to_the_man_down_fewer_times(diff, net):
    red, blue = points(diff, net)
    assert red != blue
    assert (red < blue) == (net > 0)  # net > 0: red was down more
    assert max(red, blue) == 10


def test_a_downed_fighter_who_won_the_round_on_punches_loses_it_by_one():
    assert points(1.0, 1) == [9, 10]
    assert points(-1.0, -1) == [10, 9]


def test_a_judges_totals_add_up_his_card_for_each_corner():
    cards = [[[10, 9], [9, 10], [10, 8]], [[10, 10]]]
    assert totals(cards) == [[29, 27], [10, 10]]


def test_the_points_table_holds_every_round_a_bout_can_have_scored_by_the_rule():
    # 50 health, 10 a knockdown: the fifth would be a TKO first
    assert MOST_KNOCKDOWNS == 5
    assert sorted(POINTS_BY_NET) == list(range(-5, 6))
    for net, outcomes in POINTS_BY_NET.items():
        assert outcomes == (points(1.0, net), points(-1.0, net), points(0.0, net))
