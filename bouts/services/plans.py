"""Fight plan writes: a new version of a side's plan for a bout, a standing plan.

Every write is checked here, whoever calls it (the plan page, the API): only
the side's manager — the owner of the fighter's camp (team rulesets: of the
side's camp) — writes its plans; staff and commissioners read, never write, a
manager's decisions. A bout's plan is written while the bout is scheduled and
before its plan deadline. The engine validates the plan (its errors name the
line); nothing is saved when it refuses it.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Max

from bouts import plans as bout_plans
from bouts.engine import get_ruleset
from bouts.models import Bout, BoutPlan, DefaultPlan


def _refuse_stranger(user, manager_id: int | None, what: str) -> None:
    if user is None or not user.is_authenticated:
        raise PermissionDenied("Sign in to write a plan.")
    if manager_id is None or manager_id != user.pk:
        raise PermissionDenied(f"Only the manager of {what} writes its plans.")


def _check_plan(ruleset: str, side: str, data) -> None:
    problems = bout_plans.plan_problems(ruleset, side, data)
    if problems:
        raise bout_plans.PlanRefused(problems)


def bout_plan_submit(*, bout: Bout, side: str, data, user, now=None) -> BoutPlan:
    """Save a new version of ``side``'s plan for ``bout``. ``PermissionDenied``
    for anyone but the side's manager; ``ValidationError`` (``plan``: locked,
    ``data``: the engine's messages, each naming its line) and nothing saved
    when the plan cannot be taken."""
    if side not in bout_plans.SIDES:
        raise ValidationError({"side": ["A side is red or blue."]})
    fighter = getattr(bout, side) or getattr(bout, f"{side}_camp")
    _refuse_stranger(user, bout_plans.side_manager_id(bout, side), str(fighter))
    with transaction.atomic():
        # The row lock orders versions and makes the deadline check and the
        # firing of the night exclusive: a plan is in the snapshot or refused.
        locked = (
            Bout.objects.select_for_update(of=("self",)).select_related("event").get(pk=bout.pk)
        )
        closed = bout_plans.plans_closed_reason(locked, now)
        if closed:
            raise ValidationError({"plan": [closed]})
        _check_plan(bout.ruleset, side, data)
        latest = BoutPlan.objects.filter(bout=locked, side=side).aggregate(v=Max("version"))["v"]
        plan = BoutPlan(bout=locked, side=side, version=(latest or 0) + 1, author=user, data=data)
        plan.full_clean()
        plan.save()
    return plan


def default_plan_set(*, fighter=None, camp=None, ruleset: str, data, user) -> DefaultPlan:
    """Set the standing plan of a fighter (or of a camp, under a team ruleset)
    for ``ruleset``: fought in each of its bouts without a plan of their own.
    ``data`` None removes it. Only the camp's owner sets it."""
    rules = get_ruleset(ruleset)
    if (fighter is None) == (camp is None):
        raise ValidationError({"fighter": ["Give a fighter or a camp."]})
    if rules.team and camp is None:
        raise ValidationError({"camp": [f"{ruleset} is a team ruleset: a camp's plan."]})
    if not rules.team and fighter is None:
        raise ValidationError({"fighter": [f"{ruleset} is one-on-one: a fighter's plan."]})
    owner = fighter.camp.owner_id if fighter is not None and fighter.camp_id else None
    if camp is not None:
        owner = camp.owner_id
    _refuse_stranger(user, owner, str(fighter or camp))
    rows = DefaultPlan.objects.filter(ruleset=ruleset, fighter=fighter, camp=camp)
    if data is None:
        rows.delete()
        return None
    _check_plan(ruleset, "red", data)
    with transaction.atomic():
        plan = rows.select_for_update().first() or DefaultPlan(
            ruleset=ruleset, fighter=fighter, camp=camp
        )
        plan.data = data
        plan.author = user
        plan.full_clean()
        plan.save()
    return plan
