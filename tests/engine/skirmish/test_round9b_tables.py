"""Round 9b's float tables give the same values as the int arithmetic they replace."""

import random

from bouts.engine.skirmish.battle import COUNTS
from bouts.engine.skirmish.cards import _cards_are_normal
from bouts.engine.skirmish.generator import generate_side
from bouts.engine.skirmish.units import FLOATS, KEY_OF_HEALTH, make_units


def test_a_cards_key_and_bias_equal_the_int_sums():
    cards = [
        {
            "id": n,
            "name": f"C{n}",
            "attack": attack,
            "defence": defence,
            "speed": 1,
            "health": health,
            "multi_attack": 1,
        }
        for n, (attack, defence, health) in enumerate(
            (a, d, h) for a in range(10) for d in (0, 1, 9) for h in range(1, 21)
        )
    ]
    for u, card in zip(make_units("red", cards, None), cards):
        bias = (0.0 if card["defence"] else 4096.0) - card["attack"]
        assert u.target_bias == bias and type(u.target_bias) is float
        assert u.target_key == card["health"] * 16 + bias and type(u.target_key) is float


def test_the_tables_hold_the_ints_as_floats():
    assert all(FLOATS[n] == n and type(FLOATS[n]) is float for n in range(10))
    assert all(KEY_OF_HEALTH[n] == 16 * n for n in range(256))
    # the fog's pick: the same index as the roll times the int count
    rng = random.Random(5)
    for _ in range(2000):
        roll = rng.random()
        for n in range(1, 13):
            assert roll * COUNTS[n] == roll * n


def test_the_check_still_says_true_or_false():
    side = generate_side(random.Random(3), 5.0)
    assert _cards_are_normal(side["fighters"]) is True
    twice = side["fighters"] + [dict(side["fighters"][0])]
    assert _cards_are_normal(twice) is False
