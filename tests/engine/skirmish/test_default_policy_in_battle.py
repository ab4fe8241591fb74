"""The battle writes out DefaultPolicy's smart target and its withdrawal for the
default policy itself; a subclass is asked instead. Both must give the same battles."""

from __future__ import annotations

import random

import pytest

from bouts.engine import simulate
from bouts.engine.skirmish import RULESET
from bouts.engine.skirmish.policy import DefaultPolicy


class Asked(DefaultPolicy):
    """The same rules, but not DefaultPolicy itself: the battle calls its methods."""


PLANS = (
    {},
    {"focus": 100},
    {"focus": 0},
    {"withdraw_below": 0},
    {"withdraw_below": 50, "focus": 75},
    {"withdraw_below": 100, "focus": 100},
)


@pytest.mark.parametrize("plan", PLANS)
def test_the_written_out_rules_fight_as_the_policy_does(plan):
    low, high = RULESET.rating_range
    for seed in range(60):
        rng = random.Random(seed)
        red = RULESET.generate_side(rng, rng.uniform(low, high))
        blue = RULESET.generate_side(rng, rng.uniform(low, high))
        written = simulate(
            "skirmish", red, blue, seed=seed, plans={"red": dict(plan), "blue": dict(plan)}
        )
        asked = simulate(
            "skirmish", red, blue, seed=seed, plans={"red": Asked(plan), "blue": Asked(plan)}
        )
        assert written.to_dict() == asked.to_dict()
