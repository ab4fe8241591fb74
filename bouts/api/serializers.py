"""Bouts as the API shows them (a list line, the whole record) and accepts them
(scheduling)."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from bouts.engine.registry import RULESETS
from core.api.serializers import StrictBooleanField, StrictCharField
from fighters.models import Camp, CornerMan, Fighter
from league.models import Division, Event
from referees.models import Doctor, Judge, Referee

from .. import report_privacy
from ..models import Bout, BoutFighterLine, Foul, Injury, Knockdown, Side
from ..plans import FOUGHT

# What a detail shows when its view did not say what its viewer may not see:
# nothing of either side's card or standing plan.
WITHHOLD_ALL = report_privacy.Withheld(
    frozenset(report_privacy.SIDES), frozenset(report_privacy.SIDES)
)


def _viewer(serializer):
    request = serializer.context.get("request")
    return getattr(request, "user", None)


def _side_name(fighter, camp) -> str:
    side = fighter or camp
    return side.name if side else ""


class BoutSerializer(serializers.ModelSerializer):
    """A bout as a line of a list."""

    red_name = serializers.SerializerMethodField()
    blue_name = serializers.SerializerMethodField()
    event_name = serializers.CharField(
        source="event.name", read_only=True, allow_null=True, default=None
    )
    winner = serializers.ChoiceField(
        choices=Side.choices,
        source="result.winner",
        read_only=True,
        allow_null=True,
        default=None,
        help_text="null for a draw, or a bout not fought yet.",
    )
    method = serializers.CharField(
        source="result.method", read_only=True, allow_null=True, default=None
    )
    end_round = serializers.IntegerField(
        source="result.round", read_only=True, allow_null=True, default=None
    )
    end_time = serializers.CharField(
        source="result.time", read_only=True, allow_null=True, default=None
    )
    seed = serializers.SerializerMethodField(
        help_text="The replay key, once fought (staff see it before: it decides the bout)."
    )

    class Meta:
        model = Bout
        fields = [
            "id",
            "ruleset",
            "event",
            "event_name",
            "division",
            "order",
            "date",
            "red",
            "blue",
            "red_camp",
            "blue_camp",
            "red_name",
            "blue_name",
            "scheduled_rounds",
            "is_title_bout",
            "referee",
            "seed",
            "status",
            "winner",
            "method",
            "end_round",
            "end_time",
        ]

    def get_red_name(self, bout) -> str:
        return _side_name(bout.red, bout.red_camp)

    def get_blue_name(self, bout) -> str:
        return _side_name(bout.blue, bout.blue_camp)

    def get_seed(self, bout) -> int | None:
        return bout.seed if report_privacy.may_see_seed(bout, _viewer(self)) else None


class NamedSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class RoundScoreSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    red = serializers.IntegerField()
    blue = serializers.IntegerField()


class ScorecardSerializer(serializers.Serializer):
    judge_index = serializers.IntegerField(help_text="1, 2 or 3")
    judge = serializers.IntegerField(allow_null=True)
    judge_name = serializers.CharField()
    rounds = RoundScoreSerializer(many=True)
    total = serializers.ListField(child=serializers.IntegerField(), help_text="[red, blue]")


class SideStatsSerializer(serializers.Serializer):
    landed = serializers.IntegerField()
    thrown = serializers.IntegerField()
    damage = serializers.FloatField()
    stats = serializers.DictField()


class RoundStatsSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    red = SideStatsSerializer(allow_null=True)
    blue = SideStatsSerializer(allow_null=True)


class KnockdownSerializer(serializers.ModelSerializer):
    class Meta:
        model = Knockdown
        fields = ["round", "time", "side", "fighter", "count"]


class InjurySerializer(serializers.ModelSerializer):
    class Meta:
        model = Injury
        fields = ["round", "time", "side", "fighter", "type", "location", "severity", "text"]


class FoulSerializer(serializers.ModelSerializer):
    class Meta:
        model = Foul
        fields = ["round", "time", "side", "fighter", "type", "penalty", "points"]


class SuspensionSerializer(serializers.Serializer):
    fighter = serializers.IntegerField(source="fighter_id")
    fighter_name = serializers.CharField(source="fighter.name")
    reason = serializers.CharField()
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()


class FighterLineSerializer(serializers.ModelSerializer):
    class Meta:
        model = BoutFighterLine
        fields = ["side", "fighter", "name", "stats"]


class PlayByPlaySerializer(serializers.Serializer):
    round = serializers.IntegerField()
    clock = serializers.CharField()
    kind = serializers.CharField(required=False)
    side = serializers.CharField(required=False, allow_null=True)
    text = serializers.CharField()


class BoutDetailSerializer(BoutSerializer):
    """The whole record of a bout."""

    referee_name = serializers.CharField(source="referee.name", read_only=True, default=None)
    doctor_name = serializers.CharField(source="doctor.name", read_only=True, default=None)
    judges = serializers.SerializerMethodField()
    plans = serializers.SerializerMethodField()
    postponed_reason = serializers.CharField(read_only=True)
    red_corner_name = serializers.CharField(source="red_corner.name", read_only=True, default=None)
    blue_corner_name = serializers.CharField(
        source="blue_corner.name", read_only=True, default=None
    )
    scorecards = serializers.SerializerMethodField()
    rounds = serializers.SerializerMethodField()
    knockdowns = KnockdownSerializer(many=True, read_only=True)
    injuries = InjurySerializer(many=True, read_only=True)
    fouls = FoulSerializer(many=True, read_only=True)
    fighter_lines = FighterLineSerializer(many=True, read_only=True)
    suspensions = SuspensionSerializer(many=True, read_only=True)
    play_by_play = serializers.SerializerMethodField()
    details = serializers.SerializerMethodField()
    voided_by = serializers.CharField(source="voided_by.username", read_only=True, default=None)

    class Meta(BoutSerializer.Meta):
        fields = [
            *BoutSerializer.Meta.fields,
            "referee_name",
            "judges",
            "doctor",
            "doctor_name",
            "red_corner",
            "red_corner_name",
            "blue_corner",
            "blue_corner_name",
            "options",
            "plans",
            "failure_reason",
            "postponed_reason",
            "attempts",
            "created_at",
            "queued_at",
            "started_at",
            "completed_at",
            "voided_at",
            "voided_by",
            "void_reason",
            "scorecards",
            "rounds",
            "knockdowns",
            "injuries",
            "fouls",
            "fighter_lines",
            "suspensions",
            "play_by_play",
            "details",
        ]

    def to_representation(self, bout):
        """The record, without what the viewer may not see (``report_privacy``:
        the view puts ``withheld`` in the context)."""
        withheld = self.context.get("withheld", WITHHOLD_ALL)
        return report_privacy.redact_report(super().to_representation(bout), bout.ruleset, withheld)

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_plans(self, bout):
        """The plans given when the bout was booked: hidden, as the managers'
        plans are, until the bout is fought (staff see them)."""
        user = _viewer(self)
        if bout.status in FOUGHT or (user is not None and user.is_staff):
            return bout.plans
        return None

    @extend_schema_field(NamedSerializer(many=True))
    def get_judges(self, bout):
        return [
            {"id": judge.pk, "name": judge.name}
            for judge in (bout.judge_1, bout.judge_2, bout.judge_3)
            if judge is not None
        ]

    @extend_schema_field(ScorecardSerializer(many=True))
    def get_scorecards(self, bout):
        cards: dict[int, dict] = {}
        for score in bout.judge_scores.all():
            card = cards.setdefault(
                score.judge_index,
                {
                    "judge_index": score.judge_index,
                    "judge": score.judge_id,
                    "judge_name": score.judge_name,
                    "rounds": [],
                    "total": [0, 0],
                },
            )
            card["rounds"].append({"round": score.round, "red": score.red, "blue": score.blue})
            card["total"][0] += score.red
            card["total"][1] += score.blue
        return [cards[index] for index in sorted(cards)]

    @extend_schema_field(RoundStatsSerializer(many=True))
    def get_rounds(self, bout):
        rounds: dict[int, dict] = {}
        for stat in bout.round_stats.all():
            line = rounds.setdefault(stat.round, {"round": stat.round, "red": None, "blue": None})
            line[stat.side] = {
                "landed": stat.landed,
                "thrown": stat.thrown,
                "damage": stat.damage,
                "stats": stat.stats,
            }
        return [rounds[number] for number in sorted(rounds)]

    def _engine_result(self, bout) -> dict:
        result = getattr(bout, "result", None)
        return (result.engine_result or {}) if result is not None else {}

    @extend_schema_field(PlayByPlaySerializer(many=True))
    def get_play_by_play(self, bout):
        return self._engine_result(bout).get("events", [])

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_details(self, bout):
        return self._engine_result(bout).get("details", {})


class BoutScheduleSerializer(serializers.Serializer):
    """What scheduling a bout takes. One-on-one rulesets name two fighters, team
    rulesets two camps; officials and corners left out are drawn by the engine."""

    ruleset = serializers.ChoiceField(choices=[])
    date = serializers.DateField(
        required=False, allow_null=True, help_text="Defaults to the event's date."
    )
    red = serializers.PrimaryKeyRelatedField(
        queryset=Fighter.objects.all(), required=False, allow_null=True
    )
    blue = serializers.PrimaryKeyRelatedField(
        queryset=Fighter.objects.all(), required=False, allow_null=True
    )
    red_camp = serializers.PrimaryKeyRelatedField(
        queryset=Camp.objects.all(), required=False, allow_null=True
    )
    blue_camp = serializers.PrimaryKeyRelatedField(
        queryset=Camp.objects.all(), required=False, allow_null=True
    )
    event = serializers.PrimaryKeyRelatedField(
        queryset=Event.objects.all(), required=False, allow_null=True
    )
    division = serializers.PrimaryKeyRelatedField(
        queryset=Division.objects.all(), required=False, allow_null=True
    )
    order = serializers.IntegerField(min_value=1, max_value=100, required=False, allow_null=True)
    scheduled_rounds = serializers.IntegerField(
        min_value=1, max_value=100, required=False, allow_null=True
    )
    referee = serializers.PrimaryKeyRelatedField(
        queryset=Referee.objects.all(), required=False, allow_null=True
    )
    judges = serializers.ListField(
        child=serializers.PrimaryKeyRelatedField(queryset=Judge.objects.all()),
        required=False,
        max_length=3,
        help_text="Three judges, or none to have them drawn.",
    )
    doctor = serializers.PrimaryKeyRelatedField(
        queryset=Doctor.objects.all(), required=False, allow_null=True
    )
    red_corner = serializers.PrimaryKeyRelatedField(
        queryset=CornerMan.objects.all(), required=False, allow_null=True
    )
    blue_corner = serializers.PrimaryKeyRelatedField(
        queryset=CornerMan.objects.all(), required=False, allow_null=True
    )
    plans = serializers.DictField(required=False, allow_null=True)
    options = serializers.DictField(required=False, allow_null=True)
    is_title_bout = StrictBooleanField(required=False, default=False)
    seed = serializers.IntegerField(
        required=False, allow_null=True, min_value=0, max_value=2**63 - 1
    )
    idempotency_key = StrictCharField(
        required=False,
        allow_null=True,
        max_length=60,
        help_text="Or the Idempotency-Key header: a retried request makes one bout. "
        "Keys are per user: another user's identical key is another bout.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].choices = list(RULESETS)

    def validate_judges(self, judges):
        if len(judges) not in (0, 3):
            raise serializers.ValidationError("Name three judges, or none to have them drawn.")
        if len({judge.pk for judge in judges}) != len(judges):
            raise serializers.ValidationError("The three judges must be different people.")
        return judges


class BoutVoidSerializer(serializers.Serializer):
    reason = StrictCharField(max_length=2000, allow_blank=False, trim_whitespace=True)


class BoutRebookSerializer(serializers.Serializer):
    event = serializers.PrimaryKeyRelatedField(
        queryset=Event.objects.all(), help_text="The fight night it is put on."
    )
