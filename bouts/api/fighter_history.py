"""``/api/fighters/{id}/bouts/``: a fighter's record book. It shows bouts, so it is
served by the bouts app (fighters sits below bouts and cannot read them); the
league's router mounts it under the fighter's URL."""

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import generics, serializers

from core.api.filters import refuse_unknown_parameters
from core.api.permissions import IsStaffOrCommissioner
from core.api.schema import documented
from fighters import selectors as fighter_selectors

from .. import selectors
from ..models import Side

OUTCOMES = {"W": "win", "L": "loss", "D": "draw"}


class JudgeLineSerializer(serializers.Serializer):
    name = serializers.CharField()
    fighter = serializers.IntegerField(help_text="This fighter's total on the card.")
    opponent = serializers.IntegerField()
    text = serializers.CharField()


class OpponentRecordSerializer(serializers.Serializer):
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    text = serializers.CharField()


class HistoryRowSerializer(serializers.Serializer):
    """One line of a fighter's record book, in the bout list's words
    (`/api/bouts/`): `id`, `event` (an id) and `event_name`, `winner`
    (red/blue/null), `method`, `end_round`, `end_time`; plus this fighter's
    `side` and `outcome`."""

    # Rows of bouts.selectors.fighter_history.

    id = serializers.IntegerField(source="bout_id")
    date = serializers.DateField()
    event = serializers.IntegerField(source="event_id", allow_null=True)
    event_name = serializers.CharField(source="event", allow_null=True)
    ruleset = serializers.CharField()
    side = serializers.ChoiceField(choices=Side.choices, help_text="This fighter's corner.")
    opponent = serializers.CharField()
    opponent_id = serializers.IntegerField(allow_null=True)
    opponent_is_camp = serializers.BooleanField()
    opponent_record = OpponentRecordSerializer(help_text="The opponent's record before the bout.")
    winner = serializers.ChoiceField(choices=Side.choices, allow_null=True)
    outcome = serializers.SerializerMethodField(help_text="This fighter's result.")
    method = serializers.CharField()
    end_round = serializers.IntegerField(source="round")
    end_time = serializers.CharField(source="time")
    scheduled_rounds = serializers.IntegerField()
    referee = serializers.IntegerField(source="referee_id", allow_null=True)
    referee_name = serializers.CharField(source="referee", allow_null=True)
    judges = JudgeLineSerializer(many=True)
    is_title_bout = serializers.BooleanField(source="title")
    record = serializers.CharField(help_text="The fighter's record after the bout.")

    @extend_schema_field({"type": "string", "enum": list(OUTCOMES.values())})
    def get_outcome(self, row) -> str:
        return OUTCOMES[row["result"]]


@documented(
    "Fighters & cards",
    get=(
        "List a fighter's bouts",
        "The fighter's fight history, newest first, as record books print it: the opponent and "
        "his record going in, the fighter's `side` and `outcome` (`win`/`loss`/`draw`), "
        "method, round, the judges' totals and the fighter's record after each bout. Public; "
        "paginated; 404 for no such fighter. His career summary is "
        "`GET /api/fighters/{id}/career/`; a bout's whole record, `GET /api/bouts/{id}/`.",
    ),
)
class FighterBoutsView(generics.GenericAPIView):
    permission_classes = [IsStaffOrCommissioner]  # read-only: public, as every read
    serializer_class = HistoryRowSerializer
    filter_backends = []

    def get_queryset(self):
        # The fighter is looked up as the fighter endpoints do: same 404, same queries.
        return fighter_selectors.fighter_list()

    @extend_schema(responses=HistoryRowSerializer(many=True))
    def get(self, request, pk=None, format=None):
        """The fighter's fight history, newest first, the way record books print it:
        opponent and his record going in, result, method, round, the judges' totals,
        and the fighter's record after each bout."""
        refuse_unknown_parameters(request, ())
        fighter = self.get_object()
        rows = selectors.fighter_history(fighter=fighter)
        page = self.paginate_queryset(rows)
        return self.get_paginated_response(HistoryRowSerializer(page, many=True).data)
