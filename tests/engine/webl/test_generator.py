"""The generator: valid, believable cards whose rating follows the request."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bouts.engine import simulate
from bouts.engine.webl import RULESET


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10**9), rating=st.one_of(st.none(), st.floats(6.0, 16.0)))
def test_generated_cards_are_valid_and_follow_the_rating(seed, rating):
    card = RULESET.generate_card(random.Random(seed), rating)
    assert RULESET.validate_card(card) == card
    assert set(card) == {"str", "spd", "agl", "hgt", "tgh", "weight", "name"}
    low, high = RULESET.rating_range
    assert low - 0.2 <= RULESET.card_rating(card) <= high + 0.2
    if rating is not None:
        assert abs(RULESET.card_rating(card) - rating) <= 0.15
    assert all(3 <= card[a] <= 25 for a in ("str", "spd", "agl", "hgt", "tgh"))


def test_average_fighter_has_about_eleven_in_each():
    rng = random.Random(7)
    cards = [RULESET.generate_card(rng, 11) for _ in range(300)]
    for attr in ("str", "spd", "agl", "hgt", "tgh"):
        mean = sum(c[attr] for c in cards) / len(cards)
        assert 10.3 <= mean <= 11.7


def test_generator_is_deterministic():
    assert RULESET.generate_card(random.Random(5), 12) == RULESET.generate_card(
        random.Random(5), 12
    )


def test_higher_rating_wins_more_often_but_not_always():
    rng = random.Random(11)
    wins = losses = 0
    for seed in range(300):
        strong = RULESET.generate_card(rng, 12.0)
        weak = RULESET.generate_card(rng, 11.0)
        result = simulate("webl", strong, weak, seed=seed)
        wins += result.winner == "red"
        losses += result.winner == "blue"
    assert wins > 2 * losses
    assert losses > 0
