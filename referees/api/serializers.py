"""Referees, judges and ringside doctors as the API shows and accepts them."""

from rest_framework import serializers

from ..models import Doctor, Judge, Referee


class RefereeSerializer(serializers.ModelSerializer):
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


class JudgeSerializer(serializers.ModelSerializer):
    class Meta:
        model = Judge
        fields = ["id", "name", "close_round", "bias", "is_active"]


class DoctorSerializer(serializers.ModelSerializer):
    class Meta:
        model = Doctor
        fields = ["id", "name", "caution", "is_active"]
