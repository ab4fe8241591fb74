"""An official's record: the bouts a referee worked and how they ended. Reads for
the referee page; they read bouts, so they live in bouts (referees sits below)."""

from django.db.models import Count, Q, QuerySet

from bouts.engine.result import DECISIONS, FINISHES
from referees.models import Referee

from .models import Bout, BoutStatus


def referee_bouts(*, referee: Referee) -> QuerySet[Bout]:
    """The bouts a referee worked, newest first, with both sides, the division and
    the result joined (one query)."""
    return (
        Bout.objects.filter(referee=referee)
        .select_related("red", "blue", "red_camp", "blue_camp", "event", "division", "result")
        .order_by("-date", "-event_id", "-order", "-id")
    )


def referee_summary(*, referee: Referee) -> dict:
    """How the referee's bouts ended: totals, stoppages, disqualifications, and the
    fouls called (one aggregate query; bouts counted once whatever the fouls)."""
    completed = Bout.objects.filter(referee=referee, status=BoutStatus.COMPLETED)
    figures = completed.aggregate(
        bouts=Count("id", distinct=True),
        stoppages=Count("id", distinct=True, filter=Q(result__method__in=FINISHES)),
        disqualifications=Count("id", distinct=True, filter=Q(result__method="DQ")),
        decisions=Count("id", distinct=True, filter=Q(result__method__in=DECISIONS)),
        fouls=Count("fouls"),
    )
    return figures
