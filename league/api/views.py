"""Leagues, divisions, seasons and events."""

import django_filters
from django.db import transaction
from django.db.models import Prefetch
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.generics import get_object_or_404
from rest_framework.response import Response

from bouts.models import Bout
from core.api.filters import IdFilter
from core.api.schema import documented, record_operations
from core.api.serializers import StrictCharField
from core.api.throttles import BoutQueueThrottle, over_any_limit, refund, reserve
from fighters.models import Camp, Fighter

from .. import services
from ..models import Division, Event, League, Season, SeasonStatus
from ..selectors import season_bout_count
from ..services import fight_nights, rosters
from .archive import LeagueArchiveActions
from .examples import LEAGUE_CREATE
from .permissions import CommissionerScopedViewSetMixin
from .serializers import (
    DivisionSerializer,
    EventDetailSerializer,
    EventSerializer,
    LeagueSerializer,
    SeasonSerializer,
)

STAFF_ONLY = "Only staff creates or deletes leagues."


class _InLeagueViewSet(CommissionerScopedViewSetMixin, viewsets.ModelViewSet):
    # (No docstring: the schema's words are each viewset's own, ``documented``.)

    def leagues_of_object(self, obj):
        return {obj.league_id}

    def leagues_of_data(self, data):
        league = data.get("league")
        return {league.pk} if league else set()

    def perform_create(self, serializer):
        self.check_data_leagues(serializer.validated_data)
        serializer.save()

    def perform_update(self, serializer):
        self.check_data_leagues(serializer.validated_data)
        serializer.save()


class LeagueFilter(django_filters.FilterSet):
    class Meta:
        model = League
        fields = ["slug", "ruleset"]


LEAGUE_ID_OR_SLUG = OpenApiParameter(
    "id",
    OpenApiTypes.STR,
    OpenApiParameter.PATH,
    description="The league's id (digits) or its slug.",
)


LEAGUES = "Leagues & seasons"
BY_SLUG = {"parameters": [LEAGUE_ID_OR_SLUG]}
IN_LEAGUE = "Staff, or a commissioner of its league (a 403 for another league's)."
LEAGUE_WORDS = record_operations(
    one="a league",
    many="leagues",
    listing="Leagues by name: ruleset, rounds, points, start date and who advances them. "
    "Filter by `slug` or `ruleset`; `search` matches a name or slug; order by `name`, "
    "`start_date` or `created_at`.",
    detail="One league, by id or slug (`/api/leagues/title-bout/`). Its divisions are "
    "`GET /api/divisions/?league={id}`, its seasons `GET /api/seasons/?league={id}`, its "
    "standings `GET /api/standings/?league={id}`, its history "
    "`GET /api/leagues/{slug}/history/`.",
    writers="Staff, or a commissioner of this league.",
    create=(
        "Create a league",
        "Creates a league and answers 201 with it: `name`, `slug`, `ruleset` and `start_date` "
        "are needed, "
        "the rest has defaults. Staff only (403 for anyone else). A taken slug or a value the "
        "rules refuse is a 400 naming the field. Then add divisions "
        "(`POST /api/divisions/`) and fighters to their rosters.",
        {"examples": [LEAGUE_CREATE]},
    ),
    destroy=(
        "Delete a league",
        "Deletes the league and everything in it: 204, no body. Staff only.",
    ),
    archive=(
        "Download a league's archive",
        "The whole league as one JSON file: its settings, fighters and cards, divisions, "
        "seasons, fight nights, bouts with their records, brackets and titles. For its "
        "commissioners (missing what only staff reads: the seeds and plans of bouts not yet "
        'fought, the standing plans; `"complete": false`) and staff (complete). 401 when not '
        "signed in, 403 for anyone else. `POST /api/leagues/import/` makes a league of it.",
    ),
    import_archive=(
        "Import a league from an archive",
        "Makes a new league of a complete archive (`GET /api/leagues/{id}/archive/`): the "
        "JSON body, or a file in the multipart field `archive`; `?slug=` and `?name=` rename "
        "it when the archive's are taken. Checked whole before anything is written: a 400 "
        "names each problem by its place (`bouts[12].red: no fighter 'F9' in this "
        "archive`). Staff, or an account allowed to create leagues.",
    ),
)


@documented(
    LEAGUES,
    **{
        name: (*words, BY_SLUG)
        if name in ("retrieve", "update", "partial_update", "destroy")
        else words
        for name, words in LEAGUE_WORDS.items()
    },
)
class LeagueViewSet(LeagueArchiveActions, CommissionerScopedViewSetMixin, viewsets.ModelViewSet):
    """Leagues, fetched by id or by slug (``/api/leagues/title-bout/``). Staff
    creates and deletes them; a commissioner edits his own."""

    def get_object(self):
        # Digits are an id (as before); anything else is a slug. A slug is never
        # all digits (the model's validator), so the two never meet.
        value = self.kwargs[self.lookup_url_kwarg or self.lookup_field]
        field = "pk" if value.isdigit() else "slug"
        queryset = self.filter_queryset(self.get_queryset())
        obj = get_object_or_404(queryset, **{field: value})
        self.check_object_permissions(self.request, obj)
        return obj

    serializer_class = LeagueSerializer
    filterset_class = LeagueFilter
    search_fields = ["name", "slug"]
    ordering_fields = ["name", "start_date", "created_at"]
    ordering = ["name"]

    def get_queryset(self):
        return League.objects.prefetch_related("commissioners")

    def leagues_of_object(self, obj):
        return {obj.pk}

    def leagues_of_data(self, data):
        return set()

    def perform_create(self, serializer):
        if not self.request.user.is_staff:
            raise PermissionDenied(STAFF_ONLY)
        serializer.save()

    def perform_destroy(self, instance):
        if not self.request.user.is_staff:
            raise PermissionDenied(STAFF_ONLY)
        instance.delete()


class DivisionFilter(django_filters.FilterSet):
    league = IdFilter(field_name="league_id")
    league_slug = django_filters.CharFilter(field_name="league__slug")

    class Meta:
        model = Division
        fields = ["league", "league_slug", "weight_class"]


class SeasonScheduleSerializer(serializers.Serializer):
    start_date = serializers.DateField(required=False, allow_null=True)
    seed = serializers.IntegerField(default=0, min_value=0, max_value=2**53)
    venue = StrictCharField(required=False, allow_blank=True, max_length=160, default="")
    fight_at = serializers.DateTimeField(
        required=False,
        allow_null=True,
        help_text="The first fight night's time, the next ones days_between_events days "
        "apart; the managers write their plans until then. Empty: fought now.",
    )


@documented(
    LEAGUES,
    **record_operations(
        one="a division",
        many="divisions",
        listing="Divisions: one weight class of a league each, with the ids of the fighters "
        "(and camps, team rulesets) on its roster. Filter by `league`, `league_slug` or "
        "`weight_class`; `search` matches a name; order by `name` or `weight_class`.",
        detail="One division and its roster. Its seasons are `GET /api/seasons/?division={id}`, "
        "its table `GET /api/standings/?division={id}`, its rankings "
        "`GET /api/rankings/?division={id}`, its title `GET /api/titles/?division={id}`, its "
        "regions `GET /api/divisions/{id}/regions/`.",
        writers=IN_LEAGUE + " The roster (`fighters`, `camps`) is checked by the roster rules "
        "(weight class, one league's division per weight).",
        schedule_season=(
            "Schedule a season in a division",
            "Makes a round-robin season of the division's active fighters (or camps): one fight "
            "night per round, every bout scheduled. Without `fight_at` the nights are fought "
            "now, one after another, by the workers; with it, the first night fires then and "
            "the managers write plans until each night. Answers 201 with the season "
            "(`GET /api/seasons/{id}/`); follow it with `GET /api/events/?season={id}` and "
            "`GET /api/standings/?season={id}`. " + IN_LEAGUE + " Its bouts count against the "
            "bout-queue throttle: a season bigger than the limit is a 400, one bigger than "
            "what is left a 429.",
        ),
    ),
)
class DivisionViewSet(_InLeagueViewSet):
    """Divisions: one weight class of a league, with its fighters (and camps for
    team rulesets). ``schedule-season`` plans a round robin of fight nights."""

    serializer_class = DivisionSerializer
    filterset_class = DivisionFilter
    search_fields = ["name"]
    ordering_fields = ["name", "weight_class"]
    ordering = ["league_id", "name"]

    def get_throttles(self):
        if self.action == "schedule_season":
            return [BoutQueueThrottle()]
        return super().get_throttles()

    @extend_schema(request=SeasonScheduleSerializer, responses={201: SeasonSerializer})
    @action(detail=True, methods=["post"], url_path="schedule-season", filter_backends=[])
    def schedule_season(self, request, pk=None):
        """A round-robin season for the division's active fighters (or camps): one
        fight night per round, every bout scheduled; fought now (night after night),
        or from ``fight_at`` on."""
        division = self.get_object()
        body = SeasonScheduleSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = dict(body.validated_data)
        fight_at = data.pop("fight_at", None)
        # The throttle counts bouts queued (a 12-fighter season is 66), charged
        # before anything is written: a season larger than the limit itself is
        # a 400, one larger than what is left of it now a 429, both naming it.
        expected = season_bout_count(division)
        limit = over_any_limit(request, expected)
        if limit is not None:
            raise serializers.ValidationError(
                {
                    "division": [
                        f"A season of this division is {expected} bouts, more than the "
                        f"bouts a client may queue ({limit}): split the division first."
                    ]
                }
            )
        reserve(request, expected)
        try:
            season = services.season_schedule(
                division=division, queue=fight_at is None, fight_at=fight_at, **data
            )
        except Exception:
            refund(request, expected)
            raise
        refund(request, expected - season.fixtures.count())
        return Response(SeasonSerializer(season).data, status=status.HTTP_201_CREATED)

    def perform_create(self, serializer):
        self._save_with_roster(serializer)

    def perform_update(self, serializer):
        self._save_with_roster(serializer)

    def _save_with_roster(self, serializer):
        """The division's own fields as any league row; its roster through the
        roster rule (``league.services.rosters``), in one transaction."""
        self.check_data_leagues(serializer.validated_data)
        fighters = serializer.validated_data.pop("fighters", None)
        camps = serializer.validated_data.pop("camps", None)
        with transaction.atomic():
            division = serializer.save()
            rosters.division_roster_set(
                user=self.request.user, division=division, fighters=fighters, camps=camps
            )

    def get_queryset(self):
        return Division.objects.select_related("league").prefetch_related(
            Prefetch("fighters", queryset=Fighter.objects.only("id")),
            Prefetch("camps", queryset=Camp.objects.only("id")),
        )


class SeasonFilter(django_filters.FilterSet):
    league = IdFilter(field_name="league_id")
    division = IdFilter(field_name="division_id")
    status = django_filters.ChoiceFilter(choices=SeasonStatus.choices)

    class Meta:
        model = Season
        fields = ["league", "division", "status"]


@documented(
    LEAGUES,
    **record_operations(
        one="a season",
        many="seasons",
        listing="Seasons: a division's numbered round robins, with their dates and `status`. "
        "Filter by `league`, `division` or `status`; order by `number` or `start_date`. Start "
        "one with `POST /api/divisions/{id}/schedule-season/`.",
        detail="One season. Its fight nights are `GET /api/events/?season={id}`, its table "
        "`GET /api/standings/?season={id}`, its awards `GET /api/seasons/{id}/awards/`.",
        writers=IN_LEAGUE,
    ),
)
class SeasonViewSet(_InLeagueViewSet):
    serializer_class = SeasonSerializer
    filterset_class = SeasonFilter
    ordering_fields = ["number", "start_date"]
    ordering = ["division_id", "number"]

    def get_queryset(self):
        return Season.objects.all()


class EventFilter(django_filters.FilterSet):
    league = IdFilter(field_name="league_id")
    season = IdFilter(field_name="season_id")
    date_from = django_filters.DateFilter(field_name="date", lookup_expr="gte")
    date_to = django_filters.DateFilter(field_name="date", lookup_expr="lte")

    class Meta:
        model = Event
        fields = ["league", "season", "date_from", "date_to"]


@documented(
    LEAGUES,
    **record_operations(
        one="a fight night",
        many="fight nights",
        listing="Fight nights (events): a league's cards, by date. Filter by `league`, `season`, "
        "`date_from` and `date_to` (YYYY-MM-DD); `search` matches a name or venue; order by "
        "`date` or `name`.",
        detail="One fight night with its bouts in card order and their results. A bout's whole "
        "record is `GET /api/bouts/{id}/`.",
        writers=IN_LEAGUE,
        fight=(
            "Fight a fight night now",
            "Fires the card now: its plans lock and its bouts are fought by the workers (a "
            "season's night as soon as the nights before it are finished). Answers the night "
            "with its bouts; poll `GET /api/events/{id}/` for the results. " + IN_LEAGUE,
        ),
    ),
)
class EventViewSet(_InLeagueViewSet):
    """Events (fight cards); the detail lists the card's bouts in order."""

    filterset_class = EventFilter
    search_fields = ["name", "venue"]
    ordering_fields = ["date", "name"]
    ordering = ["date", "id"]

    def get_serializer_class(self):
        return EventDetailSerializer if self.action in ("retrieve", "fight") else EventSerializer

    @extend_schema(request=None, responses=EventDetailSerializer)
    @action(detail=True, methods=["post"])
    def fight(self, request, pk=None):
        """Fight the card now (staff or the league's commissioner): its plans
        lock and it fires — a season's event as soon as the earlier ones are
        finished."""
        event = self.get_object()
        fight_nights.event_fight_now(event=event, user=request.user)
        self.action = "retrieve"
        return Response(EventDetailSerializer(self.get_queryset().get(pk=event.pk)).data)

    def get_queryset(self):
        qs = Event.objects.all()
        if self.action == "retrieve":
            qs = qs.prefetch_related(
                Prefetch(
                    "bouts",
                    queryset=Bout.objects.select_related(
                        "red", "blue", "red_camp", "blue_camp", "result"
                    ).order_by("order", "id"),
                )
            )
        return qs
