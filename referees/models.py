"""Rated officials: referees, judges and ringside doctors (Title Bout II's ratings)."""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q

from bouts.engine.base import (
    DOCTOR_CAUTION,
    JUDGE_BIAS,
    JUDGE_CLOSE_ROUND,
    REFEREE_FOULS,
    REFEREE_OVERALL,
    REFEREE_STOPPAGE,
)


def _choices(values):
    return [(v, v.replace("_", " ").capitalize()) for v in values]


class Referee(models.Model):
    name = models.CharField(max_length=120, unique=True)
    fouls = models.CharField(max_length=14, choices=_choices(REFEREE_FOULS), default="normal")
    stoppage = models.CharField(max_length=10, choices=_choices(REFEREE_STOPPAGE), default="normal")
    overall = models.CharField(max_length=14, choices=_choices(REFEREE_OVERALL), default="average")
    # The book's availability check: a 1-80 draw within [low, high] means available.
    available_low = models.PositiveSmallIntegerField(
        default=1, validators=[MinValueValidator(1), MaxValueValidator(80)]
    )
    available_high = models.PositiveSmallIntegerField(
        default=60, validators=[MinValueValidator(1), MaxValueValidator(80)]
    )
    is_active = models.BooleanField(default=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(fouls__in=REFEREE_FOULS),
                name="referee_fouls",
                violation_error_message="Pick how strictly the referee calls fouls from the list.",
            ),
            models.CheckConstraint(
                condition=Q(stoppage__in=REFEREE_STOPPAGE),
                name="referee_stoppage",
                violation_error_message="Pick when the referee stops a bout from the list.",
            ),
            models.CheckConstraint(
                condition=Q(overall__in=REFEREE_OVERALL),
                name="referee_overall",
                violation_error_message="Pick the referee's overall grade from the list.",
            ),
            models.CheckConstraint(
                condition=Q(available_low__gte=1)
                & Q(available_high__lte=80)
                & Q(available_low__lte=F("available_high")),
                name="referee_availability_range",
                violation_error_message=(
                    "Availability runs from 1 to 80, its low end at or below its high end."
                ),
            ),
        ]

    def __str__(self):
        return self.name


class Judge(models.Model):
    name = models.CharField(max_length=120, unique=True)
    close_round = models.CharField(
        max_length=16,
        choices=_choices(JUDGE_CLOSE_ROUND),
        default="even",
        help_text="Whom this judge favours in a close round.",
    )
    bias = models.CharField(max_length=10, choices=_choices(JUDGE_BIAS), default="none")
    is_active = models.BooleanField(default=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(bias__in=JUDGE_BIAS),
                name="judge_bias",
                violation_error_message="Pick the judge's bias from the list.",
            ),
            models.CheckConstraint(
                condition=Q(close_round__in=JUDGE_CLOSE_ROUND),
                name="judge_close_round",
                violation_error_message="Pick how the judge scores a close round from the list.",
            ),
        ]

    def __str__(self):
        return self.name


class Doctor(models.Model):
    name = models.CharField(max_length=120, unique=True)
    caution = models.CharField(max_length=12, choices=_choices(DOCTOR_CAUTION), default="balanced")
    is_active = models.BooleanField(default=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(caution__in=DOCTOR_CAUTION),
                name="doctor_caution",
                violation_error_message="Pick the doctor's caution from the list.",
            ),
        ]

    def __str__(self):
        return self.name
