"""Notices (the inbox), who wants which by email, and a league's outbound webhooks."""

import secrets

from django.conf import settings
from django.db import models


class NoticeKind(models.TextChoices):
    BOOKED = "booked", "A bout booked for one of my fighters"
    REQUEST_RECEIVED = "request_received", "A bout request for one of my fighters"
    REQUEST_ANSWERED = "request_answered", "An answer to my bout request"
    PLANS_DUE = "plans_due", "Plans due within 24 hours"
    RESULT = "result", "A result of my fighter's bout"


class Notification(models.Model):
    """One line of a user's inbox. ``key`` names the fact it tells of (one
    notice per user and fact, however often the fact is announced)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=20, choices=NoticeKind.choices)
    league = models.ForeignKey(
        "league.League", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    key = models.CharField(max_length=80)
    title = models.CharField(max_length=200)
    body = models.TextField(blank=True)
    link = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)
    # Sent by email (alone or in a digest): a digest takes only what is not.
    emailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "read_at"], name="notice_unread")]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "key"],
                name="notice_once_per_fact",
                violation_error_message="This user already has word of this.",
            )
        ]

    def __str__(self):
        return self.title


def new_feed_token() -> str:
    return secrets.token_urlsafe(24)


class NoticeSettings(models.Model):
    """What a user wants by email: each kind may be switched off; a daily digest
    instead of one email each. His fight nights' iCal feed is at his token."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notice_settings"
    )
    kinds_off = models.JSONField(
        default=list, blank=True, help_text="The kinds of notice this user does not want."
    )
    daily_digest = models.BooleanField(
        default=False, help_text="One email a day with everything new, instead of one each."
    )
    feed_token = models.CharField(max_length=64, unique=True, default=new_feed_token)

    def __str__(self):
        return f"Notice settings of {self.user}"

    def wants(self, kind: str) -> bool:
        return kind not in self.kinds_off


class WebhookKind(models.TextChoices):
    RESULT = "result", "Results"
    TITLE = "title", "Title changes"


def new_secret() -> str:
    return secrets.token_hex(24)


class Webhook(models.Model):
    """A league posts what happens to a URL (its chat): each body signed with
    the secret (HMAC-SHA256, header X-Ringside-Signature)."""

    league = models.ForeignKey("league.League", on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(max_length=400, help_text="Where the league's news is posted.")
    secret = models.CharField(max_length=100, default=new_secret)
    kinds = models.JSONField(default=list, help_text="What is posted: results, title changes.")
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self):
        return self.url


class DeliveryStatus(models.TextChoices):
    PENDING = "pending", "Waiting to be sent"
    DELIVERED = "delivered", "Delivered"
    FAILED = "failed", "Given up"


class WebhookDelivery(models.Model):
    """One post to a webhook, kept whatever happens so nothing is lost: a
    delivery still pending is retried (with backoff) and can be sent again."""

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    kind = models.CharField(max_length=10, choices=WebhookKind.choices)
    key = models.CharField(max_length=80)
    payload = models.JSONField()
    status = models.CharField(
        max_length=10, choices=DeliveryStatus.choices, default=DeliveryStatus.PENDING
    )
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["webhook", "key"],
                name="webhook_delivery_once_per_fact",
                violation_error_message="This news was already posted to this webhook.",
            )
        ]

    def __str__(self):
        return f"{self.kind} to {self.webhook}"
