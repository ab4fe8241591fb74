"""Bouts and everything a bout leaves behind."""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q

from core.dates import long_date


class BoutStatus(models.TextChoices):
    SCHEDULED = "scheduled", "Scheduled"
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    COMPLETED = "completed", "Completed"
    FAILED = "failed", "Failed"
    VOIDED = "voided", "Voided"
    # Not fought on its fight night (a fighter suspended or retired since it was
    # booked): the commissioner re-books it.
    POSTPONED = "postponed", "Postponed"


# Handed to a worker and not yet recorded.
IN_FLIGHT = (BoutStatus.QUEUED, BoutStatus.RUNNING)
# Not fought yet: a bout in one of these states keeps its fight night unfinished.
UNFINISHED = (BoutStatus.SCHEDULED, *IN_FLIGHT)


class Side(models.TextChoices):
    RED = "red", "Red"
    BLUE = "blue", "Blue"


class Bout(models.Model):
    ruleset = models.CharField(max_length=20)
    event = models.ForeignKey(
        "league.Event", null=True, blank=True, on_delete=models.CASCADE, related_name="bouts"
    )
    division = models.ForeignKey(
        "league.Division", null=True, blank=True, on_delete=models.PROTECT, related_name="bouts"
    )
    order = models.PositiveSmallIntegerField(
        default=1, help_text="Position on the card; the highest is the main event."
    )
    date = models.DateField(help_text="League date of the bout (the event's date).")
    # One-on-one rulesets: a fighter each; team rulesets: a camp each.
    red = models.ForeignKey(
        "fighters.Fighter", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    blue = models.ForeignKey(
        "fighters.Fighter", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    red_camp = models.ForeignKey(
        "fighters.Camp", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    blue_camp = models.ForeignKey(
        "fighters.Camp", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    scheduled_rounds = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(1000)],
        help_text="Rounds (turns for the card-game rulesets).",
    )
    options = models.JSONField(default=dict, blank=True)
    plans = models.JSONField(default=dict, blank=True)
    referee = models.ForeignKey(
        "referees.Referee", null=True, blank=True, on_delete=models.PROTECT, related_name="bouts"
    )
    judge_1 = models.ForeignKey(
        "referees.Judge", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    judge_2 = models.ForeignKey(
        "referees.Judge", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    judge_3 = models.ForeignKey(
        "referees.Judge", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    doctor = models.ForeignKey(
        "referees.Doctor", null=True, blank=True, on_delete=models.PROTECT, related_name="bouts"
    )
    red_corner = models.ForeignKey(
        "fighters.CornerMan", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    blue_corner = models.ForeignKey(
        "fighters.CornerMan", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    is_title_bout = models.BooleanField(default=False)
    seed = models.BigIntegerField(help_text="Chosen at scheduling; the bout replays from it.")
    status = models.CharField(
        max_length=10, choices=BoutStatus.choices, default=BoutStatus.SCHEDULED
    )
    failure_reason = models.TextField(blank=True)
    postponed_reason = models.TextField(blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    idempotency_key = models.CharField(max_length=80, null=True, blank=True, unique=True)
    # The engine inputs as they were when the bout was queued: editing a card later
    # changes no queued or finished bout.
    inputs = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    queued_at = models.DateTimeField(null=True, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    completed_at = models.DateTimeField(null=True, blank=True)
    # A voided bout keeps its record (shown as voided) but counts for nothing.
    voided_at = models.DateTimeField(null=True, blank=True)
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    void_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["date", "event_id", "order", "id"]
        indexes = [
            models.Index(fields=["status"]),
            # The league projector's reads: a division's bouts by status in league order.
            models.Index(
                fields=["division", "status", "date", "event", "order", "id"],
                name="bout_division_status_order",
            ),
            models.Index(fields=["date", "order", "id"]),
            # The home page's latest results: the last bouts fought, by when.
            models.Index(fields=["completed_at"], name="bout_completed_at"),
            models.Index(fields=["red", "date"]),
            models.Index(fields=["blue", "date"]),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(red__isnull=True) | ~Q(red=F("blue")),
                name="bout_not_against_self",
                violation_error_message=(
                    "A fighter cannot fight himself: pick two different fighters."
                ),
            ),
            models.CheckConstraint(
                condition=Q(red_camp__isnull=True) | ~Q(red_camp=F("blue_camp")),
                name="bout_camp_not_against_self",
                violation_error_message="A team cannot fight itself: pick two different teams.",
            ),
            models.CheckConstraint(
                condition=(Q(red__isnull=False, blue__isnull=False))
                | (Q(red_camp__isnull=False, blue_camp__isnull=False)),
                name="bout_has_two_sides",
                violation_error_message="A bout needs both corners: two fighters, or two teams.",
            ),
            models.UniqueConstraint(
                fields=["event", "order"],
                condition=Q(event__isnull=False),
                name="bout_unique_order_on_card",
                violation_error_message="Another bout holds this place on the card.",
            ),
        ]

    def __str__(self):
        red = self.red or self.red_camp
        blue = self.blue or self.blue_camp
        return f"{red} vs {blue} ({long_date(self.date)})"


class Result(models.Model):
    """The decision and the full engine result; one per bout (the guard that makes
    recording happen exactly once)."""

    bout = models.OneToOneField(Bout, on_delete=models.CASCADE, related_name="result")
    winner = models.CharField(max_length=4, choices=Side.choices, null=True, blank=True)
    method = models.CharField(max_length=16)
    round = models.PositiveSmallIntegerField()
    time = models.CharField(max_length=8)
    engine_result = models.JSONField()
    recorded_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"{self.winner or 'draw'} {self.method} R{self.round} {self.time}"


class RoundStat(models.Model):
    bout = models.ForeignKey(Bout, on_delete=models.CASCADE, related_name="round_stats")
    round = models.PositiveSmallIntegerField()
    side = models.CharField(max_length=4, choices=Side.choices)
    landed = models.IntegerField(default=0)
    thrown = models.IntegerField(default=0)
    damage = models.FloatField(default=0)
    stats = models.JSONField(default=dict)

    class Meta:
        ordering = ["bout_id", "round", "side"]
        constraints = [
            models.UniqueConstraint(fields=["bout", "round", "side"], name="roundstat_unique")
        ]

    def __str__(self):
        return f"R{self.round} {self.side}: {self.landed}/{self.thrown}"


class JudgeScore(models.Model):
    bout = models.ForeignKey(Bout, on_delete=models.CASCADE, related_name="judge_scores")
    judge_index = models.PositiveSmallIntegerField()  # 1..3
    judge = models.ForeignKey(
        "referees.Judge", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    judge_name = models.CharField(max_length=120)
    round = models.PositiveSmallIntegerField()
    red = models.PositiveSmallIntegerField()
    blue = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["bout_id", "judge_index", "round"]
        constraints = [
            models.UniqueConstraint(
                fields=["bout", "judge_index", "round"], name="judgescore_unique"
            )
        ]

    def __str__(self):
        return f"{self.judge_name} R{self.round}: {self.red}-{self.blue}"


class Knockdown(models.Model):
    bout = models.ForeignKey(Bout, on_delete=models.CASCADE, related_name="knockdowns")
    round = models.PositiveSmallIntegerField()
    time = models.CharField(max_length=8)
    side = models.CharField(
        max_length=4, choices=Side.choices, help_text="The side that went down."
    )
    fighter = models.ForeignKey(
        "fighters.Fighter", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    count = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["bout_id", "round", "id"]

    def __str__(self):
        return f"{self.side} down in R{self.round} at {self.time}"


class Injury(models.Model):
    bout = models.ForeignKey(Bout, on_delete=models.CASCADE, related_name="injuries")
    round = models.PositiveSmallIntegerField()
    time = models.CharField(max_length=8)
    side = models.CharField(max_length=4, choices=Side.choices)
    fighter = models.ForeignKey(
        "fighters.Fighter",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="injuries",
    )
    type = models.CharField(max_length=40)
    location = models.CharField(max_length=60, blank=True)
    severity = models.PositiveSmallIntegerField(help_text="1 minor, 2 major, 3 severe")
    text = models.CharField(max_length=240, blank=True)

    class Meta:
        ordering = ["bout_id", "round", "id"]
        verbose_name_plural = "injuries"

    def __str__(self):
        return f"{self.side}: {self.type} (R{self.round})"


class Foul(models.Model):
    bout = models.ForeignKey(Bout, on_delete=models.CASCADE, related_name="fouls")
    round = models.PositiveSmallIntegerField()
    time = models.CharField(max_length=8)
    side = models.CharField(max_length=4, choices=Side.choices, help_text="The offender's side.")
    fighter = models.ForeignKey(
        "fighters.Fighter", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    type = models.CharField(max_length=40)
    penalty = models.CharField(max_length=16)  # none | warning | point | disqualification
    points = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["bout_id", "round", "id"]

    def __str__(self):
        return f"{self.side}: {self.type} ({self.penalty})"


class BoutFighterLine(models.Model):
    """Team rulesets: what each fighter of a camp did in the bout."""

    bout = models.ForeignKey(Bout, on_delete=models.CASCADE, related_name="fighter_lines")
    side = models.CharField(max_length=4, choices=Side.choices)
    fighter = models.ForeignKey(
        "fighters.Fighter", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    name = models.CharField(max_length=120)
    stats = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["bout_id", "side", "id"]

    def __str__(self):
        return f"{self.side}: {self.name}"


class MedicalSuspension(models.Model):
    """A fighter may not be scheduled on or before ``ends_on`` (league time).
    Written by a bout's recording (``bouts.suspensions`` holds the table)."""

    fighter = models.ForeignKey(
        "fighters.Fighter", on_delete=models.CASCADE, related_name="suspensions"
    )
    bout = models.ForeignKey(
        Bout, null=True, blank=True, on_delete=models.CASCADE, related_name="suspensions"
    )
    reason = models.CharField(max_length=200)
    starts_on = models.DateField()
    ends_on = models.DateField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-ends_on", "id"]
        indexes = [models.Index(fields=["fighter", "ends_on"], name="bouts_suspension_fighter_end")]
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_on__gte=F("starts_on")),
                name="suspension_ends_after_start",
                violation_error_message="A suspension cannot end before it starts.",
            )
        ]

    def __str__(self):
        return f"{self.fighter} until {long_date(self.ends_on)}: {self.reason}"


class BoutPlan(models.Model):
    """One version of a side's fight plan for a bout, written by the side's
    manager before the plan deadline. Every version is kept; the latest one is
    fought. ``data`` is the side's plan as the ruleset's ``validate_plans``
    takes it (WeBL: the plan text; the other rulesets: an object)."""

    bout = models.ForeignKey(Bout, on_delete=models.CASCADE, related_name="plan_versions")
    side = models.CharField(max_length=4, choices=Side.choices)
    version = models.PositiveIntegerField(validators=[MinValueValidator(1)])
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    data = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["bout_id", "side", "version"]
        constraints = [
            models.UniqueConstraint(
                fields=["bout", "side", "version"], name="boutplan_unique_version"
            ),
            models.CheckConstraint(
                condition=Q(side__in=["red", "blue"]),
                name="boutplan_side_valid",
                violation_error_message="A plan is the red corner's or the blue corner's.",
            ),
        ]

    def __str__(self):
        return f"bout {self.bout_id} {self.side} plan v{self.version}"


class DefaultPlan(models.Model):
    """A manager's standing plan for a fighter (one-on-one rulesets) or a camp
    (team rulesets) under a ruleset: fought in every bout of it without a plan
    of its own."""

    ruleset = models.CharField(max_length=20)
    fighter = models.ForeignKey(
        "fighters.Fighter",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="default_plans",
    )
    camp = models.ForeignKey(
        "fighters.Camp", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    data = models.JSONField()
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["ruleset", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["fighter", "ruleset"],
                condition=Q(fighter__isnull=False),
                name="defaultplan_unique_fighter",
                violation_error_message="This fighter already has a default plan.",
            ),
            models.UniqueConstraint(
                fields=["camp", "ruleset"],
                condition=Q(camp__isnull=False),
                name="defaultplan_unique_camp",
                violation_error_message="This team already has a default plan.",
            ),
            models.CheckConstraint(
                condition=Q(fighter__isnull=True) ^ Q(camp__isnull=True),
                name="defaultplan_fighter_xor_camp",
                violation_error_message=(
                    "A default plan is a fighter's or a team's, not both and not neither."
                ),
            ),
        ]

    def __str__(self):
        return f"standing {self.ruleset} plan of {self.fighter or self.camp}"
