"""Title Bout II (revised rule book): basic, advanced and optional rules."""

from __future__ import annotations

from ..base import Ruleset
from ..result import BOXING_METHODS
from . import budget as budget_rule
from . import cards, generator, officials, options
from .bout import simulate_bout
from .normal import is_normal


class TitleBout(Ruleset):
    name = "titlebout"
    title = "Title Bout II"
    description = "Title Bout II: fighter cards, the Boxing Action deck, control and actions"
    source = "001_ea29523194e652c5.txt"
    rating_range = (1.0, 10.0)
    team = False
    default_rounds = 12
    max_rounds = 15
    methods = BOXING_METHODS
    budget = budget_rule.RULE

    def validate_card(self, card: dict) -> dict:
        return cards.validate_card(card)

    def side_for_bout(self, side) -> dict:
        """``side`` itself when it is already normal (``normal.is_normal``: the copy
        would equal it), else ``validate_card``'s copy or error. The bout only reads
        its cards, and the result holds none of their dicts or lists."""
        if is_normal(side):
            return side
        return cards.validate_card(side)

    def generate_card(self, rng, rating=None) -> dict:
        if rating is not None:
            rating = min(self.rating_range[1], max(self.rating_range[0], float(rating)))
        return generator.generate(rng, rating)

    def card_rating(self, card: dict) -> float:
        return cards.card_rating(card)

    def validate_options(self, opts) -> dict:
        return options.validate_options(opts)

    def validate_plans(self, plans) -> dict:
        return options.validate_plans(plans)

    def simulate(
        self, red, blue, *, rounds, rng, officials=None, corners=None, plans=None, options=None
    ):
        opts = options if options is not None else self.validate_options(None)
        offs = officials_mod.officials(officials, rng)
        corn = officials_mod.corners(corners, rng)
        return simulate_bout(red, blue, rounds, rng, offs, corn, plans or {}, opts)


officials_mod = officials
RULESET = TitleBout()
