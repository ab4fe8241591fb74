"""Standings (a season's table) and rankings (a division's rated list)."""

import django_filters
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import OuterRef, Subquery
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, serializers, viewsets
from rest_framework.exceptions import NotFound, ValidationError

from core.api.filters import (
    IdField,
    IdFilter,
    KnownParametersFilter,
    refuse_unknown_parameters,
)
from core.api.schema import documented

from .. import selectors, services
from ..models import Division, DivisionProjection, Standing
from .competitor import CompetitorField, CompetitorObjectField


class StandingSerializer(serializers.ModelSerializer):
    competitor = CompetitorField()
    derived_through = serializers.DateField(
        read_only=True,
        allow_null=True,
        help_text="The date of the last bout the league has derived into this table "
        "(bouts recorded since are still being derived).",
    )

    class Meta:
        model = Standing
        fields = [
            "season",
            "rank",
            "tied",
            "competitor",
            "points",
            "bouts",
            "wins",
            "losses",
            "draws",
            "stoppage_wins",
            "stoppage_losses",
            "metrics",
            "derived_through",
        ]


class StandingFilter(django_filters.FilterSet):
    season = IdFilter(field_name="season_id")
    division = IdFilter(field_name="season__division_id")
    league = IdFilter(field_name="season__league_id")

    class Meta:
        model = Standing
        fields = ["season", "division", "league"]


@documented(
    "Standings & history",
    list=(
        "List standings",
        "Season tables, best first: rank (`tied` rows share one), the fighter or camp, bouts, "
        "wins, draws, losses, points and the date the league last derived them through "
        "(`derived_through`). Filter by `season`, `division` or `league`. Public. The "
        "rankings by rating are `GET /api/rankings/?division={id}`; a season is "
        "`GET /api/seasons/{id}/`.",
    ),
)
class StandingViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """Season tables, best first (``tied`` rows share a rank). Filter by ``season``,
    ``division`` or ``league``. Kept by the league as bouts are recorded."""

    serializer_class = StandingSerializer
    filterset_class = StandingFilter
    filter_backends = [KnownParametersFilter, django_filters.rest_framework.DjangoFilterBackend]

    def get_queryset(self):
        watermark = DivisionProjection.objects.filter(
            division_id=OuterRef("season__division_id")
        ).values("watermark_date")[:1]
        return (
            Standing.objects.select_related("fighter", "camp")
            .annotate(derived_through=Subquery(watermark))
            .order_by("season_id", "rank", "fighter__name", "camp__name", "id")
        )


class RankingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    competitor = CompetitorObjectField()
    rating = serializers.FloatField(source="ordinal", help_text="mu - 3 sigma")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    bouts = serializers.IntegerField()
    is_champion = serializers.BooleanField()
    position = serializers.IntegerField(
        allow_null=True,
        help_text="The ranking as people read it: null for the champion (marked apart), "
        "the contenders from 1. `rank` is the place in the list, the champion first.",
    )
    derived_through = serializers.DateField(
        allow_null=True,
        help_text="The date of the last bout the league has derived into these rankings.",
    )


@documented(
    "Standings & history",
    list=(
        "List a division's rankings",
        "A division's rankings (`division` is required): the champion first, then by rating "
        "(mu - 3 sigma of the division's rating history), with each one's `position` as "
        "people read it (the champion apart, contenders from 1). Retired fighters are left "
        "out unless `active_only=false`. Public; 400 without `division`, 404 for no such "
        "division. The division's title is `GET /api/titles/?division={id}`, its season "
        "tables `GET /api/standings/?division={id}`.",
    ),
)
class RankingViewSet(viewsets.GenericViewSet):
    """A division's rankings: the champion first, then by rating (mu - 3 sigma of
    the division's rating history). ``division`` is required."""

    serializer_class = RankingSerializer
    filter_backends = []

    @extend_schema(
        parameters=[
            OpenApiParameter("division", OpenApiTypes.INT, required=True),
            OpenApiParameter(
                "active_only", OpenApiTypes.BOOL, description="Leave out retired fighters."
            ),
        ]
    )
    def list(self, request):
        refuse_unknown_parameters(request, ("division", "active_only"))
        field = IdField(required=True)
        try:
            division_id = field.clean(request.query_params.get("division"))
        except DjangoValidationError as exc:
            raise ValidationError({"division": exc.messages}) from None
        division = Division.objects.filter(pk=division_id).first()
        if division is None:
            raise NotFound("No such division.")
        active_only = request.query_params.get("active_only", "true").lower() not in (
            "false",
            "0",
            "no",
        )
        entries = selectors.division_rankings(division=division, active_only=active_only)
        derived_through = services.division_derived_through(division.pk)
        for entry in entries:
            entry.derived_through = derived_through
        page = self.paginate_queryset(entries)
        return self.get_paginated_response(RankingSerializer(page, many=True).data)
