"""A competition's stages (docs/competitions.md): a tournament is an ordered
sequence of stages — round robin groups, Swiss rounds, a single or double
elimination bracket — and the top of each table stage goes on to the next,
seeded by its results there. A tournament started as a plain bracket is one
elimination stage.

A stage's entrants are ``TournamentEntry`` rows with its ``stage_number``, and
its matches ``TournamentMatch`` rows with the same number (stage 1 for a plain
bracket), so a bracket reads exactly as before."""

from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q

from core.words import counted


class StageKind(models.TextChoices):
    ROUND_ROBIN = "round_robin", "Round robin groups"
    SWISS = "swiss", "Swiss rounds"
    SINGLE = "single", "Single elimination"
    DOUBLE = "double", "Double elimination"


ELIMINATION = (StageKind.SINGLE, StageKind.DOUBLE)
TABLES = (StageKind.ROUND_ROBIN, StageKind.SWISS)


class StageStatus(models.TextChoices):
    WAITING = "waiting", "Waiting for the stage before"
    PREVIEW = "preview", "Drawn, waiting for the commissioner to start it"
    RUNNING = "running", "Running"
    COMPLETED = "completed", "Completed"


class TournamentStage(models.Model):
    tournament = models.ForeignKey(
        "league.Tournament", on_delete=models.CASCADE, related_name="stages"
    )
    number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    kind = models.CharField(max_length=12, choices=StageKind.choices)
    rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="How many Swiss rounds are fought."
    )
    groups = models.PositiveSmallIntegerField(
        default=1,
        validators=[MinValueValidator(1)],
        help_text="How many round robin groups the entrants are drawn into.",
    )
    advance = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text="How many go on to the next stage: the top of the Swiss table, or of each group.",
    )
    status = models.CharField(
        max_length=10, choices=StageStatus.choices, default=StageStatus.WAITING
    )
    start_date = models.DateField(
        null=True, blank=True, help_text="The day its first round is due (set when it starts)."
    )

    class Meta:
        ordering = ["tournament_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="stage_unique_number"),
            models.CheckConstraint(
                condition=~Q(kind=StageKind.SWISS) | Q(rounds__gte=1),
                name="stage_swiss_rounds",
                violation_error_message="A Swiss stage needs at least one round.",
            ),
            models.CheckConstraint(
                condition=~Q(kind__in=ELIMINATION) | Q(advance__isnull=True),
                name="stage_bracket_is_last",
                violation_error_message="A bracket crowns the champion: nobody advances from it.",
            ),
            models.CheckConstraint(
                condition=Q(groups__gte=1),
                name="stage_groups_positive",
                violation_error_message="A round robin stage needs at least one group.",
            ),
        ]

    def __str__(self):
        return f"{self.tournament} · stage {self.number}: {self.get_kind_display()}"

    @property
    def is_bracket(self) -> bool:
        return self.kind in ELIMINATION

    @property
    def in_words(self) -> str:
        """``Swiss, 4 rounds, top 8 go on`` — the stage as a commissioner says it."""
        if self.kind == StageKind.SWISS:
            words = f"Swiss, {counted(self.rounds, 'round')}"
        elif self.kind == StageKind.ROUND_ROBIN:
            words = "Round robin" if self.groups == 1 else f"Round robin in {self.groups} groups"
        else:
            words = self.get_kind_display()
        if self.advance:
            grouped = self.kind == StageKind.ROUND_ROBIN and self.groups > 1
            each = " of each group" if grouped else ""
            words += f", top {self.advance}{each} go on"
        return words
