"""A division's regions through the API (docs/career.md, "Regions"):
``GET /api/divisions/<id>/regions/`` — each region's champion, lineage and ranking
(the division's ranking filtered by region) and the world title's contenders.
Public, like the division's rankings; 404 when the league has no regions."""

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from ..models import Division
from ..region_selectors import division_regions


class NamedSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()


class RegionalEntrySerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    division_rank = serializers.IntegerField(allow_null=True)
    fighter = NamedSerializer()
    ordinal = serializers.FloatField(allow_null=True)
    is_champion = serializers.BooleanField()


class RegionalReignSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    fighter = NamedSerializer()
    started_on = serializers.DateField()
    start_bout = serializers.IntegerField(source="start_bout_id", allow_null=True)
    ended_on = serializers.DateField(allow_null=True)
    end_bout = serializers.IntegerField(source="end_bout_id", allow_null=True)
    end_reason = serializers.CharField()
    defences = serializers.IntegerField()


class RegionSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="region.pk")
    name = serializers.CharField(source="region.name")
    champion = NamedSerializer(source="title.champion", allow_null=True, default=None)
    ranking = RegionalEntrySerializer(many=True)
    reigns = RegionalReignSerializer(many=True)


class DivisionRegionsSerializer(serializers.Serializer):
    world_champion = NamedSerializer(allow_null=True)
    contenders_per_region = serializers.IntegerField(source="per_region")
    contenders = NamedSerializer(many=True)
    regions = RegionSerializer(many=True)


class DivisionRegionsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: DivisionRegionsSerializer})
    def get(self, request, pk):
        division = get_object_or_404(Division.objects.select_related("league"), pk=pk)
        if not division.league.regions_enabled:
            raise Http404("This league has no regions.")
        picture = division_regions(division=division)
        return Response(DivisionRegionsSerializer(picture).data)
