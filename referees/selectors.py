"""Official reads for the API and the referee page."""

from django.db.models import Count, Q, QuerySet

from bouts.engine.result import DECISIONS, FINISHES
from bouts.models import Bout, BoutStatus

from .models import Doctor, Judge, Referee


def referee_list() -> QuerySet[Referee]:
    return Referee.objects.all()


def judge_list() -> QuerySet[Judge]:
    return Judge.objects.all()


def doctor_list() -> QuerySet[Doctor]:
    return Doctor.objects.all()


def referee_get(*, referee_id: int) -> Referee | None:
    return Referee.objects.filter(pk=referee_id).first()


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
