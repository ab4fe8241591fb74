"""Choices the source leaves to the players: whom each card attacks, and whether a side
wants to withdraw. Behind a small interface; a plan (JSON) configures the default.

    {"target": "smart"|"weakest"|"strongest"|"random",  # default smart
     "withdraw_below": 0..100,   # % of the enemy's strength; default 20 (0 = never)
     "focus": 0..100}            # % of attacks that follow the plan, the rest at any
                                 # enemy card (the fog of battle); default 75
"""

from __future__ import annotations

from math import floor

from ..errors import PlanError

PLAN_KEYS = ("target", "withdraw_below", "focus")
TARGETS = ("smart", "weakest", "strongest", "random")
DEFAULT_PLAN = {"target": "smart", "withdraw_below": 20, "focus": 75}


def margin(unit) -> int:
    """How much more the card can take before it is exhausted (negative: it will be)."""
    return unit.margin


def strength(units) -> int:
    """A side's remaining fighting strength: (attack + 1) x (margin + 1) over its cards
    (a card past exhaustion adds nothing)."""
    total = 0
    for unit in units:
        left = unit.margin + 1
        if left > 0:
            total += (unit.attack + 1) * left
    return total


def attack_hurts(attack: int, defence: int, acted: bool) -> bool:
    """Attack above defence hurts; an equal attack hurts a card that has already acted
    this cycle, unless it is 0 (a card with attack 0 hurts nobody)."""
    return attack > defence or (attack == defence and attack > 0 and acted)


# ``attack_hurts`` for every attack and defence (0..9), by whether the defender has acted
# (``Unit.acted``: 0 or 1): HURTS[attack][defence][acted]. Each card in a battle keeps
# its attack's row (``Unit.hurts``): whom it can hurt.
HURTS = tuple(
    tuple((attack_hurts(attack, defence, False), attack_hurts(attack, defence, True))
          for defence in range(10))
    for attack in range(10)
)  # fmt: skip


def can_hurt(attacker, defender) -> bool:
    """Whether ``attacker`` hurts ``defender`` now (``attack_hurts``, read from the
    attacker's row of ``HURTS``)."""
    return attacker.hurts[defender.defence][defender.acted]


def smart_target(card, enemies):
    """The smart plan's target for ``card``: the first enemy (in its side's order) that
    comes first by these preferences, one after the other: one not yet past exhaustion
    (left alone while others stand), one it can hurt, one with some defence (an attack
    on a card without defence tires nobody), the least margin (nearest exhaustion), the
    highest attack (``minus_attack``: the higher attack sorts first)."""
    hurts = card.hurts  # can_hurt for this card, by the enemy's defence and acted
    best = best_preference = None
    for enemy in enemies:
        preference = (
            enemy.margin < 0,
            not hurts[enemy.defence][enemy.acted],
            enemy.defenceless,
            enemy.margin,
            enemy.minus_attack,
        )
        if best is None or preference < best_preference:
            best, best_preference = enemy, preference
    return best


def weakest_target(card, enemies):
    """The enemy with the least margin (the first on a tie)."""
    return min(enemies, key=margin)


def strongest_target(card, enemies):
    """The enemy with the most margin (the first on a tie)."""
    return max(enemies, key=margin)


# each plan's choice of target; ``random`` has none (any enemy)
CHOICES = {
    "smart": smart_target,
    "weakest": weakest_target,
    "strongest": strongest_target,
    "random": None,
}


class Policy:
    """The interface: ``target(card, enemies, battle)`` returns one of ``enemies`` (the
    other side's active cards, in their side's order); ``withdraw(mine, theirs,
    battle)`` says whether the side wants to leave the field at the end of a cycle."""

    def target(self, card, enemies, battle):
        return enemies[0]

    def withdraw(self, mine, theirs, battle) -> bool:
        return False


class DefaultPolicy(Policy):
    """``smart``: a card it can hurt (attack above defence, or equal against a card that
    has already acted), the one nearest exhaustion (ties: the higher attack, then side
    order); if it can hurt none, the card nearest exhaustion that has some defence (both
    tire), else the first. Cards already past exhaustion this cycle are left alone while
    others stand (``smart_target``). ``weakest``/``strongest``: lowest/highest margin,
    ``random``: any. With ``focus`` below 100 an attack may go at any enemy instead
    (the fog of battle)."""

    def __init__(self, plan: dict | None = None):
        plan = {**DEFAULT_PLAN, **(plan or {})}
        self.mode = plan["target"]
        self.withdraw_below = plan["withdraw_below"] / 100.0
        self.focus = plan["focus"] / 100.0
        # the plan's choice of target, looked up once (``random``: none, every attack
        # goes at any enemy)
        self.choose = CHOICES[self.mode]

    def target(self, card, enemies, battle):
        """The only enemy; else, ``focus`` of the time (one roll), the plan's choice,
        and otherwise any enemy (a second roll); ``random``: any enemy (one roll)."""
        if len(enemies) == 1:
            return enemies[0]
        choose = self.choose
        if choose is None or (self.focus < 1.0 and battle.rng.random() >= self.focus):
            return enemies[floor(battle.rng.random() * len(enemies))]  # astray
        return choose(card, enemies)

    def withdraw(self, mine, theirs, battle) -> bool:
        """Leave the field when behind on exhausts and down to less than
        ``withdraw_below`` of the enemy's strength (save the cards still standing)."""
        side = mine[0].side
        other = theirs[0].side
        if not self.withdraw_below or battle.exhausts[side] <= battle.exhausts[other]:
            return False
        return strength(mine) < self.withdraw_below * strength(theirs)


def validate_plan(plan, side: str):
    if plan is None or isinstance(plan, Policy):
        return plan
    if not isinstance(plan, dict):
        raise PlanError("must be an object with " + ", ".join(PLAN_KEYS), side=side)
    unknown = sorted(k for k in plan if k not in PLAN_KEYS)
    if unknown:
        raise PlanError(f"unknown key {unknown[0]!r} (allowed: {', '.join(PLAN_KEYS)})", side=side)
    if "target" in plan and plan["target"] not in TARGETS:
        raise PlanError(
            f"target must be one of {', '.join(TARGETS)} (got {plan['target']!r})", side=side
        )
    for key in ("withdraw_below", "focus"):
        w = plan.get(key, 0)
        if isinstance(w, bool) or not isinstance(w, int) or not 0 <= w <= 100:
            raise PlanError(f"{key} must be a whole percentage 0..100 (got {w!r})", side=side)
    return dict(plan)
