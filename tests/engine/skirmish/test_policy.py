"""Targeting and withdrawal policies, plans."""

from __future__ import annotations

import pytest

from bouts.engine import PlanError
from bouts.engine.skirmish import RULESET
from bouts.engine.skirmish.policy import DefaultPolicy, Policy, strength

from .helpers import Scripted, battle, c, unit


def test_plans():
    assert RULESET.validate_plans(None) == {}
    assert RULESET.validate_plans({"red": {"target": "weakest"}}) == {"red": {"target": "weakest"}}
    for bad, message in [
        ({"target": "king"}, "target must be one of"),
        ({"withdraw_below": 120}, "withdraw_below must be a whole percentage"),
        ({"focus": -1}, "focus must be"),
        ({"flee": 1}, "unknown key"),
        (3, "must be an object"),
    ]:
        with pytest.raises(PlanError) as err:
            RULESET.validate_plans({"red": bad})
        assert message in str(err.value)
    mine = Policy()
    assert RULESET.validate_plans({"blue": mine})["blue"] is mine


def smart_battle():
    # red attacker attack 4; blue: 10 defence 5 (cannot hurt), 11 defence 3 healthy,
    # 12 defence 3 nearly out, 13 defence 0 nearly out
    return battle(
        [c(1, attack=4, speed=9)],
        [
            c(10, defence=5),
            c(11, defence=3, health=9),
            c(12, defence=3, health=4),
            c(13, defence=0, health=2),
        ],
    )


def test_smart_target_prefers_a_hurtable_card_nearest_exhaustion_with_defence():
    b = smart_battle()
    policy = DefaultPolicy({"focus": 100})
    red = unit(b, "red", 1)
    enemies = b.units["blue"]
    # 13 has the least margin, but no defence (tiring nobody): 12 comes first
    assert policy.target(red, enemies, b).id == 12
    unit(b, "blue", 12).damage = 9  # past exhaustion: left alone
    assert policy.target(red, enemies, b).id == 13 or policy.target(red, enemies, b).id == 11


def test_smart_target_equal_values_only_against_a_card_that_has_acted():
    b = battle([c(1, attack=4, speed=9)], [c(10, defence=4, health=3), c(11, defence=5, health=9)])
    policy = DefaultPolicy({"focus": 100})
    red, ten = unit(b, "red", 1), unit(b, "blue", 10)
    assert policy.target(red, b.units["blue"], b).id == 10  # nearest out, neither hurtable
    ten.acted = True
    assert policy.target(red, b.units["blue"], b).id == 10


def test_weakest_strongest_random():
    b = smart_battle()
    red = unit(b, "red", 1)
    enemies = b.units["blue"]
    assert DefaultPolicy({"target": "weakest"}).target(red, enemies, b).id == 13
    assert DefaultPolicy({"target": "strongest"}).target(red, enemies, b).id in (10, 11)
    b.rng = Scripted([0.99])
    assert DefaultPolicy({"target": "random"}).target(red, enemies, b).id == 13


def test_focus_sends_some_attacks_anywhere():
    b = smart_battle()
    red = unit(b, "red", 1)
    b.rng = Scripted([0.9, 0.0])  # 0.9 >= 0.75: off plan, then the first enemy
    assert DefaultPolicy().target(red, b.units["blue"], b).id == 10


def test_withdraw_when_behind_and_outmatched():
    b = battle([c(1, attack=5), c(2, attack=5)], [c(3, attack=1, health=2), c(4)])
    policy = DefaultPolicy()
    reds, blues = b.units["red"], b.units["blue"]
    assert not policy.withdraw(blues, reds, b)  # exhausts level
    b.exhausts["blue"] = 1
    assert strength(blues) > 0.2 * strength(reds)
    assert not policy.withdraw(blues, reds, b)
    blues[0].damage = 3
    blues[1].damage = 8
    assert policy.withdraw(blues, reds, b)
    assert not DefaultPolicy({"withdraw_below": 0}).withdraw(blues, reds, b)
