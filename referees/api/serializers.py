"""Referees, judges and ringside doctors as the API shows and accepts them."""

from core.api.serializers import StrictTypesModelSerializer

from ..models import Doctor, Judge, Referee


class RefereeSerializer(StrictTypesModelSerializer):
    class Meta:
        model = Referee
        fields = [
            "id",
            "name",
            "fouls",
            "stoppage",
            "overall",
            "available_low",
            "available_high",
            "is_active",
        ]


class JudgeSerializer(StrictTypesModelSerializer):
    class Meta:
        model = Judge
        fields = ["id", "name", "close_round", "bias", "is_active"]


class DoctorSerializer(StrictTypesModelSerializer):
    class Meta:
        model = Doctor
        fields = ["id", "name", "caution", "is_active"]
