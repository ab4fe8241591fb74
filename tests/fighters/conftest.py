"""Fixtures for the fighters tests.

Rulesets land progressively in bouts.engine.RULESETS, so behaviour that does not
depend on a particular game (storage, history, admin, import/export) is tested
against ``sample``: a tiny ruleset registered for the test only, with a nested
field and a list, built on the engine's own base class and validators. Tests
parametrised over ``REGISTERED`` cover every real ruleset that has landed.
"""

from __future__ import annotations

import random

import pytest

from bouts.engine.base import Ruleset, require_int
from bouts.engine.errors import CardError
from bouts.engine.registry import RULESETS

REGISTERED = [name for name, rules in RULESETS.items()]
STYLES = ("boxer", "slugger")


class SampleRuleset(Ruleset):
    name = "sample"
    description = "test-only ruleset with a nested field"
    rating_range = (1.0, 10.0)

    def validate_card(self, card):
        if not isinstance(card, dict):
            raise CardError("card", "must be an object")
        unknown = sorted(set(card) - {"name", "style", "power", "speed", "fresh", "traits"})
        if unknown:
            raise CardError(unknown[0], "unknown field")
        if card.get("style") not in STYLES:
            raise CardError("style", f"must be one of {', '.join(STYLES)}")
        out = {"style": card["style"]}
        out["power"] = require_int(card, "power", 1, 10)
        out["speed"] = require_int(card, "speed", 1, 10)
        fresh = card.get("fresh")
        if not isinstance(fresh, dict):
            raise CardError("fresh", "is required (an object)")
        out["fresh"] = {"pl": require_int(fresh, "pl", 1, 10, prefix="fresh.")}
        traits = card.get("traits", [])
        if not isinstance(traits, list) or not all(isinstance(t, str) for t in traits):
            raise CardError("traits", "must be a list of names")
        out["traits"] = list(traits)
        if "name" in card:
            out["name"] = card["name"]
        return out

    def generate_card(self, rng, rating=None):
        if rating is None:
            rating = rng.uniform(*self.rating_range)
        base = max(1, min(10, round(rating)))
        return {
            "style": rng.choice(STYLES),
            "power": base,
            "speed": max(1, min(10, base + rng.choice((-1, 0, 1)))),
            "fresh": {"pl": rng.randint(1, 10)},
            "traits": sorted(rng.sample(["jab", "chin", "heart"], rng.randint(0, 2))),
        }

    def card_rating(self, card):
        return round((card["power"] + card["speed"]) / 2, 2)

    def simulate(self, red, blue, **kwargs):  # pragma: no cover - not fought in these tests
        raise NotImplementedError


SAMPLE = SampleRuleset()


@pytest.fixture
def sample_ruleset(monkeypatch):
    monkeypatch.setitem(RULESETS, "sample", SAMPLE)
    return SAMPLE


@pytest.fixture
def sample_card():
    return SAMPLE.generate_card(random.Random(1), 6)


def registered_or_skip():
    """Parameters over the real rulesets, or one skipped param while none has landed."""
    if REGISTERED:
        return REGISTERED
    return [pytest.param("none", marks=pytest.mark.skip(reason="no ruleset registered yet"))]
