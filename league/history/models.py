"""A league's history: the awards handed out at a season's end, the record
book's lines (a read model the projector keeps) and the hall of fame. Part of
the league app's models (imported by ``league.models``)."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from league.history.awards import KINDS, TITLES

AWARD_CHOICES = [(kind, TITLES[kind]) for kind in KINDS]


class RecordLine(models.Model):
    """A competitor's all-time figures in one division, from its completed bouts
    in league order (``league.history.records``). Written by the projector as it
    derives bouts (and rewritten from scratch when it replays the division);
    the record book reads these rows, never the bouts."""

    league = models.ForeignKey("league.League", on_delete=models.CASCADE, related_name="+")
    division = models.ForeignKey(
        "league.Division", on_delete=models.CASCADE, related_name="record_lines"
    )
    fighter = models.ForeignKey(
        "fighters.Fighter", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    camp = models.ForeignKey(
        "fighters.Camp", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    bouts = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    knockouts = models.PositiveIntegerField(default=0, help_text="Wins by KO or TKO.")
    streak = models.PositiveIntegerField(default=0, help_text="Wins in a row, to date.")
    best_streak = models.PositiveIntegerField(default=0, help_text="Most wins in a row.")
    title_wins = models.PositiveIntegerField(default=0)
    title_losses = models.PositiveIntegerField(default=0)
    title_draws = models.PositiveIntegerField(default=0)
    fastest_round = models.PositiveSmallIntegerField(null=True, blank=True)
    fastest_seconds = models.PositiveIntegerField(null=True, blank=True)
    fastest_bout = models.ForeignKey(
        "bouts.Bout", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["division_id", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["division", "fighter"],
                condition=Q(fighter__isnull=False),
                name="recordline_unique_fighter",
                violation_error_message="This fighter already has a record line here.",
            ),
            models.UniqueConstraint(
                fields=["division", "camp"],
                condition=Q(camp__isnull=False),
                name="recordline_unique_camp",
                violation_error_message="This team already has a record line here.",
            ),
            models.CheckConstraint(
                condition=Q(fighter__isnull=True) ^ Q(camp__isnull=True),
                name="recordline_fighter_xor_camp",
                violation_error_message="A record line is a fighter's or a team's.",
            ),
        ]
        indexes = [models.Index(fields=["league", "fighter"])]

    def __str__(self):
        return f"{self.fighter or self.camp}: {self.wins}-{self.losses}-{self.draws}"


class Award(models.Model):
    """One award of a league's season (the seasons of one number across its
    divisions), handed out by its commissioner; handing out again replaces
    the season's awards, and the projector recomputes them when a bout of
    the season is voided."""

    league = models.ForeignKey("league.League", on_delete=models.CASCADE, related_name="awards")
    season_number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=AWARD_CHOICES)
    division = models.ForeignKey(
        "league.Division",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
        help_text="Empty: the award of the whole league.",
    )
    fighter = models.ForeignKey(
        "fighters.Fighter", null=True, blank=True, on_delete=models.CASCADE, related_name="awards"
    )
    camp = models.ForeignKey(
        "fighters.Camp", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    manager = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    bout = models.ForeignKey(
        "bouts.Bout", null=True, blank=True, on_delete=models.CASCADE, related_name="awards"
    )
    score = models.JSONField(default=list, help_text="The figures the rule sorted by.")
    summary = models.CharField(max_length=300, help_text="Why it won, in words.")
    rule = models.TextField(help_text="The rule that chose it, as it stood when handed out.")
    handed_out_on = models.DateField(help_text="The league date it was handed out on.")
    handed_out_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league_id", "season_number", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["league", "season_number", "kind", "division"],
                condition=Q(division__isnull=False),
                name="award_unique_in_division",
                violation_error_message="This award is already handed out in this division.",
            ),
            models.UniqueConstraint(
                fields=["league", "season_number", "kind"],
                condition=Q(division__isnull=True),
                name="award_unique_in_league",
                violation_error_message="This award is already handed out for this season.",
            ),
            models.CheckConstraint(
                condition=Q(kind__in=list(KINDS)),
                name="award_kind_choice",
                violation_error_message="Pick an award from the list.",
            ),
        ]

    def __str__(self):
        return f"{self.get_kind_display()} {self.season_number}"

    @property
    def title(self) -> str:
        return TITLES[self.kind]


class HallOfFamer(models.Model):
    """A retired fighter inducted into a league's hall of fame (past the
    league's bar, ``League.hall_of_fame_wins``, or a world champion)."""

    league = models.ForeignKey(
        "league.League", on_delete=models.CASCADE, related_name="hall_of_fame"
    )
    fighter = models.ForeignKey("fighters.Fighter", on_delete=models.CASCADE, related_name="+")
    inducted_on = models.DateField(help_text="The league date of the induction.")
    inducted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    reigns = models.PositiveSmallIntegerField(default=0, help_text="World title reigns.")
    citation = models.CharField(max_length=300)

    class Meta:
        ordering = ["league_id", "inducted_on", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["league", "fighter"],
                name="halloffamer_unique",
                violation_error_message="This fighter is already in the hall of fame.",
            )
        ]

    def __str__(self):
        return f"{self.fighter} ({self.league})"
