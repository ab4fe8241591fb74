"""The WeBL ruleset: the contract's entry points."""

from __future__ import annotations

import random

from ..base import Ruleset
from ..errors import OptionError, PlanError
from ..result import BOXING_METHODS, BoutResult
from . import budget as budget_rule
from . import cards, generator
from .bout import fight
from .officials import default_officials, resolve_corners, resolve_officials
from .plans import Plan, parse_plan

OPTIONS = ("home", "champion", "weight_rule")
# plan text -> parsed plan (plans are read-only once parsed); at most _PARSED_MAX of them
# (a plan is at most plans.MAX_PLAN_CHARS long, so the cache stays a few MB at worst)
_PARSED: dict[str, Plan] = {}
_PARSED_MAX = 256
# What validate_plans(None) and validate_options(None) return: shared, read-only (the
# bout only reads them).
_NO_PLANS = {"red": None, "blue": None}
_DEFAULT_OPTIONS = {"home": None, "champion": None, "weight_rule": True}


def _parsed(text: str, side: str) -> Plan:
    plan = _PARSED.get(text)
    if plan is None:
        plan = parse_plan(text, side=side)  # raises PlanError naming the side and line
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.clear()
        _PARSED[text] = plan
    return plan


class WeblRuleset(Ruleset):
    budget = budget_rule.RULE
    name = "webl"
    title = "WeBL"
    description = (
        "WeBL round resolution: STR/SPD/AGL/HGT/TGH, per-round fight plans, injuries, "
        "knockdowns, fouls, three judges"
    )
    source = "000_541864343c75525e.txt"
    rating_range = cards.RATING_RANGE
    team = False
    default_rounds = 12
    max_rounds = 15
    methods = BOXING_METHODS

    # A side is a card (base.Ruleset): the card module's functions are the ruleset's.
    validate_card = staticmethod(cards.validate_card)
    validate_side = staticmethod(cards.validate_card)
    # A normal card goes to the bout as it is (no copy): the bout only reads it.
    side_for_bout = staticmethod(cards.card_for_bout)

    def generate_card(self, rng: random.Random, rating: float | None = None) -> dict:
        return generator.generate_card(rng, rating)

    def card_rating(self, card: dict) -> float:
        return cards.card_rating(card)

    def validate_plans(self, plans: dict | None) -> dict:
        """``{"red": Plan|None, "blue": Plan|None}``: plan text (or a parsed Plan) per
        side; None or a missing side = the corner's default plan (None: a shared,
        read-only dict)."""
        if plans is None:
            return _NO_PLANS
        if plans is not None and not isinstance(plans, dict):
            raise OptionError("plans", "must be an object with red and/or blue plans")
        plans = super().validate_plans(plans)
        out: dict = {}
        for side in ("red", "blue"):
            value = plans.get(side)
            if value is None or (isinstance(value, str) and not value.strip()):
                out[side] = None
            elif isinstance(value, Plan):
                out[side] = value
            elif isinstance(value, str):
                out[side] = _parsed(value, side)
            else:
                raise PlanError(f"a plan must be text (got {type(value).__name__})", side=side)
        return out

    def validate_options(self, options: dict | None) -> dict:
        """Every option filled in (None: a shared, read-only dict)."""
        if options is None:
            return _DEFAULT_OPTIONS
        if options is not None and not isinstance(options, dict):
            raise OptionError("options", "must be an object")
        options = dict(options or {})
        unknown = sorted(k for k in options if k not in OPTIONS)
        if unknown:
            raise OptionError(
                f"options.{unknown[0]}", f"webl has no such option (options: {', '.join(OPTIONS)})"
            )
        out = {"home": None, "champion": None, "weight_rule": True}
        for key in ("home", "champion"):
            value = options.get(key)
            if value is not None and value not in ("red", "blue"):
                raise OptionError(f"options.{key}", f"must be red, blue or null (got {value!r})")
            out[key] = value
        if "weight_rule" in options:
            if not isinstance(options["weight_rule"], bool):
                raise OptionError("options.weight_rule", "must be true or false")
            out["weight_rule"] = options["weight_rule"]
        return out

    def simulate(
        self,
        red,
        blue,
        *,
        rounds: int,
        rng: random.Random,
        officials: dict | None,
        corners: dict | None,
        plans: dict,
        options: dict,
    ) -> BoutResult:
        if "weight_rule" not in options:  # called directly, not through bouts.engine.simulate
            options = self.validate_options(options)
        if plans is not _NO_PLANS and plans and plans != _NO_PLANS:  # validated already?
            for value in plans.values():
                if value is not None and not isinstance(value, Plan):
                    plans = self.validate_plans(plans)
                    break
        if officials is None:  # with the judges' views (the bout's next draws)
            officials = default_officials(rng.random, options.get("home"))
        else:
            officials = (*resolve_officials(officials, rng), None)
        return fight(
            red,
            blue,
            rounds,
            rng,
            officials,
            resolve_corners(corners),
            plans or _NO_PLANS,
            options,
        )
