"""Step 9 and "Effects of Injury"."""

import random
from collections import Counter
from fractions import Fraction

import pytest

from bouts.engine.result import MAJOR, MINOR, SEVERE
from bouts.engine.webl import injuries as I

from .helpers import ScriptedRng

# Location indices
OVER_L, OVER_R, BELOW_L, BELOW_R, SWELL_L, SWELL_R, NOSE, JAW = range(8)


def test_level_distribution_is_exact():
    # 2/3, 2/9, 2/27, 1/27: the cut points are 2/3, 8/9, 26/27.
    assert pytest.approx((2 / 3, 8 / 9, 26 / 27)) == I.LEVEL_CUTS
    widths = [
        Fraction(2, 3),
        Fraction(8, 9) - Fraction(2, 3),
        Fraction(26, 27) - Fraction(8, 9),
        1 - Fraction(26, 27),
    ]
    assert widths == [Fraction(2, 3), Fraction(2, 9), Fraction(2, 27), Fraction(1, 27)]
    assert I.roll_level(0.0) == 1
    assert I.roll_level(0.66) == 1
    assert I.roll_level(0.67) == 2
    assert I.roll_level(0.95) == 3
    assert I.roll_level(0.97) == 4


def test_level_distribution_sampled():
    rng = random.Random(1)
    counts = Counter(I.roll_level(rng.random()) for _ in range(27000))
    for level, share in ((1, 2 / 3), (2, 2 / 9), (3, 2 / 27), (4, 1 / 27)):
        assert counts[level] / 27000 == pytest.approx(share, abs=0.01)


def test_swellings_twice_as_likely_as_other_locations():
    counts = Counter(I.LOCATION_SLOTS)
    assert counts[SWELL_L] == counts[SWELL_R] == 2
    for loc in (OVER_L, OVER_R, BELOW_L, BELOW_R, NOSE, JAW):
        assert counts[loc] == 1


def test_promotion():
    # Half the time an aggravated injury is promoted.
    assert I.promote(1, I.CUT_OVER, 0.6, 0.0) == 1
    assert I.promote(1, I.CUT_OVER, 0.1, 0.5) == 2  # 2/3
    assert I.promote(1, I.CUT_OVER, 0.1, 0.8) == 3  # 2/9
    assert I.promote(1, I.CUT_OVER, 0.1, 0.95) == 4  # 1/9
    assert I.promote(2, I.NOSE, 0.1, 0.5) == 3  # 2/3
    assert I.promote(2, I.NOSE, 0.1, 0.7) == 4  # 1/3
    assert I.promote(3, I.JAW, 0.1, 0.0) == 4
    assert I.promote(4, I.JAW, 0.1, 0.0) == 4


def test_swelling_always_rises_one_level_to_three():
    assert I.promote(1, I.SWELLING, 0.9, 0.9) == 2
    assert I.promote(2, I.SWELLING, 0.9, 0.9) == 3
    assert I.promote(3, I.SWELLING, 0.1, 0.1) == 3


def test_injury_damage():
    assert I.injury_damage(I.CUT_OVER, 3) == 3
    assert I.injury_damage(I.CUT_BELOW, 1) == 1
    assert I.injury_damage(I.NOSE, 1) == 0
    assert I.injury_damage(I.NOSE, 2) == 2
    assert I.injury_damage(I.JAW, 3) == 0
    assert I.injury_damage(I.JAW, 4) == 5
    assert I.injury_damage(I.SWELLING, 3) == 0


def test_vision_penalties():
    assert I.vision_penalty([[OVER_L, 1, 1, 1]]) == (0.5, 0.0)
    assert I.vision_penalty([[OVER_L, 3, 3, 1]]) == (1.5, 0.5)
    assert I.vision_penalty([[OVER_L, 4, 4, 1]]) == (2.0, 1.0)
    assert I.vision_penalty([[BELOW_L, 4, 4, 1]]) == (0.0, 0.0)  # below the eye
    assert I.vision_penalty([[SWELL_L, 1, 0, 1]]) == (0.0, 0.0)
    assert I.vision_penalty([[SWELL_L, 2, 0, 1]]) == (1.0, 1.0)
    assert I.vision_penalty([[SWELL_L, 3, 0, 1]]) == (2.0, 2.0)


def test_nose_fatigue_and_cuts():
    assert I.nose_fatigue([[NOSE, 1, 0, 1]]) == 1.0
    assert I.nose_fatigue([[JAW, 1, 0, 1]]) == 0.0
    assert I.open_cuts([[OVER_L, 1, 1, 1], [BELOW_R, 2, 2, 1], [NOSE, 1, 0, 1]]) == 2


def test_names_and_severity():
    assert I.injury_name(OVER_L, 4) == "gash over the left eye"
    assert I.injury_name(BELOW_R, 1) == "minor cut below the right eye"
    assert I.injury_name(SWELL_R, 3) == "right eye swollen shut"
    assert I.injury_name(NOSE, 4) == "broken nose"
    assert I.injury_name(JAW, 4) == "broken jaw"
    assert I.severity(OVER_L, 1) == MINOR
    assert I.severity(OVER_L, 3) == MAJOR
    assert I.severity(SWELL_L, 3) == SEVERE
    assert I.severity(JAW, 4) == SEVERE


def _slot(loc):
    """A uniform number that picks location ``loc``."""
    return (I.LOCATION_SLOTS.index(loc) + 0.5) / 10


def test_new_injury_then_misses():
    # new_hit already rolled; repeat roll 0.9 misses; location: cut over left eye,
    # level roll 0.1 -> level 1: one point of damage.
    rng = ScriptedRng([0.9, _slot(OVER_L), 0.1])
    injuries = []
    damage, events, stop = I.injure(rng, injuries, 0.3, 2, 7, True, False, True)
    assert damage == 1
    assert events == [(OVER_L, 1, False)]
    assert stop is None
    assert injuries == [[OVER_L, 1, 1.0, 2]]


def test_repeated_injuries_capped_at_50_percent():
    # Chance 0.9: the repeat chance is 50%, so a 0.6 roll misses.
    rng = ScriptedRng([0.6, _slot(NOSE), 0.1])
    injuries = []
    I.injure(rng, injuries, 0.9, 1, 7, True, False, True)
    assert len(injuries) == 1
    rng = ScriptedRng([0.4, 0.6, _slot(NOSE), 0.1, _slot(JAW), 0.1])
    injuries = []
    I.injure(rng, injuries, 0.9, 1, 7, True, False, True)
    assert len(injuries) == 2


def test_identical_injury_is_aggravation():
    # An earlier level-1 cut over the left eye; a new injury there aggravates it:
    # promoted (0.1 < 0.5) to level 2 (0.5 < 2/3): 2 more points of damage.
    injuries = [[OVER_L, 1, 1.0, 1]]
    rng = ScriptedRng([0.9, _slot(OVER_L), 0.1, 0.5])
    damage, events, _stop = I.injure(rng, injuries, 0.2, 3, 7, True, False, True)
    assert damage == 2
    assert events == [(OVER_L, 2, True)]
    assert injuries == [[OVER_L, 2, 3.0, 1]]


def test_aggravation_repeats_damage():
    injuries = [[OVER_L, 1, 1.0, 1]]
    rng = ScriptedRng([0.0, 0.9, 0.9])  # pick the injury, not promoted
    damage, events, _ = I.injure(rng, injuries, 0.2, 3, 7, True, True, False)
    assert damage == 1
    assert events == [(OVER_L, 1, True)]
    assert injuries[0][2] == 2.0


def test_doctor_stops_level_three_injury_with_seven_points():
    injuries = [[BELOW_L, 3, 6.0, 1]]  # serious cut below the eye, 6 points so far
    rng = ScriptedRng([0.0, 0.9, 0.9])
    _, _, stop = I.injure(rng, injuries, 0.2, 3, 7, True, True, False)
    assert stop == "doctor"  # 9 points >= 7
    injuries = [[BELOW_L, 3, 3.0, 1]]
    rng = ScriptedRng([0.0, 0.9, 0.9])
    _, _, stop = I.injure(rng, injuries, 0.2, 3, 7, True, True, False)
    assert stop is None  # 6 points < 7
    rng = ScriptedRng([0.0, 0.9, 0.9])
    injuries = [[BELOW_L, 3, 3.0, 1]]
    _, _, stop = I.injure(rng, injuries, 0.2, 3, 5, True, True, False)
    assert stop == "doctor"  # a cautious doctor stops at 5


def test_gash_over_the_eye_stops_the_fight():
    rng = ScriptedRng([0.9, _slot(OVER_R), 0.99])  # level 4 over the right eye
    _, events, stop = I.injure(rng, [], 0.3, 2, 7, True, False, True)
    assert events == [(OVER_R, 4, False)]
    assert stop == "doctor"
    rng = ScriptedRng([0.9, _slot(OVER_R), 0.99])
    _, _, stop = I.injure(rng, [], 0.3, 2, 9, False, False, True)
    assert stop is None  # a permissive doctor waits until it is aggravated


def test_both_eyes_swollen_shut_is_a_tko():
    injuries = [[SWELL_L, 3, 0.0, 1], [SWELL_R, 2, 0.0, 2]]
    rng = ScriptedRng([0.9, _slot(SWELL_R), 0.9, 0.9])
    _, events, stop = I.injure(rng, injuries, 0.3, 4, 7, True, False, True)
    assert events == [(SWELL_R, 3, True)]
    assert stop == "eyes"


def test_broken_jaw_costs_five_and_aggravated_stops_the_fight():
    rng = ScriptedRng([0.9, _slot(JAW), 0.99])
    injuries = []
    damage, _, stop = I.injure(rng, injuries, 0.3, 2, 7, True, False, True)
    assert damage == 5
    assert stop is None
    rng = ScriptedRng([0.0, 0.9, 0.9])
    _, _, stop = I.injure(rng, injuries, 0.3, 3, 7, True, True, False)
    assert stop == "jaw"


def test_swelling_starts_at_level_one():
    rng = ScriptedRng([0.9, _slot(SWELL_L)])  # no level roll for swelling
    injuries = []
    I.injure(rng, injuries, 0.3, 2, 7, True, False, True)
    assert injuries == [[SWELL_L, 1, 0.0, 2]]
