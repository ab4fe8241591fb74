"""The people who play a league: managers' memberships, invitation links and the
bout requests managers send each other (docs/managers.md).

The commissioner role is ``League.commissioners``; the manager role is a
``LeagueMembership``. A manager plays his league through the camps he owns
(``fighters.Camp.owner``).
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q


class LeagueMembership(models.Model):
    """A manager's place in a league: he may own camps there, and ask for and
    answer bout requests for their fighters."""

    league = models.ForeignKey(
        "league.League", on_delete=models.CASCADE, related_name="memberships"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_memberships"
    )
    joined_at = models.DateTimeField(auto_now_add=True)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        ordering = ["league_id", "joined_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["league", "user"],
                name="membership_one_per_league",
                violation_error_message="This account is already a manager in this league.",
            )
        ]

    def __str__(self):
        return f"{self.user} · manager in {self.league}"


class Invitation(models.Model):
    """An invitation link to join a league as a manager: single use, expiring."""

    league = models.ForeignKey(
        "league.League", on_delete=models.CASCADE, related_name="invitations"
    )
    token = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    accepted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(accepted_at__isnull=True) | Q(accepted_by__isnull=False),
                name="invitation_accepted_by_someone",
                violation_error_message=(
                    "An accepted invitation needs the account that accepted it."
                ),
            )
        ]

    def __str__(self):
        return f"invitation to {self.league} ({self.token[:6]}…)"


class RequestStatus(models.TextChoices):
    PENDING = "pending", "Waiting for an answer"
    ACCEPTED = "accepted", "Accepted: waiting for the commissioner"
    DECLINED = "declined", "Declined"
    WITHDRAWN = "withdrawn", "Withdrawn"
    APPROVED = "approved", "Approved onto an event"
    REFUSED = "refused", "Refused by the commissioner"


OPEN_REQUEST = (RequestStatus.PENDING, RequestStatus.ACCEPTED)


class BoutRequest(models.Model):
    """A manager asks a bout for his fighter; the other manager accepts or
    declines; the commissioner (or the league's auto-approval) puts it on an
    event, which makes the bout."""

    league = models.ForeignKey(
        "league.League", on_delete=models.CASCADE, related_name="bout_requests"
    )
    division = models.ForeignKey(
        "league.Division", on_delete=models.CASCADE, related_name="bout_requests"
    )
    fighter = models.ForeignKey("fighters.Fighter", on_delete=models.PROTECT, related_name="+")
    camp = models.ForeignKey(
        "fighters.Camp",
        on_delete=models.PROTECT,
        related_name="bout_requests_sent",
        help_text="The asking camp.",
    )
    opponent = models.ForeignKey("fighters.Fighter", on_delete=models.PROTECT, related_name="+")
    opponent_camp = models.ForeignKey(
        "fighters.Camp",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="bout_requests_received",
        help_text="Empty for a free agent: the commissioner answers for him.",
    )
    within_places = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="Asked as 'the best available within N places in the rankings'.",
    )
    event = models.ForeignKey(
        "league.Event",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="bout_requests",
        help_text="The event asked for, then the event approved onto.",
    )
    bout = models.OneToOneField(
        "bouts.Bout",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="request",
    )
    status = models.CharField(
        max_length=10, choices=RequestStatus.choices, default=RequestStatus.PENDING
    )
    message = models.CharField(max_length=300, blank=True)
    answer = models.CharField(
        max_length=300, blank=True, help_text="The other manager's note with his answer."
    )
    decision_note = models.CharField(
        max_length=300, blank=True, help_text="The commissioner's reason for a refusal."
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    answered_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=RequestStatus.values),
                name="request_status_choice",
                violation_error_message="Pick a request status from the list.",
            ),
            models.CheckConstraint(
                condition=~Q(fighter=F("opponent")),
                name="request_not_against_self",
                violation_error_message="A fighter cannot be asked to fight himself.",
            ),
            models.UniqueConstraint(
                fields=["fighter", "opponent"],
                condition=Q(status__in=OPEN_REQUEST),
                name="request_one_open_per_pair",
                violation_error_message="An open request for this bout exists already.",
            ),
        ]
        indexes = [
            models.Index(fields=["camp", "status"]),
            models.Index(fields=["opponent_camp", "status"]),
            models.Index(fields=["league", "status"]),
        ]

    def __str__(self):
        return f"request #{self.pk}: {self.fighter_id} vs {self.opponent_id} ({self.status})"

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_REQUEST
