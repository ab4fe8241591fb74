"""Leagues, divisions, seasons, events (fight cards) and medical suspensions.

Derived tables (standings, rankings, titles) are functions of the bout rows in the
league's chronological order: event date, then bout order on the card.
"""

import datetime as dt

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q

from core.dates import long_date
from fighters.weight_classes import WeightClass
from league.calendar.models import (  # noqa: F401 (the app's models)
    AdvanceJob,
    DivisionRun,
    FixtureStatus,
    JobStatus,
    JobTarget,
    SeasonFixture,
)
from league.career_models import (  # noqa: F401 (the app's models)
    CareerBout,
    CareerState,
    TitleRule,
    Training,
    TrainingKeep,
    TrainingState,
)
from league.competition_models import (  # noqa: F401 (the app's models)
    StageKind,
    StageStatus,
    TournamentStage,
)
from league.history.models import (  # noqa: F401 (the app's models)
    Award,
    HallOfFamer,
    RecordLine,
)
from league.ladders.models import (  # noqa: F401 (the app's models)
    ChallengeStatus,
    ChallengeWinner,
    Ladder,
    LadderChallenge,
    LadderRung,
)
from league.membership_models import (  # noqa: F401 (the app's models)
    BoutRequest,
    Invitation,
    LeagueMembership,
    RequestStatus,
)
from league.notices.models import (  # noqa: F401 (the app's models)
    DeliveryStatus,
    NoticeKind,
    NoticeSettings,
    Notification,
    Webhook,
    WebhookDelivery,
    WebhookKind,
)
from league.projection_models import (  # noqa: F401 (the app's models)
    DivisionProjection,
    ProjectionRequest,
)
from league.region_models import (  # noqa: F401 (the app's models)
    Region,
    RegionalReign,
    RegionalTitle,
    RegionalTitleBout,
    RegionMember,
)
from league.reign_fields import END_REASONS, ReignSpan
from league.sandbox.models import SandboxRun, SandboxStatus  # noqa: F401 (the app's models)
from league.standings.metrics import METRICS

DEFAULT_TIEBREAKERS = ["head_to_head", "stoppage_wins", "fewest_losses"]


def default_tiebreakers():
    return list(DEFAULT_TIEBREAKERS)


def validate_tiebreakers(value):
    """A list of registered tiebreaker keys (league.standings.metrics)."""
    if not isinstance(value, list) or not all(isinstance(k, str) for k in value):
        raise ValidationError("must be a list of tiebreaker keys")
    unknown = [k for k in value if k not in METRICS]
    if unknown:
        raise ValidationError(f"unknown tiebreaker {unknown[0]!r} (known: {', '.join(METRICS)})")
    if len(set(value)) != len(value):
        raise ValidationError("a tiebreaker is listed twice")


class ClockMode(models.TextChoices):
    COMMISSIONER = "commissioner", "Advanced by its commissioner"
    REAL = "real", "Follows a real clock"


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
    tiebreakers = models.JSONField(
        default=default_tiebreakers,
        validators=[validate_tiebreakers],
        help_text="The tiebreakers of the standings, in the order they are applied.",
    )
    start_date = models.DateField()
    # The league's own calendar (league.calendar): every date a person reads is
    # a league date; fight nights advance ``today``.
    today = models.DateField(
        null=True, blank=True, help_text="The league's current date (empty: its start date)."
    )
    clock = models.CharField(
        max_length=12,
        choices=ClockMode.choices,
        default=ClockMode.COMMISSIONER,
        help_text="Who advances the league: its commissioner (play until), or a real clock "
        "firing a fight night every week on the fight day.",
    )
    fight_time = models.TimeField(
        default=dt.time(20, 0), help_text="A real-clock league's fight time (UTC)."
    )
    separate_camps = models.BooleanField(
        default=False, help_text="Never two fighters of one camp on a season's card."
    )
    rest_days = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(365)],
        help_text="Days a fighter rests after a bout before he may fight again.",
    )
    days_between_events = models.PositiveSmallIntegerField(default=14)
    title_inactivity_days = models.PositiveSmallIntegerField(
        default=365, help_text="A champion this long without a bout is stripped."
    )
    title_suspension_days = models.PositiveSmallIntegerField(
        default=180, help_text="A champion suspended at least this long is stripped."
    )
    development = models.BooleanField(
        default=False, help_text="Age and develop cards between seasons."
    )
    # Bout requests (docs/managers.md): both off unless the commissioner sets them.
    bouts_per_event = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(100)],
        help_text="Card size: an event with this many bouts has no room for a "
        "requested bout. Empty: no limit.",
    )
    auto_approve_requests = models.BooleanField(
        default=False,
        help_text="A bout request accepted by both managers goes onto the next "
        "event with room, without waiting for a commissioner.",
    )
    medical_suspensions = models.BooleanField(
        default=True,
        help_text="A fighter is medically suspended after a knockout, a stoppage or a "
        "serious injury, as a boxing commission would rule. Off, as in WeBL's weekly "
        "career game, where damage is paid for through aging instead.",
    )
    walkover_on_postponement = models.BooleanField(
        default=False,
        help_text="A bracket bout postponed on its fight night (a fighter suspended or "
        "retired since it was booked) is a walkover for the side that can fight.",
    )
    # The career game (docs/career.md): all off/inert unless career_mode is set.
    career_mode = models.BooleanField(
        default=False,
        help_text="Managers create fighters on a point budget, train them, and a weekly "
        "matchmaker fills the cards.",
    )
    point_budget = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MaxValueValidator(1000)],
        help_text="Points a new fighter's card may spend. Empty: the ruleset's default (WeBL 70).",
    )
    hide_cards = models.BooleanField(
        default=False,
        help_text="Cards are seen only by their manager, the commissioners and staff.",
    )
    training_keep_rule = models.CharField(
        max_length=8, choices=TrainingKeep.choices, default=TrainingKeep.WIN
    )
    aging_damage = models.PositiveIntegerField(
        default=1000,
        validators=[MinValueValidator(1)],
        help_text="How much damage a fighter takes in his bouts before aging costs him "
        "one ability point.",
    )
    fight_weekday = models.PositiveSmallIntegerField(
        default=5,
        validators=[MaxValueValidator(6)],
        help_text="The weekday of fight night.",
    )
    rematch_weeks = models.PositiveSmallIntegerField(
        default=4, help_text="No rematch within this many weeks (when anyone else is free)."
    )
    card_lead_days = models.PositiveSmallIntegerField(
        default=2,
        validators=[MaxValueValidator(6)],
        help_text="The week's cards are made this many days before fight night.",
    )
    title_rule = models.CharField(max_length=8, choices=TitleRule.choices, default=TitleRule.TOP)
    # Regions (docs/career.md): off unless the commissioner sets them.
    regions_enabled = models.BooleanField(
        default=False,
        help_text="Fighters belong to regions with regional titles; the world title is "
        "fought among the contenders.",
    )
    contenders_per_region = models.PositiveSmallIntegerField(
        default=2,
        validators=[MaxValueValidator(50)],
        help_text="World-title contenders: every regional champion plus this many of the "
        "best-ranked others of each region.",
    )
    # A league's history (docs/history.md).
    hall_of_fame_wins = models.PositiveSmallIntegerField(
        default=10,
        validators=[MinValueValidator(1), MaxValueValidator(1000)],
        help_text="A retired fighter with at least this many wins in the league (or who "
        "held its world title) enters its hall of fame at a season's end.",
    )
    # From one season to the next (docs/calendar.md, "The season break").
    auto_advance_seasons = models.BooleanField(
        default=False,
        help_text="Play until can run through the end of a season: the season break's "
        "steps are taken as the league's rules say and the next season starts.",
    )
    roster_size = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(128)],
        help_text="At a season break, generated prospects fill each division up to this "
        "many active fighters. 0: no prospects.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(fight_weekday__lte=6),
                name="league_fight_weekday_range",
                violation_error_message="Fight night is a weekday from Monday to Sunday.",
            ),
            models.CheckConstraint(
                condition=Q(training_keep_rule__in=["win", "rise", "always", "never"]),
                name="league_training_keep_rule_choice",
                violation_error_message="Pick when training gains are kept from the list.",
            ),
            models.CheckConstraint(
                condition=Q(title_rule__in=["none", "top"]),
                name="league_title_rule_choice",
                violation_error_message="Pick a title rule from the list.",
            ),
        ]

    def __str__(self):
        return self.name

    @property
    def date(self) -> dt.date:
        """The league's current date."""
        return self.today or self.start_date

    def clean(self):
        super().clean()
        # /api/leagues/<id or slug>/: digits are an id, so a slug needs a letter.
        if self.slug and self.slug.isdigit():
            raise ValidationError({"slug": ["A slug needs at least one letter or dash."]})


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
    closed_reason = models.CharField(
        max_length=300, blank=True, help_text="Why the season was closed before every fixture."
    )
    # Crowned at the season break: the top of the final table.
    champion = models.ForeignKey(
        "fighters.Fighter", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    champion_camp = models.ForeignKey(
        "fighters.Camp", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
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
    tournament = models.ForeignKey(
        "league.Tournament", null=True, blank=True, on_delete=models.CASCADE, related_name="events"
    )
    # A fight night: at ``fight_at`` (real time) the plans lock and the card is
    # snapshotted and queued (league.services.fight_nights). An event without a
    # fight time is fought as its bouts are booked ("fight now").
    fight_at = models.DateTimeField(
        null=True, blank=True, help_text="When the fight night fires (empty: fight now)."
    )
    plans_due_at = models.DateTimeField(
        null=True, blank=True, help_text="The managers' plan deadline (empty: the fight time)."
    )
    fired_at = models.DateTimeField(
        null=True, blank=True, help_text="When the fight night fired: plans locked."
    )
    matchmaking = models.JSONField(
        default=dict,
        blank=True,
        help_text="A weekly matchmaker's card: why each pair, who sat out and why.",
    )

    class Meta:
        ordering = ["date", "id"]
        indexes = [
            models.Index(fields=["league", "date"]),
            models.Index(fields=["fired_at", "fight_at"], name="event_due"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(plans_due_at__isnull=True)
                | Q(fight_at__isnull=False, plans_due_at__lte=models.F("fight_at")),
                name="event_plans_due_by_fight_time",
                violation_error_message="The plan deadline must be at or before the fight time.",
            )
        ]

    def __str__(self):
        return f"{self.name} ({long_date(self.date)})"

    @property
    def plan_deadline(self):
        """When the plans lock: the plan deadline, else the fight time (None:
        until the bouts are queued)."""
        return self.plans_due_at or self.fight_at


# --- tournaments -------------------------------------------------------------------


class TournamentFormat(models.TextChoices):
    SINGLE = "single", "Single elimination"
    DOUBLE = "double", "Double elimination"


class DrawRule(models.TextChoices):
    """How a drawn knockout bout is settled (league.scheduling.brackets.settle_draw)."""

    CARDS = "cards", "The judges' cards re-read (rounds won, then the stronger finish)"
    DECIDER = "decider", "A decider bout between the same two (a drawn decider: the higher seed)"
    SEED = "seed", "The higher seed goes through"


class TournamentStatus(models.TextChoices):
    RUNNING = "running", "Running"
    COMPLETED = "completed", "Completed"


class Tournament(models.Model):
    """An elimination bracket (league.scheduling.brackets) in a division, advanced
    as its bouts are recorded."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="tournaments")
    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(max_length=160)
    format = models.CharField(
        max_length=6, choices=TournamentFormat.choices, default=TournamentFormat.SINGLE
    )
    for_title = models.BooleanField(
        default=True, help_text="The final (and a grand-final reset) is a title bout."
    )
    start_date = models.DateField()
    days_between_stages = models.PositiveSmallIntegerField(default=14)
    seed = models.BigIntegerField(help_text="Bout seeds are derived from it and the match key.")
    fight_now = models.BooleanField(
        default=True,
        help_text="All at once: each round's fight night is fought as soon as its matches "
        "are made. Otherwise round by round: each round's card waits for the commissioner "
        "to fight it (the console's card, or play until).",
    )
    draw_rule = models.CharField(
        max_length=8,
        choices=DrawRule.choices,
        default=DrawRule.CARDS,
        help_text="Who goes through when a bout is drawn.",
    )
    status = models.CharField(
        max_length=10, choices=TournamentStatus.choices, default=TournamentStatus.RUNNING
    )
    champion = models.ForeignKey(
        "fighters.Fighter", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    champion_camp = models.ForeignKey(
        "fighters.Camp", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["start_date", "id"]

    def __str__(self):
        return self.name


class TournamentEntry(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    stage_number = models.PositiveSmallIntegerField(
        default=1, help_text="The stage (TournamentStage.number) the entrant is seeded in."
    )
    seed = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    fighter = models.ForeignKey(
        "fighters.Fighter", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    camp = models.ForeignKey(
        "fighters.Camp", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["tournament_id", "stage_number", "seed"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "stage_number", "seed"], name="entry_unique_seed"
            ),
            models.UniqueConstraint(
                fields=["tournament", "stage_number", "fighter"],
                condition=Q(fighter__isnull=False),
                name="entry_unique_fighter",
                violation_error_message="This fighter is already entered in the tournament.",
            ),
            models.UniqueConstraint(
                fields=["tournament", "stage_number", "camp"],
                condition=Q(camp__isnull=False),
                name="entry_unique_camp",
                violation_error_message="This team is already entered in the tournament.",
            ),
            models.CheckConstraint(
                condition=Q(fighter__isnull=True) ^ Q(camp__isnull=True),
                name="entry_fighter_xor_camp",
                violation_error_message=(
                    "An entry is a fighter or a team, not both and not neither."
                ),
            ),
        ]

    def __str__(self):
        return f"#{self.seed} {self.fighter or self.camp}"


class TournamentMatch(models.Model):
    """A bracket match that was due: its key in the bracket and its bout, or a
    walkover when the bout could not be made (an entrant retired or lost a card)
    or failed for good (the walkover then stands beside the failed bout).
    Byes and the state of the bracket are derived (brackets.resolve), never stored."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="matches")
    stage_number = models.PositiveSmallIntegerField(
        default=1, help_text="The competition's stage (TournamentStage.number)."
    )
    key = models.CharField(max_length=12)
    # The round within the stage (a bracket's round, a Swiss or group round).
    stage = models.PositiveSmallIntegerField()
    bout = models.OneToOneField(
        "bouts.Bout",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="tournament_match",
    )
    walkover = models.CharField(
        max_length=4,
        blank=True,
        choices=[("red", "Red"), ("blue", "Blue")],
        help_text="The side that went through without a bout.",
    )
    walkover_reason = models.CharField(max_length=300, blank=True)
    # A Swiss or group round's pair, by the stage's seeds (a bracket's pairs are
    # derived from its key); a bye has no blue side and is a walkover for red.
    red_seed = models.PositiveSmallIntegerField(null=True, blank=True)
    blue_seed = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["tournament_id", "stage_number", "stage", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "stage_number", "key"], name="match_unique_key"
            ),
            models.CheckConstraint(
                condition=Q(bout__isnull=False) | ~Q(walkover=""),
                name="match_bout_or_walkover",
                violation_error_message=(
                    "A bracket match needs its bout or the side that walked over."
                ),
            ),
        ]

    def __str__(self):
        return f"{self.tournament} {self.key}"


# --- derived tables (a function of the division's completed bouts) -----------------


class Standing(models.Model):
    """A row of a season's table (league.standings.metrics)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="standings")
    fighter = models.ForeignKey(
        "fighters.Fighter", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    camp = models.ForeignKey(
        "fighters.Camp", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    rank = models.PositiveSmallIntegerField()
    tied = models.BooleanField(default=False)
    points = models.IntegerField(default=0)
    bouts = models.PositiveSmallIntegerField(default=0)
    wins = models.PositiveSmallIntegerField(default=0)
    losses = models.PositiveSmallIntegerField(default=0)
    draws = models.PositiveSmallIntegerField(default=0)
    stoppage_wins = models.PositiveSmallIntegerField(default=0)
    stoppage_losses = models.PositiveSmallIntegerField(default=0)
    metrics = models.JSONField(default=dict, help_text="Tiebreaker values by key.")

    class Meta:
        ordering = ["season_id", "rank", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "fighter"],
                condition=Q(fighter__isnull=False),
                name="standing_unique_fighter",
                violation_error_message="This fighter already has a line in these standings.",
            ),
            models.UniqueConstraint(
                fields=["season", "camp"],
                condition=Q(camp__isnull=False),
                name="standing_unique_camp",
                violation_error_message="This team already has a line in these standings.",
            ),
            models.CheckConstraint(
                condition=Q(fighter__isnull=True) ^ Q(camp__isnull=True),
                name="standing_fighter_xor_camp",
                violation_error_message=(
                    "A standings line is a fighter's or a team's, not both and not neither."
                ),
            ),
        ]

    def __str__(self):
        return f"{self.rank}. {self.fighter or self.camp} {self.points} pts"


class Rating(models.Model):
    """The current openskill rating of a fighter (or camp) in a division."""

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="ratings")
    fighter = models.ForeignKey(
        "fighters.Fighter", null=True, blank=True, on_delete=models.CASCADE, related_name="ratings"
    )
    camp = models.ForeignKey(
        "fighters.Camp", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(help_text="mu - 3 sigma: what rankings sort by.")
    bouts = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["division_id", "-ordinal", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["division", "fighter"],
                condition=Q(fighter__isnull=False),
                name="rating_unique_fighter",
                violation_error_message="This fighter already has a rating in this division.",
            ),
            models.UniqueConstraint(
                fields=["division", "camp"],
                condition=Q(camp__isnull=False),
                name="rating_unique_camp",
                violation_error_message="This team already has a rating in this division.",
            ),
            models.CheckConstraint(
                condition=Q(fighter__isnull=True) ^ Q(camp__isnull=True),
                name="rating_fighter_xor_camp",
                violation_error_message=(
                    "A rating is a fighter's or a team's, not both and not neither."
                ),
            ),
        ]

    def __str__(self):
        return f"{self.fighter or self.camp}: {self.ordinal:.2f}"


class RatingHistory(models.Model):
    """A side's rating after a bout: the rating history of a fighter (or camp)."""

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="rating_history")
    bout = models.ForeignKey("bouts.Bout", on_delete=models.CASCADE, related_name="ratings")
    date = models.DateField()
    fighter = models.ForeignKey(
        "fighters.Fighter",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="rating_history",
    )
    camp = models.ForeignKey(
        "fighters.Camp", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()

    class Meta:
        ordering = ["date", "bout_id", "id"]
        verbose_name_plural = "rating history"
        constraints = [
            models.UniqueConstraint(
                fields=["bout", "fighter"],
                condition=Q(fighter__isnull=False),
                name="ratinghistory_unique_fighter",
                violation_error_message="This fighter already has a rating for this bout.",
            ),
            models.UniqueConstraint(
                fields=["bout", "camp"],
                condition=Q(camp__isnull=False),
                name="ratinghistory_unique_camp",
                violation_error_message="This team already has a rating for this bout.",
            ),
        ]
        indexes = [models.Index(fields=["division", "bout"])]

    def __str__(self):
        return f"{self.fighter or self.camp} after bout {self.bout_id}: {self.ordinal:.2f}"


class Title(models.Model):
    """The division's belt; ``champion`` is the holder of the current reign."""

    division = models.OneToOneField(Division, on_delete=models.CASCADE, related_name="title")
    name = models.CharField(max_length=160)
    champion = models.ForeignKey(
        "fighters.Fighter", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    champion_camp = models.ForeignKey(
        "fighters.Camp", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self):
        return self.name


class Reign(ReignSpan):
    """One champion's hold of a belt: the lineage is the reigns in order."""

    title = models.ForeignKey(Title, on_delete=models.CASCADE, related_name="reigns")
    number = models.PositiveSmallIntegerField()
    fighter = models.ForeignKey(
        "fighters.Fighter", null=True, blank=True, on_delete=models.CASCADE, related_name="reigns"
    )
    camp = models.ForeignKey(
        "fighters.Camp", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )

    class Meta:
        ordering = ["title_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["title", "number"], name="reign_unique_number"),
            models.CheckConstraint(
                condition=END_REASONS,
                name="reign_end_reason",
                violation_error_message="Pick how the reign ended from the list.",
            ),
            models.CheckConstraint(
                condition=Q(fighter__isnull=True) ^ Q(camp__isnull=True),
                name="reign_fighter_xor_camp",
                violation_error_message=(
                    "A reign is a fighter's or a team's, not both and not neither."
                ),
            ),
        ]

    def __str__(self):
        return f"{self.title} #{self.number}: {self.fighter or self.camp}"
