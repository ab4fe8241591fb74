"""Reads of the calendar: each fighter's condition and status on a league date."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.db.models import Max

from bouts.models import Bout, BoutStatus, MedicalSuspension
from fighters.models import Fighter
from league.calendar.dates import long_date
from league.calendar.fitness import Condition, Status, status_on


def conditions_on(
    fighter_ids: Iterable[int], date: dt.date, *, rest_days: int = 0
) -> dict[int, Condition]:
    """``{fighter id: Condition}`` as the league knows it on ``date``: the
    longest suspension running on or past that date, retirement, and (with a
    rest rule) the last bout. Two queries, three with a rest rule."""
    ids = sorted(set(fighter_ids))
    suspended: dict[int, tuple] = {}
    for fighter_id, ends_on, reason in (
        MedicalSuspension.objects.filter(fighter_id__in=ids, starts_on__lte=date, ends_on__gte=date)
        .order_by("ends_on", "id")
        .values_list("fighter_id", "ends_on", "reason")
    ):
        suspended[fighter_id] = (ends_on, reason)
    last: dict[int, dt.date] = {}
    if rest_days:
        for side in ("red", "blue"):
            rows = (
                Bout.objects.filter(
                    **{f"{side}_id__in": ids}, status=BoutStatus.COMPLETED, date__lt=date
                )
                .values(f"{side}_id")
                .annotate(last=Max("date"))
                .values_list(f"{side}_id", "last")
            )
            for fighter_id, when in rows:
                last[fighter_id] = max(when, last.get(fighter_id, when))
    out = {}
    for pk, active, retired_on in Fighter.objects.filter(pk__in=ids).values_list(
        "pk", "is_active", "retired_on"
    ):
        ends_on, reason = suspended.get(pk, (None, ""))
        out[pk] = Condition(
            suspended_until=ends_on,
            suspension_reason=reason,
            retired_on=retired_on,
            active=active,
            last_bout=last.get(pk),
        )
    return out


def statuses_on(fighter_ids: Iterable[int], date: dt.date, *, league=None) -> dict[int, Status]:
    """``{fighter id: Status}`` on ``date`` under ``league``'s rest rule."""
    rest = league.rest_days if league is not None else 0
    return {
        pk: status_on(condition, date, rest_days=rest)
        for pk, condition in conditions_on(fighter_ids, date, rest_days=rest).items()
    }


def status_words(status: Status) -> str:
    """A fighter's status as a person reads it ("suspended until 3 Mar 2027: KO loss")."""
    if status.fit:
        return "fit"
    if status.kind == "retired":
        return "retired"
    words = f"{status.kind} until {long_date(status.until)}"
    return f"{words} ({status.reason})" if status.reason else words
