"""The skirmish ruleset: Ringside's team contract around battle.py."""

from __future__ import annotations

from ..base import Ruleset
from ..errors import CardError
from ..result import BLUE, RED, BoutResult
from . import budget as budget_rule
from . import cards, generator
from .battle import CYCLES, EXHAUSTION, MORALE, STAMPS, WITHDRAWAL, Battle
from .policy import DefaultPolicy, Policy, validate_plan

DEFAULT_POLICY = DefaultPolicy()


class SkirmishRuleset(Ruleset):
    budget = budget_rule.RULE
    name = "skirmish"
    title = "Skirmish"
    description = "Card combat by speed: attack against defence, fatigue, exhaustion, morale"
    source = "002_54ffc98a4861e417.txt"
    rating_range = cards.RATING_RANGE
    team = True
    default_rounds = 30  # combat cycles
    max_rounds = 100
    methods = (WITHDRAWAL, MORALE, EXHAUSTION, CYCLES)
    method_names = {
        WITHDRAWAL: "Withdrawal: a side left the field",
        MORALE: "Broken morale",
        EXHAUSTION: "Exhaustion: a side had no card left standing",
        CYCLES: "Cycle limit reached",
    }

    def validate_card(self, card) -> dict:
        return cards.validate_card(card)

    def validate_side(self, side) -> dict:
        return cards.validate_side(side)

    # ``side`` itself when it is already normal (the copies would equal it), else
    # ``validate_side``'s copy or error: the battle only reads its sides, and the
    # result holds none of their dicts.
    side_for_bout = staticmethod(cards.side_for_bout)

    def card_rating(self, card: dict) -> float:
        return cards.card_rating(card)

    def generate_card(self, rng, rating=None) -> dict:
        return generator.generate_card(rng, rating)

    def generate_side(self, rng, rating=None, taken=()) -> dict:
        """A generated squad; its camp name is none of ``taken`` (the roster's names)."""
        return generator.generate_side(rng, rating, taken=taken)

    def build_side(self, name, cards_in, rng=None) -> dict:
        """A side from a camp's name and its fighters' cards (each with id and name);
        the camp's trait is drawn from ``rng`` (none half the time, humility or pride a
        quarter each), none without an rng."""
        if not isinstance(cards_in, list):
            raise CardError("fighters", "must be a list of cards")
        trait = generator.draw_trait(rng) if rng is not None else "none"
        return cards.validate_side({"name": name, "fighters": list(cards_in), "trait": trait})

    def validate_options(self, options) -> dict:
        # no options: the base's answer ({}) without its copy of an empty dict
        if not options:
            return {}
        return super().validate_options(options)

    def validate_plan(self, plan, side: str):
        return validate_plan(plan, side)

    def simulate(self, red, blue, *, rounds, rng, officials, corners, plans, options):
        # officials and corners: the source has none; checked by the engine's one
        # validator (a bad input fails as in any ruleset), then ignored (RULES.md)
        if officials is not None:
            self.validate_officials(officials)
        if corners is not None:
            self.validate_corners(corners)
        policies = {RED: DEFAULT_POLICY, BLUE: DEFAULT_POLICY}
        if plans:
            for side in (RED, BLUE):
                plan = plans.get(side)
                if isinstance(plan, Policy):
                    policies[side] = plan
                elif plan:  # else the default policy, one instance (it keeps no battle state)
                    policies[side] = DefaultPolicy(plan)
        battle = Battle(red, blue, rounds, rng, policies)
        winner, method = battle.fight()
        cycle = battle.cycle
        standing = battle.standing
        lines = battle.lines()
        return BoutResult(
            self.name,
            0,  # the seed: simulate() sets it
            rounds,
            winner,
            method,
            cycle,
            STAMPS[battle.step],
            [],
            [],
            [],
            [],
            [],
            battle.cycle_stats,
            battle.events,
            lines,
            {
                "cycles": cycle,
                "sides": battle.names,  # the battle is over: its dicts are the result's
                "traits": {RED: red["trait"], BLUE: blue["trait"]},
                "exhausts": battle.exhausts,
                "standing": {RED: len(standing[RED]), BLUE: len(standing[BLUE])},
                "morale_checks": battle.morale,
            },
        )
