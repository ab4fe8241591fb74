"""A drawn knockout bout settled by the rule its competition states (pure core)."""

import pytest

from league.scheduling.brackets import (
    CARDS,
    DECIDER,
    SEED,
    decided_key,
    decider_key,
    settle_draw,
)

RED_ON_ROUNDS = [[[10, 9], [10, 9], [8, 10]]] * 3  # red wins 2 of 3 rounds on every card
LEVEL = [[[10, 10], [10, 10]]] * 3


def test_cards_rule_says_the_rounds_won():
    settled = settle_draw(CARDS, RED_ON_ROUNDS, red_seed=5, blue_seed=1)
    assert settled.side == "red" and settled.rounds == (6, 3)
    assert settled.words == "through on the judges' cards, rounds won 6\u20133"


def test_cards_rule_level_on_rounds_goes_to_the_stronger_finish():
    cards = [[[10, 9], [9, 10], [10, 10]]] * 3
    settled = settle_draw(CARDS, cards, red_seed=1, blue_seed=2)
    assert settled.side == "blue" and settled.how == "finish"
    assert "stronger finish" in settled.words


def test_cards_rule_with_nothing_between_them_or_no_cards_goes_to_the_higher_seed():
    assert settle_draw(CARDS, LEVEL, red_seed=4, blue_seed=2).side == "blue"
    settled = settle_draw(CARDS, [], red_seed=1, blue_seed=2)
    assert settled.side == "red" and settled.words == "through as the higher seed"


def test_seed_rule_ignores_the_cards():
    settled = settle_draw(SEED, RED_ON_ROUNDS, red_seed=5, blue_seed=1)
    assert settled.side == "blue" and settled.words == "through as the higher seed"


def test_decider_rule_waits_for_the_decider_then_takes_its_winner():
    pending = settle_draw(DECIDER, RED_ON_ROUNDS, red_seed=1, blue_seed=2)
    assert pending.side is None and pending.how == "pending"
    won = settle_draw(DECIDER, RED_ON_ROUNDS, red_seed=1, blue_seed=2, decider="blue")
    assert won.side == "blue" and won.words == "won the decider"


def test_a_drawn_decider_goes_to_the_higher_seed():
    settled = settle_draw(DECIDER, [], red_seed=3, blue_seed=2, decider="draw")
    assert settled.side == "blue"
    assert settled.words == "through as the higher seed after a drawn decider"


def test_decider_keys_name_the_match_they_settle():
    assert decider_key("W2.1") == "W2.1.D" and decided_key("W2.1.D") == "W2.1"
    assert decided_key("F1") is None


def test_unknown_rule_is_refused():
    with pytest.raises(ValueError):
        settle_draw("coin", [], 1, 2)
