"""A league's history through the API (docs/history.md).

- ``GET /api/leagues/<slug>/history/``: every league season (newest first) with
  each division's table leader, champion at its end and title changes, and the
  season's awards; the award races of the season being fought. Public.
- ``GET /api/leagues/<slug>/records/``: the all-time record book (read from the
  stored lines the projector keeps). Public.
- ``GET /api/leagues/<slug>/hall-of-fame/``: the inducted (public); ``POST``:
  induct the retired fighters past the league's bar (staff or the league's
  commissioner; 201 with the new inductees).
- ``GET /api/seasons/<id>/awards/``: the league season's awards (``handed_out``)
  or, before they are, the races' leaders; ``POST``: hand them out (staff or the
  league's commissioner; 201; 400 while a division's season is still fought;
  again replaces them).
Dates are ISO. Who may write is checked by the services (403).
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.filters import refuse_unknown_parameters
from core.api.schema import documented

from ..history import selectors, services
from ..models import Award, League, Season

HISTORY = "Standings & history"
COMMISSIONER = "Staff or a commissioner of the league: 401 when not signed in, 403 for anyone else."


class HistoryView(APIView):
    # Public reads; a query parameter is a 400, as everywhere. (No docstring: each
    # view's operations have their own words, ``documented``.)

    permission_classes = [AllowAny]

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        refuse_unknown_parameters(request, ())


class HistoryNameSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()


def _competitor(who) -> dict | None:
    if who is None:
        return None
    kind = "fighter" if getattr(who, "weight_class", "") else "camp"
    return {"type": kind, "id": who.pk, "name": who.name}


class HistoryCompetitorSerializer(serializers.Serializer):
    type = serializers.ChoiceField(choices=["fighter", "camp"])
    id = serializers.IntegerField()
    name = serializers.CharField()


class AwardSerializer(serializers.Serializer):
    kind = serializers.CharField()
    title = serializers.CharField()
    season_number = serializers.IntegerField()
    division = HistoryNameSerializer(allow_null=True)
    competitor = serializers.SerializerMethodField()
    manager = serializers.SerializerMethodField()
    bout = serializers.IntegerField(source="bout_id", allow_null=True)
    summary = serializers.CharField(help_text="The figures that decided it, in words.")
    rule = serializers.CharField(help_text="The rule that chose it.")
    handed_out_on = serializers.DateField(help_text="The league date (unsaved: today's).")

    @extend_schema(responses=HistoryCompetitorSerializer(allow_null=True))
    def get_competitor(self, award: Award) -> dict | None:
        return _competitor(award.fighter or award.camp)

    @extend_schema(responses=HistoryNameSerializer(allow_null=True))
    def get_manager(self, award: Award) -> dict | None:
        if award.manager is None:
            return None
        name = award.manager.get_full_name() or award.manager.username
        return {"id": award.manager.pk, "name": name}


class TitleChangeSerializer(serializers.Serializer):
    champion = HistoryCompetitorSerializer()
    won_on = serializers.DateField()


class SeasonPartSerializer(serializers.Serializer):
    season = serializers.IntegerField(source="season.pk")
    division = HistoryNameSerializer(source="season.division")
    status = serializers.CharField(source="season.status")
    first_night = serializers.DateField(source="first", allow_null=True)
    last_night = serializers.DateField(source="last", allow_null=True)
    table_leader = serializers.SerializerMethodField()
    champion = serializers.SerializerMethodField(help_text="The champion at the season's end.")
    title_changes = serializers.SerializerMethodField()

    @extend_schema(responses=HistoryCompetitorSerializer(allow_null=True))
    def get_table_leader(self, part) -> dict | None:
        return _competitor(part.leader.fighter or part.leader.camp) if part.leader else None

    @extend_schema(responses=HistoryCompetitorSerializer(allow_null=True))
    def get_champion(self, part) -> dict | None:
        return _competitor(part.champion)

    @extend_schema(responses=TitleChangeSerializer(many=True))
    def get_title_changes(self, part) -> list[dict]:
        return [
            {"champion": _competitor(r.fighter or r.camp), "won_on": r.started_on.isoformat()}
            for r in part.changes
        ]


class LeagueSeasonSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    running = serializers.BooleanField()
    divisions = SeasonPartSerializer(source="parts", many=True)
    awards = AwardSerializer(many=True)


class RacesSerializer(serializers.Serializer):
    season_number = serializers.IntegerField(allow_null=True)
    leaders = AwardSerializer(many=True)


class LeagueHistorySerializer(serializers.Serializer):
    league = serializers.CharField(source="league.slug")
    league_date = serializers.DateField(source="league.date")
    seasons = LeagueSeasonSerializer(many=True)
    races = RacesSerializer()


@documented(
    HISTORY,
    get=(
        "Get a league's history",
        "Every season of the league, newest first: each division's table leader, champion at "
        "its end and title changes, and the season's awards; and the award races of the "
        "season being fought. Public; 404 for no such league. The all-time records are "
        "`GET /api/leagues/{slug}/records/`, the hall of fame "
        "`GET /api/leagues/{slug}/hall-of-fame/`.",
    ),
)
class LeagueHistoryView(HistoryView):
    @extend_schema(responses={200: LeagueHistorySerializer})
    def get(self, request, slug):
        league = get_object_or_404(League, slug=slug)
        number, leaders = selectors.award_races(league)
        data = {
            "league": league,
            "seasons": selectors.league_history(league),
            "races": {"season_number": number, "leaders": leaders},
        }
        return Response(LeagueHistorySerializer(data).data)


class RecordEntrySerializer(serializers.Serializer):
    competitor = serializers.SerializerMethodField()
    value = serializers.CharField()
    detail = serializers.CharField(allow_blank=True, help_text="More on the record, if any.")
    bout = serializers.IntegerField(source="bout_id", allow_null=True)

    @extend_schema(responses=HistoryCompetitorSerializer)
    def get_competitor(self, entry) -> dict | None:
        return _competitor(entry.who)


class RecordSerializer(serializers.Serializer):
    key = serializers.CharField()
    title = serializers.CharField()
    rule = serializers.CharField()
    entries = RecordEntrySerializer(many=True)


@documented(
    HISTORY,
    get=(
        "Get a league's record book",
        "The league's all-time records (most wins, quickest knockouts, longest reigns…), each "
        "with its rule and holders, the bout that set it where there is one "
        "(`GET /api/bouts/{id}/`). Public; 404 for no such league.",
    ),
)
class RecordBookView(HistoryView):
    @extend_schema(responses={200: RecordSerializer(many=True)})
    def get(self, request, slug):
        league = get_object_or_404(League, slug=slug)
        return Response(RecordSerializer(selectors.record_book(league), many=True).data)


class HallOfFamerSerializer(serializers.Serializer):
    fighter = HistoryNameSerializer()
    inducted_on = serializers.DateField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    reigns = serializers.IntegerField(help_text="World title reigns.")
    citation = serializers.CharField()


def _writer(request):
    if not request.user.is_authenticated:
        raise NotAuthenticated()
    return request.user


@documented(
    HISTORY,
    get=(
        "List a league's hall of fame",
        "The fighters inducted into the league's hall of fame, with their record, reigns and "
        "citation. Public; 404 for no such league.",
    ),
    post=(
        "Induct into the hall of fame",
        "Inducts the retired fighters past the league's bar, and answers 201 with the new "
        "inductees (none: an empty list). " + COMMISSIONER,
    ),
)
class HallOfFameView(HistoryView):
    @extend_schema(responses={200: HallOfFamerSerializer(many=True)})
    def get(self, request, slug):
        league = get_object_or_404(League, slug=slug)
        rows = selectors.hall_of_fame(league)
        return Response(HallOfFamerSerializer(rows, many=True).data)

    @extend_schema(request=None, responses={201: HallOfFamerSerializer(many=True)})
    def post(self, request, slug):
        league = get_object_or_404(League, slug=slug)
        inducted = services.hall_of_fame_induct(league, by=_writer(request))
        return Response(
            HallOfFamerSerializer(inducted, many=True).data, status=status.HTTP_201_CREATED
        )


class SeasonAwardsSerializer(serializers.Serializer):
    season_number = serializers.IntegerField()
    handed_out = serializers.BooleanField(
        help_text="False: not handed out yet; the awards are the races' current leaders."
    )
    awards = AwardSerializer(many=True)


@documented(
    HISTORY,
    get=(
        "Get a season's awards",
        "The season's awards once handed out (`handed_out: true`), else the current leaders "
        "of each award's race. Public; 404 for no such season. The season is "
        "`GET /api/seasons/{id}/`; every season's awards, `GET /api/leagues/{slug}/history/`.",
    ),
    post=(
        "Hand out a season's awards",
        "Hands out the season's awards and answers 201 with them; again replaces them. 400 "
        "while a division's season is still being fought. " + COMMISSIONER,
    ),
)
class SeasonAwardsView(HistoryView):
    def _season(self, pk) -> Season:
        return get_object_or_404(Season.objects.select_related("league"), pk=pk)

    @extend_schema(responses={200: SeasonAwardsSerializer})
    def get(self, request, pk):
        season = self._season(pk)
        saved = list(
            selectors.awards_of(season.league).filter(season_number=season.number).order_by("id")
        )
        awards = saved or selectors.season_leaders(season.league, season.number)
        data = {"season_number": season.number, "handed_out": bool(saved), "awards": awards}
        return Response(SeasonAwardsSerializer(data).data)

    @extend_schema(request=None, responses={201: SeasonAwardsSerializer})
    def post(self, request, pk):
        season = self._season(pk)
        awards = services.season_awards_hand_out(season, by=_writer(request))
        data = {"season_number": season.number, "handed_out": True, "awards": awards}
        return Response(SeasonAwardsSerializer(data).data, status=status.HTTP_201_CREATED)
