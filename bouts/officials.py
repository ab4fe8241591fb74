"""An official's record: how the bouts a referee, judge or doctor worked ended.
Reads for the officials' pages; they read bouts, so they live in bouts (referees
sits below). The bouts themselves: ``bout_lines.official_bouts``."""

from django.db.models import Count, Q

from bouts.engine.result import DECISIONS, FINISHES, MD, SD
from referees.models import Doctor, Judge, Referee

from .models import Bout, BoutStatus, Injury, MedicalSuspension


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


def judge_summary(*, judge: Judge) -> dict:
    """The bouts a judge scored, how many went to the cards, and how many of those
    the judges split (one aggregate query)."""
    completed = Bout.objects.filter(
        Q(judge_1=judge) | Q(judge_2=judge) | Q(judge_3=judge), status=BoutStatus.COMPLETED
    )
    return completed.aggregate(
        bouts=Count("id"),
        decisions=Count("id", filter=Q(result__method__in=DECISIONS)),
        split=Count("id", filter=Q(result__method__in=(SD, MD))),
    )


def doctor_summary(*, doctor: Doctor) -> dict:
    """The bouts a doctor worked, how many were stopped, the injuries he saw and
    the suspensions that followed (three aggregate queries)."""
    completed = Bout.objects.filter(doctor=doctor, status=BoutStatus.COMPLETED)
    figures = completed.aggregate(
        bouts=Count("id"), stoppages=Count("id", filter=Q(result__method__in=FINISHES))
    )
    figures["injuries"] = Injury.objects.filter(bout__in=completed).count()
    figures["suspensions"] = MedicalSuspension.objects.filter(bout__in=completed).count()
    return figures
