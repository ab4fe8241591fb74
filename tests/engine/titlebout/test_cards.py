"""Card validation: every field named with the rule it breaks."""

import copy

import pytest

from bouts.engine.errors import CardError
from bouts.engine.titlebout.cards import (
    card_rating,
    counter_top,
    hitting_table,
    landed_top,
    legacy_cpd,
    validate_card,
)

from .helpers import base_card


def _bad(mutate, field, text):
    card = copy.deepcopy(base_card())
    mutate(card)
    with pytest.raises(CardError) as caught:
        validate_card(card)
    assert caught.value.field == field
    assert text in caught.value.rule
    return caught.value


def test_valid_card_round_trips_and_keeps_the_name():
    card = base_card("Joe Louis")
    assert validate_card(card) == card
    assert card["name"] == "Joe Louis"


def test_action_ranges_must_cover_1_to_80():
    _bad(lambda c: c["fresh"].update(pm=[36, 48]), "fresh.pm", "gap")
    _bad(lambda c: c["fresh"].update(pm=[30, 48]), "fresh.pm", "overlap")
    _bad(lambda c: c["fatigued"].update(move=[61, 79]), "fatigued.move", "end at 80")
    _bad(lambda c: c["fresh"].update(pl=[2, 34]), "fresh.pl", "expected 1")


def test_values_within_their_ranges():
    _bad(lambda c: c["fresh"].update(kp=40), "fresh.kp", "between 0 and 34")
    _bad(lambda c: c["fresh"].update(cpd=20), "fresh.cpd", "between 35 and 48")
    _bad(lambda c: c["fresh"].update(cf_b=44), "fresh.cf_b", "between 1 and 20")
    _bad(lambda c: c.update(rating=11), "rating", "between 1 and 10")
    _bad(lambda c: c.update(foul="F"), "foul", "A-E")
    _bad(lambda c: c.update(style="X"), "style", "B (boxer)")
    _bad(lambda c: c.update(southpaw="yes"), "southpaw", "true or false")
    _bad(lambda c: c["strategy"].update(FI=0), "strategy.FI", "between 1 and 10")
    _bad(lambda c: c["fresh"].update(pl=[1, "x"]), "fresh.pl", "range")


def test_hitting_ranges():
    _bad(lambda c: c["hitting"]["hook"].update(three=[26, 29]), "hitting.hook.three", "gap")
    _bad(
        lambda c: c["hitting"].update(uppercut={"three": [69, 74], "two": [75, 79]}),
        "hitting",
        "end at 80",
    )
    _bad(lambda c: c["hitting"].update(haymaker={}), "hitting.haymaker", "not a punch")


def test_unknown_fields_and_traits():
    _bad(lambda c: c.update(speed=5), "speed", "not a Title Bout card field")
    _bad(lambda c: c["fresh"].update(hp=5), "fresh.hp", "not a Title Bout card field")
    _bad(lambda c: c.update(traits=["lazy"]), "traits", "unknown trait")
    _bad(lambda c: c.update(traits=["absorber", "absorber"]), "traits", "repeat")


def test_trait_names_are_normalised():
    card = base_card(traits=["Strong Closer", "Overly Cautious", "ring smarts"])
    assert card["traits"] == ["strong_closer", "safety_first", "intellect"]


def test_missing_sides():
    card = copy.deepcopy(base_card())
    del card["fatigued"]
    with pytest.raises(CardError, match="fatigued: is required"):
        validate_card(card)


def test_hitting_table_and_partially_blocked():
    table = hitting_table(base_card()["hitting"])
    assert table[1] == (1, "a partially blocked punch", " lands a partially blocked punch (1)")
    assert table[5][:2] == (3, "a jab") and table[30][:2] == (2, "a hook")
    assert table[80] == (2, "an uppercut", " lands an uppercut (2)")


def test_book_range_examples():
    assert landed_top(34, 2) == 36  # Jackson against Joshua's DEF +2
    assert landed_top(32, -4) == 28  # Joshua against Jackson's DEF -4
    assert counter_top(34, 10) == 44  # De La Hoya's counterpunch range 1-44
    assert legacy_cpd([33, 47], 37) == 43  # Frazier's CP 33-37 becomes CPD 43-47


def test_card_rating_on_the_overall_scale():
    card = base_card(rating=8)
    assert 7.55 <= card_rating(card) <= 8.45


def test_validation_copies_and_normalises_the_card():
    """validate_card gives a fresh copy with canonical trait names and lists, or the
    first rule broken."""
    import random

    from bouts.engine.titlebout.generator import generate

    for seed in range(50):
        card = generate(random.Random(seed), None)
        checked = validate_card(card)
        assert checked == card
        assert checked["fresh"] is not card["fresh"] and checked["traits"] is not card["traits"]
        assert checked["hitting"]["jab"] is not card["hitting"]["jab"]
    card = copy.deepcopy(base_card())
    card["traits"] = ["Strong Closer", "ring smarts"]
    assert validate_card(card)["traits"] == ["strong_closer", "intellect"]
    card = copy.deepcopy(base_card())
    card["fresh"]["pl"] = (1, 34)
    assert validate_card(card)["fresh"]["pl"] == [1, 34]
    card = copy.deepcopy(base_card())
    card["rating"] = True
    with pytest.raises(CardError, match="rating"):
        validate_card(card)
