"""``/api/fighters/{id}/bouts/``: a fighter's record book. It shows bouts, so it is
served by the bouts app (fighters sits below bouts and cannot read them); the
league's router mounts it under the fighter's URL."""

from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers

from core.api.permissions import IsStaffOrCommissioner
from fighters import selectors as fighter_selectors

from .. import selectors


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
    """One line of a fighter's record book (bouts.selectors.fighter_history)."""

    bout_id = serializers.IntegerField()
    date = serializers.DateField()
    event = serializers.CharField(allow_null=True)
    event_id = serializers.IntegerField(allow_null=True)
    ruleset = serializers.CharField()
    side = serializers.CharField()
    opponent = serializers.CharField()
    opponent_id = serializers.IntegerField(allow_null=True)
    opponent_is_camp = serializers.BooleanField()
    opponent_record = OpponentRecordSerializer(help_text="The opponent's record before the bout.")
    result = serializers.ChoiceField(choices=["W", "L", "D"])
    method = serializers.CharField()
    round = serializers.IntegerField()
    time = serializers.CharField()
    scheduled_rounds = serializers.IntegerField()
    referee = serializers.CharField(allow_null=True)
    judges = JudgeLineSerializer(many=True)
    title = serializers.BooleanField()
    record = serializers.CharField(help_text="The fighter's record after the bout.")


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
        fighter = self.get_object()
        rows = selectors.fighter_history(fighter=fighter)
        page = self.paginate_queryset(rows)
        return self.get_paginated_response(HistoryRowSerializer(page, many=True).data)
