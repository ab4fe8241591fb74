"""Career budget (RULES.md, "Career budget"): the fresh side's control factors and
killer instinct."""

from ..budget import Ability, BudgetRule
from .cards import CF, KI

# The Overall Rating is a label the card's tables are read by; what makes a
# fighter better on the fresh side is his control factor against each style and
# his killer instinct (ratings.py, card_rating). 25 buys about a rating-6 card.
RULE = BudgetRule(
    abilities=(
        Ability("fresh.cf_b", *CF),
        Ability("fresh.cf_s", *CF),
        Ability("fresh.ki", *KI),
    ),
    default_budget=25,
)
