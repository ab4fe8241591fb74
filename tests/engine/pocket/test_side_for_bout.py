"""PocketRuleset.side_for_bout: an already-normal card is the bout's as it is (no
copy); anything else gets validate_card's answer or error, the same in every case."""

from __future__ import annotations

import copy
import json
import random

import pytest

from bouts.engine import simulate
from bouts.engine.pocket import RULESET
from bouts.engine.pocket.cards import is_normal
from tests.engine.odd_inputs import BadIndex, Dict, Int, Str, outcome


def normal_card(seed=3, rating=None):
    return RULESET.validate_card(RULESET.generate_card(random.Random(seed), rating))


VALUES = {
    "name": (" Pad", "Pad ", "", "  ", Str("Sub"), 5, None, "\tTab", ["x"]),
    "style": ("slugger", Str("boxer"), "Boxer", " boxer", None, 1, ["boxer"]),
    "guard": ("high", Str("cross_arm"), None, ("cross_arm",)),
    "speed": (True, False, 0, 6, -1, -5, 3.0, Int(3), "3", None, BadIndex(2), 2**70),
    "power": (True, 0, 6, Int(5), 5.0),
    "defence": (False, -6, 10, Int(1), [1]),
    "chin": (0, 6, True, Int(2), 2.5),
}


def odd_cards():
    """Cards one step away from a normal one, each in its own way."""
    base = normal_card()
    for field, values in VALUES.items():
        for value in values:
            yield {**base, field: value}
        if field != "name":  # the one optional field
            card = dict(base)
            del card[field]
            yield card
    yield {**base, "extra": 1}
    yield {**{k: v for k, v in base.items() if k != "name"}, "extra": 1}
    yield {**base, None: 1}
    yield Dict(base)
    yield list(base.items())
    yield [base]
    yield None
    yield "boxer"


@pytest.mark.parametrize("card", list(odd_cards()))
def test_an_odd_card_gets_validate_cards_answer_or_error(card):
    before = copy.deepcopy(card)
    assert not is_normal(card)
    got = outcome(RULESET.side_for_bout, card)
    assert got == outcome(RULESET.validate_side, copy.deepcopy(card))
    if got[0] == "ok":
        assert got[1] is not card  # a copy: something in it was not normal
    assert card == before


@pytest.mark.parametrize("seed", range(40))
def test_a_normal_card_is_the_bouts_as_it_is(seed):
    card = normal_card(seed, 1 + seed % 5)
    assert RULESET.validate_card(card) == card
    assert RULESET.side_for_bout(card) is card
    nameless = {k: v for k, v in card.items() if k != "name"}
    assert RULESET.side_for_bout(nameless) is nameless
    turned = {k: card[k] for k in reversed(list(card))}  # another key order
    assert RULESET.side_for_bout(turned) is turned
    assert RULESET.validate_card(turned) == turned


def test_every_rating_and_die_in_range_is_normal():
    for value in range(1, 6):
        for style in ("boxer", "swarmer", "brawler"):
            for guard in ("philly_shell", "cross_arm", "peek_a_boo"):
                card = {"style": style, "guard": guard, "speed": value, "power": value}
                card |= {"defence": 6 - value, "chin": value}
                assert is_normal(card)
                assert RULESET.validate_card(card) == card


def test_a_card_read_from_json_is_normal():
    card = json.loads(json.dumps(normal_card(7)))
    assert RULESET.side_for_bout(card) is card


def test_the_bout_neither_changes_nor_keeps_the_callers_cards():
    rng = random.Random(5)
    for seed in range(40):
        red, blue = normal_card(2 * seed), normal_card(2 * seed + 1)
        before = copy.deepcopy((red, blue))
        options = {"champion": rng.choice(("red", "blue")), "special_each_round": seed % 2 == 0}
        result = simulate("pocket", red, blue, seed=seed, options=options)
        assert (red, blue) == before
        again = simulate(
            "pocket",
            RULESET.validate_card(red),
            RULESET.validate_card(blue),
            seed=seed,
            options=options,
        )
        assert json.dumps(again.to_dict()) == json.dumps(result.to_dict())
