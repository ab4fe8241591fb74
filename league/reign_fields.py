"""What every reign of a belt records, world or regional: when and by which bout it
began and ended, why it ended, and how many defences it made. The lineage walk
(league.lineage) derives them; league.storage writes them (``reign_row_fields``)."""

from django.db import models
from django.db.models import Q


class ReignEnd(models.TextChoices):
    LOST = "lost", "Lost in the ring"
    RETIRED = "retired", "Vacated: retired"
    SUSPENDED = "suspended", "Vacated: medical suspension"
    INACTIVE = "inactive", "Vacated: inactivity"


# An open reign has no end reason; an ended one has one of ReignEnd's.
END_REASONS = Q(end_reason__in=["", *ReignEnd.values])


class ReignSpan(models.Model):
    started_on = models.DateField()
    start_bout = models.ForeignKey(
        "bouts.Bout", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    ended_on = models.DateField(null=True, blank=True)
    end_bout = models.ForeignKey(
        "bouts.Bout", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    end_reason = models.CharField(max_length=10, choices=ReignEnd.choices, blank=True)
    defences = models.PositiveSmallIntegerField(default=0)

    class Meta:
        abstract = True
