"""Card and side validation, the rating scale, build_side."""

from __future__ import annotations

import random

import pytest

from bouts.engine import CardError
from bouts.engine.skirmish import RULESET

from .helpers import c


def test_card_is_normalised():
    card = {"name": " Arn ", "attack": 3, "defence": 2, "speed": 4, "health": 6}
    assert RULESET.validate_card(card) == {
        "name": "Arn",
        "attack": 3,
        "defence": 2,
        "speed": 4,
        "health": 6,
        "multi_attack": 1,
    }


@pytest.mark.parametrize(
    ("bad", "field", "rule"),
    [
        ({"attack": 10}, "attack", "must be between 0 and 9 (got 10)"),
        ({"defence": -1}, "defence", "must be between 0 and 9"),
        ({"speed": 0}, "speed", "must be between 1 and 9"),
        ({"health": 21}, "health", "must be between 1 and 20"),
        ({"multi_attack": 4}, "multi_attack", "must be between 1 and 3"),
        ({"health": "5"}, "health", "must be a whole number"),
        ({"id": True}, "id", "must be a whole number or a non-empty string"),
        ({"armour": 1}, "armour", "unknown field"),
    ],
)
def test_bad_cards(bad, field, rule):
    with pytest.raises(CardError) as err:
        RULESET.validate_card({**c(1), **bad})
    assert err.value.field == field and rule in err.value.rule


def test_missing_field():
    card = c(1)
    del card["speed"]
    with pytest.raises(CardError) as err:
        RULESET.validate_card(card)
    assert (err.value.field, err.value.rule) == ("speed", "is required")


def test_side_validation():
    side = RULESET.validate_side(
        {"name": "Wolves", "fighters": [{"attack": 1, "defence": 1, "speed": 1, "health": 1}, c(7)]}
    )
    assert side["trait"] == "none"
    assert [f["id"] for f in side["fighters"]] == [1, 7]
    assert side["fighters"][0]["name"] == "Wolves #1"


@pytest.mark.parametrize(
    ("bad", "field", "rule"),
    [
        ({"name": ""}, "name", "camp's name is required"),
        ({"fighters": []}, "fighters", "non-empty list"),
        ({"fighters": [c(i) for i in range(13)]}, "fighters", "at most 12"),
        ({"trait": "greed"}, "trait", "must be one of none, humility, pride"),
        ({"fighters": [c(1), c(1)]}, "fighters[1].id", "duplicate id 1"),
        ({"fighters": [c(1), {**c(2), "attack": 99}]}, "fighters[1].attack", "between 0 and 9"),
        ({"banner": "x"}, "banner", "unknown field"),
    ],
)
def test_bad_sides(bad, field, rule):
    with pytest.raises(CardError) as err:
        RULESET.validate_side({"name": "Wolves", "fighters": [c(1)], **bad})
    assert err.value.field == field and rule in err.value.rule


def test_card_rating():
    # (attack + defence + health / 2 + speed / 2 + 2.5 per extra attack) / 3.5
    assert RULESET.card_rating(c(1, attack=3, defence=3, speed=3, health=6)) == 3.0
    assert RULESET.card_rating(c(1, attack=3, defence=3, speed=3, health=6, multi=2)) == 3.71
    assert RULESET.card_rating(c(1, attack=9, defence=9, speed=9, health=20, multi=3)) == 10
    assert RULESET.card_rating(c(1, attack=0, defence=0, speed=1, health=1)) == 1
    side = {
        "name": "x",
        "fighters": [
            c(1, attack=3, defence=3, speed=3, health=6),
            c(2, attack=7, defence=7, speed=4, health=10),
        ],
    }
    assert RULESET.card_rating(side) == 4.5


def test_build_side_keeps_ids_and_names_and_draws_a_trait():
    cards = [
        {"id": 41, "name": "Hild", "attack": 3, "defence": 3, "speed": 3, "health": 3},
        {"id": 42, "name": "Ulf", "attack": 4, "defence": 2, "speed": 5, "health": 4},
    ]
    side = RULESET.build_side("Iron Wolves", cards, random.Random(1))
    assert side["name"] == "Iron Wolves"
    assert [(f["id"], f["name"]) for f in side["fighters"]] == [(41, "Hild"), (42, "Ulf")]
    assert side["trait"] in ("none", "humility", "pride")
    assert side == RULESET.build_side("Iron Wolves", cards, random.Random(1))
    assert RULESET.build_side("Iron Wolves", cards)["trait"] == "none"
    traits = {RULESET.build_side("W", cards, random.Random(s))["trait"] for s in range(30)}
    assert traits == {"none", "humility", "pride"}


def test_a_normalised_side_validates_to_an_equal_copy_and_bad_cards_still_fail():
    """validate_side's fast path for already-normalised cards gives the same result,
    and anything else still takes the full path (same normalising, same errors)."""
    side = RULESET.validate_side(RULESET.generate_side(random.Random(3), 5))
    again = RULESET.validate_side(side)
    assert again == side
    assert all(a is not b for a, b in zip(again["fighters"], side["fighters"], strict=True))
    padded = [dict(card) for card in side["fighters"]]
    padded[0]["name"] = "  Padded  "
    assert RULESET.validate_side(dict(side, fighters=padded))["fighters"][0]["name"] == "Padded"
    for field, bad in (("attack", True), ("health", 21), ("multi_attack", 0), ("id", "")):
        cards = [dict(card) for card in side["fighters"]]
        cards[1][field] = bad
        with pytest.raises(CardError) as caught:
            RULESET.validate_side(dict(side, fighters=cards))
        assert caught.value.field == f"fighters[1].{field}"
