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
            models.CheckConstraint(condition=Q(fouls__in=REFEREE_FOULS), name="referee_fouls"),
            models.CheckConstraint(
                condition=Q(stoppage__in=REFEREE_STOPPAGE), name="referee_stoppage"
            ),
            models.CheckConstraint(
                condition=Q(overall__in=REFEREE_OVERALL), name="referee_overall"
            ),
            models.CheckConstraint(
                condition=Q(available_low__gte=1)
                & Q(available_high__lte=80)
                & Q(available_low__lte=F("available_high")),
                name="referee_availability_range",
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
            models.CheckConstraint(condition=Q(bias__in=JUDGE_BIAS), name="judge_bias"),
            models.CheckConstraint(
                condition=Q(close_round__in=JUDGE_CLOSE_ROUND), name="judge_close_round"
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
            models.CheckConstraint(condition=Q(caution__in=DOCTOR_CAUTION), name="doctor_caution"),
        ]

    def __str__(self):
        return self.name
