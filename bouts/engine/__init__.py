"""Ringside's rules engine: pure Python, no Django.

    from bouts.engine import simulate, RULESETS
    result = simulate("titlebout", red_card, blue_card, rounds=12, seed=7)
    result.to_dict()

One ``random.Random(seed)`` per bout is passed down; the same inputs and seed give
byte-identical results in any process.
"""

from __future__ import annotations

import random

from .errors import CardError, EngineError, OptionError, PlanError
from .registry import RULESETS, get_ruleset
from .result import BoutResult

__all__ = [
    "RULESETS",
    "BoutResult",
    "CardError",
    "EngineError",
    "OptionError",
    "PlanError",
    "generate_card",
    "get_ruleset",
    "seeded_rng",
    "simulate",
    "validate_card",
]


def _check_seed(seed) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionError("seed", f"must be a whole number (got {seed!r})")
    return seed


def seeded_rng(seed: int) -> random.Random:
    """The bout's one source of randomness: ``random.Random(seed)``."""
    return random.Random(seed)


def simulate(
    ruleset: str,
    red,
    blue,
    rounds: int | None = None,
    seed: int = 0,
    officials: dict | None = None,
    corners: dict | None = None,
    plans: dict | None = None,
    options: dict | None = None,
) -> BoutResult:
    """Validate every input, then fight one bout with ``random.Random(seed)``."""
    rules = get_ruleset(ruleset)
    seed = _check_seed(seed)
    red_side = rules.side_for_bout(red)
    blue_side = rules.side_for_bout(blue)
    result = rules.simulate(
        red_side,
        blue_side,
        rounds=rules.validate_rounds(rounds),
        rng=seeded_rng(seed),
        officials=officials,
        corners=corners,
        plans=rules.validate_plans(plans),
        options=rules.validate_options(options),
    )
    result.seed = seed  # rulesets never see the seed, only the rng made from it
    return result


def validate_card(ruleset: str, card: dict) -> dict:
    return get_ruleset(ruleset).validate_card(card)


def generate_card(ruleset: str, seed: int, rating: float | None = None) -> dict:
    """A generated fighter card (one fighter, also for team rulesets)."""
    return get_ruleset(ruleset).generate_card(random.Random(_check_seed(seed)), rating)
