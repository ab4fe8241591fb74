"""A sandbox run: one manager's plan fought N times against an opponent's model.

The row keeps what was fought (the plan, the opponent's model: his public card or
the scouting estimate, never a hidden card) and what came of it, so the page shows
it again without fighting."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q

# At most this many fights in one run (the form's bound and the row's).
MAX_FIGHTS = 500
DEFAULT_FIGHTS = 200


class SandboxStatus(models.TextChoices):
    QUEUED = "queued", "Waiting for a worker"
    RUNNING = "running", "Fighting"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"


class SandboxRun(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sandbox_runs"
    )
    fighter = models.ForeignKey("fighters.Fighter", on_delete=models.CASCADE, related_name="+")
    opponent = models.ForeignKey("fighters.Fighter", on_delete=models.CASCADE, related_name="+")
    bout = models.ForeignKey(
        "bouts.Bout", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    league = models.ForeignKey(
        "league.League", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    side = models.CharField(max_length=4, choices=[("red", "red"), ("blue", "blue")])
    ruleset = models.CharField(max_length=20)
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    options = models.JSONField(default=dict, blank=True)
    plan = models.JSONField(help_text="The plan tried, in the ruleset's terms.")
    opponent_model = models.JSONField(
        help_text="What the opponent was fought as: his public card or the scouting estimate."
    )
    fights = models.PositiveSmallIntegerField(default=DEFAULT_FIGHTS)
    seed = models.BigIntegerField()
    status = models.CharField(
        max_length=8, choices=SandboxStatus.choices, default=SandboxStatus.QUEUED
    )
    fights_done = models.PositiveSmallIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "created_at"], name="sandbox_user_recent")]
        constraints = [
            models.CheckConstraint(
                condition=Q(fights__gte=1, fights__lte=MAX_FIGHTS),
                name="sandbox_fights_bounded",
                violation_error_message=f"A try fights between 1 and {MAX_FIGHTS} bouts.",
            ),
            models.CheckConstraint(
                condition=Q(fights_done__lte=F("fights")),
                name="sandbox_done_within_fights",
                violation_error_message="A try cannot have fought more bouts than asked.",
            ),
        ]

    def __str__(self) -> str:
        return f"Sandbox {self.pk}: fighter {self.fighter_id} v {self.opponent_id}"

    @property
    def finished(self) -> bool:
        return self.status in (SandboxStatus.DONE, SandboxStatus.FAILED)
