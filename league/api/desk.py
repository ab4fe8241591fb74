"""``/api/desk/``: the signed-in account's desk (league.desk), read only."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.schema import documented

from ..desk import desk_for
from .requests import BoutRequestSerializer


class DeskLeagueSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="league.id")
    slug = serializers.CharField(source="league.slug")
    name = serializers.CharField(source="league.name")
    ruleset = serializers.CharField(source="league.ruleset")
    role = serializers.CharField()


class DeskCampSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class DeskCardSerializer(serializers.Serializer):
    ruleset = serializers.CharField()
    rating = serializers.FloatField()


class DeskRecordSerializer(serializers.Serializer):
    bouts = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    ko_wins = serializers.IntegerField()
    tko_wins = serializers.IntegerField()
    title_wins = serializers.IntegerField()
    last_bout_on = serializers.DateField(allow_null=True)


class DeskStatusSerializer(serializers.Serializer):
    """A fighter's status in one of his leagues on its date (ISO dates)."""

    league = serializers.CharField(source="league.slug")
    date = serializers.DateField(help_text="The league's date the status is on.")
    status = serializers.ChoiceField(
        source="kind", choices=["fit", "suspended", "resting", "retired"]
    )
    until = serializers.DateField(
        source="status.until", allow_null=True, help_text="The last day of a suspension or rest."
    )
    reason = serializers.CharField(source="status.reason")
    words = serializers.CharField(help_text="The status as the pages write it.")


class DeskFighterSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    camp = serializers.IntegerField(source="camp_id")
    weight_class = serializers.CharField()
    weight_class_display = serializers.CharField(source="get_weight_class_display")
    is_active = serializers.BooleanField()
    record = DeskRecordSerializer(source="career", allow_null=True)
    cards = DeskCardSerializer(many=True, source="cards.all")
    statuses = DeskStatusSerializer(many=True, help_text="Fitness in each of his leagues.")


class DeskBoutSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    date = serializers.DateField()
    status = serializers.CharField()
    event = serializers.IntegerField(source="event_id", allow_null=True)
    event_name = serializers.CharField(source="event.name", default=None)
    league = serializers.CharField(source="event.league.slug", default=None)
    red_name = serializers.SerializerMethodField()
    blue_name = serializers.SerializerMethodField()

    def get_red_name(self, bout) -> str:
        return (bout.red or bout.red_camp).name

    def get_blue_name(self, bout) -> str:
        return (bout.blue or bout.blue_camp).name


class DeskResultSerializer(DeskBoutSerializer):
    winner = serializers.CharField(source="result.winner", default=None)
    method = serializers.CharField(source="result.method", default=None)
    round = serializers.IntegerField(source="result.round", default=None)
    is_title_bout = serializers.BooleanField(help_text="For the division's world title.")
    regional_title = serializers.CharField(
        allow_null=True, help_text="The region whose regional title it was for, if any."
    )


class DeskPlanDueSerializer(serializers.Serializer):
    bout = serializers.IntegerField(source="bout.pk")
    side = serializers.CharField()
    deadline = serializers.DateTimeField(allow_null=True)
    version = serializers.IntegerField(help_text="The latest version written; 0: none yet.")
    opponent_name = serializers.CharField(source="opponent.name")
    opponent_record = DeskRecordSerializer(
        source="opponent.career", allow_null=True, default=None, help_text="His public record."
    )


class DeskSerializer(serializers.Serializer):
    leagues = DeskLeagueSerializer(many=True)
    camps = DeskCampSerializer(many=True)
    fighters = DeskFighterSerializer(many=True)
    needs_me = BoutRequestSerializer(many=True)
    my_requests = BoutRequestSerializer(many=True)
    answered = BoutRequestSerializer(many=True, help_text="Sent or received, no longer open.")
    upcoming = DeskBoutSerializer(many=True)
    plans_due = DeskPlanDueSerializer(many=True)
    results = DeskResultSerializer(many=True)


@documented(
    "Managers' desk",
    get=(
        "Get my desk",
        "Everything a manager works from, in one read: his leagues (with his role), camps, "
        "fighters with their cards and records, the bout requests waiting for him, his own "
        "still open and those answered, his upcoming bouts with the plans due for them "
        "(side, deadline, latest version, the opponent's record) and his recent results, "
        "newest first, title bouts marked. 401 when not signed in. Each part has its own "
        "read: `GET /api/bout-requests/`, `GET /api/bouts/{id}/plans/`, "
        "`GET /api/fighters/{id}/bouts/`.",
    ),
)
class DeskView(APIView):
    """My leagues (with my role), camps, fighters with their cards and records,
    the bout requests waiting for me, mine still open, those answered (sent or
    received), my upcoming bouts, the plans due for them (side, deadline, latest
    version, the opponent's public record) and my recent results, newest fought first
    (world and regional title bouts marked)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: DeskSerializer})
    def get(self, request):
        return Response(DeskSerializer(desk_for(request.user)).data)
