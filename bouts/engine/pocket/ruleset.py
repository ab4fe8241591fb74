"""The Pocket Boxing ruleset: Ringside's contract around fight.py."""

from __future__ import annotations

from ..base import Ruleset
from ..errors import OptionError
from ..result import BLUE, BOXING_METHODS, RED, BoutResult, clock, decision_from_totals
from . import budget as budget_rule
from . import cards, generator
from .fight import Bout, Fighter
from .officials import resolve_corners, resolve_officials
from .policy import DefaultPolicy, Policy, default_policy, validate_plan
from .scoring import score_bout, totals
from .tables import ROUND_SECONDS

OPTION_KEYS = ("champion", "special_each_round")
FINAL_BELL = clock(ROUND_SECONDS)  # "3:00"


def corner_policy(plan, strategy: str) -> Policy:
    """The policy a corner follows: its plan (a validated plan or a Policy object),
    else the default plan, as well as the corner's strategy skill allows."""
    if plan is None:
        return default_policy(strategy)
    if isinstance(plan, Policy):
        return plan
    return DefaultPolicy(plan, strategy)


class PocketRuleset(Ruleset):
    budget = budget_rule.RULE
    name = "pocket"
    title = "Pocket Boxing"
    description = "Pocket Boxing: dice fighters, guard die, exchanges, stun, knockdowns, ten count"
    source = "003_856a88e5b7008754.txt"
    rating_range = (1.0, 5.0)
    team = False
    default_rounds = 5
    max_rounds = 12
    methods = BOXING_METHODS

    def validate_card(self, card) -> dict:
        return cards.validate_card(card)

    def validate_side(self, side) -> dict:
        return cards.validate_card(side)  # a side is one card

    def side_for_bout(self, side) -> dict:
        """The caller's card itself when already normal (no copy), else its validated copy."""
        return cards.card_for_bout(side)

    def card_rating(self, card: dict) -> float:
        return cards.card_rating(card)

    def generate_card(self, rng, rating=None) -> dict:
        low, high = self.rating_range
        return generator.generate_card(rng, rating, low, high)

    def validate_plan(self, plan, side: str):
        return validate_plan(plan, side)

    def validate_options(self, options) -> dict:
        if options is None:
            return {}
        if not isinstance(options, dict):
            raise OptionError("options", "must be an object")
        unknown = sorted(k for k in options if k not in OPTION_KEYS)
        if unknown:
            raise OptionError(
                f"options.{unknown[0]}",
                f"pocket has no such option (known: {', '.join(OPTION_KEYS)})",
            )
        champion = options.get("champion")
        if champion not in (None, RED, BLUE):
            raise OptionError("options.champion", f"must be red or blue (got {champion!r})")
        each = options.get("special_each_round", False)
        if not isinstance(each, bool):
            raise OptionError("options.special_each_round", f"must be true or false (got {each!r})")
        return dict(options)

    def simulate(self, red, blue, *, rounds, rng, officials, corners, plans, options):
        referee, judges = resolve_officials(officials, rng)
        strategy = resolve_corners(corners)
        red_fighter = Fighter(RED, red, corner_policy(plans.get(RED), strategy[RED]))
        blue_fighter = Fighter(BLUE, blue, corner_policy(plans.get(BLUE), strategy[BLUE]))
        bout = Bout(
            red_fighter,
            blue_fighter,
            rounds,
            rng,
            referee,
            special_each_round=options.get("special_each_round", False),
        )
        stopped = bout.fight()

        champion = options.get("champion")
        scorecards = score_bout(judges, bout.round_stats, rng, champion)
        if stopped is None:
            winner, method = decision_from_totals(totals(scorecards))
            end_round, end_time = rounds, FINAL_BELL
            text = f"Decision ({method}): " + (
                f"{(red_fighter if winner == RED else blue_fighter).name} wins."
                if winner
                else "a draw."
            )
            bout.events.append(
                {
                    "round": rounds,
                    "clock": end_time,
                    "kind": "decision",
                    "side": winner,
                    "text": text,
                }
            )
        else:
            winner, method = stopped
            end_round, end_time = bout.round, bout.stamp()
        return BoutResult(  # its fields in order
            self.name,
            0,  # the seed: simulate() sets it
            rounds,
            winner,
            method,
            end_round,
            end_time,
            [judge["name"] for judge in judges],
            scorecards,
            bout.knockdowns,
            bout.injuries,
            bout.fouls,
            bout.round_stats,
            bout.events,
            [],  # fighters' lines: none, one-on-one
            {  # details
                "referee": referee["name"],
                "exchanges": bout.exchanges,
                "health": {RED: red_fighter.health, BLUE: blue_fighter.health},
                "warnings": {RED: red_fighter.warnings, BLUE: blue_fighter.warnings},
                "injuries": {RED: red_fighter.injuries.copy(), BLUE: blue_fighter.injuries.copy()},
            },
        )
