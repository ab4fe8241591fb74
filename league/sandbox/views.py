"""The sandbox's pages: "Try this plan" from a bout's plan page or the standing-plan
page (POST), the try's page with its progress line and figures, and the progress
read the page polls."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from bouts import plans as bout_plans
from bouts.engine.registry import RULESETS
from bouts.models import Bout
from bouts.plan_forms import plan_form_class
from bouts.plan_lines import line_words
from fighters.models import Fighter

from .models import DEFAULT_FIGHTS, MAX_FIGHTS, SandboxRun, SandboxStatus
from .services import (
    SandboxThrottled,
    sandbox_start_for_bout,
    sandbox_start_for_standing,
    standing_opponents,
)

MAX_BODY_BYTES = 4 * bout_plans.MAX_PLAN_BYTES


def _refused(request, back_url: str, messages, status: int):
    context = {"messages_list": messages, "back_url": back_url}
    return render(request, "league/sandbox_refused.html", context, status=status)


def _fights(request) -> int | None:
    raw = request.POST.get("fights", "") or str(DEFAULT_FIGHTS)
    try:
        return int(raw)
    except ValueError:
        return None


def _plan_from_post(request, ruleset: str):
    """The plan in the POST (the plan page's own form), or ValidationError."""
    form_class = plan_form_class(ruleset)
    if form_class is None:
        raise ValidationError("This ruleset leaves no decisions to the players.")
    form = form_class(request.POST)
    if "text" in form.fields:
        form.fields["text"].required = False  # an empty plan is refused in words below
    if not form.is_valid():
        raise ValidationError([m for errors in form.errors.values() for m in errors])
    return form.plan_data()


def _start(request, back_url: str, start):
    if not request.user.is_authenticated:
        raise PermissionDenied("Sign in to try a plan.")
    if int(request.META.get("CONTENT_LENGTH") or 0) > MAX_BODY_BYTES:
        return _refused(request, back_url, ["The plan sent is too large to try."], 400)
    fights = _fights(request)
    if fights is None:
        return _refused(request, back_url, [f"Choose between 1 and {MAX_FIGHTS} fights."], 400)
    try:
        run = start(fights)
    except SandboxThrottled as exc:
        return _refused(request, back_url, exc.messages, 429)
    except bout_plans.PlanRefused as exc:
        return _refused(request, back_url, exc.messages, 400)
    except ValidationError as exc:
        return _refused(request, back_url, exc.messages, 400)
    return redirect("sandbox-run", run.pk)


@require_POST
def bout_plan_try(request, pk: int, side: str):
    """``/bouts/{id}/plan/{side}/try/``: try the plan in the form against the other side."""
    try:
        bout = Bout.objects.select_related(
            *bout_plans.MANAGERS, "event__league", "division__league"
        ).get(pk=pk)
    except Bout.DoesNotExist:
        raise Http404("No such bout.") from None
    if side not in bout_plans.SIDES:
        raise Http404("A side is red or blue.")
    back = reverse("bout-plan", args=[bout.pk, side])

    def start(fights):
        if bout_plans.side_manager_id(bout, side) != request.user.pk:
            raise PermissionDenied("Only the side's manager tries its plan.")
        plan = _plan_from_post(request, bout.ruleset)
        return sandbox_start_for_bout(
            user=request.user, bout=bout, side=side, plan=plan, fights=fights
        )

    return _start(request, back, start)


@require_POST
def standing_plan_try(request, pk: int, ruleset: str):
    """``/fighters/{id}/standing-plan/{ruleset}/try/``: try the standing plan in
    the form (against the opponent chosen, else the first of his division)."""
    if ruleset not in RULESETS or RULESETS[ruleset].team:
        raise Http404("No such one-on-one ruleset.")
    try:
        fighter = Fighter.objects.select_related("camp").get(pk=pk)
    except Fighter.DoesNotExist:
        raise Http404("No such fighter.") from None
    back = reverse("standing-plan", args=[fighter.pk, ruleset])

    def start(fights):
        if fighter.camp_id is None or fighter.camp.owner_id != request.user.pk:
            raise PermissionDenied("Only the fighter's manager tries his plans.")
        plan = _plan_from_post(request, ruleset)
        opponent = None
        if request.POST.get("opponent"):
            opponent = Fighter.objects.filter(pk=_int(request.POST["opponent"])).first()
            if opponent is None:
                raise ValidationError("Choose a fighter of his division.")
        return sandbox_start_for_standing(
            user=request.user,
            fighter=fighter,
            ruleset=ruleset,
            plan=plan,
            opponent=opponent,
            fights=fights,
        )

    return _start(request, back, start)


def _int(raw) -> int:
    try:
        return int(raw)
    except (TypeError, ValueError):
        return 0


def _run_for(request, pk: int) -> SandboxRun:
    """The try, for its manager (and staff); anyone else: no such page."""
    run = (
        SandboxRun.objects.select_related("fighter", "opponent", "bout", "league")
        .filter(pk=pk)
        .first()
    )
    user = request.user
    if run is None or not (user.is_staff or run.user_id == user.pk):
        raise Http404("No such try.")
    return run


def progress_words(run: SandboxRun) -> str:
    if run.status == SandboxStatus.QUEUED:
        return "Waiting for a worker…"
    if run.status == SandboxStatus.RUNNING:
        return f"Fighting: {run.fights_done} of {run.fights} fights."
    if run.status == SandboxStatus.FAILED:
        return f"The try failed: {run.error}"
    return f"Done: {run.fights} fights."


@require_GET
def sandbox_detail(request, pk: int):
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    run = _run_for(request, pk)
    result = run.result or {}
    for entry in result.get("lines", []):
        entry.setdefault("line_words", line_words(entry.get("lines", [])))
    back = (
        reverse("bout-plan", args=[run.bout_id, run.side])
        if run.bout_id
        else reverse("standing-plan", args=[run.fighter_id, run.ruleset])
    )
    opponents = []
    if run.bout_id is None and run.user_id == request.user.pk:
        opponents = standing_opponents(run.fighter, run.ruleset)[1]
    context = {
        "run": run,
        "result": result,
        "model": run.opponent_model,
        "plan_text": bout_plans.plan_text(run.plan),
        "progress": progress_words(run),
        "back_url": back,
        "opponents": opponents,
        "max_fights": MAX_FIGHTS,
    }
    return render(request, "league/sandbox.html", context)


@require_GET
def sandbox_progress(request, pk: int):
    if not request.user.is_authenticated:
        raise Http404("No such try.")
    run = _run_for(request, pk)
    return JsonResponse(
        {
            "status": run.status,
            "fights": run.fights,
            "fights_done": run.fights_done,
            "finished": run.finished,
            "words": progress_words(run),
        }
    )


@require_POST
def sandbox_again(request, pk: int):
    """The same standing plan tried again against another fighter of his division."""
    if not request.user.is_authenticated:
        raise PermissionDenied("Sign in to try a plan.")
    run = _run_for(request, pk)
    back = reverse("sandbox-run", args=[run.pk])
    opponent = Fighter.objects.filter(pk=_int(request.POST.get("opponent"))).first()
    if run.bout_id is not None:
        return _refused(request, back, ["A bout's try is against its opponent."], 400)

    def start(fights):
        return sandbox_start_for_standing(
            user=request.user,
            fighter=run.fighter,
            ruleset=run.ruleset,
            plan=run.plan,
            opponent=opponent,
            fights=fights,
        )

    if opponent is None:
        return _refused(request, back, ["Choose a fighter of his division."], 400)
    return _start(request, back, start)
