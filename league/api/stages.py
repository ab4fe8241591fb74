"""A competition's stages through the API: what a tournament is made of, each
Swiss or group table, a bracket's first round before it starts (byes shown),
and the bodies that create stages, re-seed a bracket and start it."""

from rest_framework import serializers

from core.api.serializers import StrictCharField

from ..competition_models import StageKind, TournamentStage
from .competitor import CompetitorObjectField


class StageSerializer(serializers.ModelSerializer):
    description = serializers.CharField(source="in_words", read_only=True)

    class Meta:
        model = TournamentStage
        fields = [
            "number",
            "kind",
            "rounds",
            "groups",
            "advance",
            "status",
            "start_date",
            "description",
        ]


class StageInputSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=StageKind.choices)
    rounds = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, help_text="Swiss: how many rounds."
    )
    groups = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, help_text="Round robin: how many groups."
    )
    advance = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        help_text="A stage before another: how many go on (of the Swiss table, of each group).",
    )


class TableLineSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    competitor = CompetitorObjectField(source="who")
    seed = serializers.IntegerField()
    points = StrictCharField(help_text="As people write them: 2½.")
    buchholz = StrictCharField(help_text="The points of the opponents met.")
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    byes = serializers.IntegerField()
    goes_on = serializers.BooleanField(help_text="Going on to the next stage as it stands.")


class GroupTableSerializer(serializers.Serializer):
    name = serializers.CharField()
    lines = TableLineSerializer(many=True)


class PreviewLineSerializer(serializers.Serializer):
    red_seed = serializers.IntegerField()
    red = CompetitorObjectField()
    blue_seed = serializers.IntegerField(allow_null=True, help_text="null: a bye.")
    blue = CompetitorObjectField()


class StageDetailSerializer(StageSerializer):
    tables = serializers.SerializerMethodField()
    preview = serializers.SerializerMethodField()

    class Meta(StageSerializer.Meta):
        fields = [*StageSerializer.Meta.fields, "tables", "preview"]

    def get_tables(self, stage) -> list[dict]:
        groups = self.context.get("tables", {}).get(stage.number, [])
        return GroupTableSerializer(
            [{"name": name, "lines": lines} for name, lines in groups], many=True
        ).data

    def get_preview(self, stage) -> list[dict]:
        lines = self.context.get("previews", {}).get(stage.number, [])
        return PreviewLineSerializer(lines, many=True).data


class ReseedSerializer(serializers.Serializer):
    order = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=2**63 - 1),
        min_length=2,
        max_length=64,
        help_text="The bracket's entrants (fighter ids, or camp ids in team divisions), "
        "seed 1 first: each once.",
    )
