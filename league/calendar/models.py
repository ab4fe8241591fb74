"""The calendar's tables: a season's fixtures and "play until" jobs.

A season is a set of fixtures drawn night by night (``league.calendar.drawing``);
a fixture keeps its bout wherever the bout is booked, so a re-booked or moved
season bout still counts in its season. A job advances a league (the next
night, N nights, to a date, to the end of its seasons): one ``DivisionRun`` per
division, each fought back to back by one worker (``league.calendar.runner``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class FixtureStatus(models.TextChoices):
    WAITING = "waiting", "Waiting"
    BOOKED = "booked", "Booked"
    FOUGHT = "fought", "Fought"
    CANCELLED = "cancelled", "Cancelled"


class SeasonFixture(models.Model):
    season = models.ForeignKey("league.Season", on_delete=models.CASCADE, related_name="fixtures")
    position = models.PositiveIntegerField(help_text="The draw order: the longest waiting first.")
    round = models.PositiveSmallIntegerField(help_text="The round robin's round it was made in.")
    red = models.ForeignKey(
        "fighters.Fighter", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    blue = models.ForeignKey(
        "fighters.Fighter", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    red_camp = models.ForeignKey(
        "fighters.Camp", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    blue_camp = models.ForeignKey(
        "fighters.Camp", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    seed = models.BigIntegerField()
    bout = models.OneToOneField(
        "bouts.Bout",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="season_fixture",
    )
    status = models.CharField(
        max_length=10, choices=FixtureStatus.choices, default=FixtureStatus.WAITING
    )
    note = models.CharField(max_length=300, blank=True, help_text="Why it was cancelled.")

    class Meta:
        ordering = ["season_id", "position"]
        constraints = [
            models.UniqueConstraint(fields=["season", "position"], name="fixture_unique_position"),
            models.CheckConstraint(
                condition=Q(red__isnull=False, blue__isnull=False)
                | Q(red_camp__isnull=False, blue_camp__isnull=False),
                name="fixture_has_sides",
                violation_error_message="A fixture needs both corners: two fighters, or two teams.",
            ),
        ]
        indexes = [models.Index(fields=["season", "status", "position"])]

    def __str__(self):
        red = self.red or self.red_camp
        blue = self.blue or self.blue_camp
        return f"{red} vs {blue}"


class JobTarget(models.TextChoices):
    NIGHTS = "nights", "A number of fight nights"
    DATE = "date", "Up to a league date"
    SEASON = "season", "To the end of the season"
    SEASONS = "seasons", "Through several seasons"
    TOURNAMENT = "tournament", "To the end of the tournaments"


class JobStatus(models.TextChoices):
    QUEUED = "queued", "Waiting for a worker"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    CANCELLED = "cancelled", "Cancelled"
    FAILED = "failed", "Failed"


ACTIVE = (JobStatus.QUEUED, JobStatus.RUNNING)


class AdvanceJob(models.Model):
    """ "Play until": a league advanced to a target, one run per division."""

    league = models.ForeignKey("league.League", on_delete=models.CASCADE, related_name="jobs")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    target = models.CharField(max_length=10, choices=JobTarget.choices)
    nights = models.PositiveIntegerField(null=True, blank=True)
    until = models.DateField(null=True, blank=True, help_text="The league date to stop at.")
    seasons = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Seasons to play, season breaks between them."
    )
    seasons_done = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(max_length=10, choices=JobStatus.choices, default=JobStatus.QUEUED)
    cancel_requested = models.BooleanField(default=False)
    message = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["league"],
                condition=Q(status__in=["queued", "running"]),
                name="job_one_active_per_league",
                violation_error_message="This league is already being advanced.",
            ),
            models.CheckConstraint(
                condition=~Q(target="nights") | Q(nights__gte=1),
                name="job_nights_needs_count",
                violation_error_message="Say how many fight nights to advance (at least one).",
            ),
            models.CheckConstraint(
                condition=~Q(target="date") | Q(until__isnull=False),
                name="job_date_needs_until",
                violation_error_message="Say the date to advance the league to.",
            ),
            models.CheckConstraint(
                condition=~Q(target="seasons") | Q(seasons__gte=1),
                name="job_seasons_needs_count",
                violation_error_message="Say how many seasons to play (at least one).",
            ),
        ]

    def __str__(self):
        return f"{self.league} · {self.get_target_display()}"


class DivisionRun(models.Model):
    """One division's part of a job: fought night after night by one worker."""

    job = models.ForeignKey(AdvanceJob, on_delete=models.CASCADE, related_name="runs")
    division = models.ForeignKey("league.Division", on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=10, choices=JobStatus.choices, default=JobStatus.QUEUED)
    nights_done = models.PositiveIntegerField(default=0)
    bouts_done = models.PositiveIntegerField(default=0)
    bouts_total = models.PositiveIntegerField(default=0, help_text="What the target holds, known.")
    reached = models.DateField(null=True, blank=True, help_text="The last night's league date.")
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    error = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ["job_id", "division_id"]
        constraints = [
            models.UniqueConstraint(fields=["job", "division"], name="run_one_per_division")
        ]

    def __str__(self):
        return f"{self.job} · {self.division}"


class BreakStep(models.TextChoices):
    """The season break's steps, in the order they are taken."""

    CROWN = "crown", "Crown the season's champions"
    AWARDS = "awards", "Hand out the awards"
    DEVELOP = "develop", "Develop and age the cards"
    RETIRE = "retire", "Retire fighters"
    PROSPECTS = "prospects", "Add prospects"
    NEXT = "next", "Start the next season"


class SeasonBreak(models.Model):
    """Between a league's season ``number`` (every division's) and the next:
    the steps taken, each once, in order (league.calendar.season_break)."""

    league = models.ForeignKey("league.League", on_delete=models.CASCADE, related_name="breaks")
    number = models.PositiveSmallIntegerField(help_text="The season that ended.")
    on = models.DateField(help_text="The league date of the break.")
    done = models.JSONField(default=list, blank=True, help_text="The steps taken, in order.")
    retire_due = models.JSONField(
        default=list, blank=True, help_text="Who development found due to retire, and why."
    )
    notes = models.JSONField(default=dict, blank=True, help_text="What each step did.")

    class Meta:
        ordering = ["league_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="break_one_per_season")
        ]

    def __str__(self):
        return f"{self.league} · after season {self.number}"
