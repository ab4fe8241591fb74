"""Challenge ladders and their challenges (docs/competitions.md, "Challenge
ladders"). Anyone reads; every write goes through ``league.ladders.services``,
which says who may (403) and what the ladder's rules refuse (400): the league's
commissioners (and staff) make ladders, issue and withdraw challenges; a
manager of the league issues challenges for his own camp's fighters where the
ladder lets managers challenge."""

import django_filters
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from core.api.filters import IdFilter
from core.api.schema import documented
from core.api.serializers import StrictBooleanField, StrictCharField
from fighters.models import Fighter

from ..ladders import selectors
from ..ladders import services as ladder_services
from ..ladders.models import ChallengeStatus, Ladder, LadderChallenge, LadderRung
from ..models import Division


class RungSerializer(serializers.ModelSerializer):
    fighter_name = serializers.CharField(source="fighter.name", read_only=True)

    class Meta:
        model = LadderRung
        fields = ["rank", "fighter", "fighter_name", "start_rank"]


class LadderSerializer(serializers.ModelSerializer):
    class Meta:
        model = Ladder
        fields = ["id", "league", "division", "name", "reach", "managers_challenge", "created_at"]


class LadderDetailSerializer(LadderSerializer):
    rungs = serializers.SerializerMethodField(help_text="The ladder, top first.")

    class Meta(LadderSerializer.Meta):
        fields = [*LadderSerializer.Meta.fields, "rungs"]

    @extend_schema_field(RungSerializer(many=True))
    def get_rungs(self, ladder):
        return RungSerializer(ladder.rungs.all(), many=True).data


class LadderCreateSerializer(serializers.Serializer):
    """A new ladder in a division: `fighters` (ids, top first), or the
    division's best `size` by ranking (every active fighter without either)."""

    division = serializers.PrimaryKeyRelatedField(queryset=Division.objects.all())
    name = StrictCharField(required=False, allow_blank=True, max_length=160, default="")
    reach = serializers.IntegerField(
        default=3, help_text="How many places above himself a fighter may challenge (1 to 10)."
    )
    size = serializers.IntegerField(required=False, allow_null=True, min_value=2, max_value=64)
    fighters = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=2**63 - 1),
        required=False,
        allow_null=True,
        max_length=64,
    )
    managers_challenge = StrictBooleanField(
        default=True, help_text="The league's managers may challenge for their own fighters."
    )
    seed = serializers.IntegerField(default=0, min_value=0, max_value=2**53)


class LadderFilter(django_filters.FilterSet):
    league = IdFilter(field_name="league_id")
    division = IdFilter(field_name="division_id")

    class Meta:
        model = Ladder
        fields = ["league", "division"]


COMPETITIONS = "Competitions"


@documented(
    COMPETITIONS,
    list=(
        "List challenge ladders",
        "Challenge ladders: a division's fighters ranked on rungs, who climb by challenging "
        "those above them. Filter by `league` or `division`; order by `name` or `created_at`. "
        "Public.",
    ),
    create=(
        "Create a challenge ladder",
        "Makes a ladder in a `division`: `fighters` (ids, top first), or the division's best "
        "`size` by ranking (every active fighter without either), with its `reach` (how many "
        "rungs up a fighter may challenge). Answers 201 with the ladder and its rungs. A "
        "commissioner of the league, or staff (403 for anyone else).",
    ),
    retrieve=(
        "Get a challenge ladder",
        "One ladder with its rungs, top first. Public; 404 for no such ladder. Its "
        "challenges are `GET /api/ladder-challenges/?ladder={id}`.",
    ),
)
class LadderViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    viewsets.GenericViewSet,
):
    """Challenge ladders; the detail lists the rungs, top first."""

    filterset_class = LadderFilter
    ordering_fields = ["name", "created_at"]
    ordering = ["name", "id"]

    def get_queryset(self):
        qs = Ladder.objects.all()
        if self.action == "retrieve":
            qs = qs.prefetch_related("rungs__fighter")
        return qs

    def get_serializer_class(self):
        if self.action == "create":
            return LadderCreateSerializer
        if self.action == "retrieve":
            return LadderDetailSerializer
        return LadderSerializer

    @extend_schema(request=LadderCreateSerializer, responses={201: LadderDetailSerializer})
    def create(self, request, *args, **kwargs):
        body = LadderCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        ladder = ladder_services.ladder_create(user=request.user, **body.validated_data)
        ladder = Ladder.objects.prefetch_related("rungs__fighter").get(pk=ladder.pk)
        return Response(LadderDetailSerializer(ladder).data, status=status.HTTP_201_CREATED)


class ChallengeSerializer(serializers.ModelSerializer):
    challenger_name = serializers.CharField(source="challenger.name", read_only=True)
    defender_name = serializers.CharField(source="defender.name", read_only=True)
    words = serializers.SerializerMethodField(help_text="What happened, in words.")
    date = serializers.DateField(source="bout.date", read_only=True, default=None)

    class Meta:
        model = LadderChallenge
        fields = [
            "id",
            "ladder",
            "challenger",
            "challenger_name",
            "challenger_rank",
            "defender",
            "defender_name",
            "defender_rank",
            "bout",
            "date",
            "status",
            "winner",
            "reason",
            "issued_on",
            "words",
        ]
        read_only_fields = fields

    def get_words(self, challenge) -> str:
        return selectors.challenge_words(challenge)


class ChallengeCreateSerializer(serializers.Serializer):
    ladder = serializers.PrimaryKeyRelatedField(queryset=Ladder.objects.select_related("league"))
    challenger = serializers.PrimaryKeyRelatedField(queryset=Fighter.objects.select_related("camp"))
    defender = serializers.PrimaryKeyRelatedField(queryset=Fighter.objects.all())


class WithdrawSerializer(serializers.Serializer):
    reason = StrictCharField(max_length=250)


class ChallengeFilter(django_filters.FilterSet):
    ladder = IdFilter(field_name="ladder_id")
    status = django_filters.ChoiceFilter(choices=ChallengeStatus.choices)

    class Meta:
        model = LadderChallenge
        fields = ["ladder", "status"]


@documented(
    COMPETITIONS,
    list=(
        "List ladder challenges",
        "Ladder challenges, newest first, with their sides, `status` and the bout that settles "
        "them (`GET /api/bouts/{id}/`). Filter by `ladder` or `status`. Public.",
    ),
    create=(
        "Issue a ladder challenge",
        "The `challenger` challenges the `defender` up the `ladder`: checked by the ladder's "
        "rules on the league's date (within reach, one open challenge each, both fit), then "
        "booked as a bout on the first date both can fight. Answers 201 with the challenge. "
        "A commissioner of the league (or staff), or the challenger's manager where the "
        "ladder lets managers challenge: 403 for anyone else, 400 with the rule refused.",
    ),
    retrieve=(
        "Get a ladder challenge",
        "One challenge, its sides, status and bout. Public; 404 for no such challenge.",
    ),
    withdraw=(
        "Withdraw a ladder challenge",
        "Takes an open challenge back with a `reason`; its bout, not fought yet, is taken "
        "off its card. A commissioner of the league (or staff): 403 for anyone else, 400 "
        "for a challenge no longer open.",
    ),
)
class LadderChallengeViewSet(
    mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    """Ladder challenges. ``POST`` issues one (``ladder``, ``challenger``,
    ``defender``): checked by the ladder's rules and booked as a bout;
    ``withdraw`` (a commissioner) takes an open one back with a reason."""

    serializer_class = ChallengeSerializer
    filterset_class = ChallengeFilter
    ordering_fields = ["id"]
    ordering = ["-id"]

    def get_queryset(self):
        return LadderChallenge.objects.select_related(
            "challenger", "defender", "bout__result", "ladder__league"
        ).defer("bout__inputs", "bout__options", "bout__plans", "bout__result__engine_result")

    @extend_schema(request=ChallengeCreateSerializer, responses={201: ChallengeSerializer})
    def create(self, request):
        body = ChallengeCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        challenge = ladder_services.challenge_issue(user=request.user, **body.validated_data)
        challenge = self.get_queryset().get(pk=challenge.pk)
        return Response(ChallengeSerializer(challenge).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=WithdrawSerializer, responses={200: ChallengeSerializer})
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        body = WithdrawSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        done = ladder_services.challenge_cancel(
            user=request.user, challenge=self.get_object(), **body.validated_data
        )
        return Response(ChallengeSerializer(self.get_queryset().get(pk=done.pk)).data)
