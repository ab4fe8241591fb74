"""SkirmishRuleset.side_for_bout: an already-normal side is the bout's as it is (no
copies); anything else gets validate_side's answer or error, the same in every case."""

from __future__ import annotations

import copy
import random

import pytest

from bouts.engine import simulate
from bouts.engine.skirmish import RULESET
from tests.engine.odd_inputs import BadIndex, Dict, Int, Str, containers, outcome


def normal_side(seed=3):
    return RULESET.validate_side(RULESET.generate_side(random.Random(seed), 5))


CARD_VALUES = {
    "id": (True, False, "", 1.0, Int(7), Str("x"), None, [1]),
    "name": (" Pad", "Pad ", "", "  ", Str("Sub"), 5, None, "\tTab"),
    "attack": (True, False, -1, 10, 3.0, Int(3), "3", None, BadIndex(2)),
    "defence": (True, -1, 10, Int(0), 0.0),
    "speed": (0, 10, True, Int(5), -9),
    "health": (0, 21, True, Int(20), -20),
    "multi_attack": (0, 4, True, Int(2), 2.0),
}


def odd_sides():
    """Sides one step away from a normal one, each in its own way."""
    base = normal_side()
    for field, values in CARD_VALUES.items():
        for value in values:
            side = copy.deepcopy(base)
            side["fighters"][1][field] = value
            yield side
        side = copy.deepcopy(base)
        del side["fighters"][2][field]
        yield side
    edits = [
        lambda s: s["fighters"][0].__setitem__("extra", 1),
        lambda s: s["fighters"][0].__setitem__("id", s["fighters"][3]["id"]),
        lambda s: s["fighters"].__setitem__(1, Dict(s["fighters"][1])),
        lambda s: s["fighters"].__setitem__(1, list(s["fighters"][1].items())),
        lambda s: s["fighters"].append(None),
        lambda s: s.__setitem__("fighters", s["fighters"] * 3),
        lambda s: s.__setitem__("fighters", []),
        lambda s: s.__setitem__("fighters", tuple(s["fighters"])),
        lambda s: s.__setitem__("name", " Camp"),
        lambda s: s.__setitem__("name", Str("Camp")),
        lambda s: s.__setitem__("name", ""),
        lambda s: s.__setitem__("name", 3),
        lambda s: s.pop("name"),
        lambda s: s.pop("trait"),
        lambda s: s.pop("fighters"),
        lambda s: s.__setitem__("trait", "bold"),
        lambda s: s.__setitem__("trait", Str("pride")),
        lambda s: s.__setitem__("trait", None),
        lambda s: s.__setitem__("extra", 1),
    ]
    for edit in edits:
        side = copy.deepcopy(base)
        edit(side)
        yield side
    yield {"name": "Bare", "fighters": [{"attack": 1, "defence": 1, "speed": 1, "health": 1}]}
    yield Dict(base)
    yield [base]
    yield None


@pytest.mark.parametrize("side", list(odd_sides()))
def test_an_odd_side_gets_validate_sides_answer_or_error(side):
    before = copy.deepcopy(side)
    got = outcome(RULESET.side_for_bout, side)
    assert got == outcome(RULESET.validate_side, copy.deepcopy(side))
    if got[0] == "ok":
        assert got[1] is not side  # a copy: something in it was not normal
    assert side == before


@pytest.mark.parametrize("seed", range(20))
def test_a_normal_side_is_the_bouts_as_it_is(seed):
    side = normal_side(seed)
    assert RULESET.validate_side(side) == side
    assert RULESET.side_for_bout(side) is side


def test_a_normal_side_in_another_key_order_or_with_str_ids_is_normal_too():
    side = normal_side()
    side["fighters"][0]["id"] = "one"
    turned = {key: side[key] for key in reversed(list(side))}
    turned["fighters"] = [{k: c[k] for k in reversed(list(c))} for c in side["fighters"]]
    assert RULESET.side_for_bout(turned) is turned
    assert RULESET.validate_side(turned) == turned


def test_the_bout_neither_changes_nor_keeps_the_callers_sides():
    for seed in range(30):
        rng = random.Random(seed)
        red = normal_side(2 * seed)
        blue = normal_side(2 * seed + 1)
        before = copy.deepcopy((red, blue))
        result = simulate("skirmish", red, blue, seed=rng.randrange(1000))
        assert (red, blue) == before
        given = containers(red, containers(blue, set()))
        result_parts = [result.rounds, result.events, result.fighters, result.details]
        assert not given & containers(result_parts, set())
        # the same battle as from validate_side's copies
        again = simulate(
            "skirmish", RULESET.validate_side(red), RULESET.validate_side(blue), seed=result.seed
        )
        assert again.to_dict() == result.to_dict()
