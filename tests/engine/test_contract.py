"""The engine contract (docs/design.md), checked for every registered ruleset."""

import json
import random
from dataclasses import fields

import pytest

from bouts.engine import (
    RULESETS,
    BoutResult,
    CardError,
    EngineError,
    OptionError,
    get_ruleset,
    seeded_rng,
    simulate,
)
from bouts.engine.odds import odds
from bouts.engine.result import (
    BOXING_METHODS,
    DECISIONS,
    DQ,
    FINISHES,
    INSIDE_THE_DISTANCE,
    SIDES,
    SUB,
    decision_from_totals,
)

RULESET_NAMES = sorted(RULESETS)
pytestmark = pytest.mark.skipif(not RULESETS, reason="no ruleset registered yet")


def _sides(name, seed=1, ratings=(None, None)):
    rules = get_ruleset(name)
    red = rules.generate_side(random.Random(seed), ratings[0])
    blue = rules.generate_side(random.Random(seed + 1000), ratings[1])
    return red, blue


def test_unknown_ruleset_is_a_clear_error():
    with pytest.raises(EngineError, match="unknown ruleset 'nope'"):
        simulate("nope", {}, {})


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_describe_has_the_contract_fields(name):
    info = get_ruleset(name).describe()
    assert info["name"] == name
    assert info["description"]
    low, high = info["rating_range"]
    assert low < high
    assert isinstance(info["team"], bool)


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_generated_sides_validate_and_are_json(name):
    rules = get_ruleset(name)
    low, high = rules.rating_range
    for seed in range(25):
        rating = low + (high - low) * seed / 24
        side = rules.generate_side(random.Random(seed), rating)
        json.dumps(side)
        assert rules.validate_side(side) is not None
        card = rules.generate_card(random.Random(seed), rating)
        assert rules.validate_card(card) is not None


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_result_shape(name):
    red, blue = _sides(name)
    for seed in range(20):
        result = simulate(name, red, blue, seed=seed)
        data = result.to_dict()
        json.dumps(data)
        assert data["seed"] == seed
        assert data["winner"] in (*SIDES, None)
        assert data["method"] in get_ruleset(name).methods
        assert data["round"] >= 1
        minutes, seconds = data["time"].split(":")
        assert minutes.isdigit() and len(seconds) == 2 and 0 <= int(seconds) < 60
        assert data["events"], "a bout has a play-by-play"
        for event in data["events"]:
            assert {"round", "clock", "kind", "side", "text"} <= set(event)
            assert event["text"]
        for line in data["rounds"]:
            for side in SIDES:
                assert {"landed", "thrown", "damage"} <= set(line[side])
        if data["scorecards"]:
            assert len(data["scorecards"]) == 3 == len(data["judges"])
            for card in data["scorecards"]:
                for red_points, blue_points in card:
                    assert 10 in (red_points, blue_points) or min(red_points, blue_points) < 10
        if data["winner"] is None:
            assert data["method"] in (*DECISIONS, *get_ruleset(name).methods)


@pytest.mark.parametrize("seed", [0, 1, 7, -7, 2**31, 2**32 + 5, -(2**64) - 3, 10**40])
def test_seeded_rng_is_random_random(seed):
    """The bout's rng (made without Random.__init__) is random.Random(seed) exactly."""
    mine, reference = seeded_rng(seed), random.Random(seed)
    assert type(mine) is random.Random
    assert mine.getstate() == reference.getstate()
    assert [mine.random() for _ in range(700)] == [reference.random() for _ in range(700)]
    assert mine.gauss(0, 1) == reference.gauss(0, 1)
    assert mine.gauss(0, 1) == reference.gauss(0, 1)


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_same_seed_same_bytes_in_process(name):
    red, blue = _sides(name, seed=3)
    first = json.dumps(simulate(name, red, blue, seed=42).to_dict(), sort_keys=True)
    again = json.dumps(simulate(name, red, blue, seed=42).to_dict(), sort_keys=True)
    assert first == again


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_inputs_are_not_mutated(name):
    red, blue = _sides(name, seed=5)
    before = json.dumps([red, blue], sort_keys=True)
    simulate(name, red, blue, seed=9)
    assert json.dumps([red, blue], sort_keys=True) == before


def _containers(value, found: dict) -> dict:
    """Every dict and list reachable from ``value``, by id."""
    if isinstance(value, (dict, list)):
        if id(value) in found:
            return found
        found[id(value)] = value
        for item in value.values() if isinstance(value, dict) else value:
            _containers(item, found)
    return found


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_the_result_holds_none_of_the_inputs(name):
    # side_for_bout may hand the bout the caller's own side (docs/design.md): nothing
    # of it may end up in the result, where a later change to the input would show
    red, blue = _sides(name, seed=6)
    result = simulate(name, red, blue, seed=11)
    inputs = _containers([red, blue], {})
    held = _containers([getattr(result, f.name) for f in fields(result)], {})
    assert not inputs.keys() & held.keys()
    # and the same side fights the same bout as its normalised copy
    rules = get_ruleset(name)
    copies = simulate(name, rules.validate_side(red), rules.validate_side(blue), seed=11)
    assert json.dumps(copies.to_dict()) == json.dumps(result.to_dict())


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_bad_seed_rounds_and_options_are_refused(name):
    red, blue = _sides(name)
    with pytest.raises(OptionError, match="seed"):
        simulate(name, red, blue, seed="7")
    with pytest.raises(OptionError, match="rounds"):
        simulate(name, red, blue, seed=1, rounds=0)
    with pytest.raises(OptionError):
        simulate(name, red, blue, seed=1, options={"no_such_option_anywhere": True})


@pytest.mark.parametrize("name", RULESET_NAMES)
@pytest.mark.parametrize("plans", ["red", [1], {"green": "x"}, {1: "x"}])
def test_plans_not_given_per_side_are_refused_with_the_field(name, plans):
    red, blue = _sides(name)
    with pytest.raises(EngineError) as caught:
        simulate(name, red, blue, seed=1, plans=plans)
    assert str(caught.value).startswith("plans")


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_bad_card_names_a_field(name):
    rules = get_ruleset(name)
    with pytest.raises(CardError) as caught:
        rules.validate_side({"unexpected_field_xyz": 1})
    assert caught.value.field
    assert str(caught.value).startswith(caught.value.field)


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_higher_rating_wins_more_often_but_not_always(name):
    rules = get_ruleset(name)
    low, high = rules.rating_range
    strong_wins = weak_wins = 0
    for seed in range(60):
        strong = rules.generate_side(random.Random(seed), low + (high - low) * 0.85)
        weak = rules.generate_side(random.Random(seed + 5000), low + (high - low) * 0.35)
        winner = simulate(name, strong, weak, seed=seed).winner
        strong_wins += winner == "red"
        weak_wins += winner == "blue"
    assert strong_wins > weak_wins


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_odds_do_not_depend_on_the_number_of_workers(name):
    red, blue = _sides(name, seed=11)
    one = odds(name, red, blue, n=240, seed=3, workers=1)
    two = odds(name, red, blue, n=240, seed=3, workers=2)
    assert one == two
    assert one["red"] + one["blue"] + one["draw"] == pytest.approx(1.0)


def test_decision_from_totals():
    assert decision_from_totals([[115, 113], [116, 112], [117, 111]]) == ("red", "UD")
    assert decision_from_totals([[113, 115], [116, 112], [117, 111]]) == ("red", "SD")
    assert decision_from_totals([[114, 114], [116, 112], [117, 111]]) == ("red", "MD")
    assert decision_from_totals([[114, 114], [112, 116], [116, 112]]) == (None, "DRAW")
    assert decision_from_totals([[114, 114], [114, 114], [116, 112]]) == (None, "DRAW")
    assert decision_from_totals([[110, 118], [111, 117], [112, 116]]) == ("blue", "UD")


# --- officials and corners: one strict validator for every ruleset (officials.py) ----------
LEAGUE_OFFICIALS = {  # the shape bouts/inputs.py sends, every field filled in
    "referee": {"name": "R. Ref", "fouls": "strict", "stoppage": "late", "overall": "good"},
    "judges": [
        {"name": "J. One", "bias": "none", "close_round": "even"},
        {"name": "J. Two", "bias": "slugger", "close_round": "aggressor"},
        {"name": "J. Three", "bias": "boxer", "close_round": "counterpuncher"},
    ],
    "doctor": {"name": "Dr. Doc", "caution": "cautious"},
}
LEAGUE_CORNERS = {
    "red": {"name": "C. Red", "cut": "good", "strategy": "excellent"},
    "blue": {"name": "C. Blue", "cut": "poor", "strategy": "poor"},
}
BAD_OFFICIALS = [
    ("nobody", "officials", "must be an object"),
    ({"timekeeper": {}}, "officials.timekeeper", "unknown official"),
    ({"referee": {"stopage": "early"}}, "officials.referee.stopage", "unknown field"),
    ({"referee": {"fouls": "harsh"}}, "officials.referee.fouls", "must be one of"),
    ({"referee": {"fouls": None}}, "officials.referee.fouls", "must be one of"),
    ({"referee": {"name": " "}}, "officials.referee.name", "non-empty string"),
    ({"referee": {"name": "x" * 121}}, "officials.referee.name", "at most 120"),
    ({"referee": "Mills"}, "officials.referee", "must be an object"),
    ({"judges": [{}, {}]}, "officials.judges", "three judges"),
    ({"judges": [{}, None, {}]}, "officials.judges[1]", "must be an object"),
    ({"judges": [{}, {}, {"mood": "x"}]}, "officials.judges[2].mood", "unknown field"),
    ({"judges": [{"close_round": "loud"}, {}, {}]}, "officials.judges[0].close_round", "one of"),
    ({"doctor": {"caution": "reckless"}}, "officials.doctor.caution", "must be one of"),
    ({"doctor": {"licence": 1}}, "officials.doctor.licence", "unknown field"),
]
BAD_CORNERS = [
    ([], "corners", "must be an object"),
    ({"green": {}}, "corners.green", "per side: red, blue"),
    ({"red": {"cut": "butcher"}}, "corners.red.cut", "must be one of"),
    ({"blue": {"strategy": "genius"}}, "corners.blue.strategy", "must be one of"),
    ({"blue": {"towel": True}}, "corners.blue.towel", "unknown field"),
]


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_every_ruleset_accepts_the_league_officials_and_corners(name):
    rules = get_ruleset(name)
    assert rules.validate_officials(LEAGUE_OFFICIALS) is LEAGUE_OFFICIALS
    assert rules.validate_corners(LEAGUE_CORNERS) is LEAGUE_CORNERS
    assert rules.validate_officials(None) is None and rules.validate_corners(None) is None
    partial = {"referee": None, "judges": None, "doctor": {"caution": "balanced"}}
    assert rules.validate_officials(partial) is partial  # null = not assigned
    red, blue = _sides(name)
    simulate(name, red, blue, seed=1, officials=LEAGUE_OFFICIALS, corners=LEAGUE_CORNERS)


@pytest.mark.parametrize("name", RULESET_NAMES)
@pytest.mark.parametrize(("officials", "field", "rule"), BAD_OFFICIALS)
def test_every_ruleset_refuses_bad_officials_alike(name, officials, field, rule):
    rules = get_ruleset(name)
    with pytest.raises(OptionError, match=rule) as caught:
        rules.validate_officials(officials)
    assert caught.value.field == field
    # ... and the ruleset's own bout refuses them the same way (it uses the validator)
    red, blue = _sides(name)
    with pytest.raises(OptionError) as caught:
        simulate(name, red, blue, seed=1, officials=officials)
    assert caught.value.field == field


@pytest.mark.parametrize("name", RULESET_NAMES)
@pytest.mark.parametrize(("corners", "field", "rule"), BAD_CORNERS)
def test_every_ruleset_refuses_bad_corners_alike(name, corners, field, rule):
    rules = get_ruleset(name)
    with pytest.raises(OptionError, match=rule) as caught:
        rules.validate_corners(corners)
    assert caught.value.field == field
    red, blue = _sides(name)
    with pytest.raises(OptionError) as caught:
        simulate(name, red, blue, seed=1, corners=corners)
    assert caught.value.field == field


def test_every_boxing_method_is_either_inside_the_distance_or_a_decision():
    """The league's sets (defined once in result.py): no method falls between them."""
    assert set(INSIDE_THE_DISTANCE) | set(DECISIONS) == set(BOXING_METHODS) | {SUB}
    assert not set(INSIDE_THE_DISTANCE) & set(DECISIONS)
    assert set(INSIDE_THE_DISTANCE) - set(FINISHES) == {DQ}  # a DQ loser was not stopped


def test_bout_result_fields_keep_their_order():
    """pocket, octagon, skirmish and webl build ``BoutResult`` positionally (half the cost of
    keywords): a reordering of its fields must be made in their calls too."""
    assert [f.name for f in fields(BoutResult)] == [
        "ruleset",
        "seed",
        "scheduled_rounds",
        "winner",
        "method",
        "round",
        "time",
        "judges",
        "scorecards",
        "knockdowns",
        "injuries",
        "fouls",
        "rounds",
        "events",
        "fighters",
        "details",
    ]
