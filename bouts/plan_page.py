"""The plan page ``/bouts/{id}/plan/{side}/``: a manager writes his side's plan
for a bout (every save a new version), with the engine's errors at the lines
they name; others see it only once the bout is fought (staff: always)."""

from __future__ import annotations

import json

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from bouts import plans as bout_plans
from bouts.engine.registry import RULESETS
from bouts.engine.webl import conditions as webl_conditions
from bouts.engine.webl import plans as webl_plans
from bouts.models import Bout, DefaultPlan
from bouts.plan_forms import plan_form_class
from bouts.services.plans import bout_plan_submit, default_plan_set
from fighters.models import Fighter

# A plan page's POST, in bytes: a form with one plan (MAX_PLAN_BYTES) and its
# URL encoding; anything larger is refused unread.
MAX_BODY_BYTES = 4 * bout_plans.MAX_PLAN_BYTES


def bout_plan(request, pk: int, side: str):
    if side not in bout_plans.SIDES:
        raise Http404("A side is red or blue.")
    try:
        # The sides' careers: the opponent's public record beside the plan.
        bout = Bout.objects.select_related(*bout_plans.MANAGERS, "red__career", "blue__career").get(
            pk=pk
        )
    except Bout.DoesNotExist:
        raise Http404("No such bout.") from None
    user = request.user
    readable = side in bout_plans.readable_sides(bout, user)
    if not readable and not user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    context = _context(bout, side, user, readable)
    if not readable:
        return render(request, "bouts/bout_plan.html", context, status=403)

    form_class = plan_form_class(bout.ruleset)
    status = 200
    latest = context["versions"][-1] if context["versions"] else None
    form = None
    if form_class is not None:
        form = form_class(initial=form_class.initial_of(latest["plan"].data if latest else None))
    if request.method == "POST":
        if not context["can_write"] and bout_plans.side_manager_id(bout, side) != user.pk:
            raise PermissionDenied("Only the side's manager writes its plans.")
        length = int(request.META.get("CONTENT_LENGTH") or 0)
        if length > MAX_BODY_BYTES:
            context["body_error"] = (
                f"The plan sent is {length:,} bytes; a plan is at most "
                f"{bout_plans.MAX_PLAN_BYTES:,}. Nothing was saved."
            )
            status = 400
        elif form_class is not None:
            form = form_class(request.POST)
            if form.is_valid():
                try:
                    plan = bout_plan_submit(bout=bout, side=side, data=form.plan_data(), user=user)
                except bout_plans.PlanRefused as exc:
                    _attach(form, exc.messages)
                    context["lines"] = _lines(form, exc.problems)
                    status = 400
                except ValidationError as exc:
                    _attach(form, exc.messages)
                    status = 400
                else:
                    url = reverse("bout-plan", args=[bout.pk, side])
                    return redirect(f"{url}?saved={plan.version}")
            else:
                status = 400
    context["form"] = form
    context["saved"] = request.GET.get("saved", "")
    return render(request, "bouts/bout_plan.html", context, status=status)


def _context(bout: Bout, side: str, user, readable: bool) -> dict:
    manages = bout_plans.side_manager_id(bout, side) == getattr(user, "pk", None)
    closed = bout_plans.plans_closed_reason(bout)
    bout_side = getattr(bout, side)
    fighter = bout_side or getattr(bout, f"{side}_camp")
    return {
        "bout": bout,
        "side": side,
        "side_name": fighter.name,
        "red_name": (bout.red or bout.red_camp).name,
        "blue_name": (bout.blue or bout.blue_camp).name,
        "readable": readable,
        "manages": manages,
        "can_write": manages and closed is None,
        "closed": closed,
        "deadline": bout_plans.plan_deadline(bout),
        "versions": [
            {"plan": v, "text": bout_plans.plan_text(v.data)}
            for v in (bout_plans.plan_versions(bout, [side]) if readable else [])
        ],
        "has_decisions": plan_form_class(bout.ruleset) is not None,
        # The sandbox tries one-on-one plans (league.sandbox).
        "fighter_sides": bout.red_id is not None and bout.blue_id is not None,
        "other_name": (bout.blue or bout.blue_camp).name
        if side == "red"
        else (bout.red or bout.red_camp).name,
        "opponent": bout.blue if side == "red" else bout.red,
        "validate_url": reverse("bout-plans-validate", args=[bout.pk]),
        # His standing plan for the fighter (one-on-one rulesets): fought when
        # he writes none for a bout.
        "standing_url": reverse("standing-plan", args=[bout_side.pk, bout.ruleset])
        if manages and bout_side is not None
        else "",
        "lines": [],
    }


def _attach(form, messages) -> None:
    """The engine's messages next to the plan's field (the text under WeBL),
    else above the form."""
    field = "text" if "text" in form.fields else None
    for message in messages:
        form.add_error(field, message)


def _lines(form, problems) -> list[dict]:
    """The plan text line by line, each with the engine's messages about it."""
    text = form.data.get("text") if "text" in form.fields else None
    if not isinstance(text, str):
        return []
    by_line: dict[int, list[str]] = {}
    for problem in problems:
        if problem.line:
            by_line.setdefault(problem.line, []).append(problem.message)
    return [
        {"number": n, "text": line, "errors": by_line.get(n, [])}
        for n, line in enumerate(text.splitlines() or [""], start=1)
    ]


def standing_plan(request, pk: int, ruleset: str):
    """``/fighters/{id}/standing-plan/{ruleset}/``: the manager's standing plan
    for his fighter — fought in each bout of the ruleset without a plan of its
    own. Only the fighter's manager (and staff, reading) sees it."""
    form_class = plan_form_class(ruleset)
    try:
        fighter = Fighter.objects.select_related("camp").get(pk=pk)
    except Fighter.DoesNotExist:
        raise Http404("No such fighter.") from None
    if ruleset not in RULESETS or RULESETS[ruleset].team:
        raise Http404("No such one-on-one ruleset.")
    user = request.user
    if not user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    manages = fighter.camp_id is not None and fighter.camp.owner_id == user.pk
    if not (manages or user.is_staff):
        raise PermissionDenied("Only the fighter's manager sees his standing plan.")
    current = DefaultPlan.objects.filter(fighter=fighter, ruleset=ruleset).first()
    form = None
    if form_class is not None:
        form = form_class(initial=form_class.initial_of(current.data if current else None))
    status = 200
    body_error = ""
    if request.method == "POST":
        if not manages:
            raise PermissionDenied("Only the fighter's manager sets his standing plan.")
        form = form_class(request.POST) if form_class is not None else None
        if form is not None and "text" in form.fields:
            form.fields["text"].required = False  # saved empty: removed
        if int(request.META.get("CONTENT_LENGTH") or 0) > MAX_BODY_BYTES:
            body_error = (
                f"A plan is at most {bout_plans.MAX_PLAN_BYTES:,} bytes. Nothing was saved."
            )
            status = 400
        elif form is not None and form.is_valid():
            try:
                default_plan_set(
                    fighter=fighter, ruleset=ruleset, data=form.plan_data() or None, user=user
                )
            except ValidationError as exc:
                _attach(form, exc.messages)
                status = 400
            else:
                url = reverse("standing-plan", args=[fighter.pk, ruleset])
                return redirect(f"{url}?saved=1")
        else:
            status = 400
    context = {
        "fighter": fighter,
        "ruleset": ruleset,
        "form": form,
        "current": current,
        "current_text": bout_plans.plan_text(current.data) if current else "",
        "can_write": manages,
        "saved": request.GET.get("saved", ""),
        "body_error": body_error,
        "check_url": reverse("standing-plan-check", args=[fighter.pk, ruleset]),
    }
    return render(request, "bouts/standing_plan.html", context, status=status)


def plan_help(request):
    """``/help/plans/``: the WeBL plan language, from the engine's own limits and words."""
    context = {
        "energy": webl_plans.ENERGY,
        "styles": [webl_plans.STYLE_TEXT[s] for s in webl_plans.STYLES],
        "variables": list(webl_conditions.VARIABLES),
        "opp_words": list(webl_conditions.OPP_WORDS),
        "max_chars": f"{webl_plans.MAX_PLAN_CHARS:,}",
        "max_statements": webl_plans.MAX_STATEMENTS,
        "max_tokens": webl_plans.MAX_PLAN_TOKENS,
    }
    return render(request, "bouts/plan_help.html", context)


def standing_plan_check(request, pk: int, ruleset: str):
    """``POST /fighters/{id}/standing-plan/{ruleset}/check/``: the engine's verdict
    on a standing plan as it is typed (nothing saved), for the fighter's manager;
    the same answer as the bout plan's ``validate/`` endpoint."""
    if request.method != "POST":
        raise Http404("POST a plan to check it.")
    if ruleset not in RULESETS or RULESETS[ruleset].team:
        raise Http404("No such one-on-one ruleset.")
    fighter = Fighter.objects.select_related("camp").filter(pk=pk).first()
    if fighter is None:
        raise Http404("No such fighter.")
    user = request.user
    if not user.is_authenticated or fighter.camp_id is None or fighter.camp.owner_id != user.pk:
        raise PermissionDenied("Only the fighter's manager checks his plans.")
    if int(request.META.get("CONTENT_LENGTH") or 0) > MAX_BODY_BYTES:
        return JsonResponse({"detail": "The plan sent is too large."}, status=400)
    try:
        body = json.loads(request.body or b"{}")
    except ValueError:
        return JsonResponse({"detail": "Send the plan as JSON."}, status=400)
    data = body.get("data") if isinstance(body, dict) else None
    problems = bout_plans.plan_problems(ruleset, "red", data)
    return JsonResponse({"valid": not problems, "errors": [p.as_dict() for p in problems]})
