"""Steps 2 and 3: styles (simultaneous, floors at 1) and the height bonus."""

import pytest

from bouts.engine.webl.plans import parse_line
from bouts.engine.webl.styles import (
    apply_styles,
    height_bonus,
    resolve_styles,
    resting_aggression,
    style_aggression,
)

NEUTRAL = (10.0, 10.0, 10.0)


def test_inside_example():
    # STR 15, AGL 10 inside against STR 11: STR 18.5, AGL 8.5.
    a, _b, _, _ = apply_styles((15, 10, 10), (11, 10, 10), "inside", "", 5, 5)
    assert a[0] == pytest.approx(18.5)
    assert a[2] == pytest.approx(8.5)


def test_clinch_example_gains_one_agl_and_rests_one_agg():
    # STR 12, AGL 13 clinching against STR 10, AGL 10: +1.5 +1 -1.5 = +1 AGL.
    a, _b, agg_a, _ = apply_styles((12, 10, 13), (10, 10, 10), "clinch", "", 5, 5)
    assert a[2] == pytest.approx(14.0)
    assert agg_a == 4
    assert resting_aggression("clinch")


def test_clinch_never_lowers_agg_below_one():
    assert style_aggression("clinch", "", 1, 5) == (1, 5)


def test_feint_example():
    # SPD 12 feinting against SPD 10: +2.5 -> 14.5; one AGG lost and not rested.
    a, _b, agg_a, _ = apply_styles((10, 12, 10), (10, 10, 10), "feint", "", 5, 5)
    assert a[1] == pytest.approx(14.5)
    assert agg_a == 4
    assert not resting_aggression("feint")


def test_counter_punching_example():
    # A: SPD 13 AGL 10, B: SPD 10 AGL 11. A counters: 10.75 and 10.25.
    a, b, _, _ = apply_styles((10, 13, 10), (10, 10, 11), "counter", "", 5, 5)
    assert a[2] == pytest.approx(10.75)
    assert b[2] == pytest.approx(10.25)


def test_counter_punching_backfires():
    # B (slower) counters: AGL reduced by half his SPD disadvantage: 11 - 1.5 = 9.5.
    _a, b, _, _ = apply_styles((10, 13, 10), (10, 10, 11), "", "counter", 5, 5)
    assert b[2] == pytest.approx(9.5)


def test_counter_reduction_capped_at_half_opponent_agl():
    _a, b, _, _ = apply_styles((10, 30, 10), (10, 2, 2), "counter", "", 5, 5)
    assert b[2] == pytest.approx(1.0)  # 2 - min(7, 1) = 1


def test_counter_puncher_agg_drops_below_opponent():
    # AGG 6 against AGG 5 -> 4 (two points rested).
    assert style_aggression("counter", "", 6, 5) == (4, 5)
    assert style_aggression("", "counter", 5, 6) == (5, 4)
    assert style_aggression("counter", "", 3, 5) == (3, 5)  # already below
    assert style_aggression("counter", "", 6, 1) == (1, 1)  # never below 1


def test_counter_after_opponent_feint_or_clinch():
    # The opponent's reduction comes first: AGG 6 vs feinting 6 (-> 5) -> 4.
    assert style_aggression("counter", "feint", 6, 6) == (4, 5)
    assert style_aggression("clinch", "counter", 6, 6) == (5, 4)


def test_both_counter_lose_one_each():
    assert style_aggression("counter", "counter", 6, 5) == (5, 4)


def test_ring_is_inverse_of_inside():
    a, _b, _, _ = apply_styles((10, 10, 13), (10, 10, 11), "ring", "", 5, 5)
    assert a[2] == pytest.approx(13 + 1.5 + 1)
    assert a[0] == pytest.approx(8.5)


def test_cutting_off_the_ring_at_most_ten_percent():
    _a, b, _, _ = apply_styles((10, 10, 14), (10, 10, 10), "cut", "", 5, 5)
    assert b[2] == pytest.approx(9.0)  # difference 4, capped at 10% of 10
    _a, b, _, _ = apply_styles((10, 10, 10.5), (10, 10, 10), "cut", "", 5, 5)
    assert b[2] == pytest.approx(9.5)


def test_outside_costs_15_percent_str():
    a, _b, _, _ = apply_styles((20, 10, 10), NEUTRAL, "outside", "", 5, 5)
    assert a[0] == pytest.approx(17.0)


def test_styles_are_simultaneous():
    # A inside (AGL -15%) against B using the ring: B's AGL bonus is computed from
    # A's AGL before A's reduction.
    a, b, _, _ = apply_styles((10, 10, 10), (10, 10, 12), "inside", "ring", 5, 5)
    assert b[2] == pytest.approx(12 + 1.5 + 1.0)
    assert a[2] == pytest.approx(8.5)


def test_styles_never_reduce_below_one():
    a, _b, _, _ = apply_styles((1, 1, 1), (30, 30, 30), "ring", "cut", 5, 5)
    assert min(a) >= 1.0


def test_height_bonus_example():
    assert height_bonus(13, 10, "", "") == ((1.5, 1.5), (0.0, 0.0))
    assert height_bonus(10, 13, "", "") == ((0.0, 0.0), (1.5, 1.5))


@pytest.mark.parametrize(
    ("style", "normal", "vs_allout"),
    [("", 2.0, 4.0), ("outside", 3.0, 6.0), ("inside", 1.0, 2.0), ("clinch", 1.0, 2.0)],
)
def test_height_bonus_modifiers(style, normal, vs_allout):
    # HGT 12 against HGT 8: 2/3/1 points of SPD and AGL; against an all-out shorter
    # opponent 4/6/2 points of SPD and none of AGL.
    assert height_bonus(12, 8, style, "") == ((normal, normal), (0.0, 0.0))
    assert height_bonus(12, 8, style, "allout") == ((vs_allout, 0.0), (0.0, 0.0))


def test_resolve_styles_adds_height_after_styles():
    line_a = parse_line("5/7/8 (outside)")
    line_b = parse_line("5/7/8")
    a, b, agg_a, agg_b = resolve_styles((10, 10, 10), (10, 10, 10), 12, 8, line_a, line_b)
    assert a == pytest.approx((8.5, 13.0, 13.0))
    assert b == (10, 10, 10)
    assert (agg_a, agg_b) == (5, 5)


def test_pair_meaning_reuses_styled_attributes_only_where_agg_does_not_matter():
    # fighter.STYLED keeps resolve_styles' attributes per matchup of styles: a pair of
    # lines with other AGGs but the same styles gives what a cold cache gives.
    import random

    from bouts.engine.webl.fighter import STYLED, Fighter, pair_meaning
    from bouts.engine.webl.plans import STYLES, Line

    rng = random.Random(11)

    def card():
        return {k: rng.randint(1, 30) for k in ("str", "spd", "agl", "hgt", "tgh")}

    def line(style):
        agg = rng.randint(1, 8)
        return Line(agg, rng.randint(1, 8), rng.randint(1, 20 - agg - 1), "", False, style)

    def pair(a, b, la, lb):
        return pair_meaning(a, b, la, lb)

    for _ in range(3000):
        red, blue = card(), card()
        a, b = Fighter("red", red, blue, True), Fighter("blue", blue, red, True)
        style_a, style_b = rng.choice(("", *STYLES)), rng.choice(("", *STYLES))
        la, lb = line(style_a), line(style_b)
        STYLED.clear()
        cold = pair(a, b, la, lb)
        STYLED.clear()
        pair(a, b, line(style_a), line(style_b))  # the styles' entry, from other AGGs
        assert pair(a, b, la, lb) == cold
    STYLED.clear()
