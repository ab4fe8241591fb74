"""Career budget (RULES.md, "Career budget"): the fresh side's control factors and
killer instinct."""

from ..budget import Ability, BudgetRule

# The Overall Rating is a label the card's tables are read by; what makes a
# fighter better on the fresh side is his control factor against each style and
# his killer instinct (ratings.py, card_rating). 25 buys about a rating-6 card.
RULE = BudgetRule(
    abilities=(
        Ability("fresh.cf_b", 1, 20),
        Ability("fresh.cf_s", 1, 20),
        Ability("fresh.ki", 0, 20),
    ),
    default_budget=25,
)
