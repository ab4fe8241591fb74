"""Career budgets (bouts/engine/budget.py): every ruleset's rule, pure Python."""

import random

import pytest

from bouts.engine import RULESETS, CardError, get_ruleset

NAMES = sorted(RULESETS)


def test_webl_counts_the_five_attributes_against_70():
    rule = get_ruleset("webl").budget
    card = {"str": 14, "spd": 14, "agl": 14, "hgt": 14, "tgh": 14}
    assert rule.check(card) == 70
    with pytest.raises(CardError, match="spends 71 points; the budget is 70"):
        rule.check({**card, "str": 15})
    assert rule.check({**card, "str": 15}, budget=71) == 71


@pytest.mark.parametrize("name", NAMES)
def test_every_ruleset_has_a_budget_within_its_bounds(name):
    rule = get_ruleset(name).budget
    low, high = rule.bounds()
    assert low < rule.default_budget < high


@pytest.mark.parametrize("name", NAMES)
def test_a_generated_mid_card_costs_about_the_default(name):
    ruleset = get_ruleset(name)
    low, high = ruleset.rating_range
    cards = [ruleset.generate_card(random.Random(s), (low + high) / 2) for s in range(40)]
    mean = sum(ruleset.budget.cost(c) for c in cards) / len(cards)
    assert 0.6 * ruleset.budget.default_budget < mean < 1.4 * ruleset.budget.default_budget


@pytest.mark.parametrize("name", NAMES)
def test_training_moves_one_ability_one_step_and_stays_valid(name):
    ruleset = get_ruleset(name)
    card = ruleset.generate_card(random.Random(3), None)
    ability = ruleset.budget.abilities[0]
    trained = ruleset.budget.train(card, ability.path)
    expected = min(ability.high, ability.read(card) + ability.step)
    assert ability.read(trained) == expected
    assert ability.read(card) != expected or ability.read(card) == ability.high  # copy, not edit
    ruleset.validate_card(trained)


def test_training_holds_the_bounds_and_names_a_bad_choice():
    rule = get_ruleset("webl").budget
    card = {"str": 30, "spd": 1, "agl": 10, "hgt": 10, "tgh": 10}
    assert rule.train(card, "str")["str"] == 30
    assert rule.train(card, "spd", -1)["spd"] == 1
    with pytest.raises(CardError, match="not a trainable ability"):
        rule.train(card, "weight")


def test_nested_paths_copy_the_nested_table():
    rule = get_ruleset("titlebout").budget
    card = get_ruleset("titlebout").generate_card(random.Random(1), 6)
    trained = rule.train(card, "fresh.ki")
    assert trained["fresh"]["ki"] == card["fresh"]["ki"] + 1
    assert trained["fatigued"] is card["fatigued"]


def test_aging_takes_from_the_highest_first_ties_in_order():
    rule = get_ruleset("webl").budget
    card = {"str": 12, "spd": 15, "agl": 15, "hgt": 9, "tgh": 1}
    aged, lost = rule.age(card, 3)
    assert lost == ["spd", "agl", "spd"]
    assert (aged["spd"], aged["agl"], aged["str"]) == (13, 14, 12)


def test_aging_stops_at_the_floors():
    rule = get_ruleset("pocket").budget
    card = {"style": "boxer", "guard": "cross_arm", "speed": 2, "power": 1, "defence": 1, "chin": 1}
    aged, lost = rule.age(card, 5)
    assert lost == ["speed"]
    assert aged["speed"] == 1


def test_optional_field_defaults_and_missing_required_is_named():
    rule = get_ruleset("skirmish").budget
    assert rule.cost({"attack": 1, "defence": 1, "speed": 1, "health": 1}) == 2 + 2 + 1 + 1 + 5
    with pytest.raises(CardError, match="attack: is required"):
        rule.cost({"defence": 1})
