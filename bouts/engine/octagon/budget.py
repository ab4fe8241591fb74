"""Career budget (RULES.md, "Career budget"): striking, grappling, defense at 5
points each, stamina at 1 point each (trained 5 at a time)."""

from ..budget import Ability, BudgetRule
from .cards import STAMINA_MAX, STAMINA_MIN, STAT_MAX, STAT_MIN

# fighter_rating weighs the mean of the three stats 3/4 and stamina (per 2.5)
# 1/4: a stat point is worth about five stamina points. 110 buys a card of the
# middle of the rating range (the generator's average at 5.5 costs ~115).
RULE = BudgetRule(
    abilities=(
        Ability("striking", STAT_MIN, STAT_MAX, price=5),
        Ability("grappling", STAT_MIN, STAT_MAX, price=5),
        Ability("defense", STAT_MIN, STAT_MAX, price=5),
        Ability("stamina", STAMINA_MIN, STAMINA_MAX, price=1, step=5),
    ),
    default_budget=110,
)
