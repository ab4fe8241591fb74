"""Numbers the bout keeps as floats (the clock, the doctor's lines, a fighter's attributes,
a plan's caps) are the same values as the ints they stand for; the card check answers
as the plain expression does."""

import random

import pytest

from bouts.engine import simulate
from bouts.engine.webl import clock
from bouts.engine.webl.cards import ATTR_MAX, NAME_MAX, WEIGHT_MAX, WEIGHT_MIN, is_normal
from bouts.engine.webl.fighter import Fighter, line_parts
from bouts.engine.webl.officials import DOCTOR
from bouts.engine.webl.plans import parse_line


def test_clock_floats_are_the_clock_ints():
    assert clock.ROUND_SECONDS_F == clock.ROUND_SECONDS
    assert clock.MOMENTS == clock.ROUND_SECONDS - 1
    assert clock.SECONDS_F == clock.SECONDS
    assert all(type(v) is float for v in clock.SECONDS_F.values())


def test_doctor_lines_are_the_seed_values():
    assert DOCTOR == {"cautious": (5, True), "balanced": (7, True), "permissive": (9, False)}


def _card(**kw):
    return {"str": 12, "spd": 11, "agl": 10, "hgt": 13, "tgh": 9, **kw}


def test_fighter_attributes_are_floats_of_the_card():
    for x in (1, 17, ATTR_MAX):
        f = Fighter("red", _card(str=x, spd=x, agl=x), _card(), False)
        assert f.stats == (x, x, x)
        assert all(type(v) is float for v in f.stats)


@pytest.mark.parametrize("line", ["5/7/8", "8H/8/4 (all-out)", "4/6/10 (clinch)"])
def test_step_7_caps_punches_landed_at_punches_thrown(line):
    # the fastest fighter against the slowest defence lands more than he throws before
    # step 7's cap: the cap (a float) is exactly the punches he throws (8 x AGG, an int)
    card = _card(spd=ATTR_MAX, agl=1)
    for seed in range(5):
        result = simulate("webl", card, card, seed=seed, plans={"red": line, "blue": "6/7/7"})
        first = result.rounds[0]
        for side in ("red", "blue"):
            assert first[side]["landed"] == first[side]["thrown"]
            assert type(first[side]["thrown"]) is int
    exchanging, _, showing, _ = line_parts(parse_line(line), parse_line(line).agg, False)
    most_landed, thrown = exchanging[4], showing[0]  # step 7's cap, the figures' thrown
    assert most_landed == thrown
    assert (type(most_landed), type(thrown)) == (float, int)


class _Str(str):
    pass


class _Int(int):
    pass


def _reference(card) -> bool:
    """is_normal's name/weight tail as it was written before round 9."""
    name, weight = card.get("name"), card.get("weight")
    return (
        len(card) == 5 + (name is not None) + (weight is not None)
        and (
            name is None
            or (type(name) is str and name.strip() == name and 0 < len(name) <= NAME_MAX)
        )
        and (weight is None or (type(weight) is int and WEIGHT_MIN <= weight <= WEIGHT_MAX))
    )


def test_is_normal_tail_answers_as_before():
    rng = random.Random(9)
    names = [None, "", " a", "a ", "Bob", "x" * NAME_MAX, "x" * (NAME_MAX + 1), _Str("Bob"), 5]
    weights = [None, 0, WEIGHT_MIN - 1, WEIGHT_MIN, 150, WEIGHT_MAX, WEIGHT_MAX + 1, 150.0]
    weights += [True, _Int(150), "150"]
    for _ in range(5000):
        card = _card()
        if rng.random() < 0.8:
            card["name"] = rng.choice(names)
        if rng.random() < 0.8:
            card["weight"] = rng.choice(weights)
        if rng.random() < 0.1:
            card["other"] = 1
        assert is_normal(card) is _reference(card), card
