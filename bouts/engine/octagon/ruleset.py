"""``OctagonRuleset``: the engine contract for Octagon Warriors."""

from __future__ import annotations

import random

from ..base import Ruleset
from ..errors import OptionError, PlanError
from ..result import BoutResult
from . import budget as budget_rule
from . import cards, generator
from .game import DECK_OUT_RULES, METHODS, REASON_TEXT, Game
from .policy import POLICIES, HealthPolicy, Policy

OPTIONS = ("first", "deck_out")
DEFAULT_POLICY = "health"  # the league's corner: plays to win on health (policy.py)
_DEFAULT = HealthPolicy()  # it holds no state: one instance serves every game
FIRST_CHOICES = ("red", "blue", "random")
DEFAULT_ROUNDS = 100
MAX_ROUNDS = 500


class OctagonRuleset(Ruleset):
    budget = budget_rule.RULE
    name = "octagon"
    title = "Octagon Warriors"
    description = "Octagon Warriors: MMA card battle between two camps' 50-card decks"
    source = "004_488b1d28590715d2.txt"
    rating_range = cards.RATING_RANGE
    team = True
    default_rounds = DEFAULT_ROUNDS  # rounds = full rounds (a red turn, then a blue turn)
    max_rounds = MAX_ROUNDS
    methods = METHODS
    method_names = REASON_TEXT

    # --- cards --------------------------------------------------------------------
    def validate_card(self, card: dict) -> dict:
        return cards.validate_fighter(card)

    def generate_card(self, rng: random.Random, rating: float | None = None) -> dict:
        return generator.generate_fighter(rng, rating)

    def card_rating(self, card: dict) -> float:
        return cards.card_rating(card)

    def validate_side(self, side) -> dict:
        return cards.validate_side(side)

    # the caller's side itself when already normal (no copies), else validate_side's
    # answer; a plain function, no method layers (simulate() calls it twice a game)
    side_for_bout = staticmethod(cards.side_for_bout)

    def generate_side(self, rng: random.Random, rating: float | None = None) -> dict:
        return generator.generate_side(rng, rating)

    def build_side(self, name: str, cards_: list[dict], rng: random.Random | None = None) -> dict:
        return generator.build_side(name, cards_, rng)

    # --- options -------------------------------------------------------------------
    def validate_options(self, options: dict | None) -> dict:
        """``first``: which side plays the seed's "Player" (starts, 7 energy):
        ``red`` (default), ``blue`` or ``random`` (drawn from the bout's rng).
        ``deck_out``: ``seed`` (default: the camp that must draw from an empty deck
        loses) or ``health`` (not in the seed: the camp with more health wins)."""
        if options is None:  # the defaults, without the checks' generator and sort
            return {"first": "red", "deck_out": "seed"}
        options = dict(options or {})
        unknown = sorted(k for k in options if k not in OPTIONS)
        if unknown:
            raise OptionError(
                f"options.{unknown[0]}", f"octagon has no such option (known: {', '.join(OPTIONS)})"
            )
        first = options.get("first", "red")
        if first not in FIRST_CHOICES:
            raise OptionError(
                "options.first", f"must be one of {', '.join(FIRST_CHOICES)} (got {first!r})"
            )
        deck_out = options.get("deck_out", "seed")
        if deck_out not in DECK_OUT_RULES:
            raise OptionError(
                "options.deck_out",
                f"must be one of {', '.join(DECK_OUT_RULES)} (got {deck_out!r})",
            )
        return {"first": first, "deck_out": deck_out}

    # --- plans: which corner policy plays each side ------------------------------------
    def validate_plans(self, plans: dict | None) -> dict:
        """``{"red": "greedy"}``, ``{"red": {"policy": "seed"}}`` or a ``Policy``
        instance (Python callers). Missing sides get the league's corner
        (``health``)."""
        if plans is None:
            plans = {}
        if not isinstance(plans, dict):
            raise PlanError("plans must be an object {red: ..., blue: ...}")
        out: dict = {}
        for side, plan in plans.items():
            if side not in ("red", "blue"):
                raise PlanError("plans are given per side: red, blue", side=str(side))
            if isinstance(plan, Policy):
                out[side] = plan
                continue
            if isinstance(plan, dict):
                extra = sorted(k for k in plan if k != "policy")
                if extra:
                    raise PlanError(f"unknown field {extra[0]!r} (allowed: policy)", side=side)
                plan = plan.get("policy", DEFAULT_POLICY)
            if plan not in POLICIES:
                raise PlanError(
                    f"unknown policy {plan!r} (known: {', '.join(POLICIES)})", side=side
                )
            out[side] = {"policy": plan}
        return out

    @staticmethod
    def _policy(plan) -> Policy:
        if plan is None:
            return _DEFAULT
        if isinstance(plan, Policy):
            return plan
        return POLICIES[plan["policy"]]()

    # --- the game ------------------------------------------------------------------
    def simulate(
        self,
        red,
        blue,
        *,
        rounds: int,
        rng: random.Random,
        officials: dict | None = None,
        corners: dict | None = None,
        plans: dict | None = None,
        options: dict | None = None,
    ) -> BoutResult:
        """Officials and corner men have no role in the seed: checked by the engine's
        one validator (a bad input fails as in any ruleset), then ignored."""
        if officials is not None:
            self.validate_officials(officials)
        if corners is not None:
            self.validate_corners(corners)
        plans = plans or {}
        options = options or {}
        first = options.get("first", "red")
        if first == "random":
            first = "red" if rng.random() < 0.5 else "blue"
        game = Game(
            red,
            blue,
            self._policy(plans.get("red")),
            self._policy(plans.get("blue")),
            rng,
            rounds,
            first,
            options.get("deck_out", "seed"),
        )
        try:
            game.setup(red, blue)
            game.run()
            return self.result(game, rounds)
        finally:
            unlink(game)

    def result(self, game: Game, rounds: int) -> BoutResult:
        red, blue = game.red, game.blue
        winner = game.winner.key if game.winner is not None else None
        fighters = []
        for side, camp in (("red", red), ("blue", blue)):
            for f in camp.fighters:  # a fighter's line in the result
                fighters.append(
                    {
                        "side": side,
                        "id": f.id,
                        "name": f.name,
                        "style": f.style,
                        "fought": f.fought,
                        "status": f.where,
                        "kos_scored": f.kos_scored,
                        "kos_suffered": f.kos_suffered,
                        "submissions_won": f.subs_won,
                        "submissions_lost": f.subs_lost,
                        "submissions_landed": f.subs_landed,
                        "strikes_landed": f.strikes_landed,
                        "takedowns_landed": f.takedowns_landed,
                        "takedowns_attempted": f.takedowns_tried,
                        "damage_dealt": f.damage_dealt,
                        "damage_taken": f.damage_taken,
                        "stamina_left": f.stamina,
                    }
                )
        # BoutResult's fields in order: ruleset, seed, scheduled_rounds, winner,
        # method, round, time, judges, scorecards, knockdowns, injuries, fouls, rounds,
        # events, fighters, details.
        return BoutResult(
            self.name,
            0,
            rounds,
            winner,
            game.method,
            game.round,
            game.clock(),
            [],
            [],
            game.knockdowns,
            game.injuries,
            [],
            game.rounds,
            game.events,
            fighters,
            {
                "reason": REASON_TEXT[game.method],
                "first": game.order[0].key,
                "camps": {"red": red.name, "blue": blue.name},
                "health": {"red": red.health, "blue": blue.health},
                "kos": {"red": red.kos, "blue": blue.kos},
                "turns": {"red": red.turns, "blue": blue.turns},
                "deck_left": {"red": len(red.deck), "blue": len(blue.deck)},
                "policies": {"red": red.policy.name, "blue": blue.policy.name},
            },
        )


def unlink(game: Game) -> None:
    """After the game: cut its cycles (the camps' ``opponent`` and ``play``, a cut
    fighter's ``bleed_by``) so that it is freed at once by reference counting rather
    than left to the cyclic garbage collector, whose runs every later game would pay
    for."""
    for camp in (game.red, game.blue):
        camp.opponent = camp.play = None
        for fighter in camp.fighters:
            fighter.bleed_by = None
