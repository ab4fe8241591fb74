"""A bout's fight plans through the API: ``/api/bouts/{id}/plans/``.

``/api/standing-plans/``: a manager's standing plans (per fighter, or per camp
under a team ruleset), read and set by him only.

GET: what the caller may read — before the fight his own sides' versions
(staff: both), after it both sides' versions and what each side was fought
with. POST: a new version of a side's plan (the side's manager only, before
the deadline). ``validate/``: the engine's verdict on a plan as it is typed,
nothing saved. Who may write is decided in ``bouts.services.plans``.
"""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import NotAuthenticated, ParseError, PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from bouts import plans as bout_plans
from bouts.engine.registry import RULESETS
from bouts.models import Bout, Side
from bouts.services.plans import bout_plan_submit, default_plan_set
from core.api.schema import documented
from core.api.serializers import BoundedJSONField
from fighters.models import Camp, Fighter

# A plan request's body, in bytes: a plan is at most MAX_PLAN_BYTES, so this
# leaves room for the JSON around it and refuses anything larger unread.
MAX_BODY_BYTES = 4 * bout_plans.MAX_PLAN_BYTES


class PlanVersionSerializer(serializers.Serializer):
    side = serializers.CharField()
    version = serializers.IntegerField()
    author = serializers.CharField(source="author.username", default=None)
    data = BoundedJSONField()
    created_at = serializers.DateTimeField()


class PlanWriteSerializer(serializers.Serializer):
    side = serializers.ChoiceField(choices=Side.choices)
    data = BoundedJSONField(
        help_text="The side's plan in the ruleset's terms: WeBL plan text, or an object."
    )


class FoughtPlanSerializer(serializers.Serializer):
    side = serializers.CharField()
    data = BoundedJSONField(allow_null=True)
    source = serializers.CharField()


class PlanProblemSerializer(serializers.Serializer):
    line = serializers.IntegerField(allow_null=True)
    message = serializers.CharField()


def _bout(pk) -> Bout:
    try:
        return Bout.objects.select_related(*bout_plans.MANAGERS).get(pk=int(pk))
    except (Bout.DoesNotExist, ValueError, OverflowError):
        raise Http404("No such bout.") from None


def _refuse_large(request) -> None:
    """A body above ``MAX_BODY_BYTES`` is refused unread."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > MAX_BODY_BYTES:
        raise ParseError(
            f"The request is {length:,} bytes; a plan request is at most {MAX_BODY_BYTES:,}."
        )


def _body(request) -> dict:
    """The request's JSON (a side and its plan), refused unread when too large."""
    _refuse_large(request)
    body = PlanWriteSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    return body.validated_data


DESK = "Managers' desk"


@documented(
    DESK,
    get=(
        "Get a bout's fight plans",
        "What the caller may read of the bout's plans: before the fight, the versions of the "
        "sides he manages (staff: both); after it, both sides' versions and what each side was "
        "fought with (`fought_with`). Also the plan `deadline`, why plans are `locked` if they "
        "are, and `your_sides`. Public (an anonymous caller sees the fought plans only); 404 "
        "for no such bout. The bout is `GET /api/bouts/{id}/`.",
    ),
    post=(
        "Write a side's fight plan",
        "Saves a new version of one side's plan (`side`, `data` in the ruleset's terms) and "
        "answers 201 with it. The side's manager only, before the deadline: 401 when not "
        "signed in, 403 for anyone else, 400 for a plan the engine refuses (check one first "
        "with `POST /api/bouts/{id}/plans/validate/`) or plans already locked.",
    ),
)
class BoutPlansView(APIView):
    """A bout's fight plans (hidden from all but the side's manager and staff
    until the bout is fought)."""

    permission_classes = [AllowAny]  # bouts.services.plans decides who writes

    @extend_schema(
        responses=inline_serializer(
            "BoutPlans",
            {
                "bout": serializers.IntegerField(),
                "ruleset": serializers.CharField(),
                "status": serializers.CharField(),
                "deadline": serializers.DateTimeField(allow_null=True),
                "locked": serializers.CharField(allow_null=True),
                "your_sides": serializers.ListField(child=serializers.CharField()),
                "readable_sides": serializers.ListField(child=serializers.CharField()),
                "versions": PlanVersionSerializer(many=True),
                "fought_with": FoughtPlanSerializer(many=True),
            },
        )
    )
    def get(self, request, pk):
        bout = _bout(pk)
        readable = bout_plans.readable_sides(bout, request.user)
        fought = bout_plans.plans_public(bout)
        if fought:
            bout.inputs = Bout.objects.filter(pk=bout.pk).values_list("inputs", flat=True)[0]
        return Response(
            {
                "bout": bout.pk,
                "ruleset": bout.ruleset,
                "status": bout.status,
                "deadline": bout_plans.plan_deadline(bout),
                "locked": bout_plans.plans_closed_reason(bout),
                "your_sides": bout_plans.managed_sides(bout, request.user),
                "readable_sides": readable,
                "versions": PlanVersionSerializer(
                    bout_plans.plan_versions(bout, readable), many=True
                ).data,
                "fought_with": [
                    {"side": p["side"], "data": p["data"], "source": p["source"]}
                    for p in bout_plans.fought_plans(bout, viewer=request.user)
                ]
                if fought
                else [],
            }
        )

    @extend_schema(request=PlanWriteSerializer, responses={201: PlanVersionSerializer})
    def post(self, request, pk):
        bout = _bout(pk)
        if not request.user.is_authenticated:
            raise NotAuthenticated("Sign in to write a plan.")
        data = _body(request)
        plan = bout_plan_submit(bout=bout, side=data["side"], data=data["data"], user=request.user)
        return Response(PlanVersionSerializer(plan).data, status=status.HTTP_201_CREATED)


@documented(
    DESK,
    post=(
        "Check a fight plan without saving it",
        "The engine's verdict on a plan as it is typed: `valid`, and each problem with where "
        "it is. Nothing is saved (`POST /api/bouts/{id}/plans/` saves). The side's manager "
        "only: 401 when not signed in, 403 for anyone else.",
    ),
)
class BoutPlanValidateView(APIView):
    """The engine's verdict on a plan as it is typed: nothing is saved. For the
    side's manager only (the plan's terms are the ruleset's, not a secret, but
    the endpoint is his tool)."""

    permission_classes = [AllowAny]

    @extend_schema(
        request=PlanWriteSerializer,
        responses=inline_serializer(
            "PlanVerdict",
            {"valid": serializers.BooleanField(), "errors": PlanProblemSerializer(many=True)},
        ),
    )
    def post(self, request, pk):
        bout = _bout(pk)
        if not request.user.is_authenticated:
            raise NotAuthenticated("Sign in to check a plan.")
        data = _body(request)
        if bout_plans.side_manager_id(bout, data["side"]) != request.user.pk:
            raise PermissionDenied("Only the side's manager checks its plans.")
        problems = bout_plans.plan_problems(bout.ruleset, data["side"], data["data"])
        return Response({"valid": not problems, "errors": [p.as_dict() for p in problems]})


class StandingPlanSerializer(serializers.Serializer):
    fighter = serializers.PrimaryKeyRelatedField(
        queryset=Fighter.objects.select_related("camp"), required=False, allow_null=True
    )
    camp = serializers.PrimaryKeyRelatedField(
        queryset=Camp.objects.all(), required=False, allow_null=True
    )
    ruleset = serializers.ChoiceField(choices=[])
    data = BoundedJSONField(
        allow_null=True, help_text="The plan in the ruleset's terms; null removes it."
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].choices = list(RULESETS)


class StandingPlanRowSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    ruleset = serializers.CharField()
    fighter = serializers.IntegerField(source="fighter_id", allow_null=True)
    camp = serializers.IntegerField(source="camp_id", allow_null=True)
    data = BoundedJSONField()
    updated_at = serializers.DateTimeField()


@documented(
    DESK,
    get=(
        "List my standing plans",
        "The signed-in manager's standing plans, per fighter (or per camp, team rulesets) and "
        "ruleset: fought in every bout that has no plan of its own. 401 when not signed in.",
    ),
    post=(
        "Set or remove a standing plan",
        "Sets the standing plan of one of your fighters (`fighter`) or camps (`camp`) for a "
        "`ruleset`, and answers it; `data: null` removes it (204). 401 when not signed in, "
        "403 for a fighter or camp you do not manage, 400 for a plan the engine refuses.",
    ),
)
class StandingPlansView(APIView):
    """A manager's standing plans (per fighter, or per camp under a team
    ruleset): fought in each bout without a plan of its own. Only their manager
    (and staff, reading) sees them."""

    permission_classes = [AllowAny]  # bouts.services.plans decides who writes
    reads_need_sign_in = True  # one's own plans: 401 anonymous, as every such read

    @extend_schema(responses=StandingPlanRowSerializer(many=True))
    def get(self, request):
        if not request.user.is_authenticated:
            raise NotAuthenticated()  # DRF's words, as the other reads that need sign-in
        return Response(
            StandingPlanRowSerializer(bout_plans.standing_plans_of(request.user), many=True).data
        )

    @extend_schema(request=StandingPlanSerializer, responses={200: StandingPlanRowSerializer})
    def post(self, request):
        if not request.user.is_authenticated:
            raise NotAuthenticated("Sign in to set a standing plan.")
        _refuse_large(request)
        body = StandingPlanSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        plan = default_plan_set(**body.validated_data, user=request.user)
        if plan is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(StandingPlanRowSerializer(plan).data)
