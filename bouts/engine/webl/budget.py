"""Career budget (RULES.md, "Career budget"): WeBL's 70 points over the five attributes."""

from ..budget import Ability, BudgetRule
from .cards import ATTR_MAX, ATTR_MIN, ATTRIBUTES

# WeBL gave a new fighter 70 points (reference/webl.md). Our card has five of
# WeBL's abilities (no KP, CHN or CUT), so all 70 go on these five: a raw sum.
RULE = BudgetRule(
    abilities=tuple(Ability(a, ATTR_MIN, ATTR_MAX) for a in ATTRIBUTES),
    default_budget=70,
)
