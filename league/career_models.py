"""The career game's rows (docs/career.md): each fighter's WeBL-style rating and
damage in a career league, the bouts already counted, and training choices."""

from django.conf import settings
from django.db import models
from django.db.models import Q


class TrainingKeep(models.TextChoices):
    """When a trained point stays on the card (docs/career.md)."""

    WIN = "win", "Kept on a win"
    RISE = "rise", "Kept on a win that raises his best rating (WeBL)"
    ALWAYS = "always", "Always kept"
    NEVER = "never", "Never kept (for that bout only)"


class TitleRule(models.TextChoices):
    """When the weekly matchmaker makes a title bout (docs/career.md)."""

    NONE = "none", "No title bouts"
    TOP = "top", "Champion against the top contender; vacant: the top two"


class CareerState(models.Model):
    """A fighter's career in a career league: WeBL's rating (+1 a win, -1 a loss),
    status (the best rating ever), the damage taken and the points aging took."""

    league = models.ForeignKey("league.League", on_delete=models.CASCADE, related_name="+")
    fighter = models.ForeignKey(
        "fighters.Fighter", on_delete=models.CASCADE, related_name="career_states"
    )
    rating = models.IntegerField(default=0)
    status = models.IntegerField(default=0, help_text="The best rating reached.")
    damage_taken = models.FloatField(default=0)
    aging_points = models.PositiveSmallIntegerField(default=0)
    sat_out_on = models.DateField(
        null=True, blank=True, help_text="The last fight night he was the odd one out."
    )

    class Meta:
        ordering = ["league_id", "fighter_id"]
        constraints = [
            models.UniqueConstraint(fields=["league", "fighter"], name="career_state_one"),
            models.CheckConstraint(
                condition=Q(status__gte=0),
                name="career_status_non_negative",
                violation_error_message="A career status cannot be negative.",
            ),
        ]

    def __str__(self):
        return f"{self.fighter_id} in {self.league_id}: {self.rating} ({self.status})"


class CareerBout(models.Model):
    """A recorded bout counted once into a fighter's career state (the ledger that
    makes the recorded-signal receiver idempotent)."""

    league = models.ForeignKey("league.League", on_delete=models.CASCADE, related_name="+")
    bout = models.ForeignKey("bouts.Bout", on_delete=models.CASCADE, related_name="+")
    fighter = models.ForeignKey("fighters.Fighter", on_delete=models.CASCADE, related_name="+")
    outcome = models.CharField(max_length=1, choices=[("W", "Win"), ("L", "Loss"), ("D", "Draw")])
    damage_taken = models.FloatField(default=0)
    aging_points = models.PositiveSmallIntegerField(
        default=0, help_text="Ability steps aging took when this bout was counted."
    )
    card_effects = models.JSONField(
        default=list,
        blank=True,
        help_text="What this bout left on the card: [{change, source, deltas: {path: n}}] "
        "(the kept training step, aging), taken back if the bout is voided.",
    )

    class Meta:
        ordering = ["bout_id", "fighter_id"]
        constraints = [
            models.UniqueConstraint(fields=["bout", "fighter"], name="career_bout_once"),
        ]

    def __str__(self):
        return f"{self.fighter_id}: {self.outcome} in bout {self.bout_id}"


class TrainingState(models.TextChoices):
    TRAINING = "training", "Trained for the bout"
    KEPT = "kept", "Kept"
    DROPPED = "dropped", "Taken back after the bout"
    VOIDED = "voided", "Taken back: the bout was voided"


class Training(models.Model):
    """What a manager trained for one bout: one ability step on the card for that
    bout, kept or taken back when the bout is recorded (League.training_keep_rule)."""

    league = models.ForeignKey("league.League", on_delete=models.CASCADE, related_name="+")
    bout = models.ForeignKey("bouts.Bout", on_delete=models.CASCADE, related_name="+")
    fighter = models.ForeignKey(
        "fighters.Fighter", on_delete=models.CASCADE, related_name="trainings"
    )
    ability = models.CharField(max_length=40)
    moved = models.BooleanField(
        default=True, help_text="False when the ability was already at its ceiling."
    )
    state = models.CharField(
        max_length=10, choices=TrainingState.choices, default=TrainingState.TRAINING
    )
    chosen_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    chosen_at = models.DateTimeField(auto_now=True)
    change = models.ForeignKey(
        "fighters.CardChange",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="The card history entry that added the step.",
    )

    class Meta:
        ordering = ["bout_id", "fighter_id"]
        constraints = [
            models.UniqueConstraint(fields=["bout", "fighter"], name="training_one_per_bout"),
            models.CheckConstraint(
                condition=Q(state__in=["training", "kept", "dropped", "voided"]),
                name="training_state_choice",
                violation_error_message="Pick a training state from the list.",
            ),
        ]

    def __str__(self):
        return f"{self.fighter_id} trains {self.ability} for bout {self.bout_id}"
