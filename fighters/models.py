"""Fighters, their rating cards (one per ruleset), careers, corner men and camps."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from bouts.engine.base import CUT_SKILL, STRATEGY_SKILL

from .names import search_name
from .weight_classes import WeightClass


def _choices(values):
    return [(v, v.replace("_", " ").capitalize()) for v in values]


class Camp(models.Model):
    """A stable of fighters under a manager; the side in team bouts."""

    name = models.CharField(max_length=120, unique=True)
    # The manager who plays this camp: he writes its fighters' plans and asks for
    # their bouts. ``manager`` is only a display name for camps without an account.
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="camps",
        help_text="The manager's account: he writes this camp's plans and bout requests.",
    )
    manager = models.CharField(max_length=120, blank=True)
    city = models.CharField(max_length=120, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name


class Stance(models.TextChoices):
    ORTHODOX = "orthodox", "Orthodox"
    SOUTHPAW = "southpaw", "Southpaw"


class Fighter(models.Model):
    name = models.CharField(max_length=120)
    nickname = models.CharField(max_length=120, blank=True)
    # Name and nickname folded (fighters.names): kept by save(), searched by the
    # fighter index, never edited.
    search_name = models.CharField(max_length=250, blank=True, editable=False, db_index=True)
    nationality = models.CharField(max_length=80, blank=True)
    date_of_birth = models.DateField(null=True, blank=True)
    stance = models.CharField(max_length=10, choices=Stance.choices, default=Stance.ORTHODOX)
    height_cm = models.PositiveSmallIntegerField(null=True, blank=True)
    reach_cm = models.PositiveSmallIntegerField(null=True, blank=True)
    weight_class = models.CharField(max_length=24, choices=WeightClass.choices)
    camp = models.ForeignKey(
        Camp, null=True, blank=True, on_delete=models.SET_NULL, related_name="fighters"
    )
    is_active = models.BooleanField(default=True)
    retired_on = models.DateField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["camp", "name"],
                name="fighter_unique_name_per_camp",
                violation_error_message="This camp already has a fighter with this name.",
            ),
            models.CheckConstraint(
                condition=Q(height_cm__isnull=True) | Q(height_cm__gte=120, height_cm__lte=230),
                name="fighter_height_plausible",
                violation_error_message="Height must be between 120 and 230 cm.",
            ),
            models.CheckConstraint(
                condition=Q(reach_cm__isnull=True) | Q(reach_cm__gte=120, reach_cm__lte=240),
                name="fighter_reach_plausible",
                violation_error_message="Reach must be between 120 and 240 cm.",
            ),
            models.CheckConstraint(
                condition=Q(is_active=True) | Q(retired_on__isnull=False),
                name="fighter_retired_has_date",
                violation_error_message="A retired fighter needs the date he retired on.",
            ),
            models.CheckConstraint(
                condition=Q(stance__in=Stance.values),
                name="fighter_stance_choice",
                violation_error_message="Pick a stance from the list.",
            ),
            models.CheckConstraint(
                condition=Q(weight_class__in=WeightClass.values),
                name="fighter_weight_class_choice",
                violation_error_message="Pick a weight class from the list.",
            ),
        ]
        indexes = [models.Index(fields=["weight_class", "is_active"])]

    def __str__(self):
        return f"{self.name} “{self.nickname}”" if self.nickname else self.name

    def save(self, *args, **kwargs):
        # Every write of a name passes here (services, admin, API, imports), so the
        # search form cannot drift from the name.
        self.search_name = search_name(name=self.name, nickname=self.nickname)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"name", "nickname"} & set(update_fields):
            kwargs["update_fields"] = {*update_fields, "search_name"}
        super().save(*args, **kwargs)


class RatingCard(models.Model):
    """A fighter's card for one ruleset, stored as the engine's JSON and validated
    by the engine's own validator on every write (see fighters.services)."""

    fighter = models.ForeignKey(Fighter, on_delete=models.CASCADE, related_name="cards")
    ruleset = models.CharField(max_length=20)
    data = models.JSONField()
    rating = models.FloatField(help_text="The card's overall rating on its ruleset's scale.")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["fighter_id", "ruleset"]
        constraints = [
            models.UniqueConstraint(fields=["fighter", "ruleset"], name="card_one_per_ruleset"),
        ]

    def __str__(self):
        return f"{self.fighter} · {self.ruleset}"


class CardChange(models.Model):
    """A card is what decides bouts: every change is kept (what, when, by whom)."""

    card = models.ForeignKey(
        RatingCard, null=True, blank=True, on_delete=models.SET_NULL, related_name="changes"
    )
    fighter = models.ForeignKey(Fighter, on_delete=models.CASCADE, related_name="card_changes")
    ruleset = models.CharField(max_length=20)
    changed_at = models.DateTimeField(auto_now_add=True)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    source = models.CharField(max_length=20, default="admin")
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    diff = models.JSONField(default=dict, help_text="{field: [old, new]} for changed fields")

    class Meta:
        ordering = ["-changed_at", "-id"]

    def __str__(self):
        return f"{self.fighter_id} {self.ruleset} card changed {self.changed_at:%Y-%m-%d}"


class Career(models.Model):
    """Running totals of a fighter's record, updated in the transaction that
    records each bout (and checkable against the bout rows)."""

    fighter = models.OneToOneField(Fighter, on_delete=models.CASCADE, related_name="career")
    bouts = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    ko_wins = models.PositiveIntegerField(default=0)
    tko_wins = models.PositiveIntegerField(default=0)
    ko_losses = models.PositiveIntegerField(default=0)
    tko_losses = models.PositiveIntegerField(default=0)
    dq_wins = models.PositiveIntegerField(default=0)
    dq_losses = models.PositiveIntegerField(default=0)
    title_fights = models.PositiveIntegerField(default=0)
    title_wins = models.PositiveIntegerField(default=0)
    last_bout_on = models.DateField(null=True, blank=True)

    def __str__(self):
        return f"{self.wins}-{self.losses}-{self.draws}"


class CornerRole(models.TextChoices):
    CUT_MAN = "cut_man", "Cut man"
    TRAINER = "trainer", "Trainer"
    BOTH = "both", "Cut man and trainer"


class CornerMan(models.Model):
    name = models.CharField(max_length=120, unique=True)
    role = models.CharField(max_length=10, choices=CornerRole.choices, default=CornerRole.BOTH)
    cut = models.CharField(max_length=12, choices=_choices(CUT_SKILL), default="average")
    strategy = models.CharField(max_length=12, choices=_choices(STRATEGY_SKILL), default="average")
    camp = models.ForeignKey(
        Camp, null=True, blank=True, on_delete=models.SET_NULL, related_name="corner_men"
    )
    is_available = models.BooleanField(default=True)

    class Meta:
        ordering = ["name"]
        verbose_name_plural = "corner men"
        constraints = [
            models.CheckConstraint(
                condition=Q(role__in=CornerRole.values),
                name="cornerman_role_choice",
                violation_error_message="Pick a corner man's role from the list.",
            ),
            models.CheckConstraint(
                condition=Q(cut__in=CUT_SKILL),
                name="cornerman_cut_choice",
                violation_error_message="Pick a cut-work grade from the list.",
            ),
            models.CheckConstraint(
                condition=Q(strategy__in=STRATEGY_SKILL),
                name="cornerman_strategy_choice",
                violation_error_message="Pick a strategy grade from the list.",
            ),
        ]

    def __str__(self):
        return self.name
