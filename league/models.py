"""Leagues, divisions, seasons, events (fight cards) and medical suspensions.

Derived tables (standings, rankings, titles) are functions of the bout rows in the
league's chronological order: event date, then bout order on the card.
"""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q

from fighters.weight_classes import WeightClass

DEFAULT_TIEBREAKERS = ["head_to_head", "stoppage_wins", "fewest_losses"]


def default_tiebreakers():
    return list(DEFAULT_TIEBREAKERS)


class League(models.Model):
    name = models.CharField(max_length=120, unique=True)
    slug = models.SlugField(max_length=60, unique=True)
    ruleset = models.CharField(max_length=20)
    description = models.TextField(blank=True)
    commissioners = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="commissioned_leagues"
    )
    rounds = models.PositiveSmallIntegerField(
        default=10, validators=[MinValueValidator(1), MaxValueValidator(15)]
    )
    title_rounds = models.PositiveSmallIntegerField(
        default=12,
        validators=[MinValueValidator(1), MaxValueValidator(15)],
        help_text="Championship distance.",
    )
    points_win = models.PositiveSmallIntegerField(default=3)
    points_draw = models.PositiveSmallIntegerField(default=1)
    points_loss = models.PositiveSmallIntegerField(default=0)
    points_stoppage_bonus = models.PositiveSmallIntegerField(default=1)
    tiebreakers = models.JSONField(default=default_tiebreakers)
    start_date = models.DateField()
    days_between_events = models.PositiveSmallIntegerField(default=14)
    development = models.BooleanField(
        default=False, help_text="Age and develop cards between seasons."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name


class Division(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="divisions")
    weight_class = models.CharField(max_length=24, choices=WeightClass.choices)
    name = models.CharField(max_length=120)
    fighters = models.ManyToManyField("fighters.Fighter", blank=True, related_name="divisions")
    camps = models.ManyToManyField("fighters.Camp", blank=True, related_name="divisions")

    class Meta:
        ordering = ["league_id", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["league", "weight_class"], name="division_one_per_weight_class"
            )
        ]

    def __str__(self):
        return f"{self.league} · {self.name}"


class SeasonStatus(models.TextChoices):
    PLANNED = "planned", "Planned"
    RUNNING = "running", "Running"
    COMPLETED = "completed", "Completed"


class Season(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveSmallIntegerField(default=1)
    name = models.CharField(max_length=120)
    start_date = models.DateField()
    status = models.CharField(
        max_length=10, choices=SeasonStatus.choices, default=SeasonStatus.PLANNED
    )

    class Meta:
        ordering = ["division_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["division", "number"], name="season_number_unique")
        ]

    def __str__(self):
        return self.name


class Event(models.Model):
    """A fight card: a date, a venue and its ordered bouts (Bout.order; the last is
    the main event)."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="events")
    season = models.ForeignKey(
        Season, null=True, blank=True, on_delete=models.CASCADE, related_name="events"
    )
    name = models.CharField(max_length=160)
    date = models.DateField()
    venue = models.CharField(max_length=160, blank=True)

    class Meta:
        ordering = ["date", "id"]
        indexes = [models.Index(fields=["league", "date"])]

    def __str__(self):
        return f"{self.name} ({self.date})"


class MedicalSuspension(models.Model):
    """A fighter may not be scheduled on or before ``ends_on`` (league time)."""

    fighter = models.ForeignKey(
        "fighters.Fighter", on_delete=models.CASCADE, related_name="suspensions"
    )
    bout = models.ForeignKey(
        "bouts.Bout", null=True, blank=True, on_delete=models.CASCADE, related_name="suspensions"
    )
    reason = models.CharField(max_length=200)
    starts_on = models.DateField()
    ends_on = models.DateField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-ends_on", "id"]
        indexes = [models.Index(fields=["fighter", "ends_on"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_on__gte=F("starts_on")), name="suspension_ends_after_start"
            )
        ]

    def __str__(self):
        return f"{self.fighter} until {self.ends_on}: {self.reason}"
