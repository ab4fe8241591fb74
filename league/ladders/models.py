"""A division's challenge ladder: its rungs (a fighter and his rank) and its
challenges (each booked as a bout on the league's calendar)."""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q

from league.scheduling.ladder import MAX_REACH


class Ladder(models.Model):
    league = models.ForeignKey("league.League", on_delete=models.CASCADE, related_name="ladders")
    division = models.ForeignKey(
        "league.Division", on_delete=models.CASCADE, related_name="ladders"
    )
    name = models.CharField(max_length=160)
    reach = models.PositiveSmallIntegerField(
        default=3,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_REACH)],
        help_text=f"How many places above himself a fighter may challenge (1 to {MAX_REACH}).",
    )
    managers_challenge = models.BooleanField(
        default=True,
        help_text="The league's managers may issue challenges for their own fighters "
        "(otherwise only the commissioner issues them).",
    )
    seed = models.BigIntegerField(default=0, help_text="Chooses the challenge bouts' seeds.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league_id", "name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["division", "name"],
                name="ladder_unique_name",
                violation_error_message="This division has a ladder of that name.",
            ),
            models.CheckConstraint(
                condition=Q(reach__gte=1, reach__lte=MAX_REACH),
                name="ladder_reach_range",
                violation_error_message=f"A fighter may challenge 1 to {MAX_REACH} places above.",
            ),
        ]

    def __str__(self):
        return self.name


class LadderRung(models.Model):
    """A fighter's place on a ladder: ``rank`` now (1 = the top), ``start_rank``
    when the ladder was made (the ranks are replayed from it)."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="rungs")
    fighter = models.ForeignKey(
        "fighters.Fighter", on_delete=models.PROTECT, related_name="ladder_rungs"
    )
    rank = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    start_rank = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])

    class Meta:
        ordering = ["ladder_id", "rank"]
        constraints = [
            models.UniqueConstraint(
                fields=["ladder", "fighter"],
                name="rung_unique_fighter",
                violation_error_message="This fighter is on the ladder already.",
            ),
            models.UniqueConstraint(fields=["ladder", "rank"], name="rung_unique_rank"),
            models.UniqueConstraint(fields=["ladder", "start_rank"], name="rung_unique_start"),
            models.CheckConstraint(
                condition=Q(rank__gte=1, start_rank__gte=1),
                name="rung_rank_positive",
                violation_error_message="A place on the ladder is counted from 1.",
            ),
        ]

    def __str__(self):
        return f"{self.rank}. {self.fighter}"


class ChallengeStatus(models.TextChoices):
    OPEN = "open", "To be fought"
    FOUGHT = "fought", "Fought"
    CANCELLED = "cancelled", "Cancelled"


class ChallengeWinner(models.TextChoices):
    CHALLENGER = "challenger", "The challenger"
    DEFENDER = "defender", "The defender"
    DRAW = "draw", "A draw"


class LadderChallenge(models.Model):
    """A challenge up the ladder, booked as a bout. ``status`` and ``winner``
    are derived from the bout (league.ladders.services.ladder_settle): open
    until it is fought, fought with its winner, cancelled when its bout failed,
    was postponed for good or was voided (with ``reason``)."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="challenges")
    challenger = models.ForeignKey(
        "fighters.Fighter", on_delete=models.PROTECT, related_name="ladder_challenges_made"
    )
    defender = models.ForeignKey(
        "fighters.Fighter", on_delete=models.PROTECT, related_name="ladder_challenges_taken"
    )
    challenger_rank = models.PositiveSmallIntegerField(help_text="His rank when he challenged.")
    defender_rank = models.PositiveSmallIntegerField(help_text="His rank when challenged.")
    bout = models.OneToOneField(
        "bouts.Bout",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="ladder_challenge",
    )
    status = models.CharField(
        max_length=10, choices=ChallengeStatus.choices, default=ChallengeStatus.OPEN
    )
    winner = models.CharField(max_length=10, choices=ChallengeWinner.choices, blank=True)
    reason = models.CharField(max_length=300, blank=True)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    issued_on = models.DateField(help_text="The league date it was issued on.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["ladder_id", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(challenger=F("defender")),
                name="challenge_two_fighters",
                violation_error_message="A fighter cannot challenge himself.",
            ),
            models.CheckConstraint(
                condition=Q(challenger_rank__gt=F("defender_rank")),
                name="challenge_goes_up",
                violation_error_message="A challenge goes up the ladder.",
            ),
            models.UniqueConstraint(
                fields=["ladder", "challenger"],
                condition=Q(status="open"),
                name="challenge_one_open_challenger",
                violation_error_message="This fighter already has an open challenge.",
            ),
            models.UniqueConstraint(
                fields=["ladder", "defender"],
                condition=Q(status="open"),
                name="challenge_one_open_defender",
                violation_error_message="This fighter has an open challenge to fight first.",
            ),
            models.CheckConstraint(
                condition=Q(status="fought", winner__in=["challenger", "defender", "draw"])
                | (~Q(status="fought") & Q(winner="")),
                name="challenge_winner_when_fought",
                violation_error_message="A fought challenge has its winner (or is a draw).",
            ),
        ]

    def __str__(self):
        return f"{self.challenger} challenges {self.defender}"
