"""Choices the game leaves to the players, behind a small policy interface.

A policy answers three questions for the fighter it corners:
- ``target(me, opp, bout)``: HEAD or BODY for the next punch (also for a counter);
- ``punch(me, opp, bout)``: ``(kind, target)`` for the next punch of an exchange he
  controls, ``kind`` being ``"die"`` (roll the fighter die), ``"special"`` or ``"dirty"``;
- ``clinch(me, opp, bout)``: whether a stunned fighter tries to clinch.

``me``/``opp`` are :class:`~bouts.engine.pocket.fight.Fighter` states; ``bout`` is
the :class:`~bouts.engine.pocket.fight.Bout` (``round``, ``rounds``, ``clock``,
``rng``, ``random``: ``rng.random`` bound once). A policy may use ``bout.rng`` (or
``bout.random``) but nothing else random.

A plan (JSON) configures :class:`DefaultPolicy`::

    {"target": "smart"|"head"|"body"|"mixed",   # default smart
     "special": "early"|"late"|"stunned"|"never", # default late
     "dirty": 0..100,       # % chance to throw a dirty punch instead of rolling (default 3)
     "reckless": false,     # throw dirty punches even on two warnings
     "clinch": true}        # clinch when stunned
"""

from __future__ import annotations

from ..errors import PlanError
from .tables import BODY, CORNER_SMART, GUARD_DICE, HEAD, WARNINGS_FOR_DQ

DIE, SPECIAL, DIRTY = "die", "special", "dirty"
PLAN_KEYS = ("target", "special", "dirty", "reckless", "clinch")
TARGET_PLANS = ("smart", "head", "body", "mixed")
SPECIAL_PLANS = ("early", "late", "stunned", "never")
DEFAULT_PLAN = {"target": "smart", "special": "late", "dirty": 3, "reckless": False, "clinch": True}
LATE_SPECIAL_AT = 120  # seconds into the round

# expected guard modifier of a head and a body shot against each guard die
GUARD_LEAN = {
    guard: (sum(f[1] for f in faces), sum(f[2] for f in faces))
    for guard, faces in GUARD_DICE.items()
}
# the smart target's choice as one number per guard: the head is the smart target when
# ``head + 6 * hurt_head >= body + 6 * hurt_body``, that is when
# ``6 * (hurt_head - hurt_body) >= body - head``
HEAD_EDGE = {guard: body - head for guard, (head, body) in GUARD_LEAN.items()}


def weaker_target(fighter) -> str:
    """Where a punch at ``fighter`` does the most: the head when his guard die's expected
    head modifier plus 6 x his head injuries' bonus is at least the body's, else the
    body; the ``smart`` target. The bout keeps it on the fighter
    (``Fighter.weaker_target``): it changes only when he is injured."""
    return HEAD if 6 * (fighter.hurt_head - fighter.hurt_body) >= HEAD_EDGE[fighter.guard] else BODY


class Policy:
    """The interface. Subclass and override; the defaults are the plain choices."""

    def target(self, me, opp, bout) -> str:
        return HEAD

    def punch(self, me, opp, bout) -> tuple[str, str]:
        return DIE, self.target(me, opp, bout)

    def clinch(self, me, opp, bout) -> bool:
        return True


class DefaultPolicy(Policy):
    """A corner's plan, followed as well as the corner's strategy skill allows:
    with probability ``smart`` (from the corner) a ``smart`` target goes where the
    guard die and the opponent's injuries give the most damage, else either."""

    def __init__(self, plan: dict | None = None, strategy: str = "average"):
        plan = {**DEFAULT_PLAN, **(plan or {})}
        # the target plan read once: a fixed target, or the smart or the mixed choice
        self.fixed_target = {"head": HEAD, "body": BODY}.get(plan["target"])
        self.smart_target = plan["target"] == "smart"
        self.special_plan = plan["special"]
        self.dirty = plan["dirty"] / 100.0
        self.reckless = plan["reckless"]
        self.clinch_plan = plan["clinch"]
        self.smart = CORNER_SMART[strategy]

    def target(self, me, opp, bout) -> str:
        """A fixed target; or ``smart``: with the corner's chance the opponent's weaker
        target (``weaker_target``), else either; ``mixed``: either."""
        if self.fixed_target:
            return self.fixed_target
        random = bout.random
        if self.smart_target and random() < self.smart:
            return opp.weaker_target
        return HEAD if random() < 0.5 else BODY

    def punch(self, me, opp, bout) -> tuple[str, str]:
        """The special punch when the plan says so (once a bout), else sometimes a
        dirty punch (never on two warnings unless reckless or desperate), else the die;
        then the target (``target``)."""
        if me.special_ready and self.special_now(opp, bout):
            kind = SPECIAL
        elif self.dirty and bout.random() < self.dirty and self.may_foul(me, opp, bout):
            kind = DIRTY
        else:
            kind = DIE
        return kind, self.target(me, opp, bout)

    def special_now(self, opp, bout) -> bool:
        """Whether the plan throws the special punch now: ``early`` at once, ``late``
        from 2:00 into a round or on a stunned opponent, ``stunned`` on a stunned one."""
        plan = self.special_plan
        if plan == "late":
            return bout.clock >= LATE_SPECIAL_AT or opp.stunned
        return plan == "early" or (plan == "stunned" and opp.stunned)

    def may_foul(self, me, opp, bout) -> bool:
        """Whether a dirty punch is allowed now: under two warnings, or reckless, or
        desperate."""
        return me.warnings < WARNINGS_FOR_DQ - 1 or self.reckless or self._desperate(me, opp, bout)

    @staticmethod
    def _desperate(me, opp, bout) -> bool:
        """The last two rounds, well behind on health: nothing left to lose."""
        return bout.round >= bout.rounds - 1 and me.health + 10 < opp.health

    def clinch(self, me, opp, bout) -> bool:
        return self.clinch_plan


_DEFAULT_POLICIES: dict[str, DefaultPolicy] = {}


def default_policy(strategy: str = "average") -> DefaultPolicy:
    """The default plan's policy for a corner's strategy skill. A DefaultPolicy holds
    no state of its own during a bout, so one instance per skill is shared."""
    policy = _DEFAULT_POLICIES.get(strategy)
    if policy is None:
        policy = _DEFAULT_POLICIES[strategy] = DefaultPolicy(None, strategy)
    return policy


def validate_plan(plan, side: str):
    if isinstance(plan, Policy):
        return plan
    if plan is None:
        return None
    if not isinstance(plan, dict):
        raise PlanError("must be an object with " + ", ".join(PLAN_KEYS), side=side)
    unknown = sorted(k for k in plan if k not in PLAN_KEYS)
    if unknown:
        raise PlanError(f"unknown key {unknown[0]!r} (allowed: {', '.join(PLAN_KEYS)})", side=side)
    out = dict(plan)
    for key, allowed in (("target", TARGET_PLANS), ("special", SPECIAL_PLANS)):
        if key in out and out[key] not in allowed:
            raise PlanError(
                f"{key} must be one of {', '.join(allowed)} (got {out[key]!r})", side=side
            )
    if "dirty" in out:
        d = out["dirty"]
        if isinstance(d, bool) or not isinstance(d, int) or not 0 <= d <= 100:
            raise PlanError(f"dirty must be a whole percentage 0..100 (got {d!r})", side=side)
    for key in ("reckless", "clinch"):
        if key in out and not isinstance(out[key], bool):
            raise PlanError(f"{key} must be true or false (got {out[key]!r})", side=side)
    return out
