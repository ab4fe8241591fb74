"""Fighter cards and camp decks: validation messages and rating (cards.py)."""

import random

import pytest

from bouts.engine.errors import CardError
from bouts.engine.octagon import RULESET
from bouts.engine.octagon.cards import card_rating, fighter_rating, validate_fighter, validate_side

from .support import HOLLOWAY, ISLAM, MERAB, OLIVEIRA, PEREIRA, SEED_FIGHTERS, TOPURIA, VOLK


def _side(**changes):
    side = RULESET.generate_side(random.Random(1), 5)
    side.update(changes)
    return side


def _error(fn, value) -> CardError:
    with pytest.raises(CardError) as caught:
        fn(value)
    return caught.value


@pytest.mark.parametrize("fighter", SEED_FIGHTERS)
def test_the_seed_fighters_are_valid_cards(fighter):
    assert validate_fighter(fighter) == fighter


def test_validate_fighter_normalises_style_and_keeps_id_and_name():
    card = dict(PEREIRA, id=17, style=" Striker ")
    assert validate_fighter(card) == dict(PEREIRA, id=17)


@pytest.mark.parametrize(
    ("change", "field", "rule"),
    [
        ({"striking": 21}, "striking", "must be between 1 and 20 (got 21)"),
        ({"grappling": 0}, "grappling", "must be between 1 and 20 (got 0)"),
        ({"defense": 7.5}, "defense", "must be a whole number (got 7.5)"),
        ({"stamina": 9}, "stamina", "must be between 10 and 100 (got 9)"),
        ({"stamina": True}, "stamina", "must be a whole number (got True)"),
        ({"style": "brawler"}, "style", "must be one of striker, grappler, balanced"),
        ({"name": ""}, "name", "must be a non-empty string"),
        ({"id": [1]}, "id", "must be a whole number or a string"),
        ({"reach": 80}, "reach", "unknown field"),
    ],
)
def test_validate_fighter_messages(change, field, rule):
    error = _error(validate_fighter, dict(ISLAM, **change))
    assert error.field == field
    assert rule in error.rule


def test_missing_stat_is_required():
    card = dict(ISLAM)
    del card["grappling"]
    error = _error(validate_fighter, card)
    assert (error.field, error.rule) == ("grappling", "is required")


def test_a_generated_side_is_valid():
    side = _side()
    assert validate_side(side) == side


def test_side_needs_exactly_8_fighters():
    side = _side()
    error = _error(validate_side, dict(side, fighters=side["fighters"][:7]))
    assert error.field == "fighters"
    assert "exactly 8 fighter cards (got 7)" in error.rule


def test_side_needs_exactly_32_techniques():
    side = _side()
    error = _error(validate_side, dict(side, techniques=side["techniques"][:31]))
    assert (error.field, error.rule) == ("techniques", "must hold exactly 32 cards (got 31)")


def test_side_needs_exactly_10_corner_cards():
    side = _side()
    error = _error(validate_side, dict(side, corner=side["corner"] + ["Master Coach"]))
    assert (error.field, error.rule) == ("corner", "must hold exactly 10 cards (got 11)")


def test_unknown_card_names_are_refused_with_their_place():
    side = _side()
    techniques = list(side["techniques"])
    techniques[5] = "Flying Knee"
    error = _error(validate_side, dict(side, techniques=techniques))
    assert error.field == "techniques[5]"
    assert "unknown card 'Flying Knee'" in error.rule
    corner = list(side["corner"])
    corner[0] = "Quick Jab"  # a technique is not a corner card
    assert _error(validate_side, dict(side, corner=corner)).field == "corner[0]"


def test_at_most_four_copies_of_a_card():
    side = _side()
    techniques = ["Quick Jab"] * 5 + side["techniques"][5:]
    techniques = [t for t in techniques if t != "Quick Jab"][:27] + ["Quick Jab"] * 5
    error = _error(validate_side, dict(side, techniques=techniques))
    assert error.field == "techniques"
    assert "at most 4 copies of a card ('Quick Jab' x5)" in error.rule


def test_count_form_is_flattened():
    side = _side()
    counted = [{"name": "Master Coach", "count": 4}, {"name": "Intense Training", "count": 3},
               {"name": "Ringside Medic", "count": 3}]  # fmt: skip
    out = validate_side(dict(side, corner=counted))
    assert out["corner"] == ["Master Coach"] * 4 + ["Intense Training"] * 3 + ["Ringside Medic"] * 3
    error = _error(validate_side, dict(side, corner=[{"name": "Master Coach", "count": 0}]))
    assert error.field == "corner[0].count"


def test_fighter_errors_name_their_place_in_the_side():
    side = _side()
    fighters = [dict(f) for f in side["fighters"]]
    fighters[3]["stamina"] = 500
    error = _error(validate_side, dict(side, fighters=fighters))
    assert error.field == "fighters[3].stamina"
    assert str(error).startswith("fighters[3].stamina: must be between 10 and 100")


def test_duplicate_fighter_ids_are_refused():
    side = _side()
    fighters = [dict(f, id=i) for i, f in enumerate(side["fighters"])]
    fighters[6]["id"] = 2
    error = _error(validate_side, dict(side, fighters=fighters))
    assert error.field == "fighters[6].id"
    assert "duplicate id 2" in error.rule


def test_side_level_messages():
    assert _error(validate_side, []).field == "side"
    assert _error(validate_side, _side(coach="x")).field == "coach"
    assert _error(validate_side, _side(name=" ")).field == "name"
    side = _side()
    del side["techniques"]
    assert "build_side adds them" in _error(validate_side, side).rule


def test_validate_side_does_not_mutate_its_input():
    side = _side(corner=[{"name": "Master Coach", "count": 4}, {"name": "Intense Training",
                 "count": 3}, {"name": "Ringside Medic", "count": 3}])  # fmt: skip
    before = repr(side)
    validate_side(side)
    assert repr(side) == before


# --- rating
def test_rating_of_the_seed_fighters():
    # 0.75 x mean(striking, grappling, defense) + 0.25 x (stamina - 20) / 2.5
    assert fighter_rating(ISLAM) == 8.0  # 0.75 x 8 + 0.25 x 8
    assert fighter_rating(PEREIRA) == 6.4  # 0.75 x 6.67 + 0.25 x 5.6
    assert fighter_rating(VOLK) == 8.45
    assert fighter_rating(TOPURIA) == 7.55
    assert fighter_rating(MERAB) == 8.0
    assert fighter_rating(OLIVEIRA) == 7.35
    assert fighter_rating(HOLLOWAY) == 8.0


def test_rating_is_clamped_and_a_side_rates_as_its_fighters_mean():
    weakest = {"striking": 1, "grappling": 1, "defense": 1, "stamina": 10, "style": "balanced"}
    strongest = {
        "striking": 20,
        "grappling": 20,
        "defense": 20,
        "stamina": 100,
        "style": "balanced",
    }
    assert card_rating(weakest) == 1.0
    assert card_rating(strongest) == 10.0
    side = _side()
    mean = sum(fighter_rating(f) for f in side["fighters"]) / 8
    assert card_rating(side) == round(mean, 2)
    assert RULESET.card_rating(ISLAM) == 8.0


# --- the fast path for already-normalised input (speed; same results, same errors)
def test_a_normalised_side_validates_to_an_equal_copy_sharing_nothing():
    side = validate_side(_side())
    again = validate_side(side)
    assert again == side
    assert again is not side
    assert all(a is not b for a, b in zip(again["fighters"], side["fighters"], strict=True))
    assert again["techniques"] is not side["techniques"]
    assert again["corner"] is not side["corner"]


def test_a_side_with_one_odd_fighter_is_still_normalised_or_refused():
    side = validate_side(_side())
    fighters = [dict(f) for f in side["fighters"]]
    fighters[0]["name"] = "  Padded Name "
    fighters[1]["style"] = "Striker"
    fighters[2]["striking"] = True
    out = validate_side(dict(side, fighters=fighters[:2] + side["fighters"][2:]))
    assert out["fighters"][0]["name"] == "Padded Name"
    assert out["fighters"][1]["style"] == "striker"
    error = _error(validate_side, dict(side, fighters=fighters))
    assert error.field == "fighters[2].striking"


def test_a_legal_card_list_seen_before_does_not_let_an_illegal_one_through():
    side = validate_side(_side())
    validate_side(side)  # the legal lists are now known
    techniques = list(side["techniques"])
    techniques[-1] = "Not A Card"
    assert _error(validate_side, dict(side, techniques=techniques)).field == "techniques[31]"
    five = [t for t in side["techniques"] if t != "Quick Jab"][:27] + ["Quick Jab"] * 5
    assert "x5" in _error(validate_side, dict(side, techniques=five)).rule
    assert _error(validate_side, dict(side, corner=side["corner"][:9])).field == "corner"
