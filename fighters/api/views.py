"""Fighters (with their ``career``), cards, camps and corner men. A fighter's
``bouts`` are served by the bouts app (``bouts.api.fighter_history``)."""

from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.settings import api_settings

from core.api.permissions import LeagueScopedViewSetMixin
from core.api.schema import documented, record_operations

from .. import list_cache, selectors, services
from ..models import Career
from . import examples
from .filters import CardFilter, CornerManFilter, FighterFilter, with_folded_search
from .serializers import (
    CampSerializer,
    CardSerializer,
    CareerSerializer,
    CornerManSerializer,
    FighterCreateSerializer,
    FighterRetireSerializer,
    FighterSerializer,
    fighter_list_data,
)


class HiddenCardsMixin:
    """Career leagues may hide cards from all but their managers and commissioners.
    Only the league knows who may see what; it answers this hook when it mounts the
    viewset (league.api.permissions). Here: every card is visible."""

    def hidden_card_fighters(self, request):
        """Fighters whose cards ``request``'s user may not see; None = none hidden."""
        return None


FIGHTERS = "Fighters & cards"
COMMISSIONERS = (
    "Staff, or a commissioner of every league the fighter's divisions belong to (a free agent: "
    "any commissioner)."
)


@documented(
    FIGHTERS,
    **record_operations(
        one="a fighter",
        many="fighters",
        listing="Fighters by name, with their record and a summary of each rating card "
        "(hidden cards of career leagues left out for all but their managers). Filter by "
        "`weight_class`, `stance`, `active`, `camp`, `division` (on its roster) or `ruleset` "
        "(holds a card for it); `search` finds a name or nickname with accents and case ignored "
        "(`bojanic` finds Denis Bojanić, every word must match); order by `name`, "
        "`weight_class`, `created_at`, `career__wins` or `career__bouts`.",
        detail="One fighter: his profile, record and card summaries. His career summary is "
        "`GET /api/fighters/{id}/career/`, his bouts `GET /api/fighters/{id}/bouts/`, his full "
        "cards `GET /api/cards/?fighter={id}`.",
        writers=COMMISSIONERS,
        examples={
            "list": [examples.FIGHTER_ROW],
            "retrieve": [examples.FIGHTER_READ],
            "create": [examples.FIGHTER_CREATE],
            "career": [examples.CAREER],
        },
        create=(
            "Create a fighter",
            "Creates a fighter with his rating cards (one per ruleset, each checked by the "
            "ruleset's rules) and answers 201 with the fighter as `GET /api/fighters/{id}/` shows "
            "him. Staff or any commissioner: a new fighter is a free agent until a division's "
            "roster takes him. A value the rules refuse is a 400 naming the field.",
        ),
        destroy=(
            "Delete a fighter",
            "Deletes a fighter who has never fought: 204, no body. "
            + COMMISSIONERS
            + " A fighter with bouts is a 400 (his bouts keep him): retire him instead "
            "(`POST /api/fighters/{id}/retire/`).",
        ),
        career=(
            "Get a fighter's career summary",
            "His record in numbers: `record` as the pages print it (`16-2-0`), bouts, wins, "
            "losses, draws, wins and losses by KO, TKO and disqualification, title fights and "
            "title wins, his last bout's date. Public. The bouts themselves are "
            "`GET /api/fighters/{id}/bouts/`; the fighter, `GET /api/fighters/{id}/`.",
        ),
        retire=(
            "Retire a fighter",
            "Retires the fighter on the day given (`on`, default today): he is no longer active "
            "(`GET /api/fighters/?active=true` leaves him out); his cards and record stay. "
            "Answers the fighter. Staff, a commissioner of his leagues, or his own manager.",
        ),
    ),
)
class FighterViewSet(HiddenCardsMixin, LeagueScopedViewSetMixin, viewsets.ModelViewSet):
    """Fighters. Filter by ``weight_class``, ``ruleset`` (holds a card for it),
    ``active``, ``camp``; search by name; order by name, weight class, wins."""

    serializer_class = FighterSerializer
    filterset_class = FighterFilter
    # The folded name (FoldedNameSearch), not DRF's icontains over name and nickname.
    filter_backends = with_folded_search(api_settings.DEFAULT_FILTER_BACKENDS)
    search_fields = ["search_name"]
    ordering_fields = ["name", "weight_class", "created_at", "career__wins", "career__bouts"]
    ordering = ["name", "id"]

    def get_queryset(self):
        if self.action == "list":
            return selectors.fighter_list()  # its cards are read apart (``list``)
        if self.action == "career":
            return selectors.fighter_careers()
        return selectors.fighter_list(hidden_cards=self.hidden_card_fighters(self.request))

    def get_serializer_class(self):
        if self.action == "create":
            return FighterCreateSerializer
        return super().get_serializer_class()

    def list(self, request, *args, **kwargs):
        """FighterSerializer's list, written from plain rows (``fighter_list_data``):
        the same body in the same three queries (count, page, cards) for a fraction
        of the CPU. The schema is the serializer's. A page is served from
        ``fighters.list_cache`` until something it shows changes."""
        fighters = self.filter_queryset(self.get_queryset())  # a bad query: 400 first
        cached = list_cache.Page(
            viewer=list_cache.viewer_of(request.user), url=request.build_absolute_uri()
        )
        data = cached.get()
        if data is None:
            data = self.list_data(request, fighters)
            cached.put(data)
        return Response(data)

    def list_data(self, request, fighters):
        """The list's body: a page (count, links, results) or, unpaginated, the list."""
        rows = selectors.fighter_rows(fighters)
        page = self.paginate_queryset(rows)
        rows = list(rows) if page is None else page
        cards = selectors.card_summaries(
            fighter_ids=[row["id"] for row in rows],
            hidden_cards=self.hidden_card_fighters(request),
        )
        data = fighter_list_data(rows, cards)
        return data if page is None else self.get_paginated_response(data).data

    def leagues_of_object(self, obj):
        return selectors.fighter_league_ids(fighter=obj)

    def leagues_of_data(self, data):
        return set()  # a new fighter is a free agent until a division takes him

    @extend_schema(request=FighterCreateSerializer, responses={201: FighterSerializer})
    def create(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        self.perform_create(serializer)
        body = FighterSerializer(serializer.instance, context=self.get_serializer_context()).data
        return Response(body, status=status.HTTP_201_CREATED)

    def perform_create(self, serializer):
        fighter = services.fighter_create(
            **serializer.validated_data, user=self.request.user, source="api"
        )
        serializer.instance = selectors.fighter_get(fighter_id=fighter.pk)

    def perform_update(self, serializer):
        fighter = services.fighter_update(
            fighter=serializer.instance, data=serializer.validated_data, user=self.request.user
        )
        serializer.instance = selectors.fighter_get(fighter_id=fighter.pk)

    def perform_destroy(self, instance):
        services.fighter_delete(fighter=instance, user=self.request.user)

    @extend_schema(responses=CareerSerializer)
    @action(detail=True, methods=["get"], filter_backends=[])
    def career(self, request, pk=None):
        """The fighter's record summary."""
        fighter = self.get_object()
        try:
            career = fighter.career
        except Career.DoesNotExist:
            career = Career(fighter=fighter)
        return Response(CareerSerializer(career).data)

    @extend_schema(request=FighterRetireSerializer, responses=FighterSerializer)
    @action(detail=True, methods=["post"])
    def retire(self, request, pk=None):
        """Retire the fighter on a given day."""
        fighter = self.get_object()
        body = FighterRetireSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.fighter_retire(
            fighter=fighter, on=body.validated_data["on"], user=self.request.user
        )
        return Response(FighterSerializer(selectors.fighter_get(fighter_id=fighter.pk)).data)


@documented(
    FIGHTERS,
    **record_operations(
        one="a rating card",
        many="rating cards",
        listing="Rating cards, one per fighter and ruleset: the ratings the engine fights "
        "him with. Filter by `fighter` or `ruleset`; order by `rating`, `ruleset` or "
        "`updated_at`. Cards a career league hides are left out for all but the fighter's "
        "manager and the league's commissioners.",
        detail="One card: its ruleset, the ratings in the ruleset's terms and the overall "
        "`rating`. The fighter is `GET /api/fighters/{fighter}/`.",
        writers="Staff, or a commissioner of every league the fighter fights in; every change "
        "is checked by the ruleset's own rules and kept in the card's history.",
        examples={"retrieve": [examples.CARD]},
        plural="rating cards",
    ),
)
class CardViewSet(HiddenCardsMixin, LeagueScopedViewSetMixin, viewsets.ModelViewSet):
    """Rating cards, one per fighter and ruleset; every write is validated by the
    ruleset's own rules and kept in the card's change history."""

    serializer_class = CardSerializer
    filterset_class = CardFilter
    ordering_fields = ["rating", "ruleset", "updated_at"]
    ordering = ["fighter_id", "ruleset"]

    def get_queryset(self):
        cards = selectors.card_list()
        hidden = self.hidden_card_fighters(self.request)
        return cards if hidden is None else cards.exclude(fighter__in=hidden)

    def leagues_of_object(self, obj):
        return selectors.fighter_league_ids(fighter=obj.fighter)

    def leagues_of_data(self, data):
        return selectors.fighter_league_ids(fighter=data["fighter"])

    def _save(self, serializer, fighter):
        data = serializer.validated_data
        card = services.card_save(
            fighter=fighter,
            ruleset=data["ruleset"],
            data=data["data"],
            user=self.request.user,
            source="api",
        )
        serializer.instance = card

    def perform_create(self, serializer):
        self.check_data_leagues(serializer.validated_data)
        self._save(serializer, serializer.validated_data["fighter"])

    def perform_update(self, serializer):
        fighter = serializer.validated_data.get("fighter", serializer.instance.fighter)
        if fighter != serializer.instance.fighter:
            raise ValidationError({"fighter": ["A card cannot move to another fighter."]})
        serializer.validated_data.setdefault("ruleset", serializer.instance.ruleset)
        serializer.validated_data.setdefault("data", serializer.instance.data)
        if serializer.validated_data["ruleset"] != serializer.instance.ruleset:
            raise ValidationError({"ruleset": ["A card cannot change its ruleset."]})
        self._save(serializer, fighter)

    def perform_destroy(self, instance):
        services.card_delete(card=instance, user=self.request.user, source="api")


@documented(
    FIGHTERS,
    **record_operations(
        one="a camp",
        many="camps",
        listing="Camps: the stables fighters belong to, and the sides of team bouts. "
        "`search` matches a name, manager or city; order by `name` or `created_at`. A "
        "camp's fighters are `GET /api/fighters/?camp={id}`, its corner men "
        "`GET /api/corner-men/?camp={id}`.",
        detail="One camp: its name, manager and city. Its fighters are "
        "`GET /api/fighters/?camp={id}`; its bouts (team rulesets) `GET /api/bouts/?camp={id}`.",
        writers="Staff, or a commissioner of every league the camp fights in.",
    ),
)
class CampViewSet(LeagueScopedViewSetMixin, viewsets.ModelViewSet):
    """Camps: stables of fighters, the sides of team bouts."""

    serializer_class = CampSerializer
    search_fields = ["name", "manager", "city"]
    ordering_fields = ["name", "created_at"]
    ordering = ["name"]

    def get_queryset(self):
        return selectors.camp_list()

    def leagues_of_object(self, obj):
        return selectors.camp_league_ids(camp=obj)

    def leagues_of_data(self, data):
        return set()

    def perform_create(self, serializer):
        serializer.instance = services.camp_create(**serializer.validated_data)

    def perform_update(self, serializer):
        serializer.instance = services.camp_update(
            camp=serializer.instance, data=serializer.validated_data, user=self.request.user
        )

    def perform_destroy(self, instance):
        services.camp_delete(camp=instance, user=self.request.user)


@documented(
    FIGHTERS,
    **record_operations(
        one="a corner man",
        many="corner men",
        listing="Corner men, cut men and trainers, rated for work on cuts (`cut`) and "
        "between-rounds strategy (`strategy`). Filter by `camp`, `role` or `is_available`; "
        "`search` matches a name; order by `name`, `cut` or `strategy`.",
        detail="One corner man: his role, ratings and camp (`GET /api/camps/{camp}/`).",
        writers="Staff, or a commissioner of every league his camp fights in.",
    ),
)
class CornerManViewSet(LeagueScopedViewSetMixin, viewsets.ModelViewSet):
    """Corner men: cut men and trainers, rated for cuts and strategy."""

    serializer_class = CornerManSerializer
    filterset_class = CornerManFilter
    search_fields = ["name"]
    ordering_fields = ["name", "cut", "strategy"]
    ordering = ["name"]

    def get_queryset(self):
        return selectors.corner_man_list()

    def leagues_of_object(self, obj):
        return selectors.corner_man_league_ids(corner=obj)

    def leagues_of_data(self, data):
        camp = data.get("camp")
        return selectors.camp_league_ids(camp=camp) if camp else set()

    def perform_create(self, serializer):
        self.check_data_leagues(serializer.validated_data)
        serializer.instance = services.corner_man_create(
            **serializer.validated_data, user=self.request.user
        )

    def perform_update(self, serializer):
        self.check_data_leagues(serializer.validated_data)
        serializer.instance = services.corner_man_update(
            corner=serializer.instance, data=serializer.validated_data, user=self.request.user
        )

    def perform_destroy(self, instance):
        services.corner_man_delete(corner=instance, user=self.request.user)
