"""Bouts as lines of a results list (home, event cards, officials' pages, the
events list): both sides, the result and the number of knockdowns in one query,
the engine's full result left in the database."""

from django.db.models import Count, IntegerField, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce

from .models import Bout, BoutStatus, Knockdown


def knockdown_count():
    """An annotation: the bout's knockdowns, counted in the same query (a correlated
    count, so a list stays one query however long it is)."""
    knockdowns = (
        Knockdown.objects.filter(bout=OuterRef("pk"))
        .order_by()
        .values("bout")
        .annotate(n=Count("id"))
        .values("n")
    )
    return Coalesce(Subquery(knockdowns, output_field=IntegerField()), Value(0))


def bout_lines() -> QuerySet[Bout]:
    """Every bout as a list line, with ``knockdown_count``."""
    return (
        Bout.objects.select_related("red", "blue", "red_camp", "blue_camp", "result", "referee")
        .defer("inputs", "options", "plans", "result__engine_result")
        .annotate(knockdown_count=knockdown_count())
    )


def latest_results(*, limit: int) -> list[Bout]:
    """The last ``limit`` bouts fought, by when they were fought (not by league
    date: a new league's future-dated bouts must not push real results away)."""
    return list(
        bout_lines()
        .filter(status=BoutStatus.COMPLETED, completed_at__isnull=False)
        .order_by("-completed_at", "-id")[:limit]
    )


def division_results(*, division) -> QuerySet[Bout]:
    """A division's record book: its bouts fought, newest first in league order."""
    return (
        bout_lines()
        .filter(division=division, status=BoutStatus.COMPLETED)
        .order_by("-date", "-event_id", "-order", "-id")
    )


def official_bouts(*, referee=None, judge=None, doctor=None) -> QuerySet[Bout]:
    """The bouts an official worked, newest first (league order)."""
    if referee is not None:
        worked = Q(referee=referee)
    elif judge is not None:
        worked = Q(judge_1=judge) | Q(judge_2=judge) | Q(judge_3=judge)
    elif doctor is not None:
        worked = Q(doctor=doctor)
    else:
        raise ValueError("name one official")
    return bout_lines().filter(worked).order_by("-date", "-event_id", "-order", "-id")
