"""The interface every ruleset implements.

A ruleset is a package ``bouts/engine/<name>/`` whose ``__init__`` exposes
``RULESET``, an instance of a ``Ruleset`` subclass. The registry finds it; nothing
else needs editing to add a ruleset.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from .budget import BudgetRule
from .errors import CardError, OptionError

# The officials' and corners' vocabulary lives beside their validator; re-exported
# here, where the rulesets and the database models have always imported it.
from .officials import (  # noqa: F401
    CUT_SKILL,
    DOCTOR_CAUTION,
    JUDGE_BIAS,
    JUDGE_CLOSE_ROUND,
    REFEREE_FOULS,
    REFEREE_OVERALL,
    REFEREE_STOPPAGE,
    STRATEGY_SKILL,
    validate_corners,
    validate_officials,
)
from .result import BOXING_METHODS, METHOD_NAMES, BoutResult


class Ruleset(ABC):
    """One game's rules. Subclasses set the class attributes and implement the
    abstract methods; they must use only the ``rng`` they are given."""

    name: str = ""
    title: str = ""  # the name people read ("Title Bout II"); ``name`` is the key
    description: str = ""
    source: str = ""  # the seed document, e.g. "001_ea29523194e652c5.txt"
    rating_range: tuple[float, float] = (0, 0)
    team: bool = False
    default_rounds: int = 12
    max_rounds: int = 15
    methods: tuple[str, ...] = BOXING_METHODS
    # Each of ``methods`` in words; the boxing rulesets share METHOD_NAMES.
    method_names: dict[str, str] = METHOD_NAMES
    # Career leagues (bouts/engine/budget.py): what a new card costs, what training moves.
    budget: BudgetRule | None = None

    # --- cards -----------------------------------------------------------------
    @abstractmethod
    def validate_card(self, card: dict) -> dict:
        """Return a normalised copy of ``card`` or raise ``CardError(field, rule)``.

        For team rulesets this validates one fighter's card (what a fighter row
        stores); ``validate_side`` validates a whole side."""

    @abstractmethod
    def generate_card(self, rng: random.Random, rating: float | None = None) -> dict:
        """A valid fictional card whose strength follows ``rating`` (in
        ``rating_range``; ``None`` = drawn from the range)."""

    @abstractmethod
    def card_rating(self, card: dict) -> float:
        """The card's overall strength on ``rating_range``'s scale."""

    def validate_side(self, side):
        """Team rulesets: validate a side (a camp's squad/deck). One-on-one
        rulesets: a side is a card."""
        if self.team:
            raise NotImplementedError(f"{self.name} must implement validate_side")
        return self.validate_card(side)

    def side_for_bout(self, side):
        """The side ``simulate`` hands to the bout: ``validate_side``'s normalised
        copy by default. A ruleset may override it to return the caller's own
        ``side`` when a check finds it already normal (every field present, in
        range and of its normal type, nothing to fill in), sparing the copy; the
        bout then only reads it, and nothing in the result refers to it. Its answer
        and errors must be the same as ``validate_side``'s for every input."""
        return self.validate_side(side)

    def generate_side(self, rng: random.Random, rating: float | None = None):
        """Team rulesets: a generated side. One-on-one rulesets: a card."""
        if self.team:
            raise NotImplementedError(f"{self.name} must implement generate_side")
        return self.generate_card(rng, rating)

    def build_side(self, name: str, cards: list[dict], rng: random.Random | None = None):
        """Team rulesets: a side from a camp's name and its fighters' cards (each
        with ``id`` and ``name``); the ruleset adds whatever else a side needs
        (techniques, corner cards) deterministically from ``rng``."""
        raise NotImplementedError(f"{self.name} has no team sides")

    # --- other inputs -------------------------------------------------------------
    def validate_options(self, options: dict | None) -> dict:
        """Normalised options or ``OptionError``. Default: no options accepted."""
        options = dict(options or {})
        if options:
            raise OptionError(f"options.{sorted(options)[0]}", f"{self.name} has no such option")
        return options

    def validate_plans(self, plans: dict | None) -> dict:
        """Normalised plans (``{"red": ..., "blue": ...}``, each side's by
        ``validate_plan``) or ``OptionError``/``PlanError`` naming the bad field."""
        if plans is None:
            return {}
        if not isinstance(plans, dict):
            raise OptionError("plans", "must be an object {red: plan, blue: plan}")
        unknown = sorted(str(side) for side in set(plans) - {"red", "blue"})
        if unknown:
            raise OptionError(f"plans.{unknown[0]}", "plans are given per side: red, blue")
        return {side: self.validate_plan(plan, side) for side, plan in sorted(plans.items())}

    def validate_plan(self, plan, side: str):
        """One side's plan, normalised. Default: taken as given (a ruleset with plans
        checks them here)."""
        return plan

    def validate_officials(self, officials: dict | None) -> dict | None:
        """``officials`` unchanged, or ``OptionError`` naming the bad field: the one
        strict check every ruleset applies (``officials.validate_officials``), also
        where the ruleset has no use for officials."""
        return validate_officials(officials)

    def validate_corners(self, corners: dict | None) -> dict | None:
        """``corners`` unchanged, or ``OptionError`` (``officials.validate_corners``)."""
        return validate_corners(corners)

    def validate_rounds(self, rounds: int | None) -> int:
        if rounds is None:
            return self.default_rounds
        if isinstance(rounds, bool) or not isinstance(rounds, int):
            raise OptionError("rounds", "must be a whole number")
        if not 1 <= rounds <= self.max_rounds:
            raise OptionError("rounds", f"must be between 1 and {self.max_rounds}")
        return rounds

    # --- the bout -----------------------------------------------------------------
    @abstractmethod
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
        """Fight one bout between validated sides with one seeded ``rng``."""

    def describe(self) -> dict:
        return {
            "name": self.name,
            "title": self.title or self.name,
            "description": self.description,
            "source": self.source,
            "rating_range": list(self.rating_range),
            "team": self.team,
            "default_rounds": self.default_rounds,
            "max_rounds": self.max_rounds,
            "methods": list(self.methods),
            "method_names": {m: self.method_names.get(m, m) for m in self.methods},
        }


def require_choice(value, allowed, field: str):
    if value not in allowed:
        raise OptionError(field, f"must be one of {', '.join(allowed)} (got {value!r})")
    return value


def require_int(card: dict, field: str, low: int, high: int, prefix: str = "") -> int:
    """Read ``card[field]`` as an int in ``[low, high]`` or raise CardError."""
    name = f"{prefix}{field}"
    if field not in card:
        raise CardError(name, "is required")
    value = card[field]
    if isinstance(value, bool) or not isinstance(value, int):
        raise CardError(name, f"must be a whole number (got {value!r})")
    if not low <= value <= high:
        raise CardError(name, f"must be between {low} and {high} (got {value})")
    return value
