"""Bouts: list, the whole record, scheduling (with an idempotency key) and queueing."""

from django.db import IntegrityError
from django.utils import timezone
from django.utils.cache import patch_cache_control
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.settings import api_settings

from core.api.permissions import LeagueScopedViewSetMixin
from core.api.schema import documented
from core.api.throttles import BoutQueueThrottle, spend
from fighters.api.filters import with_folded_search

from .. import report_cache, selectors
from ..models import Bout
from ..services import bout_queue, bout_rebook, bout_schedule, bout_void
from . import examples
from .filters import BoutFilter
from .serializers import (
    BoutDetailSerializer,
    BoutRebookSerializer,
    BoutScheduleSerializer,
    BoutSerializer,
    BoutVoidSerializer,
)

IDEMPOTENCY_HEADER = OpenApiParameter(
    "Idempotency-Key",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    description="A retried POST with the same key makes one bout (same as the field).",
)


MAX_KEY = 60  # the client's part of an idempotency key (stored with its user's id)

# A bout of no league (no event, no division) is staff-only: no commissioner
# commissions "no league", so it is a league id nobody holds.
NO_LEAGUE = 0


def _leagues_of_bout_parts(division, event) -> set[int]:
    leagues = {part.league_id for part in (division, event) if part is not None}
    return leagues or {NO_LEAGUE}


BOUTS = "Bouts & results"
WRITERS = "Staff, or a commissioner of the bout's league."


@documented(
    BOUTS,
    list=(
        "List bouts",
        "Bouts, newest first, each with its result when fought: `winner` (`red`/`blue`, null "
        "for a draw or a bout not fought), `method`, `end_round`, `end_time`. Filter by "
        "`fighter` or `camp` (either corner), `event`, `division`, `league`, `referee`, "
        "`ruleset`, `status`, `method`, `is_title_bout`, `date_from`/`date_to`; `search` finds "
        "a fighter's name with accents and case ignored, a camp's or a fight night's name; "
        "order by `date`, `id` or `status`. Public. One bout's whole record is "
        "`GET /api/bouts/{id}/`; a fighter's bouts with his outcome and record after each, "
        "`GET /api/fighters/{id}/bouts/`.",
        {"examples": [examples.BOUT_ROW]},
    ),
    create=(
        "Schedule a bout",
        "Schedules a bout between two fighters (or two camps, team rulesets) and answers 201 "
        "with its record. On a fight night still to come it waits for the night (the managers "
        "write their plans until then, `POST /api/bouts/{id}/plans/`); otherwise it is queued "
        "and fought by the workers at once: poll `GET /api/bouts/{id}/` until `status` is "
        "`completed`. Send an `Idempotency-Key` header (or field) to retry safely: the same key "
        "answers 200 with the bout it made. " + WRITERS + " Counts against the bout-queue "
        "throttle (429 with Retry-After).",
        {"examples": [examples.SCHEDULE]},
    ),
    retrieve=(
        "Get a bout with its result and scorecards",
        "The bout's whole record: the sides, officials, result, each judge's scorecard round "
        "by round, knockdowns, injuries, fouls, round statistics and the play-by-play. Public; "
        "the plans given stay hidden until it is fought (`GET /api/bouts/{id}/plans/`). A "
        "fought bout carries ETag and Last-Modified and answers a conditional request with "
        "304. Its fight night is `GET /api/events/{event}/`.",
        {"examples": [examples.BOUT_READ]},
    ),
    queue=(
        "Queue a bout for simulation",
        "Queues a scheduled (or failed) bout to be fought by the workers now; answers the "
        "bout. " + WRITERS + " 400 for a bout already fought or voided (a postponed one is "
        "rebooked instead: `POST /api/bouts/{id}/rebook/`); counts against the bout-queue "
        "throttle (429).",
    ),
    rebook=(
        "Rebook a postponed bout",
        "Puts a bout postponed on its fight night on another fight night (`event`) of its "
        "league: it is fought when that night fires. Answers the bout. " + WRITERS,
    ),
    void=(
        "Void a bout's result",
        "Voids a completed bout's result, with a `reason`: careers, standings, ratings and "
        "titles become what they would be without it; the bout keeps its record, shown as "
        "voided. Answers the bout. " + WRITERS,
    ),
)
class BoutViewSet(
    LeagueScopedViewSetMixin,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    viewsets.GenericViewSet,
):
    """Bouts. Creating one schedules it and queues it for simulation (on a fight
    night still to come: it waits for the night); the detail is the whole record
    (scorecards per judge and round, knockdowns, injuries, fouls, play-by-play).
    The plans given when it was booked stay hidden until it is fought."""

    filterset_class = BoutFilter
    # A fighter by his folded name, as the pages search (FoldedNameSearch).
    filter_backends = with_folded_search(api_settings.DEFAULT_FILTER_BACKENDS)
    search_fields = [
        "red__search_name",
        "blue__search_name",
        "red_camp__name",
        "blue_camp__name",
        "event__name",
    ]
    ordering_fields = ["date", "id", "status"]
    ordering = ["-date", "-id"]

    def get_throttles(self):
        if self.action in ("create", "queue"):
            return [BoutQueueThrottle()]
        return super().get_throttles()

    def get_serializer_class(self):
        if self.action == "create":
            return BoutScheduleSerializer
        if self.action in ("retrieve", "queue", "void", "rebook"):
            return BoutDetailSerializer
        return BoutSerializer

    def get_queryset(self):
        if self.action in ("retrieve", "queue", "void", "rebook"):
            return selectors.bout_report_queryset().defer("inputs")
        return Bout.objects.select_related(
            "event", "red", "blue", "red_camp", "blue_camp", "result"
        ).defer("inputs", "options", "plans", "result__engine_result")

    def hidden_card_fighters(self, request):
        """Fighters whose cards the user may not see (None: none). Only the league
        knows; it answers when it mounts the viewset (league.api.permissions)."""
        return None

    def _state(self, pk):
        """The bout's state, with what the request's viewer may not see of it."""
        user = self.request.user
        return report_cache.state(
            pk, viewer=user, hidden_fighters=self.hidden_card_fighters(self.request)
        )

    def get_serializer_context(self):
        context = super().get_serializer_context()
        withheld = getattr(self, "withheld", None)
        if withheld is not None:
            context["withheld"] = withheld
        return context

    def leagues_of_object(self, obj):
        return _leagues_of_bout_parts(obj.division, obj.event)

    def leagues_of_data(self, data):
        return _leagues_of_bout_parts(data.get("division"), data.get("event"))

    def retrieve(self, request, *args, **kwargs):
        """The whole record. A fought bout's never changes until it is voided: it
        carries ETag and Last-Modified, answers a conditional request with 304 and
        is served from the cache (``bouts.report_cache``)."""
        state = self._state(kwargs.get("pk"))
        if state is not None:
            self.withheld = state.withheld
        if state is None or not state.final:
            response = super().retrieve(request, *args, **kwargs)
            patch_cache_control(response, no_cache=True)
            return response
        if request.query_params:  # unknown query parameters: a 400
            self.filter_queryset(self.get_queryset())
        # One cached report per variant of what viewers may not see, never one
        # viewer's for another.
        kind = "api" + state.withheld.variant

        def build():
            data = report_cache.get(kind, state)
            if data is None:
                data = self.get_serializer(self.get_object()).data
                report_cache.put(kind, state, data)
            return Response(data)

        return report_cache.conditional_response(
            request, state, kind, request.accepted_renderer.format, build=build
        )

    def _detail(self, bout_id: int, code: int) -> Response:
        self.action = "retrieve"  # the detail queryset: the whole record, prefetched
        self.withheld = self._state(bout_id).withheld
        bout = self.get_queryset().get(pk=bout_id)
        serializer = BoutDetailSerializer(bout, context=self.get_serializer_context())
        return Response(serializer.data, status=code)

    @extend_schema(
        parameters=[IDEMPOTENCY_HEADER],
        request=BoutScheduleSerializer,
        responses={201: BoutDetailSerializer, 200: BoutDetailSerializer},
    )
    def create(self, request, *args, **kwargs):
        serializer = BoutScheduleSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        header_key = request.headers.get("Idempotency-Key") or None
        field_key = data.pop("idempotency_key", None) or None
        if header_key and field_key and header_key != field_key:
            raise ValidationError(
                {"idempotency_key": ["The Idempotency-Key header and field disagree."]}
            )
        key = header_key or field_key
        if key is not None and len(key) > MAX_KEY:
            raise ValidationError({"idempotency_key": [f"At most {MAX_KEY} characters."]})
        if key is not None:
            # A key is the caller's own: another user's identical key is another bout.
            key = f"api:{request.user.pk}:{key}"
        self.check_data_leagues(data)
        if key is not None:
            existing = Bout.objects.filter(idempotency_key=key).values_list("pk", flat=True)
            if existing:
                return self._detail(existing[0], status.HTTP_200_OK)
        data["judges"] = tuple(data.get("judges") or ())
        for name in ("plans", "options"):
            if data.get(name) is None:
                data.pop(name, None)
        # A bout booked on a fight night still to come waits for it (plans can be
        # written until its deadline); any other is fought now.
        event = data.get("event")
        queue = not (
            event is not None
            and event.fired_at is None
            and event.fight_at is not None
            and event.fight_at > timezone.now()
        )
        try:
            bout = bout_schedule(**data, idempotency_key=key, queue=queue, user=request.user)
        except IntegrityError:
            # Two requests with one key raced; the other one made the bout.
            if key is None:
                raise
            existing = Bout.objects.filter(idempotency_key=key).values_list("pk", flat=True)
            if not existing:
                raise
            return self._detail(existing[0], status.HTTP_200_OK)
        spend(request, 1)  # a retried key queued nothing
        return self._detail(bout.pk, status.HTTP_201_CREATED)

    @extend_schema(request=None, responses=BoutDetailSerializer)
    @action(detail=True, methods=["post"])
    def queue(self, request, pk=None):
        """Queue a scheduled (or failed) bout for simulation."""
        bout = self.get_object()
        bout_queue(bout=bout)
        spend(request, 1)
        return self._detail(bout.pk, status.HTTP_200_OK)

    @extend_schema(request=BoutRebookSerializer, responses=BoutDetailSerializer)
    @action(detail=True, methods=["post"])
    def rebook(self, request, pk=None):
        """Put a bout postponed on its fight night on another event of its league
        (staff or the league's commissioner): it fights when that night fires."""
        bout = self.get_object()
        body = BoutRebookSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        bout_rebook(bout=bout, event=body.validated_data["event"], user=request.user)
        return self._detail(bout.pk, status.HTTP_200_OK)

    @extend_schema(request=BoutVoidSerializer, responses=BoutDetailSerializer)
    @action(detail=True, methods=["post"])
    def void(self, request, pk=None):
        """Void a completed bout's result, with a reason (staff or the league's
        commissioner): careers, standings, ratings and titles become what they
        would be without it; the bout keeps its record, shown as voided."""
        bout = self.get_object()
        body = BoutVoidSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        bout_void(bout=bout, reason=body.validated_data["reason"], user=request.user)
        return self._detail(bout.pk, status.HTTP_200_OK)
