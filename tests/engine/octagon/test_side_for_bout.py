"""OctagonRuleset.side_for_bout: an already-normal side is the game's as it is (no
copies); anything else gets validate_side's answer or error, the same in every case."""

from __future__ import annotations

import copy
import json
import random

import pytest

from bouts.engine import simulate
from bouts.engine.octagon import RULESET
from bouts.engine.octagon.cards import is_normal_side
from tests.engine.odd_inputs import BadIndex, Dict, Int, Str, outcome


def normal_side(seed=3, rating=5):
    return RULESET.validate_side(RULESET.generate_side(random.Random(seed), rating))


def built_side(seed=4):
    """A side from build_side: fighters with ids, in the normalised key order."""
    cards = [RULESET.generate_card(random.Random(seed * 10 + i)) for i in range(5)]
    for i, card in enumerate(cards):
        card["id"] = 100 + i
    return RULESET.build_side("Built Camp", cards, random.Random(seed))


CARD_VALUES = {
    "id": (True, False, 1.0, Int(7), Str("x"), None, [1]),
    "name": (" Pad", "Pad ", "", "  ", Str("Sub"), 5, None, "\tTab"),
    "striking": (True, False, 0, 21, -1, 3.0, Int(3), "3", None, BadIndex(2), 2**70),
    "grappling": (True, 0, 21, Int(20), 20.0),
    "defense": (False, -20, Int(1), [1]),
    "stamina": (9, 101, True, Int(40), 40.0, 5),
    "style": (" striker", "Striker", Str("grappler"), "boxer", None, 1, ["striker"]),
}


def odd_sides():
    """Sides one step away from a normal one, each in its own way."""
    base = normal_side()
    for field, values in CARD_VALUES.items():
        for value in values:
            side = copy.deepcopy(base)
            side["fighters"][1][field] = value
            yield side
        if field not in ("id", "name"):  # the optional fields
            side = copy.deepcopy(base)
            del side["fighters"][2][field]
            yield side
    edits = [
        lambda s: s["fighters"][0].__setitem__("extra", 1),
        lambda s: s["fighters"][0].__setitem__(None, 1),
        lambda s: [card.__setitem__("id", 1) for card in s["fighters"][:2]],  # duplicate ids
        lambda s: s["fighters"].__setitem__(1, Dict(s["fighters"][1])),
        lambda s: s["fighters"].__setitem__(1, list(s["fighters"][1].items())),
        lambda s: s["fighters"].append(s["fighters"][0]),
        lambda s: s["fighters"].pop(),
        lambda s: s.__setitem__("fighters", tuple(s["fighters"])),
        lambda s: s.__setitem__("name", " Camp"),
        lambda s: s.__setitem__("name", Str("Camp")),
        lambda s: s.__setitem__("name", ""),
        lambda s: s.__setitem__("name", None),
        lambda s: s.__setitem__("name", 3),
        lambda s: s.pop("fighters"),
        lambda s: s.pop("techniques"),
        lambda s: s.pop("corner"),
        lambda s: s.__setitem__("extra", 1),
        lambda s: s.pop("name") and s.__setitem__("extra", 1),
        lambda s: s["techniques"].pop(),
        lambda s: s["techniques"].__setitem__(0, "Nope"),
        lambda s: s["techniques"].__setitem__(0, {"name": s["techniques"][0]}),
        lambda s: s["techniques"].__setitem__(0, {"name": s["techniques"][0], "count": 1}),
        lambda s: s["techniques"].__setitem__(slice(0, 5), [s["techniques"][0]] * 5),
        lambda s: s.__setitem__("techniques", tuple(s["techniques"])),
        lambda s: s["corner"].__setitem__(0, s["techniques"][0]),
        lambda s: s["corner"].__setitem__(0, None),
        lambda s: s.__setitem__("corner", s["corner"][:9]),
    ]
    for edit in edits:
        side = copy.deepcopy(base)
        edit(side)
        yield side
    yield Dict(base)
    yield [base]
    yield None
    yield {}


@pytest.mark.parametrize("side", list(odd_sides()))
def test_an_odd_side_gets_validate_sides_answer_or_error(side):
    before = copy.deepcopy(side)
    got = outcome(RULESET.side_for_bout, side)
    assert got == outcome(RULESET.validate_side, copy.deepcopy(side))
    if got[0] == "ok":
        assert got[1] is not side  # a copy: something in it was not normal
    assert not is_normal_side(side)
    assert side == before


@pytest.mark.parametrize("seed", range(20))
def test_a_normal_side_is_the_games_as_it_is(seed):
    for side in (normal_side(seed, 1 + seed % 10), built_side(seed)):
        assert RULESET.validate_side(side) == side
        assert RULESET.side_for_bout(side) is side
        nameless = {k: v for k, v in side.items() if k != "name"}
        assert RULESET.side_for_bout(nameless) is nameless


def test_another_key_order_str_ids_and_nameless_cards_are_normal_too():
    side = built_side()
    side["fighters"][0]["id"] = "one"
    del side["fighters"][1]["name"]
    turned = {key: side[key] for key in reversed(list(side))}
    turned["fighters"] = [{k: c[k] for k in reversed(list(c))} for c in side["fighters"]]
    assert RULESET.side_for_bout(turned) is turned
    assert RULESET.validate_side(turned) == turned


def test_a_str_subclass_card_name_is_kept_either_way():
    """validate_side keeps a str-subclass entry equal to a catalogue name as it is
    (the full path, or the legal-list cache, which compares by equality); whether
    side_for_bout copies the list or not, the game reads the same names."""
    side = normal_side(9)
    side["techniques"][0] = Str(side["techniques"][0])
    got = RULESET.side_for_bout(side)
    assert got == RULESET.validate_side(side)
    assert got["techniques"][0] is side["techniques"][0]
    plain = normal_side(9)
    assert json.dumps(simulate("octagon", side, plain, seed=4).to_dict()) == json.dumps(
        simulate("octagon", plain, plain, seed=4).to_dict()
    )


def test_a_side_read_from_json_is_normal():
    side = json.loads(json.dumps(built_side(7)))
    assert RULESET.side_for_bout(side) is side


def test_the_game_neither_changes_nor_keeps_the_callers_sides():
    rng = random.Random(8)
    for seed in range(12):
        red = normal_side(2 * seed) if seed % 3 else built_side(seed)
        blue = normal_side(2 * seed + 1)
        before = copy.deepcopy((red, blue))
        options = {"first": rng.choice(("red", "blue", "random")), "deck_out": "health"}
        result = simulate("octagon", red, blue, seed=seed, options=options)
        assert (red, blue) == before
        again = simulate(
            "octagon",
            RULESET.validate_side(red),
            RULESET.validate_side(blue),
            seed=seed,
            options=options,
        )
        assert json.dumps(again.to_dict()) == json.dumps(result.to_dict())
