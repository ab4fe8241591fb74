"""Career budget (RULES.md, "Career budget"): card_rating's weights in whole points."""

from ..budget import Ability, BudgetRule
from .cards import RANGES

# card_rating = (attack + defence + health/2 + speed/2 + 2.5 (multi - 1)) / 3.5, so
# in whole points attack and defence cost 2, health and speed 1, multi-attack 5.
# 42 buys the generator's average card at mid-range (~43 with multi-attack 1).
RULE = BudgetRule(
    abilities=(
        Ability("attack", *RANGES["attack"], price=2),
        Ability("defence", *RANGES["defence"], price=2),
        Ability("speed", *RANGES["speed"], price=1),
        Ability("health", *RANGES["health"], price=1),
        Ability("multi_attack", *RANGES["multi_attack"], price=5, default=1),
    ),
    default_budget=42,
)
