"""normal.is_normal and TitleBout.side_for_bout: an already-normal card is the bout's as
it is (no copy); anything else gets validate_card's answer or error, the same in every
case, and the bout is the same either way."""

from __future__ import annotations

import copy
import json
import random

import pytest

from bouts.engine import simulate
from bouts.engine.titlebout import RULESET
from bouts.engine.titlebout.cards import TRAITS, validate_card
from bouts.engine.titlebout.normal import is_normal
from bouts.engine.titlebout.options import CHOICES, DEFAULTS
from tests.engine.odd_inputs import Dict, Int, List, Str, containers, outcome


def normal_card(seed=3, rating=None) -> dict:
    rng = random.Random(seed)
    card = RULESET.generate_card(rng, rating if rating is not None else rng.uniform(1, 10))
    card["traits"] = rng.sample(TRAITS, rng.randint(0, 3))
    card["style"] = rng.choice("BSE")
    return validate_card(card)


# values that are not what validate_card gives back for the field (each: not normal)
TOP_VALUES = {
    "name": ("", "   ", 5, None, Str("Joe"), ["Joe"]),
    "rating": (0, 11, True, 5.0, Int(5), "5", None),
    "style": ("X", "b", Str("B"), None, 1),
    "southpaw": (0, 1, None, "yes", Int(0)),
    "traits": (
        ("careless",),
        ["Careless"],
        ["ring_smarts"],
        ["overly_cautious"],
        [" careless"],
        ["careless", "careless"],
        [Str("careless")],
        [3],
        None,
        "careless",
        List(["careless"]),
    ),
    "agg": (0, 11, False, 7.0, Int(7)),
    "end": (0, 251, 85.0, Int(85), True),
    "cut": (-1, 11, 3.0, Int(3), None),
    "foul": ("F", "a", Str("A"), None),
    "fresh": (None, [], Dict()),
    "hitting": (None, []),
    "strategy": (None, [], {"FI": 5, "FO": 5, "CU": 5}),
}
SIDE_VALUES = {
    "cf_b": (0, 21, True, 10.0, Int(10), None),
    "cf_s": (0, 21, Int(10)),
    "def": (-11, 11, 0.0, Int(0), False),
    "cp": (-1, 21, Int(3)),
    "kd1": (-1, 11, Int(2)),
    "kd2": (11, Int(2)),
    "ko": (11, Int(2)),
    "ki": (21, Int(2)),
    "kp": (-1, 81, Int(2), 2.0),
    "cpd": (0, 81, Int(40), 40.0),
}


def odd_cards():
    """Cards one step away from a normal one, each in its own way."""
    base = normal_card()
    for field, values in TOP_VALUES.items():
        for value in values:
            card = copy.deepcopy(base)
            card[field] = value
            yield card
        if field != "name":  # the one optional field
            card = copy.deepcopy(base)
            del card[field]
            yield card
    for side in ("fresh", "fatigued"):
        for field, values in SIDE_VALUES.items():
            for value in values:
                card = copy.deepcopy(base)
                card[side][field] = value
                yield card
        for field in ("pl", "pm", "clinch", "move"):
            for edit in (
                tuple,
                List,
                lambda r: [*r, 80],
                lambda r: [r[0]],
                lambda r: [Int(r[0]), r[1]],
                lambda r: [r[0], float(r[1])],
                lambda r: [r[0] + 1, r[1]],
                lambda r: [r[0] - 1, r[1]],
                lambda r: None,
            ):
                card = copy.deepcopy(base)
                card[side][field] = edit(card[side][field])
                yield card
            card = copy.deepcopy(base)
            del card[side][field]
            yield card
        card = copy.deepcopy(base)
        card[side]["extra"] = 1
        yield card
        card = copy.deepcopy(base)
        card[side] = Dict(card[side])
        yield card
    for punch in ("jab", "hook", "cross", "combination", "uppercut"):
        for key in ("three", "two"):
            for edit in (
                tuple,
                lambda r: [r[0], Int(r[1])],
                lambda r: [r[0], r[1] - 1],
                lambda r: [r[0], r[1], r[1]],
                lambda r: None,
            ):
                card = copy.deepcopy(base)
                card["hitting"][punch][key] = edit(card["hitting"][punch][key])
                yield card
            card = copy.deepcopy(base)
            del card["hitting"][punch][key]
            yield card
        card = copy.deepcopy(base)
        card["hitting"][punch]["four"] = None
        yield card
        card = copy.deepcopy(base)
        card["hitting"][punch] = Dict(card["hitting"][punch])
        yield card
    card = copy.deepcopy(base)  # a jab without its three left out (validate_card: None)
    jab = card["hitting"]["jab"]
    jab["two"] = [1, jab["two"][1]]
    del jab["three"]
    yield card
    for key in ("FI", "FO", "CU", "KO"):
        for value in (0, 11, True, 5.0, Int(5)):
            card = copy.deepcopy(base)
            card["strategy"][key] = value
            yield card
    card = copy.deepcopy(base)
    card["strategy"]["XX"] = 5
    yield card
    card = copy.deepcopy(base)
    card["extra"] = 1
    yield card
    yield Dict(base)
    yield list(base.items())
    yield None


@pytest.mark.parametrize("card", list(odd_cards()))
def test_an_odd_card_gets_validate_cards_answer_or_error(card):
    before = copy.deepcopy(card)
    assert not is_normal(card)
    got = outcome(RULESET.side_for_bout, card)
    assert got == outcome(validate_card, copy.deepcopy(card))
    if got[0] == "ok":
        assert got[1] is not card  # a copy: something in it was not normal
    assert card == before


@pytest.mark.parametrize("seed", range(40))
def test_a_normal_card_is_the_bouts_as_it_is(seed):
    card = normal_card(seed)
    assert is_normal(card)
    assert validate_card(card) == card
    assert RULESET.side_for_bout(card) is card


def test_a_normal_card_in_another_key_order_or_without_a_name_is_normal_too():
    card = normal_card()
    turned = {key: card[key] for key in reversed(list(card))}
    turned["fresh"] = {k: card["fresh"][k] for k in reversed(list(card["fresh"]))}
    assert RULESET.side_for_bout(turned) is turned
    assert validate_card(turned) == turned
    del turned["name"]
    assert RULESET.side_for_bout(turned) is turned
    turned["name"] = "  Padded  "  # validate_card keeps a name as it is
    assert RULESET.side_for_bout(turned) is turned
    assert validate_card(turned) == turned
    jab = turned["hitting"]["jab"]  # a jab without its three: the two covers it
    jab["two"] = [1, jab["two"][1]]
    jab["three"] = None
    assert RULESET.side_for_bout(turned) is turned
    assert validate_card(turned) == turned


def _bout_inputs(rng: random.Random) -> dict:
    options = {
        key: rng.choice(CHOICES[key]) if key in CHOICES else rng.random() < 0.5
        for key in DEFAULTS
        if rng.random() < 0.5
    }
    return {"rounds": rng.randint(3, 15), "seed": rng.randrange(10**6), "options": options}


def test_the_bout_is_the_same_from_the_card_as_from_its_copy():
    odd = list(odd_cards())
    for seed in range(60):
        rng = random.Random(seed)
        red = normal_card(2 * seed)
        blue = normal_card(2 * seed + 1) if seed % 5 else red  # the same dict twice too
        if seed % 3 == 0:  # an odd but valid card on one side
            blue = rng.choice([c for c in odd if outcome(validate_card, c)[0] == "ok"])
        before = copy.deepcopy((red, blue))
        inputs = _bout_inputs(rng)
        result = simulate("titlebout", red, blue, **inputs)
        assert (red, blue) == before
        held = [result.rounds, result.events, result.details, result.scorecards]
        held += [result.knockdowns, result.injuries, result.fouls]
        assert not containers([red, blue], set()) & containers(held, set())
        again = simulate("titlebout", validate_card(red), validate_card(blue), **inputs)
        assert json.dumps(again.to_dict()) == json.dumps(result.to_dict())
