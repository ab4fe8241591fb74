"""Generated fighters and camps, and decks built from a camp's cards (generator.py)."""

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bouts.engine.errors import CardError
from bouts.engine.octagon import RULESET
from bouts.engine.octagon.cards import fighter_rating, validate_fighter, validate_side
from bouts.engine.octagon.generator import FIRST_NAMES, LAST_NAMES, _draw_cards, deck_build

from .support import SEED_FIGHTERS


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), rating=st.one_of(st.none(), st.floats(1.0, 10.0)))
def test_generated_fighters_are_valid_and_near_their_rating(seed, rating):
    card = RULESET.generate_card(random.Random(seed), rating)
    assert validate_fighter(card) == card
    if rating is not None:
        assert abs(fighter_rating(card) - rating) <= 1.25


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), rating=st.one_of(st.none(), st.floats(1.0, 10.0)))
def test_generated_sides_are_valid_json_decks(seed, rating):
    side = RULESET.generate_side(random.Random(seed), rating)
    assert validate_side(side) == side
    json.dumps(side)
    assert len(side["fighters"]) == 8 and len(side["techniques"]) == 32
    assert len(side["corner"]) == 10
    if rating is not None:
        # clamped stats lift the bottom of the scale (rating 1 -> about 1.7)
        assert abs(RULESET.card_rating(side) - rating) <= (1.0 if rating >= 2.5 else 1.3)


def test_generation_is_deterministic_and_follows_the_rating():
    assert RULESET.generate_side(random.Random(9), 6) == RULESET.generate_side(random.Random(9), 6)
    weak = [RULESET.card_rating(RULESET.generate_side(random.Random(s), 3)) for s in range(20)]
    strong = [RULESET.card_rating(RULESET.generate_side(random.Random(s), 8)) for s in range(20)]
    assert max(weak) < min(strong)


def test_generated_names_are_fictional():
    real = {f["name"] for f in SEED_FIGHTERS}
    names = Counter()
    for seed in range(200):
        for fighter in RULESET.generate_side(random.Random(seed))["fighters"]:
            assert fighter["name"] not in real
            first, last = fighter["name"].split(" ", 1)
            assert first in FIRST_NAMES and last in LAST_NAMES
            names[fighter["name"]] += 1
    assert len(names) > 500


def test_styles_shape_the_stats():
    for seed in range(100):
        card = RULESET.generate_card(random.Random(seed), 6)
        if card["style"] == "striker":
            assert card["striking"] >= card["grappling"]
        elif card["style"] == "grappler":
            assert card["grappling"] >= card["striking"]


def _camp(n, start=0):
    return [dict(RULESET.generate_card(random.Random(start + i), 5), id=100 + i) for i in range(n)]


def test_build_side_keeps_exactly_eight_fighters():
    cards = _camp(8)
    side = RULESET.build_side("Iron Lotus", cards, random.Random(1))
    assert validate_side(side) == side
    assert side["name"] == "Iron Lotus"
    assert [f["id"] for f in side["fighters"]] == list(range(100, 108))


def test_build_side_trims_to_the_eight_best_in_their_order():
    cards = _camp(11)
    side = RULESET.build_side("Iron Lotus", cards, random.Random(1))
    ranked = sorted(cards, key=lambda c: -fighter_rating(c))
    kept = {c["id"] for c in ranked[:8]}
    assert [f["id"] for f in side["fighters"]] == [c["id"] for c in cards if c["id"] in kept]


def test_build_side_pads_with_reserves_at_the_camps_rating():
    cards = _camp(3)
    side = RULESET.build_side("Iron Lotus", cards, random.Random(1))
    assert validate_side(side) == side
    reserves = side["fighters"][3:]
    assert [f["name"] for f in reserves] == [f"Iron Lotus reserve {n}" for n in range(1, 6)]
    assert all("id" not in f for f in reserves)
    mean = sum(fighter_rating(c) for c in cards) / 3
    assert all(abs(fighter_rating(f) - mean) <= 1.5 for f in reserves)


def test_build_side_is_deterministic_from_rng_and_without_one():
    cards = _camp(8)
    assert RULESET.build_side("A", cards, random.Random(4)) == RULESET.build_side(
        "A", cards, random.Random(4)
    )
    assert RULESET.build_side("A", cards) == RULESET.build_side("A", cards)
    assert RULESET.build_side("A", cards, random.Random(4)) != RULESET.build_side(
        "A", cards, random.Random(5)
    )


def test_build_side_refuses_bad_input():
    with pytest.raises(CardError) as caught:
        RULESET.build_side("Camp", [], random.Random(1))
    assert caught.value.field == "cards"
    with pytest.raises(CardError) as caught:
        RULESET.build_side("Camp", [{"striking": 5}], random.Random(1))
    assert caught.value.field == "cards[0].grappling"
    with pytest.raises(CardError):
        RULESET.build_side("", _camp(2), random.Random(1))


def test_generated_camps_have_one_name_per_fighter():
    for seed in range(300):
        names = [f["name"] for f in RULESET.generate_side(random.Random(seed))["fighters"]]
        assert len(set(names)) == 8


def test_build_side_refuses_duplicate_ids():
    cards = _camp(4)
    cards[3]["id"] = cards[0]["id"]
    with pytest.raises(CardError) as caught:
        RULESET.build_side("Camp", cards, random.Random(1))
    assert caught.value.field == "fighters[3].id"


def _kinds(side):
    from bouts.engine.octagon.catalogue import TECHNIQUE_BY_NAME

    return Counter(
        "gnp" if TECHNIQUE_BY_NAME[n].ground else TECHNIQUE_BY_NAME[n].kind
        for n in side["techniques"]
    )


def test_decks_follow_the_camps_build():
    """ "Deck Archetypes": strikers stack strikes, grapplers take it down and submit."""
    strikers = [dict(RULESET.generate_card(random.Random(i), 6), style="striker") for i in range(8)]
    grapplers = [dict(c, style="grappler") for c in strikers]
    assert deck_build(strikers) == "striker" and deck_build(grapplers) == "grappler"
    assert deck_build(strikers[:4] + grapplers[4:]) == "balanced"
    striker_kinds, grappler_kinds = Counter(), Counter()
    for seed in range(20):
        striker_kinds += _kinds(RULESET.build_side("S", strikers, random.Random(seed)))
        grappler_kinds += _kinds(RULESET.build_side("G", grapplers, random.Random(seed)))
    assert striker_kinds["strike"] > 0.8 * 20 * 32
    ground = grappler_kinds["takedown"] + grappler_kinds["submission"] + grappler_kinds["gnp"]
    assert ground > 0.6 * 20 * 32
    assert striker_kinds["defence"] + grappler_kinds["defence"] < 0.05 * 40 * 32


def test_weighted_draws_follow_the_weights_and_the_copy_limit():
    names = ("a", "b", "c")
    counts = Counter()
    for seed in range(300):
        drawn = _draw_cards(random.Random(seed), names, (6, 3, 1), 4)
        assert max(Counter(drawn).values()) <= 4
        assert drawn == sorted(drawn)  # catalogue order
        counts.update(drawn)
    assert counts["a"] > counts["b"] > counts["c"] > 0
    # once the weighted cards are used up, the weightless ones fill the deck
    assert _draw_cards(random.Random(1), names, (1, 0, 0), 5) == ["a"] * 4 + ["c"]
