"""Bout requests through the API (docs/managers.md): a manager asks, the other
manager accepts or declines, the commissioner approves onto an event or refuses.

Only the people in a request read it: the two camps' managers, the league's
commissioners and staff. Every write goes through league.services.bout_requests,
which checks who may do it (403) and whether the bout could be fought (400)."""

from django.db.models import Q
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from core.api.schema import documented
from fighters.models import Fighter

from ..desk import requests_with_sides
from ..models import BoutRequest, Division, Event
from ..services import bout_requests as services
from .examples import BOUT_REQUEST_CREATE, BOUT_REQUEST_WITHIN
from .permissions import commissioned_league_ids


class BoutRequestSerializer(serializers.ModelSerializer):
    fighter_name = serializers.CharField(source="fighter.name", read_only=True)
    opponent_name = serializers.CharField(source="opponent.name", read_only=True)
    camp_name = serializers.CharField(source="camp.name", read_only=True)
    opponent_camp_name = serializers.CharField(
        source="opponent_camp.name", read_only=True, default=None
    )
    event_name = serializers.CharField(source="event.name", read_only=True, default=None)
    status_display = serializers.CharField(source="get_status_display", read_only=True)

    class Meta:
        model = BoutRequest
        fields = [
            "id",
            "league",
            "division",
            "fighter",
            "fighter_name",
            "camp",
            "camp_name",
            "opponent",
            "opponent_name",
            "opponent_camp",
            "opponent_camp_name",
            "within_places",
            "event",
            "event_name",
            "bout",
            "status",
            "status_display",
            "message",
            "answer",
            "decision_note",
            "created_at",
            "answered_at",
            "decided_at",
        ]
        read_only_fields = fields


class BoutRequestCreateSerializer(serializers.Serializer):
    fighter = serializers.PrimaryKeyRelatedField(queryset=Fighter.objects.select_related("camp"))
    opponent = serializers.PrimaryKeyRelatedField(
        queryset=Fighter.objects.select_related("camp"), required=False, allow_null=True
    )
    within = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=20)
    event = serializers.PrimaryKeyRelatedField(
        queryset=Event.objects.select_related("league"), required=False, allow_null=True
    )
    division = serializers.PrimaryKeyRelatedField(
        queryset=Division.objects.all(), required=False, allow_null=True
    )
    message = serializers.CharField(required=False, allow_blank=True, max_length=300, default="")


class AnswerSerializer(serializers.Serializer):
    answer = serializers.CharField(required=False, allow_blank=True, max_length=300, default="")


class ApproveSerializer(serializers.Serializer):
    event = serializers.PrimaryKeyRelatedField(
        queryset=Event.objects.select_related("league"), required=False, allow_null=True
    )


ACTING = (
    "Answers the request. 401 when not signed in, 403 for anyone else, 400 when the request "
    "is no longer open."
)


@documented(
    "Managers' desk",
    list=(
        "List my bout requests",
        "The bout requests you are part of (as either camp's manager or the league's "
        "commissioner; staff: all), newest first, with both sides' names, the answer and the "
        "decision. Filter by `status` or `league`; order by `created_at`. 401 when not signed "
        "in.",
    ),
    retrieve=(
        "Get a bout request",
        "One bout request you are part of. 401 when not signed in; 404 when there is no such "
        "request or you are not part of it. Once approved, its `bout` is "
        "`GET /api/bouts/{bout}/`.",
    ),
    create=(
        "Ask for a bout",
        "A manager asks for a bout for one of his fighters (`fighter`): against a named "
        "`opponent` (whose manager then accepts or declines) or anyone `within` N places of him "
        "in the division's rankings (`GET /api/rankings/?division={id}`), optionally on a "
        "fight night (`event`). Answers 201 with the request. 401 when not signed in, 403 for "
        "a fighter you do not manage, 400 for a bout that could not be fought.",
        {"examples": [BOUT_REQUEST_CREATE, BOUT_REQUEST_WITHIN]},
    ),
    accept=(
        "Accept a bout request",
        "The opponent's manager accepts, with an optional `answer`; the request then waits for "
        "the commissioner's approval. " + ACTING,
    ),
    decline=(
        "Decline a bout request",
        "The opponent's manager declines, with an optional `answer`: the request is closed. "
        + ACTING,
    ),
    withdraw=("Withdraw a bout request", "The asking manager takes his request back. " + ACTING),
    approve=(
        "Approve a bout request",
        "The league's commissioner books an accepted request's bout on `event` (a fight night "
        "of the league; default: the one the request asked for, else a 400); the request's "
        "`bout` is then the booked bout. " + ACTING,
    ),
    refuse=(
        "Refuse a bout request",
        "The league's commissioner refuses the request, with an optional `answer`. " + ACTING,
    ),
)
class BoutRequestViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Bout requests the caller is part of. ``POST`` asks for a bout (a named
    ``opponent`` or ``within`` N places in the division's rankings); then
    ``accept``/``decline`` (the other manager), ``withdraw`` (the asking manager),
    ``approve`` (onto ``event``) or ``refuse`` (the league's commissioner)."""

    serializer_class = BoutRequestSerializer
    permission_classes = [IsAuthenticated]
    filterset_fields = ["status", "league"]
    ordering_fields = ["created_at"]
    ordering = ["-created_at", "-id"]

    def get_queryset(self):
        rows = requests_with_sides()
        user = self.request.user
        if getattr(self, "swagger_fake_view", False):
            return rows  # the schema generator, without a user
        if user.is_staff or self.action not in ("list", "retrieve"):
            # Acting on a request: the service says who may (403, not 404).
            return rows
        return rows.filter(
            Q(camp__owner=user)
            | Q(opponent_camp__owner=user)
            | Q(league_id__in=commissioned_league_ids(self.request))
        )

    def _answer(self, request, bout_request):
        return Response(BoutRequestSerializer(bout_request).data)

    @extend_schema(request=BoutRequestCreateSerializer, responses={201: BoutRequestSerializer})
    def create(self, request):
        body = BoutRequestCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        bout_request = services.request_create(user=request.user, **body.validated_data)
        return Response(BoutRequestSerializer(bout_request).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=AnswerSerializer, responses={200: BoutRequestSerializer})
    @action(detail=True, methods=["post"])
    def accept(self, request, pk=None):
        body = AnswerSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        done = services.request_answer(
            user=request.user, bout_request=self.get_object(), accept=True, **body.validated_data
        )
        return self._answer(request, done)

    @extend_schema(request=AnswerSerializer, responses={200: BoutRequestSerializer})
    @action(detail=True, methods=["post"])
    def decline(self, request, pk=None):
        body = AnswerSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        done = services.request_answer(
            user=request.user, bout_request=self.get_object(), accept=False, **body.validated_data
        )
        return self._answer(request, done)

    @extend_schema(request=None, responses={200: BoutRequestSerializer})
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        done = services.request_withdraw(user=request.user, bout_request=self.get_object())
        return self._answer(request, done)

    @extend_schema(request=ApproveSerializer, responses={200: BoutRequestSerializer})
    @action(detail=True, methods=["post"])
    def approve(self, request, pk=None):
        body = ApproveSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        done = services.request_approve(
            user=request.user, bout_request=self.get_object(), **body.validated_data
        )
        return self._answer(request, done)

    @extend_schema(request=AnswerSerializer, responses={200: BoutRequestSerializer})
    @action(detail=True, methods=["post"])
    def refuse(self, request, pk=None):
        body = AnswerSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        done = services.request_refuse(
            user=request.user, bout_request=self.get_object(), **body.validated_data
        )
        return self._answer(request, done)
