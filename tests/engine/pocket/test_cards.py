"""Card validation and the rating scale."""

from __future__ import annotations

import pytest

from bouts.engine import CardError
from bouts.engine.pocket import RULESET

from .helpers import card


def test_a_valid_card_is_normalised_and_keeps_its_name():
    out = RULESET.validate_card({**card(), "name": "  Kid Pocket "})
    assert out == {**card(), "name": "Kid Pocket"}


def test_name_is_optional():
    assert "name" not in RULESET.validate_card(card())


@pytest.mark.parametrize(
    ("bad", "field", "rule"),
    [
        ({"style": "slugger"}, "style", "must be one of boxer, swarmer, brawler"),
        ({"guard": "high"}, "guard", "must be one of philly_shell, cross_arm, peek_a_boo"),
        ({"power": 6}, "power", "must be between 1 and 5 (got 6)"),
        ({"chin": 0}, "chin", "must be between 1 and 5 (got 0)"),
        ({"speed": 2.5}, "speed", "must be a whole number"),
        ({"defence": True}, "defence", "must be a whole number"),
        ({"name": ""}, "name", "must be a non-empty string"),
        ({"reach": 3}, "reach", "unknown field"),
    ],
)
def test_bad_cards_name_the_field_and_the_rule(bad, field, rule):
    with pytest.raises(CardError) as err:
        RULESET.validate_card({**card(), **bad})
    assert err.value.field == field
    assert rule in err.value.rule


@pytest.mark.parametrize("missing", ["style", "guard", "speed", "power", "defence", "chin"])
def test_required_fields(missing):
    c = card()
    del c[missing]
    with pytest.raises(CardError) as err:
        RULESET.validate_card(c)
    assert err.value.field == missing and "required" in err.value.rule


def test_a_card_must_be_an_object():
    with pytest.raises(CardError):
        RULESET.validate_card(["boxer"])


def test_card_rating_is_the_mean_of_the_four_ratings():
    assert RULESET.card_rating(card(speed=5, power=4, defence=2, chin=1)) == 3.0
    assert RULESET.card_rating(card(speed=5, power=5, defence=5, chin=4)) == 4.75


def test_a_normal_card_is_copied_and_a_bad_field_named():
    normal = card(name="Ada", power=4, defence=2, chin=5)
    out = RULESET.validate_card(normal)
    assert out == normal and out is not normal
    nameless = card()
    assert RULESET.validate_card(nameless) == nameless
    assert RULESET.validate_card(dict(normal, name="  Ada ")) == normal
    for field, bad in (("speed", True), ("chin", 6), ("style", "Boxer"), ("name", " ")):
        with pytest.raises(CardError) as caught:
            RULESET.validate_card(dict(normal, **{field: bad}))
        assert caught.value.field == field
