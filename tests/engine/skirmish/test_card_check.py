"""The card check (a side already normal is the battle's as it is) agrees with the
validator, and the result's lines are the battle's."""

import json
import random

import pytest

from bouts.engine import seeded_rng, simulate
from bouts.engine.errors import CardError
from bouts.engine.skirmish.battle import Battle
from bouts.engine.skirmish.cards import RANGES, side_for_bout
from bouts.engine.skirmish.generator import generate_side
from bouts.engine.skirmish.ruleset import DEFAULT_POLICY


def normal_cards(cards):
    """The fast path's rule, written plainly: exactly the seven keys, exact ints in
    range, an int or non-empty str id, a non-empty stripped str name, ids distinct."""
    keys = {"id", "name", *RANGES}
    for card in cards:
        if type(card) is not dict or set(card) != keys:
            return False
        for field, (low, high) in RANGES.items():
            value = card[field]
            if type(value) is not int or not low <= value <= high:
                return False
        cid, name = card["id"], card["name"]
        if not (type(cid) is int or (type(cid) is str and cid)):
            return False
        if type(name) is not str or not name or name != name.strip():
            return False
    ids = [card["id"] for card in cards]
    return len(set(ids)) == len(ids)


def test_the_check_still_says_true_or_false():
    side = generate_side(random.Random(3), 5.0)
    assert side_for_bout(side) is side
    side["fighters"].append(dict(side["fighters"][0]))
    with pytest.raises(CardError, match="duplicate id"):
        side_for_bout(side)


def test_the_results_lines_are_battle_lines():
    for seed in range(30):
        rng = random.Random(seed)
        red = generate_side(rng, rng.uniform(1, 10))
        blue = generate_side(rng, rng.uniform(1, 10))
        result = simulate("skirmish", red, blue, seed=seed)
        policies = {"red": DEFAULT_POLICY, "blue": DEFAULT_POLICY}
        battle = Battle(red, blue, 30, seeded_rng(seed), policies)
        battle.fight()
        lines = battle.lines()
        assert json.dumps(result.fighters) == json.dumps(lines)


def test_side_for_bout_agrees_with_the_check_on_odd_cards():
    odd = (None, True, 1.0, -1, 10, 21, 0, "", " x", "x", 2**70)
    rng = random.Random(11)
    for _ in range(400):
        side = generate_side(rng, rng.uniform(1, 10))
        cards = side["fighters"]
        card = cards[rng.randrange(len(cards))]
        card[rng.choice(sorted(card))] = rng.choice(odd)
        if rng.random() < 0.2:
            cards.append(dict(cards[0]))
        if rng.random() < 0.1:
            del card["name"]
        try:
            verdict = side_for_bout(side) is side
        except Exception:
            verdict = False
        assert verdict == (len(cards) <= 12 and normal_cards(cards))
