"""Leagues, divisions, seasons and events as the API shows and accepts them."""

from rest_framework import serializers

from bouts.engine.registry import RULESETS
from bouts.models import Bout
from core.api.serializers import CleanModelSerializer, StrictCharField
from fighters.models import Camp, Fighter

from ..models import Division, Event, League, Season
from ..services.setup import LEAGUE_FIELDS


class LeagueSerializer(CleanModelSerializer):
    ruleset = serializers.ChoiceField(choices=[])
    commissioners = serializers.PrimaryKeyRelatedField(many=True, read_only=True)
    tiebreakers = serializers.ListField(
        child=StrictCharField(max_length=40), required=False, max_length=10
    )
    # A real-clock league's fight time is UTC: written with its zone, as the
    # schema's "time" format wants; read with or without it.
    fight_time = serializers.TimeField(
        format="%H:%M:%SZ",
        input_formats=["%H:%M:%SZ", "%H:%M:%S", "%H:%M"],
        required=False,
        help_text="A real-clock league's fight time, UTC.",
    )

    class Meta:
        model = League
        fields = ["id", *LEAGUE_FIELDS, "today", "commissioners", "tiebreakers", "created_at"]
        read_only_fields = ["today", "created_at"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].choices = list(RULESETS)


class DivisionSerializer(CleanModelSerializer):
    league_name = serializers.CharField(source="league.name", read_only=True)
    fighters = serializers.PrimaryKeyRelatedField(
        many=True, required=False, queryset=Fighter.objects.all()
    )
    camps = serializers.PrimaryKeyRelatedField(
        many=True, required=False, queryset=Camp.objects.all()
    )

    class Meta:
        model = Division
        fields = ["id", "league", "league_name", "weight_class", "name", "fighters", "camps"]


class SeasonSerializer(CleanModelSerializer):
    class Meta:
        model = Season
        fields = ["id", "league", "division", "number", "name", "start_date", "status"]

    def validate(self, attrs):
        league = attrs.get("league", getattr(self.instance, "league", None))
        division = attrs.get("division", getattr(self.instance, "division", None))
        if league and division and division.league_id != league.pk:
            raise serializers.ValidationError(
                {"division": ["This division belongs to another league."]}
            )
        return attrs


class CardBoutSerializer(serializers.ModelSerializer):
    """A bout as a line of a fight card."""

    red_name = serializers.SerializerMethodField()
    blue_name = serializers.SerializerMethodField()
    winner = serializers.CharField(source="result.winner", read_only=True, default=None)
    method = serializers.CharField(source="result.method", read_only=True, default=None)
    end_round = serializers.IntegerField(source="result.round", read_only=True, default=None)

    class Meta:
        model = Bout
        fields = [
            "id",
            "order",
            "red",
            "blue",
            "red_camp",
            "blue_camp",
            "red_name",
            "blue_name",
            "scheduled_rounds",
            "is_title_bout",
            "status",
            "winner",
            "method",
            "end_round",
        ]

    def get_red_name(self, bout) -> str:
        return (bout.red or bout.red_camp).name

    def get_blue_name(self, bout) -> str:
        return (bout.blue or bout.blue_camp).name


class EventSerializer(CleanModelSerializer):
    class Meta:
        model = Event
        fields = [
            "id",
            "league",
            "season",
            "name",
            "date",
            "venue",
            "fight_at",
            "plans_due_at",
            "fired_at",
        ]
        read_only_fields = ["fired_at"]

    def validate(self, attrs):
        league = attrs.get("league", getattr(self.instance, "league", None))
        season = attrs.get("season", getattr(self.instance, "season", None))
        if league and season and season.league_id != league.pk:
            raise serializers.ValidationError(
                {"season": ["This season belongs to another league."]}
            )
        return attrs


class EventDetailSerializer(EventSerializer):
    bouts = CardBoutSerializer(many=True, read_only=True)

    class Meta(EventSerializer.Meta):
        fields = [*EventSerializer.Meta.fields, "bouts"]
