"""Tournaments (with their bracket) and titles (with their lineage)."""

import django_filters
from django.core.exceptions import ValidationError
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from bouts.models import Bout
from core.api.filters import IdFilter
from core.api.schema import documented
from core.api.serializers import StrictBooleanField, StrictCharField
from core.api.throttles import BoutQueueThrottle, spend

from .. import selectors, services
from ..competition_models import StageStatus
from ..models import Division, DrawRule, Reign, Title, Tournament, TournamentEntry, TournamentStatus
from ..pages.stages import stage_sections
from ..services import competitions
from .competitor import CompetitorField, CompetitorObjectField, competitor
from .permissions import CommissionerScopedViewSetMixin
from .stages import (
    ReseedSerializer,
    StageDetailSerializer,
    StageInputSerializer,
    StageSerializer,
)


class EntrySerializer(serializers.ModelSerializer):
    competitor = CompetitorField()
    stage = serializers.IntegerField(
        source="stage_number", read_only=True, help_text="The stage the entrant is seeded in."
    )

    class Meta:
        model = TournamentEntry
        fields = ["stage", "seed", "competitor"]


class TournamentSerializer(serializers.ModelSerializer):
    champion = CompetitorField(fighter_attr="champion", camp_attr="champion_camp")
    stages = StageSerializer(many=True, read_only=True)

    class Meta:
        model = Tournament
        fields = [
            "id",
            "league",
            "division",
            "name",
            "format",
            "for_title",
            "start_date",
            "days_between_stages",
            "seed",
            "fight_now",
            "draw_rule",
            "status",
            "champion",
            "stages",
            "created_at",
        ]


class TournamentDetailSerializer(TournamentSerializer):
    entries = EntrySerializer(many=True, read_only=True)

    class Meta(TournamentSerializer.Meta):
        fields = [*TournamentSerializer.Meta.fields, "entries"]


class TournamentCreateSerializer(serializers.Serializer):
    """A new bracket in a division: its entrants are the division's best `size`
    by ranking, or `entrants` (fighter ids, or camp ids in team divisions) best
    first. The first matches are scheduled and queued at once; or, with `stages`,
    a competition in stages (a bracket among them waits in preview to be re-seeded
    and started: `/seeds/`, `/start/`)."""

    division = serializers.PrimaryKeyRelatedField(queryset=Division.objects.all())
    size = serializers.IntegerField(min_value=2, max_value=64)
    double = StrictBooleanField(default=False, help_text="Double elimination.")
    start_date = serializers.DateField(required=False, allow_null=True)
    name = StrictCharField(required=False, allow_blank=True, max_length=160, default="")
    for_title = StrictBooleanField(default=True)
    seed = serializers.IntegerField(default=0, min_value=0, max_value=2**53)
    entrants = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=2**63 - 1),
        required=False,
        allow_null=True,
        max_length=64,
    )
    fight_now = StrictBooleanField(
        default=True,
        help_text="All at once (true): each round is fought as soon as its matches are made. "
        "Round by round (false): each round's card waits to be fought (its event, or a "
        "play-until job with target tournament).",
    )
    draw_rule = serializers.ChoiceField(
        choices=DrawRule.choices,
        default=DrawRule.CARDS,
        help_text="How a drawn bout is settled: cards (rounds won, then the stronger "
        "finish, then the higher seed), decider (a new bout between the same two; a drawn "
        "decider goes to the higher seed) or seed.",
    )
    stages = StageInputSerializer(
        many=True,
        required=False,
        allow_null=True,
        help_text="A competition in stages instead of one bracket (`double` is then "
        "ignored): e.g. a Swiss of 4 rounds whose top 8 go on, then a single elimination "
        "bracket. A bracket is only the last stage; a first bracket waits in preview "
        "(re-seed it, then start it).",
    )


class BracketMatchSerializer(serializers.Serializer):
    key = serializers.CharField()
    stage = serializers.IntegerField()
    status = serializers.CharField(help_text="pending, ready, done, bye or skipped")
    red = CompetitorObjectField()
    blue = CompetitorObjectField()
    red_seed = serializers.IntegerField(allow_null=True)
    blue_seed = serializers.IntegerField(allow_null=True)
    winner = CompetitorObjectField()
    bout_id = serializers.IntegerField(allow_null=True)
    walkover = serializers.CharField(allow_blank=True)
    final = serializers.BooleanField()
    through = serializers.CharField(
        allow_blank=True, help_text="A drawn match: who went through and why, in words."
    )
    decider_bout_id = serializers.IntegerField(
        allow_null=True, help_text="A drawn match's decider bout (the decider rule)."
    )


class BracketSerializer(serializers.Serializer):
    tournament = serializers.IntegerField()
    champion = CompetitorObjectField()
    matches = BracketMatchSerializer(many=True)


class TournamentFilter(django_filters.FilterSet):
    league = IdFilter(field_name="league_id")
    division = IdFilter(field_name="division_id")
    status = django_filters.ChoiceFilter(choices=TournamentStatus.choices)

    class Meta:
        model = Tournament
        fields = ["league", "division", "status"]


COMPETITIONS = "Competitions"
IN_LEAGUE = "Staff, or a commissioner of its league (403 for anyone else)."


@documented(
    COMPETITIONS,
    list=(
        "List tournaments",
        "Tournaments (elimination brackets, Swiss and group stages), newest first, with their "
        "`status`, stages and champion once won. Filter by `league`, `division` or `status`; "
        "order by `start_date` or `name`. Public.",
    ),
    create=(
        "Create a tournament",
        "Makes a tournament in a `division`: its entrants are the division's best `size` by "
        "ranking, or `entrants` (fighter ids, camp ids in team divisions) best first; "
        "`stages` makes a Swiss or group stage before the bracket. The first matches are "
        "scheduled at once (fought now, or round by round with `fight_now: false`). Answers "
        "201 with the tournament. " + IN_LEAGUE + " Its first bouts count against the "
        "bout-queue throttle (429).",
    ),
    retrieve=(
        "Get a tournament",
        "One tournament with its entrants and seeds. Public; 404 for no such tournament. Its "
        "matches are `GET /api/tournaments/{id}/bracket/`, its stages' tables "
        "`GET /api/tournaments/{id}/stages/`.",
    ),
    bracket=(
        "Get a tournament's bracket",
        "Every match of the bracket by round, with its sides, state and winner, and the bout "
        "that settled it (`GET /api/bouts/{id}/`). Public; 404 for no such tournament.",
    ),
    stages=(
        "List a tournament's stages",
        "The tournament's stages in order: each Swiss or group table as it stands, and a "
        "bracket's first round (byes shown) while it waits to start. Public.",
    ),
    seeds=(
        "Re-seed a bracket",
        "Re-seeds the bracket waiting to start: `order` lists its entrants, seed 1 first; "
        "answers the stages. 400 once the bracket has started or for an `order` that is not "
        "its entrants. " + IN_LEAGUE,
    ),
    start=(
        "Start a bracket",
        "Starts the bracket waiting in preview: its first round is booked; answers the "
        "stages. 400 when there is no bracket waiting. " + IN_LEAGUE,
    ),
)
class TournamentViewSet(
    CommissionerScopedViewSetMixin,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    viewsets.GenericViewSet,
):
    """Elimination tournaments; ``bracket`` shows every match and its state."""

    filterset_class = TournamentFilter
    ordering_fields = ["start_date", "name"]
    ordering = ["-start_date", "-id"]

    def get_throttles(self):
        # Creating a tournament queues its first bouts.
        if self.action == "create":
            return [BoutQueueThrottle()]
        return super().get_throttles()

    def get_queryset(self):
        qs = Tournament.objects.select_related("champion", "champion_camp").prefetch_related(
            "stages"
        )
        if self.action == "retrieve":
            qs = qs.prefetch_related("entries__fighter", "entries__camp")
        return qs

    def get_serializer_class(self):
        if self.action == "create":
            return TournamentCreateSerializer
        if self.action == "retrieve":
            return TournamentDetailSerializer
        return TournamentSerializer

    def leagues_of_object(self, obj):
        return {obj.league_id}

    def leagues_of_data(self, data):
        return {data["division"].league_id}

    @extend_schema(request=TournamentCreateSerializer, responses={201: TournamentDetailSerializer})
    def create(self, request, *args, **kwargs):
        body = TournamentCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = dict(body.validated_data)
        self.check_data_leagues(data)
        stages = data.pop("stages", None)
        if stages:
            data.pop("double")
            tournament = competitions.competition_create(
                user=request.user, stages=[dict(s) for s in stages], **data
            )
        else:
            data["queue"] = data.pop("fight_now")
            tournament = services.tournament_create(**data)
        # The throttle counts the bouts the first round queued.
        spend(request, Bout.objects.filter(event__tournament=tournament).count())
        self.action = "retrieve"
        tournament = self.get_queryset().get(pk=tournament.pk)
        return Response(TournamentDetailSerializer(tournament).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses=BracketSerializer)
    @action(detail=True, methods=["get"], filter_backends=[])
    def bracket(self, request, pk=None):
        tournament = self.get_object()
        lines, champion = selectors.tournament_bracket(tournament=tournament)
        return Response(
            {
                "tournament": tournament.pk,
                "champion": competitor(champion),
                "matches": BracketMatchSerializer(lines, many=True).data,
            }
        )

    def _stages(self, tournament):
        sections = stage_sections(tournament)
        tables = {s.stage.number: s.groups for s in sections if s.groups}
        previews = {
            s.stage.number: competitions.bracket_preview(s.stage)
            for s in sections
            if s.stage.status == StageStatus.PREVIEW
        }
        context = {"tables": tables, "previews": previews}
        return Response(
            StageDetailSerializer([s.stage for s in sections], many=True, context=context).data
        )

    @extend_schema(responses=StageDetailSerializer(many=True))
    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None)
    def stages(self, request, pk=None):
        """The competition's stages in order: each Swiss or group table as it
        stands, and a bracket's first round (byes shown) while it waits to start."""
        return self._stages(self.get_object())

    def _preview_stage(self, tournament):
        stage = tournament.stages.filter(status=StageStatus.PREVIEW).order_by("number").first()
        if stage is None:
            raise ValidationError({"stage": ["No bracket of this tournament waits to start."]})
        return stage

    @extend_schema(request=ReseedSerializer, responses=StageDetailSerializer(many=True))
    @action(detail=True, methods=["post"], filter_backends=[], pagination_class=None)
    def seeds(self, request, pk=None):
        """Re-seed the bracket waiting to start: ``order`` lists its entrants, seed 1 first."""
        tournament = self.get_object()
        body = ReseedSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        stage = self._preview_stage(tournament)
        rows = TournamentEntry.objects.filter(tournament=tournament, stage_number=stage.number)
        entries = {e.fighter_id or e.camp_id: e for e in rows}
        order = body.validated_data["order"]
        if sorted(order) != sorted(entries):
            raise ValidationError(
                {"order": [f"List each of the bracket's {len(entries)} entrants once."]}
            )
        seeds = {entries[pk].pk: n for n, pk in enumerate(order, start=1)}
        competitions.stage_reseed(user=request.user, stage=stage, seeds=seeds)
        return self._stages(tournament)

    @extend_schema(request=None, responses=StageDetailSerializer(many=True))
    @action(detail=True, methods=["post"], filter_backends=[], pagination_class=None)
    def start(self, request, pk=None):
        """Start the bracket waiting in preview: its first round is booked."""
        tournament = self.get_object()
        competitions.stage_start(user=request.user, stage=self._preview_stage(tournament))
        return self._stages(tournament)


class ReignSerializer(serializers.ModelSerializer):
    champion = CompetitorField()

    class Meta:
        model = Reign
        fields = [
            "number",
            "champion",
            "started_on",
            "start_bout",
            "ended_on",
            "end_bout",
            "end_reason",
            "defences",
        ]


class TitleSerializer(serializers.ModelSerializer):
    league = serializers.IntegerField(source="division.league_id", read_only=True)
    champion = CompetitorField(fighter_attr="champion", camp_attr="champion_camp")

    class Meta:
        model = Title
        fields = ["id", "league", "division", "name", "champion"]


class TitleDetailSerializer(TitleSerializer):
    """The title with its lineage, first reign first."""

    # lineage_rows is set by the view, from league.selectors.title_lineage.

    lineage = ReignSerializer(many=True, read_only=True, source="lineage_rows")

    class Meta(TitleSerializer.Meta):
        fields = [*TitleSerializer.Meta.fields, "lineage"]


class TitleFilter(django_filters.FilterSet):
    league = IdFilter(field_name="division__league_id")
    division = IdFilter(field_name="division_id")

    class Meta:
        model = Title
        fields = ["league", "division"]


@documented(
    COMPETITIONS,
    list=(
        "List titles",
        "Titles, one per division, each with its current champion (none while vacant). "
        "Filter by `league` or `division`; order by `name`. Public.",
    ),
    retrieve=(
        "Get a title and its lineage",
        "One title with its lineage: every reign, first first, how it began and ended and its "
        "defences. Public; 404 for no such title. The division's rankings are "
        "`GET /api/rankings/?division={id}`; the champion's bouts "
        "`GET /api/fighters/{id}/bouts/`.",
    ),
)
class TitleViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Titles, one per division, with the current champion; the detail adds the
    lineage (every reign, how it began and ended, defences)."""

    filterset_class = TitleFilter
    ordering = ["division__league_id", "division__name", "id"]
    ordering_fields = ["name"]

    def get_queryset(self):
        return Title.objects.select_related("division", "champion", "champion_camp")

    def get_serializer_class(self):
        return TitleDetailSerializer if self.action == "retrieve" else TitleSerializer

    def retrieve(self, request, *args, **kwargs):
        title = self.get_object()
        title.lineage_rows = list(selectors.title_lineage(division=title.division))
        return Response(TitleDetailSerializer(title).data)
