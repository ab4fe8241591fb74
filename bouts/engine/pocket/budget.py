"""Career budget (RULES.md, "Career budget"): the four 1-5 ratings, raw sum."""

from ..budget import Ability, BudgetRule
from .tables import ATTR_HIGH, ATTR_LOW, ATTRIBUTES

# The book has no budget; 12 buys the book's average fighter (3 in each rating).
RULE = BudgetRule(
    abilities=tuple(Ability(a, ATTR_LOW, ATTR_HIGH) for a in ATTRIBUTES),
    default_budget=12,
)
