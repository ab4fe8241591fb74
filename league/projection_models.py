"""The league projector's own rows (league.services.projector): its watermark
per division and the requests the receivers leave for it. Part of the league
app's models (imported by ``league.models``)."""

from django.db import models


class DivisionProjection(models.Model):
    """The league projector's bookkeeping for one division (league.services.projector).

    The watermark is the league-order key (date, event, order on the card, bout id)
    of the last completed bout derived into ratings, standings, titles and
    brackets; the projector alone writes this row. Kept apart from ``Division``
    so that the projector never waits on a commissioner holding the division
    row."""

    division = models.OneToOneField(
        "league.Division", on_delete=models.CASCADE, primary_key=True, related_name="projection"
    )
    watermark_date = models.DateField(null=True, blank=True)
    watermark_event_id = models.BigIntegerField(default=0)
    watermark_order = models.PositiveSmallIntegerField(default=0)
    watermark_bout_id = models.BigIntegerField(default=0)
    derived_bouts = models.PositiveIntegerField(
        default=0, help_text="Completed bouts derived so far."
    )
    skipped = models.JSONField(
        default=list,
        blank=True,
        help_text="Bouts passed by the watermark while they were still being fought "
        "for too long; derived from their place once they complete.",
    )
    derived_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"projection of division {self.division_id}"

    @property
    def watermark(self) -> tuple | None:
        if self.watermark_date is None:
            return None
        return (
            self.watermark_date,
            self.watermark_event_id,
            self.watermark_order,
            self.watermark_bout_id,
        )


class ProjectionRequest(models.Model):
    """A division's projector has work: a bout of it was recorded, failed or was
    voided. Written by the receivers of ``bouts.signals`` (insert only, so a
    recording never waits on the projector); deleted by the projector run that
    handled it. A division with requests is pending."""

    RECORDED, FAILED, VOIDED, POSTPONED = "recorded", "failed", "voided", "postponed"
    KINDS = [
        (RECORDED, "recorded"),
        (FAILED, "failed"),
        (VOIDED, "voided"),
        (POSTPONED, "postponed"),
    ]

    division = models.ForeignKey("league.Division", on_delete=models.CASCADE, related_name="+")
    bout_id = models.BigIntegerField()
    kind = models.CharField(max_length=10, choices=KINDS)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["division", "id"])]

    def __str__(self):
        return f"{self.kind} bout {self.bout_id} (division {self.division_id})"
