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
    return unit.health - unit.fatigue_points - unit.damage_taken


def strength(units) -> int:
    """A side's remaining fighting strength: (attack + 1) x (margin + 1) over its cards."""
    total = 0
    for u in units:
        m = u.health - u.fatigue_points - u.damage_taken + 1
        if m > 0:
            total += (u.attack + 1) * m
    return total


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
    others stand. ``weakest``/``strongest``: lowest/highest margin, ``random``: any."""

    def __init__(self, plan: dict | None = None):
        plan = {**DEFAULT_PLAN, **(plan or {})}
        self.mode = plan["target"]
        self.withdraw_below = plan["withdraw_below"] / 100.0
        self.focus = plan["focus"] / 100.0
        # The battle chooses a smart target itself, by the same rule (``target``),
        # for a DefaultPolicy (not a subclass): this is its focus then, else None.
        self.smart_focus = self.focus if self.mode == "smart" else None

    def target(self, card, enemies, battle):
        # The battle's attack loop repeats the smart branch written out (a call an
        # attack costs more than the scan; ``smart_focus``): keep the two the same.
        if len(enemies) == 1:
            return enemies[0]
        mode = self.mode
        if mode == "random" or (self.focus < 1.0 and battle.rng.random() >= self.focus):
            return enemies[floor(battle.rng.random() * len(enemies))]
        if mode == "weakest":
            return min(enemies, key=margin)
        if mode == "strongest":
            return max(enemies, key=margin)
        attack = card.attack
        best = None
        best_key = 1 << 20
        for e in enemies:
            # smaller is better, in this order: standing (margin >= 0), hurtable,
            # tiring (defence > 0), nearest exhaustion, higher attack - packed in one
            # int: 16384 (past exhaustion) + 8192 (cannot hurt) + 4096 (no defence)
            # + 16 * margin - attack (margin and attack are small: no overlap). All but
            # the 8192, which depends on the attacker, is the card's ``target_key``
            # (units.Unit), kept up to date by the battle.
            key = e.target_key
            if key < best_key:  # else no better, whatever its defence
                d = e.defence
                if attack <= d and (attack != d or not attack or not e.acted):
                    key += 8192.0  # keys are floats (units.PAST_EXHAUSTION)
                    if key >= best_key:
                        continue
                best, best_key = e, key
        return best

    def withdraw(self, mine, theirs, battle) -> bool:
        """Leave the field when behind on exhausts and down to less than
        ``withdraw_below`` of the enemy's strength (save the cards still standing).
        The end of a cycle in ``Battle.fight`` writes this out for a
        DefaultPolicy (not a subclass): keep the two the same
        (tests/engine/skirmish/test_default_policy_in_battle.py)."""
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
