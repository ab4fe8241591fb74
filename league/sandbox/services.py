"""Starting and running a sandbox try (docs/plans.md, "Try this plan").

``sandbox_start`` is the write: only the side's manager (the owner of the fighter's
camp: a plan is his decision, as for writing it) tries a plan; the plan must be one
the engine takes; the run is bounded (``MAX_FIGHTS``) and throttled per user (one
try at a time, ``SANDBOX_FIGHTS_PER_HOUR`` fights an hour); the opponent's model is
built then, from what this manager may see, and kept on the row; the task is sent
on commit. ``sandbox_run`` (the task's body) fights it, writing its progress.
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q, Sum
from django.utils import timezone

from bouts import plans as bout_plans
from bouts.engine import EngineError
from bouts.engine.registry import RULESETS
from bouts.inputs import one_on_one_card
from bouts.models import Bout
from bouts.plan_forms import plan_form_class
from bouts.queueing import send
from fighters import selectors as fighter_selectors
from fighters.models import Fighter

from ..models import Division, League
from . import core
from .models import DEFAULT_FIGHTS, MAX_FIGHTS, SandboxRun, SandboxStatus
from .opponent import opponent_model, public_seed

# A try unfinished after this long is taken as lost (it no longer blocks the next).
STALE_AFTER = dt.timedelta(minutes=10)


class SandboxThrottled(ValidationError):
    """Over the per-user limit: the page answers 429 with the message."""


def fights_per_hour() -> int:
    return int(getattr(settings, "SANDBOX_FIGHTS_PER_HOUR", 2000))


def _check_throttle(user, fights: int) -> None:
    now = timezone.now()
    busy = SandboxRun.objects.filter(
        user=user,
        status__in=[SandboxStatus.QUEUED, SandboxStatus.RUNNING],
        created_at__gt=now - STALE_AFTER,
    ).exists()
    if busy:
        raise SandboxThrottled("Your last try is still fighting: wait for it to finish.")
    used = (
        SandboxRun.objects.filter(user=user, created_at__gt=now - dt.timedelta(hours=1))
        .exclude(status=SandboxStatus.FAILED)
        .aggregate(total=Sum("fights"))["total"]
        or 0
    )
    limit = fights_per_hour()
    if used + fights > limit:
        raise SandboxThrottled(
            f"Tries are limited to {limit:,} fights an hour; you have {max(0, limit - used):,} "
            "left now. Try fewer fights, or later."
        )


def _check_plan(ruleset: str, side: str, plan) -> None:
    if ruleset not in RULESETS or RULESETS[ruleset].team or plan_form_class(ruleset) is None:
        raise ValidationError("The sandbox tries one-on-one plans only.")
    problems = bout_plans.plan_problems(ruleset, side, plan)
    if problems:
        raise bout_plans.PlanRefused(problems)


def _check_fights(fights) -> int:
    if isinstance(fights, bool) or not isinstance(fights, int) or not 1 <= fights <= MAX_FIGHTS:
        raise ValidationError({"fights": [f"Choose between 1 and {MAX_FIGHTS} fights."]})
    return fights


def _bout_league(bout: Bout) -> League | None:
    if bout.event_id is not None:
        return bout.event.league
    return bout.division.league if bout.division_id is not None else None


def sandbox_start_for_bout(
    *, user, bout: Bout, side: str, plan, fights: int = DEFAULT_FIGHTS
) -> SandboxRun:
    """Try ``plan`` for ``side`` of ``bout`` against the other side's model."""
    if side not in bout_plans.SIDES:
        raise ValidationError({"side": ["A side is red or blue."]})
    if not user.is_authenticated or bout_plans.side_manager_id(bout, side) != user.pk:
        raise PermissionDenied("Only the side's manager tries its plan.")
    fighter = getattr(bout, side)
    opponent = getattr(bout, "blue" if side == "red" else "red")
    if fighter is None or opponent is None:
        raise ValidationError("The sandbox tries one-on-one plans only.")
    return _start(
        user=user,
        fighter=fighter,
        opponent=opponent,
        side=side,
        ruleset=bout.ruleset,
        plan=plan,
        fights=fights,
        bout=bout,
        league=_bout_league(bout),
        rounds=bout.scheduled_rounds,
        options=bout.options or {},
    )


def standing_opponents(fighter: Fighter, ruleset: str) -> tuple[League | None, list[Fighter]]:
    """The league of ``fighter`` under ``ruleset`` and who he may be tried against
    there: the other fighters of his divisions, of other camps (one query each)."""
    division = (
        Division.objects.filter(fighters=fighter, league__ruleset=ruleset)
        .select_related("league")
        .order_by("id")
        .first()
    )
    if division is None:
        return None, []
    others = (
        Fighter.objects.filter(divisions=division, is_active=True)
        .exclude(pk=fighter.pk)
        .exclude(Q(camp_id=fighter.camp_id) & Q(camp__isnull=False))
        .order_by("name", "id")
    )
    return division.league, list(others)


def sandbox_start_for_standing(
    *, user, fighter: Fighter, ruleset: str, plan, opponent: Fighter | None = None, fights=200
) -> SandboxRun:
    """Try a standing plan for ``fighter`` against ``opponent`` (default: the
    first of his division's fighters he may meet)."""
    if not user.is_authenticated or fighter.camp_id is None or fighter.camp.owner_id != user.pk:
        raise PermissionDenied("Only the fighter's manager tries his plans.")
    league, others = standing_opponents(fighter, ruleset)
    if opponent is None:
        if not others:
            raise ValidationError({"opponent": ["He has nobody in his division to try it on."]})
        opponent = others[0]
    elif opponent.pk not in {o.pk for o in others}:
        raise ValidationError({"opponent": ["Choose a fighter of his division."]})
    return _start(
        user=user,
        fighter=fighter,
        opponent=opponent,
        side="red",
        ruleset=ruleset,
        plan=plan,
        fights=fights,
        bout=None,
        league=league,
        rounds=league.rounds if league is not None else None,
        options={},
    )


def _start(*, user, fighter, opponent, side, ruleset, plan, fights, bout, league, rounds, options):
    fights = _check_fights(fights)
    _check_plan(ruleset, side, plan)
    _check_throttle(user, fights)
    if fighter_selectors.fighter_card(fighter=fighter, ruleset=ruleset) is None:
        raise ValidationError(f"{fighter.name} has no card for this ruleset.")
    model = opponent_model(user, opponent, ruleset, league)
    run = SandboxRun(
        user=user,
        fighter=fighter,
        opponent=opponent,
        bout=bout,
        league=league,
        side=side,
        ruleset=ruleset,
        rounds=rounds,
        options=options,
        plan=plan,
        opponent_model=model.as_dict(),
        fights=fights,
        # The same seeds for every plan tried for this fighter against this
        # opponent: two plans are compared on the same dice.
        seed=public_seed("sandbox", fighter.pk, opponent.pk, bout.pk if bout else "standing"),
    )
    run.full_clean()
    with transaction.atomic():
        run.save()
        from ..tasks import run_sandbox

        transaction.on_commit(lambda: send(run_sandbox, run.pk))
    return run


def sandbox_run(run_id: int) -> SandboxRun | None:
    """Fight a queued try, writing its progress every few fights (idempotent: a
    finished run, or one another worker is fighting, is left as it is). My card is
    read now (the card he would fight with); the opponent's model is the one kept
    at the start."""
    # A queued run, or one whose worker died mid-way (its message delivered again,
    # acks_late) and that has gone quiet past STALE_AFTER: fought from the start.
    lost = Q(status=SandboxStatus.RUNNING, created_at__lt=timezone.now() - STALE_AFTER)
    claimed = (
        SandboxRun.objects.filter(pk=run_id)
        .filter(Q(status=SandboxStatus.QUEUED) | lost)
        .update(status=SandboxStatus.RUNNING, fights_done=0)
    )
    run = SandboxRun.objects.select_related("fighter").filter(pk=run_id).first()
    if run is None or not claimed:
        return run
    card = fighter_selectors.fighter_card(fighter=run.fighter, ruleset=run.ruleset)

    def progress(done: int) -> None:
        SandboxRun.objects.filter(pk=run.pk).update(fights_done=done)

    try:
        if card is None:
            raise ValidationError(f"{run.fighter.name} has no card for this ruleset.")
        model = run.opponent_model
        result = core.fight_many(
            run.ruleset,
            mine=one_on_one_card(run.fighter, card),
            theirs=model["card"],
            side=run.side,
            my_plan=run.plan,
            their_plan=model.get("plan"),
            rounds=run.rounds,
            n=run.fights,
            seed=run.seed,
            options=run.options,
            progress=progress,
        )
    except (EngineError, ValidationError) as exc:
        message = exc.messages[0] if isinstance(exc, ValidationError) else str(exc)
        SandboxRun.objects.filter(pk=run.pk).update(
            status=SandboxStatus.FAILED, error=message, finished_at=timezone.now()
        )
    else:
        SandboxRun.objects.filter(pk=run.pk).update(
            status=SandboxStatus.DONE,
            result=result,
            fights_done=run.fights,
            finished_at=timezone.now(),
        )
    run.refresh_from_db()
    return run
