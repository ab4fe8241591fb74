"""Cards: validation with clear messages, rating, the weight rule."""

import pytest

from bouts.engine.errors import CardError
from bouts.engine.webl import RULESET
from bouts.engine.webl.cards import card_rating, endurance, weight_strength_bonus

from .helpers import card


def test_valid_card_is_normalised():
    out = RULESET.validate_card({**card(), "name": "  Joe Bloggs ", "weight": 160.0})
    assert out == {**card(), "name": "Joe Bloggs", "weight": 160}


def test_name_and_weight_are_optional():
    assert RULESET.validate_card(card()) == card()
    assert RULESET.validate_card({**card(), "name": None}) == card()


@pytest.mark.parametrize(
    ("bad", "field", "rule"),
    [
        ({"str": 44}, "str", "must be between 1 and 30 (got 44)"),
        ({"spd": 0}, "spd", "must be between 1 and 30 (got 0)"),
        ({"agl": "12"}, "agl", "must be a whole number (got '12')"),
        ({"hgt": 11.5}, "hgt", "must be a whole number (got 11.5)"),
        ({"tgh": True}, "tgh", "must be a whole number (got True)"),
        ({"weight": 40}, "weight", "must be between 90 and 400 lb (got 40)"),
        ({"weight": "heavy"}, "weight", "must be a number of pounds (got 'heavy')"),
        ({"name": ""}, "name", "must be a non-empty string"),
        ({"name": 7}, "name", "must be a non-empty string"),
        ({"kp": 3}, "kp", "unknown field"),
    ],
)
def test_bad_cards(bad, field, rule):
    with pytest.raises(CardError) as info:
        RULESET.validate_card({**card(), **bad})
    assert info.value.field == field
    assert rule in info.value.rule


def test_missing_attribute():
    c = card()
    del c["tgh"]
    with pytest.raises(CardError, match="tgh: is required"):
        RULESET.validate_card(c)


def test_card_must_be_an_object():
    with pytest.raises(CardError, match="must be an object"):
        RULESET.validate_card([1, 2])


def test_rating_is_the_attribute_average():
    assert card_rating(card()) == 11.0
    assert card_rating(card(str=16, tgh=8)) == 11.4
    assert RULESET.rating_range == (6.0, 16.0)


def test_starting_endurance_is_ten_times_tgh():
    assert endurance(card(tgh=12)) == 120.0


def test_weight_rule():
    assert weight_strength_bonus(165, 150) == pytest.approx(1.0)
    assert weight_strength_bonus(150, 165) == 0.0
    assert weight_strength_bonus(300, 200) == pytest.approx(2.5)  # capped at 250 lb
    assert weight_strength_bonus(None, 150) == 0.0


def test_a_card_gets_the_same_verdict_as_a_plain_dict_or_a_dict_subclass():
    # A dict subclass is never taken as normal as it is: both must be accepted or
    # refused alike.
    import random

    from bouts.engine.errors import CardError
    from bouts.engine.webl.cards import validate_card

    class Slow(dict):
        pass

    rng = random.Random(4)
    odd = (0, 1, 30, 31, -1, True, False, 11.0, 11.5, "11", None)
    for _ in range(3000):
        keys = ("str", "spd", "agl", "hgt", "tgh")
        c = {k: rng.choice((rng.randint(1, 30),) * 6 + odd) for k in keys}
        if rng.random() < 0.3:
            c["name"] = rng.choice(("Joe", " Joe", "", None, 5))
        if rng.random() < 0.3:
            c["weight"] = rng.choice((150, 89, 401, 150.5, None, True))
        try:
            fast = validate_card(c)
        except CardError as e:
            fast = ("error", e.field)
        try:
            slow = validate_card(Slow(c))
        except CardError as e:
            slow = ("error", e.field)
        assert fast == slow, c


def test_side_for_bout_agrees_with_validate_side():
    # simulate's hook: the same answer or error as validate_side on odd cards, and a
    # normal card (what validate_card returns) comes back as the same object.
    import random

    from bouts.engine.webl.cards import is_normal

    class D(dict):
        pass

    class I(int):  # noqa: E742
        pass

    class S(str):
        pass

    rng = random.Random(8)
    odd = (0, 1, 30, 31, -1, True, False, 11.0, 11.5, "11", None, I(12))
    names = ("Joe", " Joe", "Joe ", "", "  ", None, 5, S("Joe"), "x" * 80, "x" * 81)
    weights = (90, 150, 400, 89, 401, 150.0, 150.5, 150.55, None, True, I(150), "150")
    normal = 0
    for _ in range(20000):
        keys = ["str", "spd", "agl", "hgt", "tgh"]
        rng.shuffle(keys)
        c = {
            k: rng.randint(1, 30) if rng.random() < 0.9 else rng.choice(odd)
            for k in keys[: rng.choice((4, 5, 5, 5, 5, 5))]
        }
        if rng.random() < 0.5:
            c["name"] = rng.choice(names)
        if rng.random() < 0.5:
            c["weight"] = rng.choice(weights)
        if rng.random() < 0.05:
            c[rng.choice(("kp", 3, "Name"))] = 1
        if rng.random() < 0.05:
            c = D(c)
        try:
            want = RULESET.validate_side(c)
        except CardError as e:
            want = ("error", e.field, e.rule)
        try:
            got = RULESET.side_for_bout(c)
        except CardError as e:
            got = ("error", e.field, e.rule)
        assert got == want, c
        if is_normal(c):
            normal += 1
            assert got is c and type(got) is dict
            assert RULESET.validate_card(c) == c  # normal: validating changes nothing
        else:
            assert got is not c
    assert normal > 2000
    for bad in ([1, 2], "card", None, 5, D(card())):
        try:
            want = RULESET.validate_side(bad)
        except CardError as e:
            want = ("error", e.field, e.rule)
        try:
            got = RULESET.side_for_bout(bad)
        except CardError as e:
            got = ("error", e.field, e.rule)
        assert got == want and got is not bad


def test_the_bout_leaves_a_normal_card_alone():
    import copy

    from bouts.engine import simulate

    red = {**card(str=20, tgh=9), "name": "Red Man", "weight": 200}
    blue = {**card(agl=18), "weight": 150}
    before = copy.deepcopy((red, blue))
    result = simulate("webl", red, blue, rounds=12, seed=3).to_dict()
    assert (red, blue) == before

    def walk(value):  # nothing in the result is one of the caller's dicts
        assert value is not red and value is not blue
        if isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list | tuple):
            for v in value:
                walk(v)

    walk(result)
