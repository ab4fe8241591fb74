"""Plans and the default policy."""

from __future__ import annotations

import pytest

from bouts.engine import PlanError
from bouts.engine.pocket import RULESET
from bouts.engine.pocket.policy import DIE, DIRTY, SPECIAL, DefaultPolicy, Policy

from .helpers import NO, YES, Scripted, card, die, make_bout


def test_plans_are_validated():
    assert RULESET.validate_plans(None) == {}
    ok = RULESET.validate_plans({"red": {"target": "body", "dirty": 10}})
    assert ok == {"red": {"target": "body", "dirty": 10}}


@pytest.mark.parametrize(
    ("plan", "message"),
    [
        ({"target": "legs"}, "target must be one of"),
        ({"special": "always"}, "special must be one of"),
        ({"dirty": 101}, "dirty must be a whole percentage"),
        ({"reckless": "yes"}, "reckless must be true or false"),
        ({"jab": 1}, "unknown key 'jab'"),
        ("aggressive", "must be an object"),
    ],
)
def test_bad_plans(plan, message):
    with pytest.raises(PlanError) as err:
        RULESET.validate_plans({"blue": plan})
    assert message in str(err.value) and "plans.blue" in str(err.value)


def test_a_policy_object_is_accepted():
    class Mine(Policy):
        pass

    mine = Mine()
    assert RULESET.validate_plans({"red": mine})["red"] is mine


def test_fixed_targets():
    bout, red, blue = make_bout([NO])
    assert DefaultPolicy({"target": "body", "dirty": 0}).punch(red, blue, bout) == (DIE, "body")


def test_smart_target_goes_where_the_guard_die_gives_most():
    policy = DefaultPolicy({"dirty": 0}, "excellent")
    bout, red, blue = make_bout([YES], blue=card(guard="cross_arm"))
    assert policy.target(red, blue, bout) == "body"  # the armadillo covers the head
    bout, red, blue = make_bout([YES], blue=card(guard="philly_shell"))
    assert policy.target(red, blue, bout) == "head"


def test_smart_target_follows_an_injury():
    bout, red, blue = make_bout([die(3), YES], blue=card(guard="cross_arm"))
    assert blue.weaker_target == "body"
    bout.injury_roll(red, blue, "head")  # a broken jaw: +2 to head punches
    assert blue.hurt_head == 2 and blue.weaker_target == "head"
    assert DefaultPolicy({"dirty": 0}).target(red, blue, bout) == "head"


def test_special_plans():
    bout, red, blue = make_bout()
    bout.rng = Scripted([NO] * 10)
    assert (
        DefaultPolicy({"special": "early", "target": "head"}).punch(red, blue, bout)[0] == SPECIAL
    )
    late = DefaultPolicy({"special": "late", "target": "head", "dirty": 0})
    assert late.punch(red, blue, bout)[0] == DIE
    bout.clock = 130
    assert late.punch(red, blue, bout)[0] == SPECIAL
    red.special_ready = False
    assert late.punch(red, blue, bout)[0] == DIE
    stunned = DefaultPolicy({"special": "stunned", "target": "head", "dirty": 0})
    red.special_ready = True
    assert stunned.punch(red, blue, bout)[0] == DIE
    blue.stunned = True
    assert stunned.punch(red, blue, bout)[0] == SPECIAL


def test_dirty_punches_stop_at_two_warnings_unless_reckless():
    bout, red, blue = make_bout()
    bout.rng = Scripted([YES] * 10)
    policy = DefaultPolicy({"dirty": 100, "target": "head", "special": "never"})
    assert policy.punch(red, blue, bout)[0] == DIRTY
    red.warnings = 2
    assert policy.punch(red, blue, bout)[0] == DIE
    reckless = DefaultPolicy({"dirty": 100, "target": "head", "special": "never", "reckless": True})
    assert reckless.punch(red, blue, bout)[0] == DIRTY


def test_desperate_in_the_last_round():
    bout, red, blue = make_bout(rounds=5)
    bout.rng = Scripted([YES] * 10)
    policy = DefaultPolicy({"dirty": 100, "target": "head", "special": "never"})
    red.warnings, red.health, bout.round = 2, 20, 5
    assert policy.punch(red, blue, bout)[0] == DIRTY


def test_the_default_policy_is_shared_per_corner_skill_and_holds_no_bout_state():
    from bouts.engine.pocket.policy import default_policy

    assert default_policy("good") is default_policy("good")
    assert default_policy("good") is not default_policy("poor")
    assert vars(default_policy("excellent")) == vars(DefaultPolicy(None, "excellent"))
