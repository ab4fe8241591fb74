"""Generated cards: valid, believable, following the rating."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bouts.engine.pocket import RULESET


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), rating=st.none() | st.floats(1, 5))
def test_generated_cards_are_valid_and_near_their_rating(seed, rating):
    c = RULESET.generate_card(random.Random(seed), rating)
    assert RULESET.validate_card(c) == c
    assert c["name"]
    if rating is not None:
        assert abs(RULESET.card_rating(c) - rating) <= 0.5


def test_generation_is_deterministic():
    assert RULESET.generate_card(random.Random(7), 3) == RULESET.generate_card(random.Random(7), 3)


def test_ratings_cover_the_range():
    rng = random.Random(1)
    ratings = [RULESET.card_rating(RULESET.generate_card(rng)) for _ in range(500)]
    assert min(ratings) <= 1.5 and max(ratings) >= 4.5


def test_all_styles_and_guards_appear():
    rng = random.Random(2)
    cards = [RULESET.generate_card(rng) for _ in range(200)]
    assert {c["style"] for c in cards} == {"boxer", "swarmer", "brawler"}
    assert {c["guard"] for c in cards} == {"philly_shell", "cross_arm", "peek_a_boo"}
