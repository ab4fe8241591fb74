"""Fight plans: who may read and write a side's plan, when, and the reads.

A bout's plan belongs to its side's manager — the owner of the fighter's camp
(under a team ruleset, of the side's camp). He writes it until the plan
deadline (the event's ``plans_due_at``, else its fight time) and while the bout
is still scheduled (a fired fight night locks the plans). A plan is hidden from
everyone else — the other side, commissioners, the public — until the bout is
fought (completed, or voided after it was fought); staff may always read it.

``data`` is the side's plan in the ruleset's own terms, exactly as its
``validate_plans`` takes it (docs/plans.md); the engine validates it.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db.models import OuterRef, Q, Subquery
from django.utils import timezone

from bouts.engine import EngineError, PlanError, get_ruleset
from bouts.models import Bout, BoutPlan, BoutStatus, DefaultPlan
from core.dates import real_time

SIDES = ("red", "blue")
# A plan's JSON, in bytes: far above any ruleset's own limit (WeBL: 4,000
# characters), low enough that nothing large is ever parsed or stored.
MAX_PLAN_BYTES = 64 * 1024
# Statuses after which a bout's plans are public: it was fought.
FOUGHT = (BoutStatus.COMPLETED, BoutStatus.VOIDED)
# What a bout page needs to know who manages each side (one query).
MANAGERS = ("red__camp", "blue__camp", "red_camp", "blue_camp", "event")


@dataclass(frozen=True)
class PlanProblem:
    """Why a plan was refused: the message, and the line it names (WeBL plan
    text; None when the rule is not about a line)."""

    message: str
    line: int | None = None

    def as_dict(self) -> dict:
        return {"line": self.line, "message": self.message}


def side_manager_id(bout: Bout, side: str) -> int | None:
    """The user id of the side's manager (its camp's owner), or None."""
    fighter = getattr(bout, side)
    camp = fighter.camp if fighter is not None else getattr(bout, f"{side}_camp")
    return camp.owner_id if camp is not None else None


def managed_sides(bout: Bout, user) -> list[str]:
    """The sides of ``bout`` whose manager ``user`` is."""
    if user is None or not user.is_authenticated:
        return []
    return [side for side in SIDES if side_manager_id(bout, side) == user.pk]


def plans_public(bout: Bout) -> bool:
    return bout.status in FOUGHT


def readable_sides(bout: Bout, user) -> list[str]:
    """The sides whose plans ``user`` may read now: both once the bout is fought
    (or for staff); before, only the sides he manages."""
    if plans_public(bout) or (user is not None and user.is_staff):
        return list(SIDES)
    return managed_sides(bout, user)


def plan_deadline(bout: Bout):
    """When the bout's plans lock (None: at queueing, for a bout of no fight night)."""
    return bout.event.plan_deadline if bout.event_id is not None else None


def plans_closed_reason(bout: Bout, now=None) -> str | None:
    """Why plans can no longer be written for ``bout`` (None: they can)."""
    if bout.status != BoutStatus.SCHEDULED:
        return f"Plans are locked: this bout is {bout.get_status_display().lower()}."
    if bout.event_id is not None and bout.event.fired_at is not None:
        return "Plans are locked: the fight night has fired."
    deadline = plan_deadline(bout)
    if deadline is not None and (now or timezone.now()) >= deadline:
        return f"The plan deadline has passed ({real_time(deadline)})."
    return None


def plan_problems(ruleset: str, side: str, data) -> list[PlanProblem]:
    """The engine's verdict on one side's plan (empty: valid)."""
    try:
        size = len(json.dumps(data).encode())
    except (TypeError, ValueError):
        return [PlanProblem("A plan must be text or a JSON object.")]
    if size > MAX_PLAN_BYTES:
        return [PlanProblem(f"The plan is {size:,} bytes; a plan is at most {MAX_PLAN_BYTES:,}.")]
    if data is None or data == "" or data == {}:
        return [PlanProblem("The plan is empty.")]
    try:
        get_ruleset(ruleset).validate_plans({side: data})
    except PlanError as exc:
        return [PlanProblem(exc.rule, exc.line)]
    except EngineError as exc:
        return [PlanProblem(str(getattr(exc, "rule", exc)))]
    return []


def problem_text(problem: PlanProblem) -> str:
    return f"Line {problem.line}: {problem.message}" if problem.line else problem.message


class PlanRefused(ValidationError):
    """The engine refused a plan: field ``data`` messages for the API and
    forms, and the problems (with their lines) for the plan page."""

    def __init__(self, problems: list[PlanProblem]):
        super().__init__({"data": [problem_text(p) for p in problems]})
        self.problems = problems


# --- reads ------------------------------------------------------------------------------


def latest_plans(bout_ids) -> dict[tuple[int, str], BoutPlan]:
    """``{(bout id, side): latest BoutPlan}`` for many bouts, in one query."""
    ids = sorted({pk for pk in bout_ids if pk is not None})
    if not ids:
        return {}
    newest = (
        BoutPlan.objects.filter(bout_id=OuterRef("bout_id"), side=OuterRef("side"))
        .order_by("-version")
        .values("version")[:1]
    )
    rows = BoutPlan.objects.filter(bout_id__in=ids, version=Subquery(newest)).select_related(
        "author"
    )
    return {(p.bout_id, p.side): p for p in rows}


def plan_versions(bout: Bout, sides) -> list[BoutPlan]:
    """Every version of the given sides' plans, oldest first (one query)."""
    if not sides:
        return []
    return list(
        BoutPlan.objects.filter(bout=bout, side__in=list(sides))
        .select_related("author")
        .order_by("side", "version")
    )


def default_plans(bouts) -> dict[tuple[str, str, int], DefaultPlan]:
    """``{(ruleset, "fighter" | "camp", id): DefaultPlan}`` for the sides of
    ``bouts`` (one query)."""
    return standing_plans_for(default_plan_key(bout, side) for bout in bouts for side in SIDES)


def standing_plans_for(keys) -> dict[tuple[str, str, int], DefaultPlan]:
    """The standing plans of the sides named by ``keys`` (``default_plan_key``'s
    ``(ruleset, "fighter" | "camp", id)``), by key (one query)."""
    wanted: dict[tuple[str, str], set[int]] = defaultdict(set)
    for ruleset, kind, pk in keys:
        wanted[(ruleset, kind)].add(pk)
    query = Q()
    for (ruleset, kind), ids in wanted.items():
        query |= Q(ruleset=ruleset, **{f"{kind}_id__in": sorted(ids)})
    if not query:
        return {}
    out = {}
    for plan in DefaultPlan.objects.filter(query):
        key = ("camp", plan.camp_id) if plan.camp_id else ("fighter", plan.fighter_id)
        out[(plan.ruleset, *key)] = plan
    return out


def standing_plans_of(user) -> list[DefaultPlan]:
    """The standing plans of the fighters and camps ``user`` manages (one query)."""
    return list(
        DefaultPlan.objects.filter(Q(fighter__camp__owner=user) | Q(camp__owner=user)).order_by(
            "ruleset", "fighter_id", "camp_id"
        )
    )


def default_plan_key(bout: Bout, side: str) -> tuple[str, str, int]:
    if bout.red_camp_id is not None:
        return (bout.ruleset, "camp", getattr(bout, f"{side}_camp_id"))
    return (bout.ruleset, "fighter", getattr(bout, f"{side}_id"))


def plans_to_fight(bouts, reads=None) -> dict[int, tuple[dict, dict]]:
    """What each bout is fought with, side by side: the latest version of the
    side's plan for the bout, else the plan given when the bout was booked,
    else its manager's standing plan, else none (the ruleset's default policy).
    Returns ``{id(bout): (plans, sources)}``; ``sources`` says where each side's
    plan came from (kept in the snapshot). Two queries for any number of bouts
    (none for new bouts whose sides ``reads``, a ``BookingRun``, knows)."""
    bouts = list(bouts)
    latest = latest_plans(b.pk for b in bouts)
    standing = reads.standing_plans(bouts) if reads is not None else default_plans(bouts)
    out = {}
    for bout in bouts:
        plans, sources = {}, {}
        booked = bout.plans or {}
        for side in SIDES:
            version = latest.get((bout.pk, side))
            default = standing.get(default_plan_key(bout, side))
            if version is not None:
                plans[side] = version.data
                sources[side] = {"kind": "bout", "version": version.version}
            elif booked.get(side) is not None:
                plans[side] = booked[side]
                sources[side] = {"kind": "booked"}
            elif default is not None:
                plans[side] = default.data
                sources[side] = {"kind": "standing"}
            else:
                sources[side] = {"kind": "ruleset"}
        out[id(bout)] = (plans, sources)
    return out


SOURCE_TEXT = {
    "bout": "the manager's plan for this bout",
    "standing": "the manager's standing plan",
    "booked": "the plan given when the bout was booked",
    "ruleset": "no plan: the corner's default plan, from the rules",
}


STANDING_KEPT = " (kept private: it still applies to the fighter's next bouts)"


def fought_plans(bout: Bout, *, viewer) -> list[dict]:
    """The plans a bout was fought with, per side, from its snapshot (frozen
    when its night fired): ``{side, data, text, source}`` (``text``: the plan as
    a manager writes it). A side fought with its manager's *standing* plan shows
    it only to that manager and staff: it still applies to his next bouts."""
    inputs = bout.inputs or {}
    plans = inputs.get("plans") or {}
    sources = inputs.get("plan_sources") or {}
    mine = set(managed_sides(bout, viewer))
    staff = viewer is not None and viewer.is_authenticated and viewer.is_staff
    out = []
    for side in SIDES:
        data = plans.get(side)
        source = sources.get(side) or {"kind": "booked" if data is not None else "ruleset"}
        label = SOURCE_TEXT.get(source.get("kind"), "")
        if source.get("kind") == "bout":
            label += f" (version {source.get('version')})"
        if source.get("kind") == "standing" and not staff and side not in mine:
            data, label = None, label + STANDING_KEPT
        out.append({"side": side, "data": data, "text": plan_text(data), "source": label})
    return out


def plan_text(data) -> str:
    """A plan as text: WeBL's own text, or the object's fields one a line."""
    if data is None:
        return ""
    if isinstance(data, str):
        return data
    if isinstance(data, dict):
        return "\n".join(f"{key}: {json.dumps(value)}" for key, value in data.items())
    return json.dumps(data)
