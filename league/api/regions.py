"""Regions through the API (docs/career.md, "Regions").

- ``GET /api/divisions/<id>/regions/``: each region's champion, lineage and ranking
  (the division's ranking filtered by region) and the world title's contenders.
  Public, like the division's rankings; 404 when the league has no regions.
- ``GET /api/leagues/<slug>/regions/``: the league's regions and their members
  (public); ``POST {name}``: a new region (a commissioner of the league, or staff).
- ``POST /api/leagues/<slug>/regions/members/ {fighter, region}``: put a fighter in
  a region (``region: null`` takes him out); the same people.
Who may is checked before the body is read (a stranger's bad input is a 403, not
a 400), and again by the services (403), which decide what is valid (400, field
errors)."""

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.schema import documented
from fighters.models import Fighter

from ..models import Division, League, Region
from ..region_selectors import division_regions
from ..services import regions
from ..services.membership import require_commissioner


class RegionalNameSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()


class RegionalEntrySerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    division_rank = serializers.IntegerField(allow_null=True)
    fighter = RegionalNameSerializer()
    ordinal = serializers.FloatField(allow_null=True)
    is_champion = serializers.BooleanField()


class RegionalReignSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    fighter = RegionalNameSerializer()
    started_on = serializers.DateField()
    start_bout = serializers.IntegerField(source="start_bout_id", allow_null=True)
    ended_on = serializers.DateField(allow_null=True)
    end_bout = serializers.IntegerField(source="end_bout_id", allow_null=True)
    end_reason = serializers.CharField()
    defences = serializers.IntegerField()


class RegionSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="region.pk")
    name = serializers.CharField(source="region.name")
    champion = RegionalNameSerializer(source="title.champion", allow_null=True, default=None)
    ranking = RegionalEntrySerializer(many=True)
    reigns = RegionalReignSerializer(many=True)


class DivisionRegionsSerializer(serializers.Serializer):
    world_champion = RegionalNameSerializer(allow_null=True)
    contenders_per_region = serializers.IntegerField(source="per_region")
    contenders = RegionalNameSerializer(many=True)
    regions = RegionSerializer(many=True)


LEAGUES = "Leagues & seasons"
COMMISSIONER = "A commissioner of the league, or staff: 403 for anyone else, checked first."


@documented(
    "Standings & history",
    get=(
        "Get a division's regional picture",
        "For a league with regions: each region's champion, lineage and ranking (the "
        "division's ranking filtered by region), and the world title's champion and "
        "contenders. Public; 404 for no such division or a league without regions. The whole "
        "ranking is `GET /api/rankings/?division={id}`.",
    ),
)
class DivisionRegionsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: DivisionRegionsSerializer})
    def get(self, request, pk):
        division = get_object_or_404(Division.objects.select_related("league"), pk=pk)
        if not division.league.regions_enabled:
            raise Http404("This league has no regions.")
        picture = division_regions(division=division)
        return Response(DivisionRegionsSerializer(picture).data)


class LeagueRegionSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk", read_only=True)
    name = serializers.CharField(max_length=80)
    members = serializers.SerializerMethodField()

    def get_members(self, region) -> list[int]:
        return sorted(m.fighter_id for m in region.members.all())


class RegionMemberSerializer(serializers.Serializer):
    fighter = serializers.PrimaryKeyRelatedField(queryset=Fighter.objects.all())
    region = serializers.PrimaryKeyRelatedField(queryset=Region.objects.all(), allow_null=True)


def _regions_league(slug: str) -> League:
    league = get_object_or_404(League, slug=slug)
    if not league.regions_enabled:
        raise Http404("This league has no regions.")
    return league


def _commissioned_league(request, slug: str) -> League:
    """The league, when the request's user may change its regions (403 before
    anything of the body is looked at)."""
    league = _regions_league(slug)
    require_commissioner(request.user, league)
    return league


@documented(
    LEAGUES,
    get=(
        "List a league's regions",
        "The league's regions, each with the ids of its member fighters. Public; 404 for no "
        "such league or a league without regions. A division's regional titles and rankings "
        "are `GET /api/divisions/{id}/regions/`.",
    ),
    post=(
        "Create a region",
        "Adds a region (`name`) to a league with regions; answers 201 with it. " + COMMISSIONER,
    ),
)
class LeagueRegionsView(APIView):
    """A league's regions and members (GET, public); a new region (POST)."""

    permission_classes = [AllowAny]  # POST: _commissioned_league, and the service

    @extend_schema(responses={200: LeagueRegionSerializer(many=True)})
    def get(self, request, slug):
        league = _regions_league(slug)
        rows = Region.objects.filter(league=league).prefetch_related("members").order_by("name")
        return Response(LeagueRegionSerializer(rows, many=True).data)

    @extend_schema(request=LeagueRegionSerializer, responses={201: LeagueRegionSerializer})
    def post(self, request, slug):
        league = _commissioned_league(request, slug)
        data = LeagueRegionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        region = regions.region_create(
            actor=request.user, league=league, name=data.validated_data["name"]
        )
        return Response(LeagueRegionSerializer(region).data, status=status.HTTP_201_CREATED)


@documented(
    LEAGUES,
    post=(
        "Put a fighter in a region",
        "Puts a `fighter` in one of the league's regions (`region`), or takes him out of his "
        "(`region: null`); answers what was set. " + COMMISSIONER,
    ),
)
class RegionMembersView(APIView):
    """Put a fighter in one of the league's regions, or take him out (region null)."""

    permission_classes = [AllowAny]  # _commissioned_league, and the service

    @extend_schema(request=RegionMemberSerializer, responses={200: RegionMemberSerializer})
    def post(self, request, slug):
        league = _commissioned_league(request, slug)
        data = RegionMemberSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        regions.region_assign(actor=request.user, league=league, **data.validated_data)
        return Response(RegionMemberSerializer(data.validated_data).data)
